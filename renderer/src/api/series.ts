// Repeating events (almanac/v1/series): which series an event belongs to, a series with its rule
// in words, and the changes of more than one occurrence — make a series from an event, "all
// events" (PATCH), "this and following" (split, or DELETE with `occurrence`), delete, and undo
// with the token a change answers with. "This event only" is an ordinary event write (events.ts).
// Every series change refreshes the series, the calendar, the lists and the open cards; the
// change stream refreshes a series another window changed (change-keys.ts).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { APP_NS, api } from './client.ts';
import { keys } from './keys.ts';
import { currentSite } from './site.ts';
import { invalidateAfterEventWrite } from './events.ts';
import type { EventFeed, EventWrite } from './types.ts';
import type { Series } from '../../../contract/app/series.ts';

export type { Series };

/** The series an event is an occurrence of (null: none), as the calendar's feed says it. */
export function useSeriesOf(eventId: number | null, known?: number | null) {
  const site = currentSite();
  return useQuery({
    queryKey: keys.seriesOf(site, eventId ?? 0),
    queryFn: async ({ signal }) => {
      const feed = await api.get<EventFeed>(APP_NS, 'event-feed', { include: eventId! }, signal);
      return feed.data.events[0]?.series ?? null;
    },
    enabled: eventId !== null && known === undefined,
    ...(known !== undefined ? { initialData: known } : {}),
  });
}

/**
 * Which series each of a list page's events is an occurrence of (null: none), from the calendar's
 * feed (`include`: those ids, no date window) — the list's own rows (svc/events/v1's Event) do not
 * say. Under the site's events key: an event or series write refreshes it. Each answer also
 * seeds `seriesOf` for the card opened from a row.
 */
export function useSeriesOfEvents(ids: number[]) {
  const site = currentSite();
  const client = useQueryClient();
  const sorted = [...ids].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...keys.events(site), 'series-of', sorted] as const,
    queryFn: async ({ signal }) => {
      const feed = await api.get<EventFeed>(APP_NS, 'event-feed', { include: sorted.join(',') }, signal);
      const found = new Map(feed.data.events.map((event) => [event.id, event.series]));
      for (const [id, series] of found) client.setQueryData(keys.seriesOf(site, id), series);
      return found;
    },
    enabled: sorted.length > 0,
    // A new page keeps the marks it has until its own arrive (rows do not jump).
    placeholderData: (previous) => previous,
  });
}

export const seriesQuery = (site: string, id: number) => ({
  queryKey: keys.series(site, id),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await api.get<Series>(APP_NS, `series/${id}`, {}, signal)).data,
});

export function useSeries(id: number | null | undefined) {
  return useQuery({ ...seriesQuery(currentSite(), id ?? 0), enabled: typeof id === 'number' });
}

/** After a series write (or its undo): the series and every event view. */
export function invalidateAfterSeriesWrite(client: QueryClient) {
  void client.invalidateQueries({ queryKey: keys.allSeries(currentSite()) });
  invalidateAfterEventWrite(client, 'all');
}

/** A series' change: the rule, dates, event fields, and whether occurrences changed alone follow. */
export interface SeriesChange {
  rule?: string;
  changes?: EventWrite;
  include_detached?: boolean;
}

export type SeriesWrite =
  | { kind: 'create'; event: number; rule: string }
  | { kind: 'all'; id: number; change: SeriesChange }
  | { kind: 'following'; id: number; occurrence: number; change: SeriesChange }
  | { kind: 'delete'; id: number; occurrence?: number }
  /** "Does not repeat" from an occurrence: it stays, single; the following or all the others go. */
  | { kind: 'stop'; id: number; occurrence: number; scope: 'following' | 'all' };

export async function writeSeries(write: SeriesWrite): Promise<Series> {
  switch (write.kind) {
    case 'create':
      return (await api.post<Series>(APP_NS, 'series', { event: write.event, rule: write.rule })).data;
    case 'all':
      return (await api.patch<Series>(APP_NS, `series/${write.id}`, write.change)).data;
    case 'following':
      return (
        await api.post<Series>(APP_NS, `series/${write.id}/split`, { occurrence: write.occurrence, ...write.change })
      ).data;
    case 'stop':
      return (
        await api.post<Series>(APP_NS, `series/${write.id}/stop`, { occurrence: write.occurrence, scope: write.scope })
      ).data;
    case 'delete':
      return (
        await api.delete<Series>(APP_NS, `series/${write.id}`, {
          query: write.occurrence !== undefined ? { occurrence: write.occurrence } : {},
        })
      ).data;
  }
}

export function useSeriesWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: writeSeries,
    onSettled: () => invalidateAfterSeriesWrite(client),
  });
}

/** Undoes a series change (plain call: Undo is pressed after the editor or card has closed). */
export async function undoSeriesChange(token: string): Promise<void> {
  await api.post(APP_NS, 'series/undo', { token });
}
