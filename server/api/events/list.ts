// GET /events: turns the list parameters into an EventListFilter (validation phase) and runs it.
import type { DateTime } from 'luxon';
import type { RequestContext } from '../../http/context.ts';
import type { ParamErrors } from '../../operations/errors.ts';
import type { ApiResult } from '../../http/route.ts';
import type { Comparison, DateColumn, EventListFilter } from '../../db/repositories/event-list.ts';
import { formatWall, parseDateInput, toZone } from '../../domain/dates.ts';
import { boundingBox } from '../../domain/geo.ts';
import { sanitizeSlug } from '../../domain/slug.ts';
import type { Taxonomy } from '../../db/repositories/terms.ts';
import { listVisibility } from '../shared/visibility.ts';
import { storableUtcWall } from '../../operations/posts/storable-dates.ts';
import { pageSize, postCollectionResult } from '../shared/pagination.ts';
import type { EventListArgs } from '../../../contract/events.ts';
import { presentEvents } from './present-event.ts';
import { isUnlocked } from '../../operations/events/access.ts';
import { termName } from '../../domain/html.ts';

const DATE_PARAMS = [
  // [param, column, comparison, inclusive day edge]
  ['start_date', 'start_utc', '>=', 'start'],
  ['end_date', 'end_utc', '<=', 'end'],
  ['starts_before', 'start_utc', '<', 'end'],
  ['starts_after', 'start_utc', '>', 'end'],
  ['ends_before', 'end_utc', '<', 'end'],
  ['ends_after', 'end_utc', '>', 'end'],
] as const;

/** PHP's FILTER_VALIDATE_BOOLEAN, which the reference applies to strict_dates. */
function strictFlag(value: unknown): boolean | undefined {
  if (value === undefined || value === false || value === 0) return false;
  if (value === true || value === 1) return true;
  const text = String(value).trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  return undefined;
}

export interface PreparedEventList {
  filter: EventListFilter;
  page: number;
  perPage: number;
  query: [string, string | number][];
}

function resolveTerms(
  ctx: RequestContext,
  taxonomy: Taxonomy,
  param: string,
  values: (string | number)[],
  errors: ParamErrors,
) {
  const ids: number[] = [];
  for (const value of values) {
    const text = String(value).trim();
    const term = /^\d+$/.test(text)
      ? ctx.store.terms.get(ctx.site.id, Number(text))
      : (ctx.store.terms.bySlug(ctx.site.id, taxonomy, text) ??
        ctx.store.terms.byName(ctx.site.id, taxonomy, termName(text) || text) ?? // stored escaped
        ctx.store.terms.byName(ctx.site.id, taxonomy, text) ??
        ctx.store.terms.bySlug(ctx.site.id, taxonomy, sanitizeSlug(text)));
    if (!term || term.taxonomy !== taxonomy) errors.add(param, `${param}: "${text}" is not an existing ${taxonomy}.`);
    else ids.push(term.id);
  }
  return ctx.store.terms.withDescendants(ctx.site.id, taxonomy, ids);
}

function checkPosts(ctx: RequestContext, type: 'venue' | 'organizer', ids: number[], errors: ParamErrors) {
  const rows = ctx.store.posts.getMany(ctx.site.id, ids);
  for (const id of ids) if (rows.get(id)?.type !== type) errors.add(type, `${type} ${id} does not exist.`);
}

export function prepareEventList(
  ctx: RequestContext,
  args: EventListArgs,
  errors: ParamErrors,
  now: DateTime,
): PreparedEventList {
  const zone = ctx.site.timezone;
  const perPage = pageSize(ctx, args.per_page);
  const page = args.page ?? 1;
  const strict = strictFlag(args.strict_dates);
  if (strict === undefined) errors.add('strict_dates', 'strict_dates must be a boolean.');
  // An empty list (`categories=`, `include= , `) names nothing. The reference's validators
  // (is_term_of_taxonomy, is_positive_int_list) answer 400; accepting it matched no event at all
  // (and an empty `include` even lifted the date window).
  for (const param of ['categories', 'tags', 'venue', 'organizer', 'include'] as const) {
    if (args[param]?.length === 0) errors.add(param, `${param} must name at least one item.`);
  }
  const visibility = listVisibility(ctx, args.status, errors);
  const filter: EventListFilter = {
    siteId: ctx.site.id,
    statuses: visibility.statuses,
    own: visibility.own,
    dates: [],
    termGroups: [],
    orderBy: 'start',
    limit: perPage,
    offset: (page - 1) * perPage,
  };

  // Dates: each given value in the site's zone; inclusive mode widens to the written day.
  const given: Record<string, string> = {};
  for (const [param, column, op, edge] of DATE_PARAMS) {
    const value = args[param];
    if (value === undefined) continue;
    const parsed = parseDateInput(value, zone, now);
    if (!parsed) {
      errors.add(param, `${param} is not a valid date.`);
      continue;
    }
    // Spec §4.2: with `include` "the date filters are ignored" (the reference handler drops
    // start_date/end_date). They are still validated above, so garbage is still a 400.
    if (args.include && (param === 'start_date' || param === 'end_date')) continue;
    let at = parsed.dateTime;
    if (!strict) at = edge === 'start' ? at.startOf('day') : at.endOf('day').set({ millisecond: 0 });
    given[param] = formatWall(at);
    // clamped: stored instants never leave years 1–9999, and '10000-…' would sort before '2027-…'
    filter.dates.push({ column: column as DateColumn, op: op as Comparison, value: storableUtcWall(at) });
  }
  const relativeOnly = ['starts_before', 'starts_after', 'ends_before', 'ends_after'].some((p) => p in given);
  // Default window: start of yesterday … end of the day 24 months ahead (site time). Dropped when only
  // relative bounds were given (as the reference) and when `include` names events (contract §5 deviation).
  if (!args.include && !relativeOnly) {
    const siteNow = now.setZone(toZone(zone));
    if (!('start_date' in given) && args.start_date === undefined) {
      const start = siteNow.minus({ days: 1 }).startOf('day');
      given.start_date = formatWall(start);
      filter.dates.push({ column: 'start_utc', op: '>=', value: formatWall(start.toUTC()) });
    }
    if (!('end_date' in given) && args.end_date === undefined) {
      const end = siteNow.plus({ months: 24 }).endOf('day').set({ millisecond: 0 });
      given.end_date = formatWall(end);
      filter.dates.push({ column: 'end_utc', op: '<=', value: formatWall(end.toUTC()) });
    }
  }

  if (args.search !== undefined) {
    filter.search = args.search;
    filter.searchLanguage = args.translation_language;
    if (!ctx.actor) filter.excludeProtected = true;
  }
  if (args.categories) filter.termGroups.push(resolveTerms(ctx, 'category', 'categories', args.categories, errors));
  if (args.tags) filter.termGroups.push(resolveTerms(ctx, 'tag', 'tags', args.tags, errors));
  if (args.venue) {
    checkPosts(ctx, 'venue', args.venue, errors);
    filter.venueIds = args.venue;
  }
  if (args.organizer) {
    checkPosts(ctx, 'organizer', args.organizer, errors);
    filter.organizerIds = args.organizer;
  }
  if (args.featured !== undefined) filter.featured = args.featured;
  if (args.include) {
    filter.include = args.include;
    filter.orderBy = 'date';
  }
  if (args.post_parent !== undefined) {
    if (ctx.store.posts.get(ctx.site.id, args.post_parent)?.type !== 'event')
      errors.add('post_parent', 'post_parent is not a valid event ID.');
    filter.postParent = args.post_parent;
  }
  if (args.geoloc !== undefined) filter.geoloc = args.geoloc;
  const { geoloc_lat: lat, geoloc_lng: lng } = args;
  if ((lat === undefined) !== (lng === undefined)) {
    errors.add(lat === undefined ? 'geoloc_lat' : 'geoloc_lng', 'geoloc_lat and geoloc_lng must be given together.');
  } else if (lat !== undefined && lng !== undefined) {
    const radiusKm = ctx.site.geoRadiusKm;
    filter.near = { lat, lng, radiusKm, box: boundingBox(lat, lng, radiusKm) };
  }
  // No tickets are sold here: ticketed=true matches nothing, false everything.
  if (args.ticketed === true) filter.matchNothing = true;

  const query: [string, string | number][] = [];
  if (given.start_date) query.push(['start_date', given.start_date]);
  if (given.end_date) query.push(['end_date', given.end_date]);
  if (visibility.echo) query.push(['status', visibility.echo]);
  if (args.search !== undefined) query.push(['search', args.search]);
  if (args.categories) query.push(['categories', args.categories.join(',')]);
  if (args.tags) query.push(['tags', args.tags.join(',')]);
  for (const p of ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const)
    if (given[p]) query.push([p, given[p]]);
  if (strict) query.push(['strict_dates', 'true']);
  if (args.include) query.push(['include', args.include.join(',')]);
  if (args.post_parent !== undefined) query.push(['post_parent', args.post_parent]);
  if (args.ticketed !== undefined) query.push(['ticketed', args.ticketed ? 1 : 0]);
  if (args.venue) query.push(['venue', args.venue.join(',')]);
  if (args.organizer) query.push(['organizer', args.organizer.join(',')]);
  if (args.featured !== undefined) query.push(['featured', args.featured ? 1 : 0]);
  if (args.geoloc !== undefined) query.push(['geoloc', args.geoloc ? 1 : 0]);
  if (lat !== undefined && lng !== undefined) query.push(['geoloc_lat', lat], ['geoloc_lng', lng]);
  if (args.translation_language) query.push(['translation_language', args.translation_language]);
  return { filter, page, perPage, query };
}

export function runEventList(
  ctx: RequestContext,
  prepared: PreparedEventList,
  translation?: string,
  unlock: { password?: string; context?: string } = {},
): ApiResult {
  const { rows, total } = ctx.store.eventList.page(prepared.filter);
  // Protected events whose password was given (or that the caller may edit, with context=edit)
  // show their content, as their single read would.
  const unlocked = new Set(
    rows
      .filter((row) => row.password !== '' && isUnlocked(ctx, row, unlock.password, unlock.context))
      .map((row) => row.id),
  );
  return postCollectionResult(ctx, {
    key: 'events',
    singular: 'event',
    items: presentEvents(ctx, rows, { translation, unlocked }),
    total,
    page: prepared.page,
    perPage: prepared.perPage,
    query: prepared.query,
  });
}
