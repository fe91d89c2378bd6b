// GET almanac/v1/event-list — svc/events/v1's /events page (the same filters, visibility, paging,
// representation and headers), with what only the app's Events list asks for: one row per
// repeating event (`one_per_series`), sorting by title or venue (`orderby`, `order`), and the events
// hidden from listings that the caller may edit (issue 36; each says so: hide_from_listings).
// svc/events/v1 itself stays exactly the contract.
import { Type } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { Event, ErrorBody, listEnvelope } from '../../../contract/representations.ts';
import { AppEventListArgs } from '../../../contract/app/feed.ts';
import { editableHiddenEvents } from '../../api/shared/visibility.ts';
import { prepareEventList, runEventList, type PreparedEventList } from '../../api/events/list.ts';
import { slowEventList } from '../../api/events/routes.ts';

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });

export const eventListRoutes: RouteSpec[] = [
  {
    path: '/event-list',
    tag: 'calendar',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: AppEventListArgs,
        summary: 'A page of events as GET /events gives it, optionally one row per repeating event',
        responses: {
          200: { description: 'A page of events.', schema: listEnvelope('events', Event) },
          400: error('Invalid parameters.'),
          404: error('The page is past the last one.'),
        },
        // What /events serves off the event loop (a search, a venue's events…), and what only this
        // list does: one row per series tests each occurrence against its series' earlier ones, a
        // sort by title or venue sorts the whole window.
        offThread: (raw) => slowEventList(raw) || raw.one_per_series !== undefined || raw.orderby !== undefined,
        validate: ({ ctx, args }, errors) => {
          const prepared = prepareEventList(ctx, args, errors, DateTime.now());
          // An event hidden from listings still shows to whoever may edit it (marked as hidden).
          prepared.filter.hidden = editableHiddenEvents(ctx);
          if (args.one_per_series === true) prepared.filter.topLevelOnly = true;
          if (args.orderby === 'title' || args.orderby === 'venue') prepared.filter.orderBy = args.orderby;
          if (args.order === 'desc') prepared.filter.descending = true;
          return prepared;
        },
        handler: ({ ctx, args, prepared }) =>
          runEventList(ctx, prepared as PreparedEventList, args.translation_language, {
            password: args.password,
            context: args.context,
          }),
      }),
    ],
  },
];
