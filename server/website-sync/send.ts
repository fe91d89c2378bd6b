// Writing to the website: an event (whole, checked first), and on demand the venues, organizers,
// categories, tags and images it names, each created there once and paired. A create whose answer
// was lost is looked for on the website before it is sent again (creates are not idempotent there).
import {
  sameObject,
  type EventFields,
  type Fields,
  type OrganizerFields,
  type TermFields,
  type VenueFields,
} from './fields.ts';
import { clearings, eventBody, organizerBody, publicationDate, termBody, venueBody } from './remote-write.ts';
import { hasMissing, remoteRefs, type Missing } from './translate.ts';
import { coreFeed, createEvent, patchCore, saveLinked, saveTerm, updateEvent, type LinkedType } from './website-api.ts';
import { rawOf, remoteOrganizer, remoteVenue, wall, type Json } from './remote-read.ts';
import { once, write, type RunContext } from './run-context.ts';
import { clearProblems, recordFailure, SendRefused } from './problems.ts';
import { readLocalLinked, readLocalTerm } from './local-read.ts';
import { modifiedAfter, utcWallNow } from './site-clock.ts';
import { ensureRemoteImage } from './media.ts';
import { endedAlready } from './lost-creates.ts';
import { WebsiteError } from './tec-client.ts';
import { isValidTimezone, wallToDateTime } from '../domain/dates.ts';
import type { ItemRow } from '../db/repositories/website-items.ts';

export interface Sent {
  remoteId: number;
  /** The website's modified_gmt after the write. */
  modified: string;
}

/** An end before its start never leaves Almanac (TEC would silently move the end and drop the event from every list). */
export function checkSendable(fields: EventFields): void {
  const zone = isValidTimezone(fields.timezone) ? fields.timezone : 'UTC';
  try {
    if (wallToDateTime(fields.end, zone) < wallToDateTime(fields.start, zone))
      throw new SendRefused(
        'end_before_start',
        `Not sent: it ends (${fields.end}) before it starts (${fields.start}).`,
      );
  } catch (error) {
    if (error instanceof SendRefused) throw error;
    throw new SendRefused('bad_dates', `Not sent: its dates cannot be read (${fields.start} – ${fields.end}).`);
  }
  if (fields.title.trim() === '') throw new SendRefused('empty_title', 'Not sent: it has no title.');
}

/** Creates on the website whatever of `missing` can be; what cannot stays missing (the caller refuses). */
async function ensureLinked(run: RunContext, missing: Missing): Promise<void> {
  for (const id of missing.category ?? []) await ensureRemoteTerm(run, 'category', id);
  for (const id of missing.tag ?? []) await ensureRemoteTerm(run, 'tag', id);
  for (const type of ['venue', 'organizer'] as const)
    for (const id of missing[type] ?? []) await ensureRemoteLinked(run, type, id);
  for (const id of missing.image ?? []) await ensureRemoteImage(run, id);
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function ensureRemoteLinked(run: RunContext, type: LinkedType, localId: number): Promise<number> {
  const paired = run.pairs.remoteId(type, localId);
  if (paired !== undefined) return paired;
  return once(run, `${type}:${localId}`, () => createRemoteLinked(run, type, localId));
}

async function createRemoteLinked(run: RunContext, type: LinkedType, localId: number): Promise<number> {
  const local = readLocalLinked(run.store, run.site, type, [localId]).get(localId);
  if (!local?.fields || local.trashed)
    throw new SendRefused(`no_${type}`, `Not sent: its ${type} is in the trash here.`);
  // The same one already on the website (same name, no field both give differs, not paired) is
  // paired instead, and merged like any other (base-less) pair: nothing is doubled.
  const found = await findSame(run, type, local.fields);
  if (found) {
    await write(run, () => run.pairs.add(type, localId, found.id, { base: null, modified: found.modified }));
    run.repos.connections.enqueue(run.site.id, type, localId);
    return found.id;
  }
  const saved = await saveLinked(
    run.client,
    type,
    null,
    type === 'venue' ? venueBody(local.fields as VenueFields) : organizerBody(local.fields as OrganizerFields),
  );
  const remoteId = Number(saved.id);
  const ref = { kind: type, local_id: localId, remote_id: null };
  const other = run.pairs.localId(type, remoteId);
  if (other !== undefined && other !== localId) {
    // TEC answers a create that matches an existing venue or organizer with that one (201; its
    // duplicate check compares fewer fields than Almanac's): two here are one there. Its events name that one on the website; it stays unpaired
    // (a pair is one-to-one), said in the sync's problems until the two are merged or made to differ.
    run.pairs.keptAsOne(type, localId, remoteId);
    await write(run, () =>
      recordFailure(
        run,
        ref,
        'send',
        String(local.fields!.name),
        new SendRefused(
          'same_as_other',
          `The website took it for another ${type} here (id ${other}; TEC keeps venues and organizers with the same name, address, city and phone as one): its events name that one there. Merge the two here, or make them differ.`,
        ),
      ),
    );
    return remoteId;
  }
  await write(run, () => {
    run.pairs.add(type, localId, remoteId, {
      base: local.fields,
      remote: local.fields,
      modified: wall(saved.modified_utc),
    });
    clearProblems(run, ref, 'send');
  });
  run.counts.sent++;
  return remoteId;
}

async function findSame(
  run: RunContext,
  type: LinkedType,
  fields: Fields,
): Promise<{ id: number; modified: string } | undefined> {
  const name = String(fields.name);
  const route = `wp/v2/${type === 'venue' ? 'tribe_venue' : 'tribe_organizer'}`;
  const answer = await run.client.get(route, {
    search: name,
    status: 'publish,future,draft,pending,private',
    context: 'edit',
    _fields: 'id,title,content,modified_gmt,meta',
    // The search matches names that contain this one ("Main Hall Annex"…), the newest first: a
    // whole page (core's largest), so an older same venue is not missed and doubled.
    per_page: 100,
  });
  const entries = Array.isArray(answer.body) ? (answer.body as Json[]) : [];
  const match = entries.find((entry) => {
    if (!sameName(rawOf(entry.title), name) || run.pairs.localId(type, Number(entry.id)) !== undefined) return false;
    const theirs = (type === 'venue' ? remoteVenue(entry) : remoteOrganizer(entry)).fields;
    return theirs !== undefined && sameObject(type, fields, theirs as Fields);
  });
  return match ? { id: Number(match.id), modified: wall(match.modified_gmt) } : undefined;
}

export async function ensureRemoteTerm(run: RunContext, kind: 'category' | 'tag', localId: number): Promise<number> {
  const paired = run.pairs.remoteId(kind, localId);
  if (paired !== undefined) return paired;
  return once(run, `${kind}:${localId}`, () => createRemoteTerm(run, kind, localId));
}

async function createRemoteTerm(run: RunContext, kind: 'category' | 'tag', localId: number): Promise<number> {
  const local = readLocalTerm(run.store, run.site, kind, localId);
  if (!local.fields)
    throw new SendRefused(`no_${kind}`, `Not sent: one of its ${kind === 'category' ? 'categories' : 'tags'} is gone.`);
  const fields = local.fields;
  const parent = kind === 'category' && fields.parent > 0 ? await ensureRemoteTerm(run, 'category', fields.parent) : 0;
  const saved = await saveTerm(run.client, kind, null, termBody(kind, fields, parent));
  const remoteId = Number(saved.id);
  // An existing term of that name (term_exists) is paired: equal names, so only the description may differ.
  const same = String(saved.name) === fields.name && String(saved.description ?? '') === fields.description;
  await write(run, () =>
    run.pairs.add(kind, localId, remoteId, { base: same ? fields : null, remote: same ? fields : null }),
  );
  if (!same) run.repos.connections.enqueue(run.site.id, kind, localId);
  run.counts.sent++;
  return remoteId;
}

/** The website's ids of everything the event names, created there first where needed. */
async function refsFor(run: RunContext, fields: EventFields) {
  let missing: Missing = {};
  let refs = remoteRefs(fields, run.pairs, missing);
  if (hasMissing(missing)) {
    await ensureLinked(run, missing);
    missing = {};
    refs = remoteRefs(fields, run.pairs, missing);
    if (hasMissing(missing))
      throw new SendRefused(
        'linked_not_sent',
        'Not sent: a venue, organizer, term or image it names could not be sent.',
      );
  }
  return refs;
}

/** Sends the whole event: an update of its website copy, or a create (never a second one). */
export async function sendEvent(
  run: RunContext,
  localId: number,
  item: ItemRow | undefined,
  fields: EventFields,
  before: EventFields | undefined,
  published: string | undefined,
): Promise<Sent> {
  checkSendable(fields);
  const refs = await refsFor(run, fields);
  const now = utcWallNow(run.now());
  const body = eventBody(fields, refs);
  // Every update carries the website's publication date (remote-write.ts, publicationDate).
  const update = (id: number, date: string | undefined) =>
    updateEvent(run.client, id, eventBody(fields, refs, publicationDate(fields, date, now)));
  let saved: Json;
  let remoteId = item?.remote_id ?? null;
  // A create is paired by the caller, with the agreed state, in one write (sync-objects.ts); until
  // then its pending-create record says it may be on the website.
  if (remoteId !== null) saved = await update(remoteId, published);
  else {
    const found = await findLostCreate(run, localId, fields);
    if (found !== undefined) {
      remoteId = found.id;
      saved = await update(found.id, found.published);
    } else {
      if (!run.markedNow.has(localId))
        await write(run, () => run.repos.items.setPendingCreate(run.site.id, 'event', localId, utcWallNow(run.now())));
      run.markedNow.delete(localId); // from now on, an answer lost is looked for
      // A hidden event that already ended is in no list of the website: should this answer be
      // lost, it could not be found again. It is created listed, then hidden by a second write.
      const unfindable = fields.hide_from_listings && endedAlready(run, fields);
      saved = await createEvent(run.client, unfindable ? { ...body, hide_from_listings: false } : body);
      remoteId = Number(saved.id);
      run.claimed.add(remoteId);
      if (unfindable) saved = await update(remoteId, wall(saved.date_utc) || undefined);
    }
  }
  let modified = wall(saved.modified_utc);
  const clear = clearings(
    fields,
    before ?? (item?.remote_id ? undefined : { description: '', excerpt: '', venue: null }),
  );
  if (clear) modified = wall((await patchCore(run.client, 'tribe_events', remoteId!, clear)).modified_gmt) || modified;
  return { remoteId: remoteId!, modified };
}

/**
 * A create sent before whose answer never came: the event may be on the website. Looks for it among
 * what changed there since (title and start, not paired with anything) — core's feed shows every
 * event that has not ended; one that has ended and is listed is found by v1's search.
 */
async function findLostCreate(
  run: RunContext,
  localId: number,
  fields: EventFields,
): Promise<{ id: number; published: string | undefined } | undefined> {
  const sent = run.repos.items.pendingCreate(run.site.id, 'event', localId);
  // Marked by this very sync just before sending: nothing was sent yet, nothing to look for.
  if (!sent || run.markedNow.has(localId)) return undefined;
  const since = modifiedAfter(sent, run.zone, run.now());
  const free = (id: number) => run.pairs.ofRemote('event', id) === undefined && !run.claimed.has(id);
  for (const entry of await coreFeed(run.client, 'tribe_events', since)) {
    const meta = (entry.meta ?? {}) as Json;
    if (rawOf(entry.title) === fields.title && wall(meta._EventStartDate) === fields.start && free(Number(entry.id))) {
      run.claimed.add(Number(entry.id));
      return { id: Number(entry.id), published: wall(entry.date_gmt) || undefined };
    }
  }
  if (!endedAlready(run, fields)) return undefined;
  // Every page (v1 lists 10 unless asked, 50 at most): among many events of the same title that
  // day, the one sent may be on any of them, and missing it would create it a second time.
  const events: Json[] = [];
  for (let page = 1; events.length === 0; page++) {
    const answer = await run.client.get('tribe/events/v1/events', {
      search: fields.title.slice(0, 100),
      start_date: fields.start.slice(0, 10),
      end_date: fields.end.slice(0, 10),
      status: 'publish,future,draft,pending,private',
      per_page: 50,
      page,
    });
    const body = answer.body as { events?: Json[]; total_pages?: number };
    const list = body.events ?? [];
    events.push(
      ...list.filter(
        (event) =>
          wall(event.start_date) === fields.start &&
          free(Number(event.id)) &&
          wall(event.date_utc).slice(0, 10) >= sent.slice(0, 10),
      ),
    );
    if (list.length < 50 || page >= Number(body.total_pages ?? page)) break;
  }
  if (events.length === 0) return undefined;
  run.claimed.add(Number(events[0]!.id));
  return { id: Number(events[0]!.id), published: wall(events[0]!.date_utc) || undefined };
}

export async function sendLinked(
  run: RunContext,
  type: LinkedType,
  remoteId: number,
  fields: Fields,
  published: string | undefined,
): Promise<Sent> {
  const saved = await saveLinked(
    run.client,
    type,
    remoteId,
    type === 'venue'
      ? venueBody(fields as VenueFields, published)
      : organizerBody(fields as OrganizerFields, published),
  );
  return { remoteId, modified: wall(saved.modified_utc) };
}

export async function sendTerm(
  run: RunContext,
  kind: 'category' | 'tag',
  remoteId: number,
  fields: TermFields,
): Promise<Sent> {
  const parent = kind === 'category' && fields.parent > 0 ? await ensureRemoteTerm(run, 'category', fields.parent) : 0;
  try {
    await saveTerm(run.client, kind, remoteId, termBody(kind, fields, parent));
  } catch (error) {
    // WordPress refuses a rename to a name another term has (a blog's tag Almanac does not know,
    // say) with a 500: not the website failing, and no retry will do — this term's own refusal.
    if (error instanceof WebsiteError && error.code === 'duplicate_term_slug')
      throw new SendRefused(
        'term_name_taken',
        `Not renamed on the website: another ${kind === 'category' ? 'category' : 'tag'} there is already called “${fields.name}”.`,
      );
    throw error;
  }
  return { remoteId, modified: '' };
}
