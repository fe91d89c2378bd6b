// almanac/v1/event-feed: the calendar's range feed. Every event of a range (no page), compact:
// what a month, week or day view draws. Its parameters are /events' list filters, minus paging.
import { Type, type Static } from '@sinclair/typebox';
import { EventListArgs } from '../events.ts';

/** The most events a day of the month grid shows (renderer: use-month-rows.ts caps the rows at 8). */
export const MAX_FEED_PER_DAY = 20;

export const EventFeedArgs = Type.Composite([
  Type.Omit(EventListArgs, ['page', 'per_page']),
  Type.Object({
    per_day: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_FEED_PER_DAY,
        description:
          "For a month grid: at most this many events a day, in the site's time zone, in the order a calendar lists them (all-day and multi-day first, then by start); a day with one more shows it too. The rest are counted in `more`.",
      }),
    ),
  }),
]);
export type EventFeedArgs = Static<typeof EventFeedArgs>;

export const FeedEvent = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: Type.String({ description: 'publish, future, draft, pending or private.' }),
  /** The UTC instants, ISO 8601 with `Z`. */
  start_utc: Type.String(),
  end_utc: Type.String(),
  /** The wall times in the event's own zone, `YYYY-MM-DD HH:MM:SS`. */
  start: Type.String(),
  end: Type.String(),
  timezone: Type.String(),
  all_day: Type.Boolean(),
  featured: Type.Boolean(),
  categories: Type.Array(Type.Integer(), { description: 'Category term IDs.' }),
  venue: Type.Union([Type.String(), Type.Null()], { description: "The first venue's name." }),
  etag: Type.String({ description: "The event's ETag: send it as If-Match to move the event without a lost update." }),
  series: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The series the event is an occurrence of (almanac/v1/series/{id}), or null.',
  }),
  hide_from_listings: Type.Boolean({
    description:
      'Hidden from event listings: svc/events/v1 lists leave it out; this feed shows it to whoever may edit it.',
  }),
});
export type FeedEvent = Static<typeof FeedEvent>;

export const EventFeed = Type.Object({
  /** With per_day: the events the month grid draws, in its order (see contract/day-cap.ts). */
  events: Type.Array(FeedEvent),
  /** Every event of the range, those left out by per_day included. */
  total: Type.Integer(),
  /** With per_day: day (YYYY-MM-DD, the site's zone) → how many of its events were left out. */
  more: Type.Optional(Type.Record(Type.String(), Type.Integer())),
  /** The window applied, in the site's zone (the defaults when none was given). */
  start_date: Type.Union([Type.String(), Type.Null()]),
  end_date: Type.Union([Type.String(), Type.Null()]),
});
export type EventFeed = Static<typeof EventFeed>;

/** almanac/v1/event-list: /events' page, with what only the app's lists ask for. */
export const AppEventListArgs = Type.Composite([
  EventListArgs,
  Type.Object({
    one_per_series: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'true: a repeating event is one row (its first occurrence in the window), not one per occurrence.',
      }),
    ),
    orderby: Type.Optional(
      Type.Union([Type.Literal('start_date'), Type.Literal('title'), Type.Literal('venue')], {
        default: 'start_date',
        description: 'What the page is sorted by: start_date (as /events), title, or venue (its name; none last).',
      }),
    ),
    order: Type.Optional(
      Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
        default: 'asc',
        description: 'asc (A to Z, earliest first) or desc.',
      }),
    ),
  }),
]);
