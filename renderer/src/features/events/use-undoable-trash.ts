// An event moved to the trash says so with Undo beside it: Undo restores it with the status it had
// (the contract's restore: an update that sets the status back), from the card or the editor.
// Plain calls rather than a mutation hook: Undo is pressed after the card or editor has closed,
// when a hook's callbacks no longer run.
import { useQueryClient } from '@tanstack/react-query';
import { EVENTS_NS, api } from '../../api/client.ts';
import { invalidateAfterEventWrite } from '../../api/events.ts';
import { notify } from '../../components/Notices.tsx';
import { useErrorText } from '../../components/States.tsx';
import { useT } from '../../i18n/index.tsx';

export function useUndoableTrash() {
  const t = useT();
  const errorText = useErrorText();
  const client = useQueryClient();
  return {
    /** Says `title` went to the trash, with Undo. */
    announce(id: number, title: string, status: string) {
      const undo = async () => {
        try {
          await api.patch(EVENTS_NS, `events/${id}`, { status });
          invalidateAfterEventWrite(client, 'all');
          notify(t('trash.restored', { name: title }));
        } catch (error) {
          notify(errorText(error), { tone: 'error' });
        }
      };
      notify(t('editor.trashed', { title }), { action: { label: t('calendar.undo'), run: () => void undo() } });
    },
  };
}
