// GET almanac/v1/export — the events a list filter matches as a file: iCalendar or CSV. The
// /events filters and visibility (prepareEventList); without any date parameter, every event of
// the calendar rather than /events' default window, since an export is usually "all of it".
import { DateTime } from 'luxon';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { ReplyLater } from '../../http/reply-later.ts';
import { prepareEventList, type PreparedEventList } from '../../api/events/list.ts';
import type { RequestContext } from '../../http/context.ts';
import type { ParamErrors } from '../../operations/errors.ts';
import { planExport, sendExport } from './export-reply.ts';
import { ExportArgs } from '../../../contract/app/exchange.ts';
import { editableHiddenEvents } from '../../api/shared/visibility.ts';

const DATE_PARAMS = ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;

/**
 * The filter of an export: /events' own, minus its default window when no date was given, plus the
 * events hidden from listings the caller may edit — the app's calendar and Events list show them,
 * and an export of "the calendar" that left them out lost them without a word (issue 36's walk).
 * The CSV carries the flag (TEC's "Hide Event From Event Listings"); public feeds (ical-pages.ts)
 * keep /events' rule.
 */
export function exportFilter(ctx: RequestContext, args: ExportArgs, errors: ParamErrors): PreparedEventList {
  const prepared = prepareEventList(ctx, args, errors, DateTime.utc());
  if (!args.list_window && DATE_PARAMS.every((param) => args[param] === undefined)) prepared.filter.dates = [];
  prepared.filter.hidden = editableHiddenEvents(ctx);
  return prepared;
}

export const exportRoutes: RouteSpec[] = [
  {
    path: '/export',
    tag: 'calendar files',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: ExportArgs,
        summary: 'The events a list filter matches, as an iCalendar (.ics) or CSV file, streamed',
        responses: {
          200: {
            description: 'The file (text/calendar or text/csv). ETag / If-None-Match: 304 while nothing changed.',
          },
          304: { description: 'Nothing changed since the ETag given in If-None-Match.' },
        },
        cacheable: false, // streamed, and revalidated by its own ETag
        validate: ({ ctx, args }, errors) => exportFilter(ctx, args, errors),
        handler: ({ ctx, args, prepared }) => {
          const plan = planExport(ctx, args.format ?? 'ics', (prepared as PreparedEventList).filter, ctx.site.title);
          return { body: new ReplyLater(async (request, reply) => sendExport(ctx, plan, request, reply)) };
        },
      }),
    ],
  },
];
