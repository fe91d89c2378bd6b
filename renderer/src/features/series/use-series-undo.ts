// A change to more than one occurrence says so with Undo beside it: Undo sends the token the
// change answered with (POST almanac/v1/series/undo), which puts every occurrence back as it was,
// ids and all. Plain calls: Undo is pressed after the editor, card or scope dialog has closed.
import { useQueryClient } from '@tanstack/react-query';
import { invalidateAfterSeriesWrite, undoSeriesChange } from '../../api/series.ts';
import { notify } from '../../components/Notices.tsx';
import { useErrorText } from '../../components/States.tsx';
import { useT } from '../../i18n/index.tsx';

export function useSeriesUndo() {
  const t = useT();
  const errorText = useErrorText();
  const client = useQueryClient();
  return {
    /** Says `text`, with Undo when the change answered with a token. */
    announce(text: string, token: string | undefined) {
      const undo = async () => {
        try {
          await undoSeriesChange(token!);
          notify(t('series.undone'));
        } catch (error) {
          notify(errorText(error), { tone: 'error' });
        } finally {
          invalidateAfterSeriesWrite(client);
        }
      };
      notify(text, token ? { action: { label: t('calendar.undo'), run: () => void undo() } } : undefined);
    },
  };
}
