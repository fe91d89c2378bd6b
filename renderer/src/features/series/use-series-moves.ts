// A dragged or resized occurrence, once the organizer said "This and following events" or "All
// events": the series takes the move (its time, length, first date and weekdays: series-edits.ts),
// with Undo. "This event" is an ordinary move (calendar/use-moves.ts). On a failure the event goes
// back where it was and the reason is said.
import { useQueryClient } from '@tanstack/react-query';
import { seriesQuery, useSeriesWrite } from '../../api/series.ts';
import { currentSite } from '../../api/site.ts';
import type { FeedEvent } from '../../api/types.ts';
import { notify } from '../../components/Notices.tsx';
import { useErrorText } from '../../components/States.tsx';
import { useT } from '../../i18n/index.tsx';
import type { Placed } from '../calendar/moves.ts';
import { feedTimes, placedTimes, seriesSchedule, type Scope } from './series-edits.ts';
import { useSeriesUndo } from './use-series-undo.ts';

export function useSeriesMoves() {
  const t = useT();
  const errorText = useErrorText();
  const client = useQueryClient();
  const write = useSeriesWrite();
  const undo = useSeriesUndo();
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
      undo.announce(t(how === 'move' ? 'calendar.moved' : 'calendar.resized', { title: feed.title }), answer.undo);
    } catch (error) {
      revert();
      notify(t('calendar.moveFailed', { message: errorText(error) }), { tone: 'error' });
    }
  };
}
