// A dragged or resized occurrence, once the organizer said "This and following events" or "All
// events": the series takes the move (its time, length, first date and weekdays: series-edits.ts),
// with Undo in its notice and on Ctrl/Cmd+Z (the calendar's move stack, calendar/use-moves.ts).
// "This event" is an ordinary move. On a failure the event goes back where it was and the reason
// is said.
import { useQueryClient } from '@tanstack/react-query';
import { seriesQuery, useSeriesWrite } from '../../api/series.ts';
import { currentSite } from '../../api/site.ts';
import type { FeedEvent } from '../../api/types.ts';
import { notify } from '../../components/Notices.tsx';
import { useErrorText } from '../../components/States.tsx';
import { useT } from '../../i18n/index.tsx';
import type { Placed } from '../calendar/moves.ts';
import { feedTimes, placedTimes, seriesSchedule, type Scope } from './series-edits.ts';
import { useUi } from '../../state/ui-store.ts';

/** `undoLast` undoes the last move on the calendar's stack (use-moves.ts), this one once it is there. */
export function useSeriesMoves(undoLast: () => Promise<void>) {
  const t = useT();
  const errorText = useErrorText();
  const client = useQueryClient();
  const write = useSeriesWrite();
  return async (
    scope: Exclude<Scope, 'this'>,
    includeDetached: boolean,
    move: { placed: Placed; feed: FeedEvent; revert(): void; how: 'move' | 'resize' },
  ) => {
    const { placed, feed, revert, how } = move;
    try {
      const series = await client.fetchQuery(seriesQuery(currentSite(), feed.series!));
      const { changes, rule } = seriesSchedule(scope, series, feedTimes(feed), placedTimes(placed, feed));
      const change = { changes, ...(rule ? { rule } : {}), include_detached: includeDetached };
      const answer = await write.mutateAsync(
        scope === 'all'
          ? { kind: 'all', id: series.id, change }
          : { kind: 'following', id: series.id, occurrence: feed.id, change },
      );
      const text = t(how === 'move' ? 'calendar.moved' : 'calendar.resized', { title: feed.title });
      if (!answer.undo) return notify(text);
      const notice = notify(text, { action: { label: t('calendar.undo'), run: () => void undoLast() } });
      useUi
        .getState()
        .pushMove({ id: feed.id, title: feed.title, before: feed, etag: null, seriesUndo: answer.undo, notice });
    } catch (error) {
      revert();
      notify(t('calendar.moveFailed', { message: errorText(error) }), { tone: 'error' });
    }
  };
}
