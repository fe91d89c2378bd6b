// GET almanac/v1/event-feed — every event of a range for the calendar views. svc/events/v1/events
// pages at 50, and a month of a large calendar holds thousands of events; this answers them all
// at once, compactly, with the same filters and the same visibility as /events (the same
// prepareEventList and the same query builder, and a test compares the two).
import { DateTime } from 'luxon';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { prepareEventList, type PreparedEventList } from '../../api/events/list.ts';
import { PreSerialized } from '../../http/pre-serialized.ts';
import { EventFeed, EventFeedArgs } from '../../../contract/app/feed.ts';

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
          const events = ctx.store.eventList.feed(filter, args.translation_language);
          const echo = new Map(query);
          const dates = {
            total: events.length,
            start_date: (echo.get('start_date') as string | undefined) ?? null,
            end_date: (echo.get('end_date') as string | undefined) ?? null,
          };
          // SQLite wrote the events' JSON; the rest is JSON.stringify's (the schema's key order).
          return { body: new PreSerialized(`{"events":[${events.join(',')}],${JSON.stringify(dates).slice(1)}`) };
        },
      }),
    ],
  },
];
