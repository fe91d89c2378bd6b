// Import (editors and administrators: an import creates venues, terms, and updates others'
// events) and Export, side by side in a screen's toolbar. While an import runs in the background
// (its dialog closed), the dialog's own progress button stands where Import was.
import { lazy, Suspense, useState } from 'react';
import type { Query } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { useT } from '../../i18n/index.tsx';
import { ExportMenu } from './ExportMenu.tsx';

// Loaded when first opened: the calendar's first paint does not wait for the import dialog.
const ImportDialog = lazy(() => import('./ImportDialog.tsx'));

export function FileActions({ canImport, query, fileName }: { canImport: boolean; query: Query; fileName: string }) {
  const t = useT();
  const [importing, setImporting] = useState(false);
  return (
    <>
      {canImport && !importing && (
        <Button icon="upload" onPress={() => setImporting(true)}>
          {t('files.import')}
        </Button>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
      <ExportMenu query={query} fileName={fileName} />
    </>
  );
}
