// GET almanac/v1/event-feed — every event of a range for the calendar views. svc/events/v1/events
// pages at 50, and a month of a large calendar holds thousands of events; this answers them all
// at once, compactly, with the same filters and the same visibility as /events (the same
// prepareEventList and the same query builder, and a test compares the two).
import { DateTime } from 'luxon';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { prepareEventList, type PreparedEventList } from '../../api/events/list.ts';
import type { FeedRow } from '../../db/repositories/event-list.ts';
import { EventFeed, EventFeedArgs, type FeedEvent } from './schemas.ts';
import { postEtagOf } from '../../api/shared/etag.ts';

/** 'YYYY-MM-DD HH:MM:SS' (UTC) → ISO 8601 with Z. */
const isoUtc = (wall: string) => `${wall.replace(' ', 'T')}Z`;

function present(row: FeedRow): FeedEvent {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    start_utc: isoUtc(row.start_utc),
    end_utc: isoUtc(row.end_utc),
    start: row.start_local,
    end: row.end_local,
    timezone: row.timezone,
    all_day: row.all_day === 1,
    featured: row.featured === 1,
    categories: JSON.parse(row.categories) as number[],
    venue: row.venue,
    etag: postEtagOf(row.id, row.revision),
  };
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
        validate: ({ ctx, args }, errors) => prepareEventList(ctx, args, errors, DateTime.utc()),
        handler: ({ ctx, args, prepared }) => {
          const { filter, query } = prepared as PreparedEventList;
          const rows = ctx.store.eventList.feed(filter, args.translation_language);
          const echo = new Map(query);
          return {
            body: {
              events: rows.map(present),
              total: rows.length,
              start_date: (echo.get('start_date') as string | undefined) ?? null,
              end_date: (echo.get('end_date') as string | undefined) ?? null,
            },
          };
        },
      }),
    ],
  },
];
