// `tribe/events/v1/events`: the archive (always ordered by start, no "changed since" filter, no orderby,
// a default window from yesterday to +24 months, hidden events never listed), the single read, create,
// update and delete (a trash).
import { FixedOffsetZone } from 'luxon';
import { can, canOnPost, forbidden, type Caller } from './auth.ts';
import { checkEventArgs, createEvent, eventOr404, mayCreateEvents, updateEvent } from './event-writes.ts';
import {
  invalidParams,
  listParam,
  ok,
  parseBool,
  positiveInt,
  str,
  truthy,
  type Params,
  type RestRequest,
  type Router,
  WpError,
} from './http.ts';
import { setStatus, type RawEvent, type SiteStore } from './store.ts';
import { findTerm } from './terms.ts';
import { isStrtotimeFalsy, mysql, parseTime } from './time.ts';
import { eventJson, V1 } from './v1-json.ts';
import { archiveResponse, pageParams } from './v1-lists.ts';
import { POST_STATUSES } from './args.ts';

const DATE_PARAMS = ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;
const RELATIVE = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;

/**
 * Whether the event has an occurrence row in TEC's custom tables: an event saved with its end before its
 * start (the UTC end keeps the old end) gets none, and so appears in no list, v1 or core.
 */
export function hasOccurrence(event: RawEvent): boolean {
  return event.utcStartDate !== '' && event.utcEndDate >= event.utcStartDate;
}

/** Statuses a caller lists: everything but trash for those who edit events, `publish` for others. */
function listStatuses(caller: Caller, requested: unknown): string[] {
  const editor = can(caller.user, 'edit_tribe_events');
  if (requested === undefined) return editor ? ['publish', 'future', 'draft', 'pending', 'private'] : ['publish'];
  // `any` is no registered status: refused (400) — though TEC itself writes `status=any` into the
  // rest_url / next_rest_url it gives an editor, so following its own next_rest_url fails.
  const statuses = listParam(requested);
  const bad = statuses.some((s) => !POST_STATUSES.includes(s)) || (!editor && statuses.some((s) => s !== 'publish'));
  if (bad || statuses.length === 0) throw invalidParams({ status: 'Invalid parameter.' });
  return statuses;
}

function checkListParams(store: SiteStore, params: Params): void {
  const bad: Record<string, string> = {};
  for (const name of DATE_PARAMS) {
    if (params[name] !== undefined && isStrtotimeFalsy(params[name], store.clock())) bad[name] = 'Invalid parameter.';
  }
  for (const name of ['strict_dates', 'search'] as const) if (params[name] === '') bad[name] = 'Invalid parameter.';
  for (const [name, taxonomy] of [
    ['categories', 'tribe_events_cat'],
    ['tags', 'post_tag'],
  ] as const) {
    if (params[name] !== undefined && !listParam(params[name]).every((ref) => findTerm(store, taxonomy, ref))) {
      bad[name] = 'Invalid parameter.';
    }
  }
  if (
    params.venue !== undefined &&
    !listParam(params.venue).every((id) => /^\d+$/.test(id) && store.venue(Number(id)))
  ) {
    bad.venue = 'Invalid parameter.';
  }
  if (
    params.organizer !== undefined &&
    !listParam(params.organizer).every((id) => /^\d+$/.test(id) && store.organizer(Number(id)))
  ) {
    bad.organizer = 'Invalid parameter.';
  }
  if (params.include !== undefined && !listParam(params.include).every((id) => positiveInt(id) !== null))
    bad.include = 'Invalid parameter.';
  if (params.featured !== undefined && parseBool(params.featured) === null)
    bad.featured = 'featured is not of type boolean.';
  if (params.post_parent !== undefined && !store.event(Number(params.post_parent)))
    bad.post_parent = 'Invalid parameter.';
  if (Object.keys(bad).length) throw invalidParams(bad);
}

/**
 * A date filter's bound in site time. Inclusive (the default) uses the written day: 00:00:00 for
 * `start_date`, 23:59:59 for the others. `strict_dates` reads a zone-less value as UTC.
 */
function bound(store: SiteStore, value: unknown, name: string, strict: boolean): string {
  if (strict) {
    const parsed = parseTime(value, FixedOffsetZone.utcInstance, store.clock())!;
    return mysql(parsed.instant.setZone(store.siteZone));
  }
  const day = parseTime(value, store.siteZone, store.clock())!.wall.slice(0, 10);
  return name === 'start_date' ? `${day} 00:00:00` : `${day} 23:59:59`;
}

function listEvents(store: SiteStore, request: RestRequest): ReturnType<typeof archiveResponse> {
  const { params, caller } = request;
  const { page, perPage } = pageParams(params);
  checkListParams(store, params);
  const statuses = listStatuses(caller, params.status);
  const strict = truthy(params.strict_dates);
  const include = params.include !== undefined ? listParam(params.include).map(Number) : null;
  const relative = RELATIVE.some((name) => params[name] !== undefined);
  const now = store.clock().setZone(store.siteZone);
  const defaults = {
    start_date: mysql(now.minus({ days: 1 }).startOf('day')),
    end_date: mysql(now.plus({ months: 24 }).endOf('day')),
  };
  // `include` drops the given window, but TEC merges the default one back in.
  const explicit = (name: 'start_date' | 'end_date'): string | undefined =>
    include === null && params[name] !== undefined ? bound(store, params[name], name, strict) : undefined;
  const startBound = explicit('start_date') ?? (relative && include === null ? undefined : defaults.start_date);
  const endBound = explicit('end_date') ?? (relative && include === null ? undefined : defaults.end_date);
  const rel = Object.fromEntries(
    RELATIVE.filter((name) => params[name] !== undefined).map((name) => [
      name,
      bound(store, params[name], name, strict),
    ]),
  );
  const search = params.search !== undefined ? str(params.search).toLowerCase() : null;
  const categoryIds = listParam(params.categories).map((ref) => findTerm(store, 'tribe_events_cat', ref)!.id);
  const withChildren = new Set(categoryIds);
  for (let grew = true; grew;) {
    grew = false;
    for (const term of store.termsOf('tribe_events_cat')) {
      if (withChildren.has(term.parent) && !withChildren.has(term.id)) {
        withChildren.add(term.id);
        grew = true;
      }
    }
  }
  const tagIds = listParam(params.tags).map((ref) => findTerm(store, 'post_tag', ref)!.id);
  const venues = listParam(params.venue).map(Number);
  const organizers = listParam(params.organizer).map(Number);
  const featured = params.featured !== undefined ? parseBool(params.featured) : null;

  const events = store.events().filter((e) => {
    if (!statuses.includes(e.status) || e.hideFromListings || !hasOccurrence(e)) return false;
    if (startBound !== undefined && e.startDate < startBound) return false;
    if (endBound !== undefined && e.endDate > endBound) return false;
    if (rel.starts_after !== undefined && !(e.startDate > rel.starts_after)) return false;
    if (rel.starts_before !== undefined && !(e.startDate < rel.starts_before)) return false;
    if (rel.ends_after !== undefined && !(e.endDate > rel.ends_after)) return false;
    if (rel.ends_before !== undefined && !(e.endDate < rel.ends_before)) return false;
    if (include && !include.includes(e.id)) return false;
    if (search !== null && ![e.title, e.content, e.excerpt].some((t) => t.toLowerCase().includes(search))) return false;
    if (categoryIds.length && !e.categoryIds.some((id) => withChildren.has(id))) return false;
    if (tagIds.length && !e.tagIds.some((id) => tagIds.includes(id))) return false;
    if (venues.length && !e.venueIds.some((id) => venues.includes(id))) return false;
    if (organizers.length && !e.organizerIds.some((id) => organizers.includes(id))) return false;
    if (featured !== null && e.featured !== featured) return false;
    if (params.post_parent !== undefined && e.parent !== Number(params.post_parent)) return false;
    return true;
  });
  events.sort((a, b) =>
    include ? a.date.localeCompare(b.date) || a.id - b.id : a.startDate.localeCompare(b.startDate) || a.id - b.id,
  );
  const echoed: [string, string][] = [];
  if (startBound !== undefined && !relative) echoed.push(['start_date', startBound]);
  if (endBound !== undefined && !relative) echoed.push(['end_date', endBound]);
  echoed.push([
    'status',
    params.status !== undefined ? listParam(params.status).join(',') : statuses.length > 1 ? 'any' : 'publish',
  ]);
  for (const name of [
    'search',
    'categories',
    'tags',
    ...RELATIVE,
    'include',
    'post_parent',
    'venue',
    'organizer',
  ] as const) {
    if (params[name] !== undefined) echoed.push([name, listParam(params[name]).join(',')]);
  }
  if (featured !== null) echoed.push(['featured', featured ? '1' : '0']);
  const counts = store.termCounts();
  return archiveResponse(
    'events',
    `${store.url}${V1}/events`,
    events,
    (e) => eventJson(store, e, false, counts),
    page,
    perPage,
    echoed,
  );
}

function eventId(match: RegExpExecArray): number {
  return Number(match[1]);
}

export function registerV1Events(router: Router, store: SiteStore): void {
  const base = '/tribe/events/v1/events';

  router.add(base, ['GET'], (request) => listEvents(store, request));

  router.add(base, ['POST'], async ({ params, caller }) => {
    checkEventArgs(store, params, true);
    if (!mayCreateEvents(caller)) throw forbidden(caller);
    const event = await createEvent(store, caller, params);
    return ok(eventJson(store, event), 201);
  });

  router.add(`${base}/(\\d+)`, ['GET'], ({ caller }, match) => {
    const event = eventOr404(store, eventId(match));
    if (event.status === 'trash')
      throw new WpError(403, 'event-no-longer-available', 'This event is no longer available');
    if (!canOnPost(caller.user, 'read', event)) {
      throw new WpError(403, 'event-not-accessible', 'The requested event is not accessible');
    }
    return ok(eventJson(store, event, true));
  });

  router.add(`${base}/(\\d+)`, ['POST', 'PUT', 'PATCH'], async ({ params, caller }, match) => {
    checkEventArgs(store, params, false);
    const existing = store.event(eventId(match));
    if (existing ? !canOnPost(caller.user, 'edit', existing) : !mayCreateEvents(caller)) throw forbidden(caller);
    const event = eventOr404(store, eventId(match));
    await updateEvent(store, caller, event, params);
    return ok(eventJson(store, event));
  });

  router.add(`${base}/(\\d+)`, ['DELETE'], ({ caller }, match) => {
    const existing = store.event(eventId(match));
    if (existing ? !canOnPost(caller.user, 'delete', existing) : !can(caller.user, 'delete_tribe_events'))
      throw forbidden(caller);
    const event = eventOr404(store, eventId(match));
    if (event.status === 'trash') throw new WpError(410, 'event-is-in-trash', 'The event is already trashed');
    setStatus(event, 'trash');
    store.touch(event);
    return ok(eventJson(store, event));
  });

  router.add(`${base}/by-slug/([^/]+)`, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], async (request, match) => {
    const slug = decodeURIComponent(match[1]!);
    const event = store.events().find((e) => e.slug === slug && e.slug !== '');
    if (!event) throw invalidParams({ slug: 'Invalid parameter.' });
    const byId = router.find(request.method, `${base}/${event.id}`);
    return byId.handler(request, byId.match);
  });
}
