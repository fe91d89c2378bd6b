// Event create/update in three phases — validation (prepareEventWrite, collects every bad field),
// permission (authorizeEventWrite), and the transactional apply (applyEventWrite) — which the REST
// routes drive one by one (WordPress's order: 400 before 401/403, then If-Match) and `writeEvent`
// runs in one call for every other caller. Updates are partial (contract §6).
import type { DateTime } from 'luxon';
import type { OperationContext } from '../context.ts';
import { said, type ParamErrors } from '../errors.ts';
import { checkInput } from '../input.ts';
import { EventCreateArgs, EventUpdateFields, type EventWriteFields } from '../../../contract/events.ts';
import { EVENT_FLAG_NAMES } from '../../../contract/constants.ts';
import { assertMayEdit } from './access.ts';
import { occurrenceRestored } from '../series/occurrence-hooks.ts';
import type { PostColumns, PostRow } from '../../db/repositories/posts.ts';
import { saveVariant, splitVariant, TRANSLATABLE_POST_COLUMNS, variantLanguage } from '../translations.ts';
import { syncTermCounts, termCountSnapshot } from './term-counts.ts';
import { isNegativeCost, parseCostInput, type StoredCost } from '../../domain/cost.ts';
import { filterHtml } from '../../domain/html.ts';
import {
  formatWall,
  isValidTimezone,
  parseDateInput,
  timezoneAbbreviation,
  utcWall,
  wallToDateTime,
} from '../../domain/dates.ts';
import {
  applyCommon,
  checkAuthorPermission,
  chooseSlug,
  isHttpUrl,
  prepareCommon,
  type PreparedCommon,
} from '../posts/writes.ts';
import { isStorable, OUT_OF_RANGE } from '../posts/storable-dates.ts';
import { parseLinks, parseTermRefs, resolveLinks, resolveTermRefs, type LinkRef, type TermRef } from './relations.ts';

/** What an event write may carry: the contract's fields (contract/events.ts), every one optional. */
export type EventWriteInput = EventWriteFields;

export interface PreparedEventWrite {
  common: PreparedCommon;
  schedule?: {
    startLocal: string;
    endLocal: string;
    startUtc: string;
    endUtc: string;
    timezone: string;
    abbr: string;
    allDay: boolean;
  };
  cost?: StoredCost;
  venues?: LinkRef[];
  organizers?: LinkRef[];
  categories?: TermRef[];
  tags?: TermRef[];
}

function dayStart(dt: DateTime): DateTime {
  return dt.startOf('day');
}

/**
 * Works out the stored schedule. Dates are read in the event's time zone (the request's, else
 * the stored one, else the site's); the UTC instants are always recomputed from the wall times
 * and the zone, so a zone change re-interprets the local times (contract §6 deviation).
 */
function prepareSchedule(
  ctx: OperationContext,
  args: EventWriteInput,
  current: PostRow | undefined,
  errors: ParamErrors,
): PreparedEventWrite['schedule'] {
  let timezone = current?.timezone ?? ctx.site.timezone;
  if (args.timezone !== undefined) {
    if (args.timezone === '') timezone = ctx.site.timezone;
    else if (!isValidTimezone(args.timezone)) {
      errors.add('timezone', said('not_a_timezone', 'timezone is not a valid time zone.'));
      return undefined;
    } else timezone = args.timezone;
  }
  const parse = (field: 'start_date' | 'end_date') => {
    const value = args[field];
    if (value === undefined) {
      const stored = field === 'start_date' ? current?.start_local : current?.end_local;
      return stored ? wallToDateTime(stored, timezone) : undefined;
    }
    const parsed = parseDateInput(value, timezone);
    if (!parsed) errors.add(field, said('not_a_date', `${field} is not a valid date.`));
    return parsed?.dateTime;
  };
  const start = parse('start_date');
  const end = parse('end_date');
  if (!start || !end) return undefined;
  const allDay = args.all_day ?? current?.all_day === 1;
  const startAt = allDay ? dayStart(start) : start;
  const endAt = allDay ? end.endOf('day').set({ millisecond: 0 }) : end;
  const changed =
    args.start_date !== undefined ||
    args.end_date !== undefined ||
    args.timezone !== undefined ||
    args.all_day !== undefined;
  if (!changed) return undefined;
  if (endAt < startAt) {
    errors.add(
      'end_date',
      said('end_before_start', 'end_date must not be earlier than start_date.', { other: 'start_date' }),
    );
    return undefined;
  }
  // The UTC instants must fit the storage format too ('9999-12-31 23:00' in New York is in 10000 UTC).
  const outOfRange = (['start_date', 'end_date'] as const).filter((field) => {
    const at = field === 'start_date' ? startAt : endAt;
    return !isStorable(at);
  });
  for (const field of outOfRange) {
    const param = args[field] !== undefined ? field : 'timezone';
    errors.add(param, said('out_of_range', `${param} ${OUT_OF_RANGE}`));
  }
  if (outOfRange.length > 0) return undefined;
  return {
    startLocal: formatWall(startAt),
    endLocal: formatWall(endAt),
    startUtc: utcWall(startAt),
    endUtc: utcWall(endAt),
    timezone,
    abbr: timezoneAbbreviation(timezone, startAt),
    allDay,
  };
}

export function prepareEventWrite(
  ctx: OperationContext,
  args: EventWriteInput,
  current: PostRow | undefined,
  errors: ParamErrors,
): PreparedEventWrite {
  const prepared: PreparedEventWrite = { common: prepareCommon(ctx, args, errors) };
  prepared.schedule = prepareSchedule(ctx, args, current, errors);
  if (args.title !== undefined && args.title.trim() === '')
    errors.add('title', said('empty', 'title must not be empty.'));
  if (args.website !== undefined && args.website !== '' && !isHttpUrl(args.website.trim()))
    errors.add('website', said('not_a_url', 'website is not a valid URL.'));
  if (args.cost !== undefined) {
    const cost = parseCostInput(args.cost);
    if (!cost) errors.add('cost', said('not_a_cost', 'cost must be a string, a number or an array of them.'));
    else if (isNegativeCost(args.cost)) errors.add('cost', said('negative_cost', 'cost must not be negative.'));
    else prepared.cost = cost;
  }
  prepared.venues = parseLinks(ctx, 'venue', args.venue, errors);
  prepared.organizers = parseLinks(ctx, 'organizer', args.organizer, errors);
  prepared.categories = parseTermRefs(ctx, 'category', args.categories);
  prepared.tags = parseTermRefs(ctx, 'tag', args.tags);
  return prepared;
}

const bool = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** Stores the event (in the caller's transaction) and returns its id. */
export function applyEventWrite(
  ctx: OperationContext,
  args: EventWriteInput,
  prepared: PreparedEventWrite,
  current: PostRow | undefined,
  /** The series operations write all of a series' occurrences: they stay part of it. */
  options: { asSeries?: boolean } = {},
): number {
  const { posts, sites, terms } = ctx.store;
  const siteId = ctx.site.id;
  const before = termCountSnapshot(ctx, current?.id, current);
  const columns: PostColumns = applyCommon(ctx, args, prepared.common, current);
  if (args.title !== undefined) columns.title = filterHtml(ctx.actor, args.title.trim(), 'title');
  if (args.description !== undefined) columns.content = filterHtml(ctx.actor, args.description, 'content');
  if (args.excerpt !== undefined) columns.excerpt = filterHtml(ctx.actor, args.excerpt, 'content');
  if (prepared.schedule) {
    const s = prepared.schedule;
    Object.assign(columns, {
      start_local: s.startLocal,
      end_local: s.endLocal,
      start_utc: s.startUtc,
      end_utc: s.endUtc,
      timezone: s.timezone,
      timezone_abbr: s.abbr,
      all_day: s.allDay ? 1 : 0,
    });
  }
  if (prepared.cost) {
    columns.cost_raw = JSON.stringify(prepared.cost.raw);
    columns.cost_symbol = prepared.cost.symbol;
    columns.cost_position = prepared.cost.position;
  }
  if (args.website !== undefined) columns.website = args.website.trim();
  for (const field of EVENT_FLAG_NAMES) {
    const value = bool(args[field]);
    // On create, omitted flags are stored false: the reference's create responses show false.
    if (value !== undefined) columns[field] = value;
    else if (!current) columns[field] = 0;
  }

  // With translation_language, the translatable fields go to that language's variant
  // (and, on create, to the base text too).
  const language = variantLanguage(ctx, args.translation_language);
  const variant = language ? splitVariant(columns, TRANSLATABLE_POST_COLUMNS.event!, !current) : {};

  let id: number;
  if (current) {
    id = current.id;
    if (args.slug !== undefined && args.slug !== '') columns.slug = chooseSlug(ctx, 'event', args.slug, '', id);
    // An occurrence changed on its own becomes an exception the series' later edits leave alone.
    if (current.series_id !== null && !options.asSeries) columns.detached = 1;
    posts.update(siteId, id, columns);
    if (current.series_id !== null && current.status === 'trash' && columns.status !== 'trash')
      occurrenceRestored(ctx, current);
  } else {
    id = sites.nextPostId(siteId);
    columns.slug = chooseSlug(ctx, 'event', args.slug, columns.title ?? '', id);
    posts.insert(siteId, id, 'event', columns);
  }
  saveVariant(ctx, 'post', id, language, variant);
  const isNew = !current;
  if (prepared.venues)
    posts.setLinks(siteId, id, 'venue', resolveLinks(ctx, 'venue', prepared.venues, language), isNew);
  if (prepared.organizers)
    posts.setLinks(siteId, id, 'organizer', resolveLinks(ctx, 'organizer', prepared.organizers, language), isNew);
  const categories = prepared.categories && resolveTermRefs(ctx, 'category', prepared.categories);
  const tags = prepared.tags && resolveTermRefs(ctx, 'tag', prepared.tags);
  if (categories) terms.setPostTerms(siteId, id, 'category', categories, isNew);
  if (tags) terms.setPostTerms(siteId, id, 'tag', tags, isNew);
  // The counting state after the write is known without reading the event back: applyCommon
  // always sets the status; a new event's terms are the ones just linked (each list is free of
  // repeats, and categories and tags never share an id), an update's are read again only when
  // it changed them.
  const counted = columns.status === 'publish';
  const after = isNew
    ? { counted, terms: [...(categories ?? []), ...(tags ?? [])] }
    : { counted, terms: categories || tags ? terms.termIdsOf(siteId, id) : before.terms };
  syncTermCounts(ctx, before, after);
  return id;
}

/**
 * Whether the caller may make this write: create events (no `current`) or edit `current`, and set
 * another author when the write names one.
 */
export function authorizeEventWrite(
  ctx: OperationContext,
  current: PostRow | undefined,
  prepared: PreparedEventWrite,
): void {
  assertMayEdit(ctx, current);
  checkAuthorPermission(ctx, prepared.common);
}

/**
 * A whole create (no `current`) or update, for callers that are not REST routes (the importer,
 * series, CalDAV): the input checked against the contract's schema and the data's rules, the
 * caller's permission, then the write, in the caller's transaction. Returns the event's id;
 * throws an OperationError naming every bad field.
 */
export function writeEvent(ctx: OperationContext, input: EventWriteInput, current?: PostRow): number {
  const errors = current ? checkInput(EventUpdateFields, input) : checkInput(EventCreateArgs, input);
  const prepared = prepareEventWrite(ctx, input, current, errors);
  errors.throwIfAny();
  authorizeEventWrite(ctx, current, prepared);
  return applyEventWrite(ctx, input, prepared, current);
}
