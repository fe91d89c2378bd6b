// Sync tokens (RFC 6578) are positions in the change log (migration 0009): `urn:almanac:sync:N`
// says "you have seen every change up to N". A token is refused (403 DAV:valid-sync-token, and the
// client starts over with a full sync) when it is not ours, when the changes after it were pruned,
// when it is ahead of the log (the data was restored from a backup) or when a bulk load replaced
// everything since.
import type { CalDavChange, ObjectRef, calDavRepository } from '../db/repositories/caldav.ts';
import type { changesRepository } from '../db/repositories/changes.ts';
import { DavError, davCondition } from './errors.ts';

const PREFIX = 'urn:almanac:sync:';

export const syncTokenOf = (seq: number) => `${PREFIX}${seq}`;

/** At most this many changes are read for one sync; beyond, the client syncs afresh (cheaper). */
const MAX_CHANGES = 20_000;

function invalidToken(message: string): DavError {
  return new DavError(403, message, davCondition('valid-sync-token'));
}

/** The sequence number of a token a client sent ('' → the initial sync: undefined). */
export function parseSyncToken(token: string): number | undefined {
  const text = token.trim();
  if (text === '') return undefined;
  const match = text.startsWith(PREFIX) ? /^\d{1,15}$/.exec(text.slice(PREFIX.length)) : null;
  if (!match) throw invalidToken('This sync token is not one of this calendar’s.');
  return Number(match[0]);
}

/** What an event's object shows of other items. */
const SHOWN_IN_EVENTS = new Set(['venue', 'organizer', 'category', 'tag']);

export interface ChangedObjects {
  /** Objects (events, series) that may have changed or gone since the token. */
  refs: ObjectRef[];
  /**
   * Events that were single objects before and are now occurrences of a series made since the
   * token (from an event): gone as objects of their own.
   */
  folded: number[];
}

/**
 * Which objects may differ since change `seq`: events changed themselves, and those that show a
 * venue, organizer or term that changed (their LOCATION, ORGANIZER, CATEGORIES do) — each the
 * object of its series when it is an occurrence — and series whose rule or dates changed.
 */
export function changedSince(
  seq: number,
  siteId: number,
  repos: { calDav: ReturnType<typeof calDavRepository>; changes: ReturnType<typeof changesRepository> },
): ChangedObjects {
  const latest = repos.changes.latest();
  if (seq > latest) throw invalidToken('This sync token is newer than the calendar: it was restored from a backup.');
  if (seq < repos.changes.prunedThrough()) throw invalidToken('This sync token is too old; sync afresh.');
  const changes: CalDavChange[] = repos.calDav.changesAfter(siteId, seq, MAX_CHANGES + 1);
  if (changes.length > MAX_CHANGES) throw invalidToken('Too much changed since this sync token; sync afresh.');
  const eventIds = new Set<number>();
  const seriesIds = new Set<number>();
  const newSeries = new Set<number>();
  const linked: number[] = [];
  const terms: number[] = [];
  for (const change of changes) {
    if (change.kind === 'all') throw invalidToken('The calendar was reloaded since this sync token; sync afresh.');
    // A venue, organizer or term that goes takes its links along, and the events that showed it
    // are no longer to be found through them: every client starts over (rare, and never wrong).
    if (SHOWN_IN_EVENTS.has(change.kind) && (change.action === 'trash' || change.action === 'delete'))
      throw invalidToken(`A ${change.kind} was removed since this sync token; sync afresh.`);
    if (change.kind === 'event') eventIds.add(change.object_id);
    else if (change.kind === 'series') {
      seriesIds.add(change.object_id);
      if (change.action === 'create') newSeries.add(change.object_id);
    } else if (change.kind === 'venue' || change.kind === 'organizer') linked.push(change.object_id);
    else if (change.kind === 'category' || change.kind === 'tag') terms.push(change.object_id);
  }
  for (const id of repos.calDav.eventsLinkedTo(siteId, [...new Set(linked)])) eventIds.add(id);
  for (const id of repos.calDav.eventsWithTerms(siteId, [...new Set(terms)])) eventIds.add(id);
  // An occurrence's change is a change of its series' object.
  const seriesOf = repos.calDav.seriesOfPosts(siteId, [...eventIds]);
  const refs: ObjectRef[] = [];
  for (const id of eventIds) {
    const series = seriesOf.get(id);
    if (series === undefined) refs.push({ kind: 'event', id });
    else seriesIds.add(series);
  }
  for (const id of seriesIds) refs.push({ kind: 'series', id });
  // A series made from an event since the token: that event, the series' first (lowest id), was
  // an object of its own the client may hold.
  const folded = [...newSeries].flatMap((id) => repos.calDav.firstOccurrence(siteId, id) ?? []);
  return { refs, folded };
}
