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

/** `_fields` for a list's ids alone: its `events` key's `id`s (WordPress's nested fields). */
const ONLY_IDS = ['events', 'id'].join('.');

/** "All that match" takes at most this many events (the Undo of a trash restores them all). */
export const MATCHING_LIMIT = 10_000;
/** Pages of ids asked for at a time. */
const PAGES_AT_ONCE = 6;

/**
 * Every id the list's query matches, in list order: its pages of ids only, the first to learn how
 * many, the rest a few at a time. Undefined when there are more than MATCHING_LIMIT.
 */
export async function matchingEventIds(query: Query): Promise<number[] | undefined> {
  const page = (number: number) =>
    api.get<{ events: { id: number }[] }>(APP_NS, 'event-list', {
      ...query,
      page: number,
      per_page: MAX_PER_PAGE,
      _fields: ONLY_IDS,
    });
  const first = await page(1);
  if ((first.total ?? 0) > MATCHING_LIMIT) return undefined;
  const pages = [first];
  const last = first.totalPages ?? 1;
  for (let next = 2; next <= last; next += PAGES_AT_ONCE)
    pages.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(PAGES_AT_ONCE, last - next + 1) }, (_, index) => page(next + index)),
      )),
    );
  return pages.flatMap((answer) => answer.data.events.map((event) => event.id));
}

/** A change in parts that stopped part-way: `changed` events were changed before `cause`. */
export class PartialBulkError extends Error {
  constructor(
    readonly changed: number,
    override readonly cause: unknown,
  ) {
    super(`${changed} events were changed before the change stopped`);
  }
}

/**
 * One change to any number of events: parts of BULK_LIMIT, one request (one transaction) each,
 * one after another — the service stays free between them. A trash that fails part-way brings
 * back what its earlier parts trashed, so it happens whole or not at all, as one request does;
 * another change that fails part-way throws PartialBulkError saying how many it changed.
 */
export async function runBulkInParts(args: Omit<BulkArgs, 'ids'>, ids: number[]): Promise<BulkResult> {
  const result: BulkResult = { changed: [], unchanged: [] };
  for (let at = 0; at < ids.length; at += BULK_LIMIT) {
    try {
      const part = await runBulk({ ...args, ids: ids.slice(at, at + BULK_LIMIT) } as BulkArgs);
      result.changed.push(...part.changed);
      result.unchanged.push(...part.unchanged);
    } catch (error) {
      if (result.changed.length === 0) throw error;
      if (args.action === 'trash') {
        await runBulkInParts({ action: 'restore' }, result.changed);
        throw error;
      }
      throw new PartialBulkError(result.changed.length, error);
    }
  }
  return result;
}
