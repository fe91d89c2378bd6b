// What changed on the website, read two ways. Each sync reads WordPress's modified-since feeds
// (events, venues, organizers: their trash included) from a cursor in the site's local time with an
// overlap, and the categories and tags it knows by id (terms carry no timestamp). A periodic full
// sweep reads what those cannot show (tec-website.md): events that already ended (core lists never
// show them), events hidden from listings that ended (no list shows them: each known one is read
// by itself), events deleted for good, venue and term edits that do not move their events.
// An entry whose modified_gmt is the one the sync last wrote or read is not read again: our own
// writes coming back are not the website's changes.
import { sameFields, type EventFields, type Fields } from './fields.ts';
import { coreEntryUnchanged, v1EventUnchanged } from './same-second.ts';
import { toLocal } from './translate.ts';
import {
  goneEvent,
  remoteEvent,
  remoteOrganizer,
  remoteTerm,
  remoteVenue,
  wall,
  type Json,
  type RemoteObject,
} from './remote-read.ts';
import { laterWall, modifiedAfter } from './site-clock.ts';
import { websiteDefaultSymbol } from './cost.ts';
import {
  coreAllLinked,
  coreByIds,
  coreFeed,
  coreSingle,
  terms,
  v1AllEvents,
  v1Event,
  type LinkedType,
} from './website-api.ts';
import type { RunContext } from './run-context.ts';
import type { ItemKind } from '../db/repositories/website-items.ts';
import { forEachLimited } from './limiter.ts';
import { Pacer } from './pace.ts';
import { decodeEntities } from '../domain/html.ts';
import { isValidTimezone, utcWall, wallToDateTime } from '../domain/dates.ts';

export interface RemoteSnapshot {
  /** Objects read this sync, by the website's id, fields in the website's ids. */
  events: Map<number, RemoteObject<EventFields>>;
  venue: Map<number, RemoteObject>;
  organizer: Map<number, RemoteObject>;
  category: Map<number, RemoteObject>;
  tag: Map<number, RemoteObject>;
  /** A sweep: every website object of these kinds was seen (what was not is gone). */
  complete: boolean;
  /** The feeds' new cursors (newest modified_gmt seen). */
  cursors: { events: string | null; venues: string | null; organizers: string | null };
}

const PARALLEL = 2;

/**
 * Whether the sync already knows this state of the object (its own write coming back, or an
 * earlier read): the same modified_gmt, and — `modified` being to the second — the same fields as
 * far as this answer shows them (same-second.ts).
 */
function known(
  run: RunContext,
  kind: ItemKind,
  id: number,
  modified: string,
  unchanged?: (fields: Fields) => boolean,
): boolean {
  const item = run.pairs.ofRemote(kind, id);
  if (!item) return false;
  if (item.local_id === null) return true; // left out on purpose: never read
  if (item.remote_modified !== modified || item.remote_fields === null || item.remote_state !== 'live') return false;
  return unchanged ? unchanged(JSON.parse(item.remote_fields) as Fields) : true;
}

/** A venue or organizer read whole from core: known when its modified_gmt and every field are. */
const knownLinked = (run: RunContext, type: LinkedType, object: RemoteObject) =>
  object.fields !== undefined &&
  known(run, type, object.id, object.modified, (fields) => sameFields(type, fields, object.fields as Fields));

const leftOut = (run: RunContext, kind: ItemKind, id: number) => run.pairs.ofRemote(kind, id)?.local_id === null;

/**
 * The website's default currency symbol, from v1 events whose cost has no symbol of its own (the only
 * place TEC shows its setting: cost.ts). Kept on the connection at the end of the sync (sync-run.ts).
 */
function learnWebsiteSymbol(run: RunContext, events: Json[]): void {
  for (const event of events) {
    const symbol = websiteDefaultSymbol(event);
    if (symbol === undefined) continue;
    run.websiteSymbol = symbol;
    return;
  }
}

/** Reads the v1 structure of these events (one request each, two at a time) and joins their core entries. */
async function readEvents(
  run: RunContext,
  ids: number[],
  core: Map<number, Json>,
  into: Map<number, RemoteObject<EventFields>>,
): Promise<void> {
  await forEachLimited(ids, PARALLEL, async (id) => {
    const read = await v1Event(run.client, id);
    if ('event' in read) {
      learnWebsiteSymbol(run, [read.event]);
      const entry = core.get(id) ?? (await coreSingle(run.client, 'tribe_events', id));
      if (entry === 'forbidden') notEditable(run, read.event);
      else if (!entry) into.set(id, goneEvent(id, '', true));
      else into.set(id, remoteEvent(read.event, entry, run.websiteSymbol));
    } else into.set(id, goneEvent(id, wall(core.get(id)?.modified_gmt), 'deleted' in read));
  });
}

async function readLinkedFeed(
  run: RunContext,
  type: LinkedType,
  cursor: string | null,
  into: Map<number, RemoteObject>,
): Promise<string | null> {
  let newest = cursor;
  const readAt = { utc: null as string | null };
  for (const entry of await coreFeed(
    run.client,
    type === 'venue' ? 'tribe_venue' : 'tribe_organizer',
    modifiedAfter(cursor, run.zone, run.now()),
    readAt,
  )) {
    const object = type === 'venue' ? remoteVenue(entry) : remoteOrganizer(entry);
    newest = laterWall(newest, object.modified);
    if (!knownLinked(run, type, object) && !leftOut(run, type, object.id)) into.set(object.id, object);
  }
  // The website's clock when it answered: what is modified later shows next time (an empty feed
  // still moves the cursor on, so the next read does not start over from the beginning).
  return laterWall(newest, readAt.utc);
}

/** The categories and tags the sync knows, by id (and which of them are gone). */
async function readKnownTerms(
  run: RunContext,
  kind: 'category' | 'tag',
  into: Map<number, RemoteObject>,
): Promise<void> {
  const ids = run.pairs
    .all(kind)
    .map((item) => item.remote_id)
    .filter((id): id is number => id !== null);
  if (ids.length === 0) return;
  const found = new Set<number>();
  for (const term of await terms(run.client, kind, ids)) {
    const object = remoteTerm(term);
    found.add(object.id);
    into.set(object.id, object);
  }
  for (const id of ids) if (!found.has(id)) into.set(id, { id, modified: '', trashed: true, deleted: true });
}

function emptySnapshot(run: RunContext, complete: boolean): RemoteSnapshot {
  return {
    events: new Map(),
    venue: new Map(),
    organizer: new Map(),
    category: new Map(),
    tag: new Map(),
    complete,
    cursors: {
      events: run.conn.events_cursor,
      venues: run.conn.venues_cursor,
      organizers: run.conn.organizers_cursor,
    },
  };
}

/** The feeds since the cursors: what changed on the website since the last sync. */
export async function readChanges(run: RunContext): Promise<RemoteSnapshot> {
  const snapshot = emptySnapshot(run, false);
  const readAt = { utc: null as string | null };
  const entries = await coreFeed(
    run.client,
    'tribe_events',
    modifiedAfter(run.conn.events_cursor, run.zone, run.now()),
    readAt,
  );
  snapshot.cursors.events = laterWall(snapshot.cursors.events, readAt.utc);
  const core = new Map<number, Json>();
  const toRead: number[] = [];
  for (const entry of entries) {
    const id = Number(entry.id);
    const modified = wall(entry.modified_gmt);
    snapshot.cursors.events = laterWall(snapshot.cursors.events, modified);
    if (leftOut(run, 'event', id)) continue;
    if (known(run, 'event', id, modified, (f) => coreEntryUnchanged(entry, f, run.pairs, run.websiteSymbol))) continue;
    core.set(id, entry);
    if (entry.status === 'trash') snapshot.events.set(id, goneEvent(id, modified, false));
    else toRead.push(id);
  }
  snapshot.cursors.venues = await readLinkedFeed(run, 'venue', run.conn.venues_cursor, snapshot.venue);
  snapshot.cursors.organizers = await readLinkedFeed(run, 'organizer', run.conn.organizers_cursor, snapshot.organizer);
  await readKnownTerms(run, 'category', snapshot.category);
  await readKnownTerms(run, 'tag', snapshot.tag);
  await readEvents(run, toRead, core, snapshot.events);
  return snapshot;
}

/**
 * Events here that the feed cannot vouch for: paired events that already ended (core lists leave
 * them out) about to be sent. Each is read by itself, so a change made on the website is merged
 * rather than overwritten. Adds what changed to the snapshot.
 */
export async function readEndedBeforeSending(
  run: RunContext,
  snapshot: RemoteSnapshot,
  localIds: number[],
): Promise<void> {
  const now = run.now().toUTC().toFormat('yyyy-MM-dd HH:mm:ss');
  const ids: number[] = [];
  for (const localId of localIds) {
    const item = run.pairs.ofLocal('event', localId);
    if (!item?.remote_id || snapshot.events.has(item.remote_id) || item.remote_state !== 'live') continue;
    const remote = item.remote_fields ? (JSON.parse(item.remote_fields) as Fields) : null;
    if (remote && typeof remote.end === 'string' && endedUtc(remote, run) < now) ids.push(item.remote_id);
  }
  const read = new Map<number, RemoteObject<EventFields>>();
  await readEvents(run, ids, new Map(), read);
  for (const [id, object] of read)
    if (
      !known(
        run,
        'event',
        id,
        object.modified,
        (f) => !!object.fields && sameFields('event', f, toLocal('event', object.fields, run.pairs, {})),
      )
    )
      snapshot.events.set(id, object);
}

/** An event's end as a UTC wall (in its zone), to tell whether core lists still show it. */
function endedUtc(fields: Fields, run: RunContext): string {
  const zone =
    typeof fields.timezone === 'string' && isValidTimezone(fields.timezone) ? fields.timezone : run.site.timezone;
  try {
    return utcWall(wallToDateTime(String(fields.end), zone));
  } catch {
    return String(fields.end);
  }
}

/** The full sweep: every event, venue, organizer and category on the website, and every tag we know. */
export async function readEverything(run: RunContext): Promise<RemoteSnapshot> {
  const snapshot = emptySnapshot(run, true);
  // Core's feed first, with context=edit: a website that no longer signs us in answers it 401, so
  // nothing is read as an anonymous visitor (who would see no drafts, and take them for deleted).
  const readAt = { utc: null as string | null };
  const coreEntries = await coreFeed(run.client, 'tribe_events', undefined, readAt);
  const listed = await v1AllEvents(run.client);
  snapshot.cursors.events = laterWall(snapshot.cursors.events, readAt.utc);
  const core = new Map<number, Json>(coreEntries.map((entry) => [Number(entry.id), entry]));
  for (const entry of coreEntries)
    snapshot.cursors.events = laterWall(snapshot.cursors.events, wall(entry.modified_gmt));
  // Before any cost is compared: the website's default symbol, from the events that show it.
  learnWebsiteSymbol(run, listed);
  const seen = new Set<number>();
  const needCore: Json[] = [];
  // Reading 1,000 events into the sync's fields held the loop 40 ms at load 5: in slices.
  const pacer = new Pacer();
  for (const event of listed) {
    await pacer.pace();
    const id = Number(event.id);
    seen.add(id);
    const modified = wall(event.modified_utc);
    const entry = core.get(id);
    const unchanged = (f: Fields) =>
      v1EventUnchanged(event, f, run.pairs) && (!entry || coreEntryUnchanged(entry, f, run.pairs, run.websiteSymbol));
    if (leftOut(run, 'event', id) || known(run, 'event', id, modified, unchanged)) continue;
    if (entry) snapshot.events.set(id, remoteEvent(event, entry, run.websiteSymbol));
    else needCore.push(event);
  }
  // Ended events have no core list entry: their raw text comes from core's single read.
  const fetched = await coreByIdsOrSingles(run, needCore);
  for (const event of needCore) {
    await pacer.pace();
    const entry = fetched.get(Number(event.id));
    if (entry) snapshot.events.set(Number(event.id), remoteEvent(event, entry, run.websiteSymbol));
  }
  // In core's list but not v1's: hidden from listings, or in the trash.
  const unlisted: number[] = [];
  for (const entry of coreEntries) {
    await pacer.pace();
    const id = Number(entry.id);
    if (seen.has(id)) continue;
    seen.add(id);
    const modified = wall(entry.modified_gmt);
    if (leftOut(run, 'event', id)) continue;
    if (known(run, 'event', id, modified, (f) => coreEntryUnchanged(entry, f, run.pairs, run.websiteSymbol))) continue;
    if (entry.status === 'trash') snapshot.events.set(id, goneEvent(id, modified, false));
    else unlisted.push(id);
  }
  // Known events in neither list: hidden and ended, or outside every window, or deleted for good.
  for (const item of run.pairs.all('event'))
    if (item.remote_id !== null && item.local_id !== null && !seen.has(item.remote_id)) unlisted.push(item.remote_id);
  await readEvents(run, unlisted, core, snapshot.events);
  for (const type of ['venue', 'organizer'] as const) {
    const linkedReadAt = { utc: null as string | null };
    const all = await coreAllLinked(run.client, type, linkedReadAt);
    const found = new Set<number>();
    const key = type === 'venue' ? 'venues' : 'organizers';
    for (const entry of all) {
      const object = type === 'venue' ? remoteVenue(entry) : remoteOrganizer(entry);
      found.add(object.id);
      snapshot.cursors[key] = laterWall(snapshot.cursors[key], object.modified);
      if (!knownLinked(run, type, object)) snapshot[type].set(object.id, object);
    }
    snapshot.cursors[key] = laterWall(snapshot.cursors[key], linkedReadAt.utc);
    for (const item of run.pairs.all(type))
      if (item.remote_id !== null && !found.has(item.remote_id))
        snapshot[type].set(item.remote_id, { id: item.remote_id, modified: '', trashed: true, deleted: true });
  }
  for (const term of await terms(run.client, 'category')) {
    const object = remoteTerm(term);
    snapshot.category.set(object.id, object);
  }
  for (const item of run.pairs.all('category'))
    if (item.remote_id !== null && !snapshot.category.has(item.remote_id))
      snapshot.category.set(item.remote_id, { id: item.remote_id, modified: '', trashed: true, deleted: true });
  await readKnownTerms(run, 'tag', snapshot.tag);
  return snapshot;
}

/**
 * An event this account may not edit (another user's, for an author or contributor): its raw text
 * cannot be read, and no change could be sent. Left as it is on both sides (not brought here, and
 * Almanac's copy, if any, keeps what it has), said once in the sync's problems (problems.ts).
 */
function notEditable(run: RunContext, v1: Json): void {
  run.notEditable.set(Number(v1.id), decodeEntities(String(v1.title ?? '')));
}

/** Core entries of ended events: core's list leaves them out even by id, so one read each. */
async function coreByIdsOrSingles(run: RunContext, events: Json[]): Promise<Map<number, Json>> {
  const found = new Map<number, Json>();
  const ids = events.map((event) => Number(event.id));
  const listed = new Map(events.map((event) => [Number(event.id), event]));
  if (ids.length === 0) return found;
  for (const entry of await coreByIds(run.client, 'tribe_events', ids)) found.set(Number(entry.id), entry);
  const rest = ids.filter((id) => !found.has(id));
  await forEachLimited(rest, PARALLEL, async (id) => {
    const entry = await coreSingle(run.client, 'tribe_events', id);
    if (entry === 'forbidden') notEditable(run, listed.get(id)!);
    else if (entry) found.set(id, entry);
  });
  return found;
}

/** Linked objects named by the website's events that the sync has never seen: read them now. */
export async function readMissingLinked(
  run: RunContext,
  snapshot: RemoteSnapshot,
  missing: Partial<Record<ItemKind, number[]>>,
): Promise<void> {
  for (const type of ['venue', 'organizer'] as const) {
    const ids = (missing[type] ?? []).filter((id) => !snapshot[type].has(id));
    if (ids.length === 0) continue;
    for (const entry of await coreByIds(run.client, type === 'venue' ? 'tribe_venue' : 'tribe_organizer', ids)) {
      const object = type === 'venue' ? remoteVenue(entry) : remoteOrganizer(entry);
      snapshot[type].set(object.id, object);
    }
  }
  for (const kind of ['category', 'tag'] as const) {
    let ids = (missing[kind] ?? []).filter((id) => !snapshot[kind].has(id));
    // A category's parents come with it (nested categories are made parent first).
    while (ids.length > 0) {
      const parents: number[] = [];
      for (const term of await terms(run.client, kind, ids)) {
        const object = remoteTerm(term);
        snapshot[kind].set(object.id, object);
        const parent = (object.fields as { parent: number }).parent;
        if (parent > 0 && !snapshot[kind].has(parent) && run.pairs.localId(kind, parent) === undefined)
          parents.push(parent);
      }
      ids = [...new Set(parents)];
    }
  }
}
