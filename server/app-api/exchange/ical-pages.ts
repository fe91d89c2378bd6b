// The iCalendar URLs users of The Events Calendar know: `{base}/events/?ical=1` (the /events
// filters, its default window: what a subscribed calendar app shows) and `{base}/event/{slug}/ical/`
// (one event, "Add to calendar"). Anonymous callers get published events; a calendar app that
// sends HTTP Basic (login and an API token as the password) gets that user's wider view. With
// `private=1` an anonymous request is challenged (401 + WWW-Authenticate), so apps that only
// send credentials when asked (Apple Calendar, Thunderbird) prompt for them. Tokens are never
// read from the URL.
import { DateTime } from 'luxon';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../../db/store.ts';
import type { RequestContext } from '../../http/context.ts';
import type { OwnContextConfig } from '../../http/register.ts';
import { ApiError } from '../../http/errors.ts';
import { mergeSources, parseArgs } from '../../http/args.ts';
import { EventListArgs } from '../../../contract/events.ts';
import { prepareEventList } from '../../api/events/list.ts';
import { postBySlug } from '../../operations/posts/slug-lookup.ts';
import { can } from '../../domain/roles.ts';
import { planExport, sendExport, type ExportPlan } from './export-reply.ts';

const ListArgs = EventListArgs;

function noRoute(): ApiError {
  return new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
}

/** The caller's context; `private=1` without credentials is a 401 (whose WWW-Authenticate offers Basic). */
function resolve(request: FastifyRequest, context: (r: FastifyRequest) => RequestContext) {
  const ctx = (request.ctx = context(request));
  if ((request.query as Record<string, unknown>).private === '1' && !ctx.actor)
    throw new ApiError(401, 'rest_not_logged_in', 'Sign in with your login and an API token.');
  return ctx;
}

export function registerIcalPages(
  app: FastifyInstance,
  prefix: string,
  store: Store,
  context: (request: FastifyRequest) => RequestContext,
): void {
  const config: OwnContextConfig = { ownContext: true };
  const list = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    if (query.ical === undefined) throw noRoute(); // the calendar's HTML pages are the app's
    const plan = store.snapshot((): ExportPlan => {
      const ctx = resolve(request, context);
      const raw = mergeSources(
        {},
        Object.fromEntries(Object.entries(query).filter(([k]) => k !== 'ical' && k !== 'private')),
        undefined,
      );
      const { args, errors } = parseArgs<EventListArgs>(ListArgs, raw);
      const prepared = prepareEventList(ctx, args, errors, DateTime.utc());
      errors.throwIfAny();
      return planExport(ctx, 'ics', prepared.filter, `${ctx.site.title}`);
    });
    return sendExport(request.ctx, plan, request, reply);
  };
  app.get(`${prefix}/events`, { config }, list);

  const single = async (request: FastifyRequest, reply: FastifyReply) => {
    const { slug } = request.params as { slug: string };
    const plan = store.snapshot((): ExportPlan => {
      const ctx = resolve(request, context);
      const row = postBySlug(ctx, 'event', slug);
      if (!row || row.status === 'trash' || !can.readPost(ctx.actor, row) || row.password !== '') throw noRoute();
      const filter = {
        siteId: ctx.site.id,
        statuses: [row.status],
        dates: [],
        termGroups: [],
        include: [row.id],
        orderBy: 'date' as const,
        limit: 1,
        offset: 0,
      };
      return planExport(ctx, 'ics', filter, row.slug);
    });
    return sendExport(request.ctx, plan, request, reply);
  };
  app.get(`${prefix}/event/:slug/ical`, { config }, single);
}
