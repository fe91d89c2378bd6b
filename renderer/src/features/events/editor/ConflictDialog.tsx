// The lost-update guard's dialog: the event was saved by someone else (another window, a script)
// after this editor loaded it. It lists what differs between the two versions and offers Keep mine
// (save over theirs — over that exact version, still with If-Match) or Take theirs (reload).
// Keep mine applies the fields this editor changed; a field only they changed keeps their value,
// and the table says so.
import { Dialog } from '../../../components/Dialog.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConflictTable } from '../../../components/ConflictTable.tsx';
import { useT } from '../../../i18n/index.tsx';
import { changedFields, EVENT_FIELDS, type EventFormValues } from './event-form.ts';

function show(value: unknown, yes: string, no: string, none: string): string {
  if (typeof value === 'boolean') return value ? yes : no;
  if (value === null || value === '') return none;
  if (Array.isArray(value)) return value.length ? value.map((item: { name: string }) => item.name).join(', ') : none;
  if (typeof value === 'object') return (value as { name: string }).name;
  const text = String(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text || none;
}

export function ConflictDialog({
  mine,
  theirs,
  changedByMe,
  onKeepMine,
  onTakeTheirs,
  onCancel,
}: {
  mine: EventFormValues;
  theirs: EventFormValues;
  /** The fields this editor changed (Keep mine sends only these). */
  changedByMe: (keyof EventFormValues)[];
  onKeepMine(): void;
  onTakeTheirs(): void;
  onCancel(): void;
}) {
  const t = useT();
  const fields = changedFields(theirs, mine).filter((field) => field !== 'password');
  const text = (value: unknown) => show(value, t('common.yes'), t('common.no'), t('common.none'));
  return (
    <Dialog
      title={t('conflict.title')}
      isOpen
      onClose={onCancel}
      role="alertdialog"
      footer={
        <>
          <Button onPress={onTakeTheirs}>{t('conflict.takeTheirs')}</Button>
          <Button variant="primary" onPress={onKeepMine}>
            {t('conflict.keepMine')}
          </Button>
        </>
      }
    >
      <p>{t('conflict.body')}</p>
      <ConflictTable
        rows={fields.map((field) => ({
          key: field,
          label: t(EVENT_FIELDS[field].label),
          mine: changedByMe.includes(field) ? text(mine[field]) : t('conflict.notChanged'),
          theirs: text(theirs[field]),
        }))}
      />
    </Dialog>
  );
}
