// Events' links to a venue or organizer the website has in its trash while Almanac does not.
// Trashing a venue or organizer on a TEC website silently unlinks it from its events there, and
// their `modified` does not move (tec-website.md, "what moves modified"). Read as such, those events
// look as if the website's user had unlinked each one — and merged so, Almanac's events would lose
// their venue even when the user keeps it ("keep mine" on the `deleted_there` conflict). The unlink
// is the trash's side effect, not an edit of the events: the links follow the venue's own fate.
// While the website has it in its trash and Almanac does not, the events keep their links here
// and are never linked there to a trashed post; once it is back on the website (kept by the user,
// or untrashed there), every event linked to it here is sent again, linked. Trashed here as well
// (taken from the website, or trashed by the user), it is unlinked here as Almanac's own trash
// does (operations/linked/access.ts), which is what the website already shows.
import type { EventFields, Fields } from './fields.ts';
import type { Side } from './reconcile.ts';
import type { RunContext } from './run-context.ts';
import type { Pairings } from './pairings.ts';
import type { ItemRow } from '../db/repositories/website-items.ts';

type LinkedKind = 'venue' | 'organizer';

/** Paired, and in the website's trash (or gone from it) as far as the sync last saw. */
export function notLiveThere(pairs: Pairings, kind: LinkedKind, localId: number): boolean {
  const item = pairs.ofLocal(kind, localId);
  return item !== undefined && item.remote_id !== null && item.remote_state !== 'live';
}

/** Away on the website only: the website dropped its links as a side effect, not as an edit. */
function awayThereOnly(run: RunContext, kind: LinkedKind, localId: number): boolean {
  if (!notLiveThere(run.pairs, kind, localId)) return false;
  const here = run.store.posts.get(run.site.id, localId);
  return here !== undefined && here.type === kind && here.status !== 'trash';
}

/**
 * The website's side of an event for the merge, with the links the website dropped by trashing a
 * venue or organizer that Almanac still has put back as they were agreed (`base`): that drop is
 * then no change of theirs, and Almanac's links stand. An organizer goes back at its agreed place.
 */
export function withLinksDroppedByTrash(
  run: RunContext,
  base: Fields | null,
  theirs: Side | undefined,
): Side | undefined {
  if (base === null || theirs?.state !== 'live') return theirs;
  const fields = theirs.fields as EventFields;
  const agreed = base as Partial<EventFields>;
  let venue = fields.venue;
  if (venue === null && typeof agreed.venue === 'number' && awayThereOnly(run, 'venue', agreed.venue))
    venue = agreed.venue;
  const organizers = [...fields.organizers];
  (Array.isArray(agreed.organizers) ? agreed.organizers : []).forEach((id, index) => {
    if (!organizers.includes(id) && awayThereOnly(run, 'organizer', id))
      organizers.splice(Math.min(index, organizers.length), 0, id);
  });
  if (venue === fields.venue && organizers.length === fields.organizers.length) return theirs;
  return { state: 'live', fields: { ...fields, venue, organizers } };
}

/** Whether this website read brings a venue or organizer back from the website's trash (untrashed there). */
export function backThere(kind: string, item: ItemRow | undefined, theirs: Side | undefined): boolean {
  return (
    (kind === 'venue' || kind === 'organizer') &&
    item !== undefined &&
    item.remote_state !== 'live' &&
    theirs?.state === 'live'
  );
}

/**
 * It is on the website again: every event linked to it here (and paired, live there) is queued,
 * with what the sync knows of the website's copy — and agreed — said without the link, as the
 * website has it since the trash. The merge then sees the link as Almanac's to send (this same
 * sync: events come after venues and organizers). In the caller's write transaction.
 */
export function relinkEventsOf(run: RunContext, kind: LinkedKind, localId: number): void {
  const without = (json: string | null): string | null => {
    if (json === null) return null;
    const fields = JSON.parse(json) as Partial<EventFields>;
    if (kind === 'venue' && fields.venue === localId) fields.venue = null;
    if (kind === 'organizer' && Array.isArray(fields.organizers))
      fields.organizers = fields.organizers.filter((id) => id !== localId);
    return JSON.stringify(fields);
  };
  // The CalDAV repository already answers "which events show this venue or organizer".
  for (const eventId of run.store.calDav.eventsLinkedTo(run.site.id, [localId])) {
    const item = run.pairs.ofLocal('event', eventId);
    if (!item || item.remote_id === null || item.remote_state !== 'live') continue;
    run.pairs.update(item, { base: without(item.base), remote_fields: without(item.remote_fields) });
    run.repos.connections.enqueue(run.site.id, 'event', eventId);
  }
}
