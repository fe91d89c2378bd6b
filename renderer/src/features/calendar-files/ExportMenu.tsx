// "Export": the calendar (every event) or the events list (its current filter) as an iCalendar
// file or a spreadsheet, "Subscribe…" (the webcal:// address for calendar apps), and "Print…"
// (what the screen shows, laid out for paper: styles/print.css; a PDF through the print dialog).
import { lazy, Suspense, useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { downloadExport, type FileFormat } from '../../api/calendar-files.ts';
import type { Query } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { notify } from '../../components/Notices.tsx';
import { useErrorText } from '../../components/States.tsx';
import { useT } from '../../i18n/index.tsx';

const SubscribeDialog = lazy(() => import('./SubscribeDialog.tsx'));

export function ExportMenu({ query, fileName }: { query: Query; fileName: string }) {
  const t = useT();
  const errorText = useErrorText();
  const [subscribing, setSubscribing] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = (format: FileFormat) => {
    setBusy(true);
    downloadExport(format, query, fileName)
      .then(() => notify(t('files.exported')))
      .catch((error: unknown) => notify(errorText(error), { tone: 'error' }))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <MenuTrigger>
        <Button icon="download" isDisabled={busy}>
          {busy ? t('files.exporting') : t('files.export')}
        </Button>
        <Popover className="popover" placement="bottom end">
          <Menu
            className="listbox menu"
            aria-label={t('files.export')}
            onAction={(key) => {
              // After the menu has closed, as below: the page prints without it.
              if (key === 'print') return void setTimeout(() => window.print(), 0);
              if (key !== 'subscribe') return download(key as FileFormat);
              // After the menu has closed: opened in the same click, the dialog took the click's
              // end for a click outside itself and closed at once.
              setTimeout(() => setSubscribing(true), 0);
            }}
          >
            <MenuItem id="ics" className="listbox-item">
              {t('files.exportIcs')}
            </MenuItem>
            <MenuItem id="csv" className="listbox-item">
              {t('files.exportCsv')}
            </MenuItem>
            <MenuItem id="subscribe" className="listbox-item">
              {t('files.subscribe')}
            </MenuItem>
            <MenuItem id="print" className="listbox-item">
              {t('files.print')}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {subscribing && (
        <Suspense fallback={null}>
          <SubscribeDialog onClose={() => setSubscribing(false)} />
        </Suspense>
      )}
    </>
  );
}
