// The Events list's bulk work: one change to many events (POST almanac/v1/events/bulk, all or
// nothing), and the ids of every event a filter matches ("select all N that match").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_NS, api, type Query } from './client.ts';
import { invalidateAfterEventWrite } from './events.ts';
import type { BulkArgs, BulkResult } from '../../../contract/app/bulk.ts';
import { MAX_PER_PAGE } from '../../../contract/constants.ts';

export type BulkAction = BulkArgs['action'];
export type { BulkArgs, BulkResult };

/** The bulk endpoint takes at most this many events at once. */
export const BULK_LIMIT = 1000;

export async function runBulk(args: BulkArgs): Promise<BulkResult> {
  return (await api.post<BulkResult>(APP_NS, 'events/bulk', args)).data;
}

export function useBulkEvents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runBulk,
    onSettled: () => invalidateAfterEventWrite(client, 'all'),
  });
}

/**
 * Every id the list's query matches, in list order: its pages of ids only, the
 * first to learn how many, the rest at once (`_fields=events.id`: WordPress's nested fields). Undefined when there are more than BULK_LIMIT.
 */
/** `_fields` for a list's ids alone: its `events` key's `id`s (WordPress's nested fields). */
const ONLY_IDS = ['events', 'id'].join('.');

export async function matchingEventIds(query: Query): Promise<number[] | undefined> {
  const page = (number: number) =>
    api.get<{ events: { id: number }[] }>(APP_NS, 'event-list', {
      ...query,
      page: number,
      per_page: MAX_PER_PAGE,
      _fields: ONLY_IDS,
    });
  const first = await page(1);
  if ((first.total ?? 0) > BULK_LIMIT) return undefined;
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, (first.totalPages ?? 1) - 1) }, (_, index) => page(index + 2)),
  );
  return [first, ...rest].flatMap((answer) => answer.data.events.map((event) => event.id));
}
