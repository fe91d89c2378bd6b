// "?": the list of keyboard shortcuts, in a dialog (Esc closes it).
import { Dialog } from '../../components/Dialog.tsx';
import { useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';
import { SHORTCUTS } from './shortcuts.ts';

export function ShortcutsDialog() {
  const t = useT();
  const open = useUi((state) => state.shortcutsOpen);
  const setOpen = useUi((state) => state.setShortcutsOpen);
  if (!open) return null;
  return (
    <Dialog title={t('shortcuts.title')} isOpen onClose={() => setOpen(false)} size="small">
      <p className="field-help">{t('shortcuts.intro')}</p>
      <dl className="shortcut-list">
        {SHORTCUTS.map(({ keys, label }) => (
          <div key={label} className="shortcut">
            <dt>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 && ` ${t('shortcuts.or')} `}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(label)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
