// One calendar as one caller sees it: the site, the caller's role there (an OperationContext, as
// every operation takes), the names of its objects, and the objects themselves — each single event
// one object, each series one object with its occurrences folded in — read through the export's
// query (event-export.ts) and rendered by calendar-object.ts. Whole-calendar reads run on a read
// connection of their own, in one snapshot, a slice at a time with the event loop free in between
// (as the export does), so a phone's first sync of 10,000 events never stalls the window.
import type { Db } from '../db/open.ts';
import type { Store } from '../db/store.ts';
import type { Site } from '../db/repositories/sites.ts';
import type { Actor } from '../domain/roles.ts';
import { can } from '../domain/roles.ts';
import { exportRows, type ExportRow } from '../db/repositories/event-export.ts';
import {
  calDavRepository,
  refKey,
  type CalDavVisibility,
  type ObjectRef,
  type TimeRange,
} from '../db/repositories/caldav.ts';
import type { SeriesRow } from '../db/repositories/series.ts';
import { changesRepository } from '../db/repositories/changes.ts';
import type { OperationContext } from '../operations/context.ts';
import { calendarKey } from '../app-api/exchange/export-reply.ts';
import { shapeOf } from '../operations/series/series-state.ts';
import { slotsOf } from '../operations/series/slots.ts';
import {
  etagOf,
  modifiedOf,
  renderExpanded,
  renderObject,
  type ExpandedInstance,
  type ObjectContext,
  type RenderOptions,
  type ResourceData,
} from './calendar-object.ts';
import { calendarHref, objectHref } from './paths.ts';
import { borrowConnection, releaseConnection } from './read-connections.ts';
import { objectCache, type ObjectCache } from './object-cache.ts';
import { MAX_EXPANDED_BYTES } from './limits.ts';

export type { ObjectRef };

export interface CalendarScope {
  ctx: OperationContext & { actor: Actor };
  site: Site;
  /** The login in the calendar's URL (the caller's own). */
  login: string;
  href: string;
  objects: ObjectContext;
  visibility: CalDavVisibility;
}

/** An object of a listing: what properties and answers need. */
export interface DavObject {
  ref: ObjectRef;
  /** The event, or the occurrence that stands for the series: its author and status decide privileges. */
  postId: number;
  name: string;
  href: string;
  /** The object as asked for (CALDAV:expand changes it). */
  text: string;
  /** Always the plain rendering's. */
  etag: string;
  /** Last modification, a UTC wall. */
  modified: string;
  /**
   * Its expanded form would pass MAX_EXPANDED_BYTES: `text` is empty, and its calendar-data is
   * answered 507 (a shorter range is what to ask for).
   */
  tooLarge?: boolean;
}

/** An object with what it was rendered from (what a write compares the app's version with). */
export interface ReadDavObject extends DavObject {
  resource: ResourceData;
}

/** Which objects a read wants: every one, the ones named, or those with an occurrence in a time range. */
export interface ObjectFilter {
  refs?: ObjectRef[];
  range?: TimeRange;
}

/** The name of an object no calendar app named: what a client never picks for its own objects. */
export const defaultName = (ref: ObjectRef) =>
  ref.kind === 'series' ? `almanac-series-${ref.id}.ics` : `almanac-${ref.id}.ics`;
const DEFAULT_NAME = /^almanac-(series-)?(\d+)\.ics$/;

/** The object a default name stands for (whether or not it exists). */
export function defaultNameRef(name: string): ObjectRef | undefined {
  const match = DEFAULT_NAME.exec(name);
  const id = match ? Number(match[2]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? { kind: match![1] ? 'series' : 'event', id } : undefined;
}

export function calendarScope(
  store: Store,
  site: Site,
  actor: Actor,
  login: string,
  pageOrigin: string,
): CalendarScope {
  const path = site.code === 'default' ? '' : `/${site.code}`;
  return {
    ctx: { store, site, actor },
    site,
    login,
    href: calendarHref(login, site.code),
    objects: { calendarKey: calendarKey({ store, site, actor }), baseUrl: `${pageOrigin}${path}` },
    visibility: {
      siteId: site.id,
      publishedOnly: !can.createPosts(actor),
      ownerOnly: can.editOthers(actor) ? null : actor.userId,
    },
  };
}

/** Whether the caller may change or delete this event (the object's own privileges). */
export function mayEdit(scope: CalendarScope, author: number, status: string): boolean {
  return can.editPost(scope.ctx.actor, { author, status });
}

/** The object a name stands for in this calendar (it may be gone or not visible: read it to know). */
export function refOfName(calDav: ReturnType<typeof calDavRepository>, siteId: number, name: string) {
  const named = calDav.refOfName(siteId, name);
  if (named !== undefined) return named;
  const ref = defaultNameRef(name);
  // An object a client named is served under that name only.
  return ref !== undefined && calDav.nameOf(siteId, ref) === undefined ? ref : undefined;
}

/** How objects are read: RenderOptions, and the ETags already known (an expanded object's is its plain one's). */
interface ReadOptions extends RenderOptions {
  knownEtag?: (ref: ObjectRef) => string | undefined;
}

/** An object of the calendar, rendered (plain, or as CALDAV:expand asks). */
export function toObject(
  scope: CalendarScope,
  ref: ObjectRef,
  postId: number,
  resource: ResourceData,
  name: string,
  options: ReadOptions = {},
  instances?: ExpandedInstance[],
): ReadDavObject {
  // The ETag is always the plain rendering's, whatever form calendar-data is asked in: an
  // expanded object is rendered twice unless its plain form's ETag is known (the cache).
  const known = options.expand ? options.knownEtag?.(ref) : undefined;
  const plain = known === undefined ? renderObject(resource, scope.objects) : '';
  // Each instance repeats its event's text: a long series of a large event is not expanded whole.
  const tooLarge = options.expand !== undefined && expandedSize(instances) > MAX_EXPANDED_BYTES;
  const text = !options.expand ? plain : tooLarge ? '' : renderExpanded(resource, scope.objects, instances);
  const object: ReadDavObject = {
    ref,
    postId,
    name,
    href: objectHref(scope.login, scope.site.code, name),
    resource,
    text,
    etag: known ?? etagOf(plain),
    modified: modifiedOf(resource),
  };
  if (tooLarge) object.tooLarge = true;
  return object;
}

/** What an expanded form would hold, at least: the text of each instance's event. */
function expandedSize(instances: ExpandedInstance[] | undefined): number {
  let size = 0;
  for (const { row } of instances ?? [])
    for (const value of Object.values(row)) if (typeof value === 'string') size += value.length;
  return size;
}

/** Objects rendered between two turns of the event loop. */
const RENDER_SLICE = 100;
/** Series read and rendered together. */
const SERIES_CHUNK = 100;

const nextDay = (date: string, days = 1) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Whether a slot (or any time span, UTC walls) overlaps `range` (RFC 4791 §9.9). */
const overlaps = (span: { startUtc: string; endUtc: string }, range: TimeRange) =>
  (range.end === undefined || span.startUtc < range.end) &&
  (range.start === undefined || span.endUtc > range.start || span.startUtc >= range.start);

/**
 * The slots a never-ending series has beyond its horizon (no occurrence exists there yet) that
 * overlap `range`, as instances of its master.
 */
function slotsBeyondHorizon(series: SeriesRow, master: ExportRow, range: TimeRange): ExpandedInstance[] {
  if (series.never_ends !== 1 || range.end === undefined) return [];
  const from = [nextDay(series.horizon), range.start ? nextDay(range.start.slice(0, 10), -1) : ''].sort()[1]!;
  const through = nextDay(range.end.slice(0, 10));
  if (from > through) return [];
  const { slots } = slotsOf(shapeOf(series), from, through, 1000);
  return slots
    .filter((slot) => overlaps(slot, range))
    .map((slot) => ({
      date: slot.date,
      row: Object.assign({}, master, {
        start_local: slot.startLocal,
        end_local: slot.endLocal,
        timezone: series.timezone,
        all_day: series.all_day,
      }),
    }));
}

/**
 * The visible objects `filter` asks for, rendered, a slice at a time (single events first, then
 * series). Runs every statement on `db` (a snapshot's connection, or the store's inside its
 * transaction); between two slices the caller may let the event loop run. Without `filter.refs`,
 * `nameOf` must not query `db` (it is called while a statement is open): pass the names read once.
 * With a `cache` (object-cache.ts, at this snapshot's position), objects rendered before are
 * served from it and the others rendered and kept.
 */
export function* readObjects(
  db: Db,
  calDav: ReturnType<typeof calDavRepository>,
  scope: CalendarScope,
  filter: ObjectFilter,
  nameOf: (ref: ObjectRef) => string,
  options: ReadOptions = {},
  cache?: ObjectCache,
): Generator<DavObject[]> {
  const siteId = scope.site.id;
  // Expanded objects are another form of the data: rendered for the request, never kept (the
  // cache gives their ETags).
  const kept = options.expand ? undefined : cache;
  if (options.expand && cache)
    options = { ...options, knownEtag: (ref: ObjectRef) => cache.get(ref)?.etag } as ReadOptions;
  const wanted = (kind: ObjectRef['kind']) => filter.refs?.filter((ref) => ref.kind === kind).map((ref) => ref.id);
  const eventIds = wanted('event');
  if (eventIds === undefined || eventIds.length > 0) {
    const selection = calDav.selection(scope.visibility, { ids: eventIds, range: filter.range });
    if (kept) {
      const { hits, misses } = lookUp(scope, kept, 'event', calDav.selectedIds(selection), nameOf);
      yield* slices(hits);
      for (let at = 0; at < misses.length; at += 500) {
        const rows = [
          ...exportRows(db, siteId, calDav.selection(scope.visibility, { ids: misses.slice(at, at + 500) }), 'storage'),
        ];
        for (const batch of rows)
          yield* slices(batch.map((row) => keep(kept, eventObject(scope, row, nameOf, options))));
      }
    } else {
      // While the rows' statement is open its connection runs nothing else: objects asked for by
      // name (a few hundred at most) are read whole first, so nameOf may look each name up.
      const rows = exportRows(db, siteId, selection, 'storage');
      for (const batch of eventIds ? [...rows] : rows)
        yield* slices(batch.map((row) => eventObject(scope, row, nameOf, options)));
    }
  }
  const seriesIds = wanted('series');
  if (seriesIds !== undefined && seriesIds.length === 0) return;
  const visible = calDav.visibleSeries(scope.visibility, { ids: seriesIds, range: filter.range });
  const { hits, misses } = kept ? lookUp(scope, kept, 'series', visible, nameOf) : { hits: [], misses: visible };
  yield* slices(hits);
  for (let at = 0; at < misses.length; at += SERIES_CHUNK) {
    const objects = seriesObjects(db, calDav, scope, misses.slice(at, at + SERIES_CHUNK), nameOf, options);
    yield* slices(kept ? objects.map((object) => keep(kept, object)) : objects);
  }
  // A never-ending series whose occurrences stop before the range may still have dates in it.
  if (filter.range?.end !== undefined) {
    const listed = new Set(visible);
    const beyond = calDav
      .beyondHorizon(siteId, filter.range.end.slice(0, 10))
      .filter((series) => !listed.has(series.id) && (seriesIds === undefined || seriesIds.includes(series.id)));
    const found = seriesObjects(
      db,
      calDav,
      scope,
      beyond.map((series) => series.id),
      nameOf,
      options,
    ).filter(
      (object) =>
        object.resource.kind === 'series' &&
        slotsBeyondHorizon(object.resource.data.series, object.resource.data.master, filter.range!).length > 0,
    );
    if (found.length > 0) yield found;
  }
}

function* slices<T>(objects: T[]): Generator<T[]> {
  for (let at = 0; at < objects.length; at += RENDER_SLICE) yield objects.slice(at, at + RENDER_SLICE);
}

function eventObject(
  scope: CalendarScope,
  row: ExportRow,
  nameOf: (ref: ObjectRef) => string,
  options: ReadOptions,
): ReadDavObject {
  const ref: ObjectRef = { kind: 'event', id: row.id };
  return toObject(scope, ref, row.id, { kind: 'event', row }, nameOf(ref), options);
}

/** Keeps a rendered object in the cache, and hands it on. */
function keep(cache: ObjectCache, object: DavObject): DavObject {
  cache.put(object.ref, { text: object.text, etag: object.etag, modified: object.modified, postId: object.postId });
  return object;
}

/** The objects of `ids` the cache holds (with their text), and the ids it does not. */
function lookUp(
  scope: CalendarScope,
  cache: ObjectCache,
  kind: ObjectRef['kind'],
  ids: number[],
  nameOf: (ref: ObjectRef) => string,
): { hits: DavObject[]; misses: number[] } {
  const hits: DavObject[] = [];
  const misses: number[] = [];
  for (const id of ids) {
    const ref: ObjectRef = { kind, id };
    const cached = cache.get(ref);
    if (cached?.text === undefined) {
      misses.push(id);
      continue;
    }
    const name = nameOf(ref);
    hits.push({
      ref,
      postId: cached.postId,
      name,
      href: objectHref(scope.login, scope.site.code, name),
      text: cached.text,
      etag: cached.etag,
      modified: cached.modified,
    });
  }
  return { hits, misses };
}

/** Series as objects: their rows, what each caller sees of their occurrences, rendered. */
function seriesObjects(
  db: Db,
  calDav: ReturnType<typeof calDavRepository>,
  scope: CalendarScope,
  seriesIds: number[],
  nameOf: (ref: ObjectRef) => string,
  options: ReadOptions,
): ReadDavObject[] {
  const siteId = scope.site.id;
  const seriesRows = calDav.seriesRows(siteId, seriesIds).filter((series) => series.status === 'active');
  const members = calDav.seriesMembers(
    scope.visibility,
    seriesRows.map((series) => series.id),
  );
  const postIds = new Set<number>();
  for (const entry of members.values()) {
    postIds.add(entry.masterId);
    for (const exception of entry.exceptions) postIds.add(exception.id);
  }
  const rows = new Map<number, ExportRow>();
  for (const batch of exportRows(db, siteId, calDav.occurrenceSelection(siteId, [...postIds]), 'storage'))
    for (const row of batch) rows.set(row.id, row);
  // CALDAV:expand: the occurrences in its range, each with its slot date.
  const instances = new Map<number, ExpandedInstance[]>();
  if (options.expand) {
    const found: ExportRow[] = [];
    for (const batch of exportRows(
      db,
      siteId,
      calDav.occurrencesInRange(scope.visibility, [...members.keys()], options.expand),
      'storage',
    ))
      found.push(...batch);
    const slots = calDav.slotDates(
      siteId,
      found.map((row) => row.id),
    );
    for (const row of found) {
      const slot = slots.get(row.id);
      if (!slot) continue;
      const list = instances.get(slot.series) ?? [];
      list.push({ date: slot.date, row });
      instances.set(slot.series, list);
    }
  }
  const objects: ReadDavObject[] = [];
  for (const series of seriesRows) {
    const entry = members.get(series.id);
    const master = entry && rows.get(entry.masterId);
    if (!entry || !master) continue;
    const data = {
      series,
      master,
      exceptions: entry.exceptions.flatMap(({ id, date }) => {
        const row = rows.get(id);
        return row ? [{ date, row }] : [];
      }),
      hidden: entry.hidden,
    };
    const ref: ObjectRef = { kind: 'series', id: series.id };
    const expanded = options.expand
      ? [...(instances.get(series.id) ?? []), ...slotsBeyondHorizon(series, master, options.expand)]
      : undefined;
    objects.push(toObject(scope, ref, master.id, { kind: 'series', data }, nameOf(ref), options, expanded));
  }
  return objects;
}

/** One visible object, read on `store`'s own connection (inside the caller's transaction). */
export function readOneObject(scope: CalendarScope, store: Store, ref: ObjectRef): ReadDavObject | undefined {
  const nameOf = (r: ObjectRef) => store.calDav.nameOf(scope.site.id, r) ?? defaultName(r);
  // Without a cache every object comes with what it was rendered from.
  for (const batch of readObjects(store.db, store.calDav, scope, { refs: [ref] }, nameOf))
    if (batch[0]) return batch[0] as ReadDavObject;
  return undefined;
}

/** The object a name stands for, when the caller may see it. */
export function findObject(scope: CalendarScope, store: Store, name: string): ReadDavObject | undefined {
  const ref = refOfName(store.calDav, scope.site.id, name);
  return ref === undefined ? undefined : readOneObject(scope, store, ref);
}

/**
 * The object a name stands for, as a GET or a PROPFIND Depth 0 serves it (call inside
 * `store.snapshot`): from the rendered objects of this calendar's view (object-cache.ts) when they
 * hold it, else rendered and kept there. A large object (a 60 KB description renders in
 * milliseconds) is then rendered once per change, not once per request. Writes use findObject:
 * they compare with what the object was rendered from.
 */
export function findServedObject(scope: CalendarScope, store: Store, name: string): DavObject | undefined {
  const siteId = scope.site.id;
  const ref = refOfName(store.calDav, siteId, name);
  if (ref === undefined) return undefined;
  const cache = objectCache(cacheKey(store.db.name, scope), siteId, store.changes.latest(), {
    calDav: store.calDav,
    changes: store.changes,
  });
  const nameOf = (r: ObjectRef) => store.calDav.nameOf(siteId, r) ?? defaultName(r);
  if (cache) {
    const [hit] = lookUp(scope, cache, ref.kind, [ref.id], nameOf).hits;
    if (hit) return hit;
  }
  const object = readOneObject(scope, store, ref);
  return object && cache ? keep(cache, object) : object;
}

export interface SnapshotReader {
  db: Db;
  calDav: ReturnType<typeof calDavRepository>;
  changes: ReturnType<typeof changesRepository>;
  nameOf(ref: ObjectRef): string;
  /** The object a name stands for (as refOfName, inside the snapshot). */
  refOf(name: string): ObjectRef | undefined;
  /** The visible objects matching `filter`, a slice at a time, the event loop free in between. */
  objects(filter: ObjectFilter, options?: RenderOptions): AsyncGenerator<DavObject[]>;
}

/**
 * Runs `read` on a read connection of its own, inside one read transaction (one snapshot, however
 * long the client takes to receive the answer).
 */
export async function* inSnapshot<T>(
  store: Store,
  scope: CalendarScope,
  read: (reader: SnapshotReader) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const file = store.db.name;
  const db = borrowConnection(file);
  try {
    db.exec('BEGIN');
    const { calDav, changes } = repositoriesOf(db);
    const siteId = scope.site.id;
    // Every name of the calendar, read once when a read lists more than a few objects.
    let names: Map<string, string> | undefined;
    // The rendered objects of this calendar, brought to this snapshot (null: this snapshot is older).
    let cache: ObjectCache | null | undefined;
    const nameOf = (ref: ObjectRef) =>
      (names ? names.get(refKey(ref)) : calDav.nameOf(siteId, ref)) ?? defaultName(ref);
    const reader: SnapshotReader = {
      db,
      calDav,
      changes,
      nameOf,
      refOf: (name) => refOfName(calDav, siteId, name),
      async *objects(filter, options) {
        if (!filter.refs) names ??= calDav.names(siteId);
        cache ??= objectCache(cacheKey(file, scope), siteId, changes.latest(), { calDav, changes }) ?? null;
        for (const batch of readObjects(db, calDav, scope, filter, nameOf, options, cache ?? undefined)) {
          yield batch;
          // A few milliseconds of rendering at a time: the event loop stays free for the window.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      },
    };
    yield* read(reader);
    db.exec('COMMIT');
  } finally {
    releaseConnection(file, db);
  }
}

/** Which cache a scope's objects go to: the calendar as this kind of caller sees it. */
function cacheKey(file: string, scope: CalendarScope): string {
  const { siteId, ownerOnly, publishedOnly } = scope.visibility;
  return `${file}|${siteId}|${scope.objects.calendarKey}|${scope.objects.baseUrl}|${ownerOnly ?? '*'}|${publishedOnly ? 'p' : ''}`;
}

/** Each pooled connection's repositories, prepared once. */
const repositories = new WeakMap<
  Db,
  { calDav: ReturnType<typeof calDavRepository>; changes: ReturnType<typeof changesRepository> }
>();
function repositoriesOf(db: Db) {
  let found = repositories.get(db);
  if (!found) {
    found = { calDav: calDavRepository(db), changes: changesRepository(db) };
    repositories.set(db, found);
  }
  return found;
}
