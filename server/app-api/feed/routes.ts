// GET almanac/v1/event-feed — every event of a range for the calendar views. svc/events/v1/events
// pages at 50, and a month of a large calendar holds thousands of events; this answers them all
// at once, compactly, with the same filters and the same visibility as /events (the same
// prepareEventList and the same query builder, and a test compares the two) — except that events
// hidden from listings show to whoever may edit them, marked (hide_from_listings): an organizer's
// calendar has every event they may change (issue 36).
import { DateTime } from 'luxon';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { editableHiddenEvents } from '../../api/shared/visibility.ts';
import { prepareEventList, type PreparedEventList } from '../../api/events/list.ts';
import { PreSerialized } from '../../http/pre-serialized.ts';
import { EventFeed, EventFeedArgs } from '../../../contract/app/feed.ts';
import { capPerDay } from '../../../contract/day-cap.ts';
import type { OperationContext } from '../../operations/context.ts';
import type { EventListFilter } from '../../db/repositories/event-list.ts';
import type { ParamErrors } from '../../operations/errors.ts';

/** The longest range `per_day` cuts (a month grid shows six weeks; a year is plenty for a tool). */
const MAX_CUT_DAYS = 366;

/** The id a feed event's JSON starts with (SQLite's json_object writes `id` first). */
const idOf = (json: string) => Number(/^\{"id":(\d+)/.exec(json)?.[1]);

/**
 * The month grid's cut, made here: the events drawn (at most `perDay` a day) as JSON, in the
 * grid's order, and how many each day leaves out. A month of a busy calendar holds ~4,000 events
 * (1.9 MB of JSON) of which the grid draws ~100: only those are written and sent.
 */
function cutForMonthGrid(
  ctx: OperationContext,
  filter: EventListFilter,
  range: { start: string; end: string },
  perDay: number,
  translation: string | undefined,
): { events: string[]; total: number; more: Record<string, number> } {
  const spans = ctx.store.eventList.feedSpans(filter);
  const { shown, more } = capPerDay(spans, range, ctx.site.timezone, perDay);
  const json = ctx.store.eventList.feed(
    filter,
    translation,
    shown.map((span) => span.id),
  );
  const byId = new Map(json.map((text) => [idOf(text), text]));
  return {
    // Both reads share the request's snapshot; were an event missing from the second, it would be
    // left out, never written as `undefined`.
    events: shown.flatMap((span) => byId.get(span.id) ?? []),
    total: spans.length,
    more: Object.fromEntries(more),
  };
}

/**
 * The days `per_day` cuts: from start_date's day up to end_date's (the month grid's range, its end
 * excluded, as the UI asks for it). Both dates must be given, at most MAX_CUT_DAYS apart.
 */
function cutRange(
  args: EventFeedArgs,
  prepared: PreparedEventList,
  errors: ParamErrors,
): { start: string; end: string } | undefined {
  if (args.per_day === undefined || errors.size > 0) return undefined;
  const echo = new Map(prepared.query);
  const start = (echo.get('start_date') as string | undefined)?.slice(0, 10);
  const end = (echo.get('end_date') as string | undefined)?.slice(0, 10);
  const days = start && end ? (Date.parse(end) - Date.parse(start)) / 86_400_000 : Number.NaN;
  if (args.start_date !== undefined && args.end_date !== undefined && days >= 1 && days <= MAX_CUT_DAYS)
    return { start: start!, end: end! };
  errors.add('per_day', `per_day needs start_date and end_date, at least 1 and at most ${MAX_CUT_DAYS} days apart.`);
  return undefined;
}

export const feedRoutes: RouteSpec[] = [
  {
    path: '/event-feed',
    tag: 'calendar',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: EventFeedArgs,
        summary: 'Every event of a date range, compactly, for calendar views (the /events filters, no paging)',
        responses: { 200: { description: 'The events of the range, in start order.', schema: EventFeed } },
        // A range of a busy calendar can hold thousands of events: always off the event loop.
        offThread: () => true,
        validate: ({ ctx, args }, errors) => {
          const list = prepareEventList(ctx, args, errors, DateTime.utc());
          // An event hidden from listings still shows to whoever may edit it (marked as hidden).
          list.filter.hidden = editableHiddenEvents(ctx);
          return { list, range: cutRange(args, list, errors) };
        },
        handler: ({ ctx, args, prepared }) => {
          const { list, range } = prepared as { list: PreparedEventList; range?: { start: string; end: string } };
          const { filter, query } = list;
          const cut =
            range && args.per_day !== undefined
              ? cutForMonthGrid(ctx, filter, range, args.per_day, args.translation_language)
              : undefined;
          const events = cut?.events ?? ctx.store.eventList.feed(filter, args.translation_language);
          const echo = new Map(query);
          const rest = {
            total: cut?.total ?? events.length,
            start_date: (echo.get('start_date') as string | undefined) ?? null,
            end_date: (echo.get('end_date') as string | undefined) ?? null,
            ...(cut ? { more: cut.more } : {}),
          };
          // SQLite wrote the events' JSON; the rest is JSON.stringify's (the schema's key order).
          return { body: new PreSerialized(`{"events":[${events.join(',')}],${JSON.stringify(rest).slice(1)}`) };
        },
      }),
    ],
  },
];
