// The first sync of a connection, as the organizer chose:
// - publish: this calendar goes to the website; the events already on the website stay there and
//   are left out (not brought here);
// - import: the website's events come here; the events already here are left out (not published);
// - merge: events that are the same on both sides (same title, same start) are paired before
//   anything is created, so neither side is doubled; the rest goes both ways.
// Events created on either side after the first sync go both ways, whatever the mode.
import type { EventFields } from './fields.ts';
import type { RemoteSnapshot } from './read-remote.ts';
import { write, type RunContext } from './run-context.ts';
import { readLocalInSlices, type LocalObject } from './local-read.ts';
import { nextTurn, Pacer } from './pace.ts';
import { decodeEntities } from '../domain/html.ts';
import { isValidTimezone, utcWall, wallToDateTime } from '../domain/dates.ts';

/** Title and start instant: what makes two events the same one. */
export function pairingKey(fields: Pick<EventFields, 'title' | 'start' | 'timezone'>, siteZone: string): string {
  const title = decodeEntities(fields.title).replace(/\s+/g, ' ').trim().toLowerCase();
  const zone = isValidTimezone(fields.timezone) ? fields.timezone : siteZone;
  let start = fields.start;
  try {
    start = utcWall(wallToDateTime(fields.start, zone));
  } catch {
    // an unreadable start pairs by its text
  }
  return `${title}\u0000${start}`;
}

/** Pairs written per transaction: a short hold of the loop and of the write lock. */
const PAIRS_PER_WRITE = 50;

/**
 * Pairs (merge) or leaves out (publish, import) before the first sync; returns the local events to
 * look at. Read, decided and written in slices with the event loop free between them (1,000 events
 * read and decided at once held it 90–100 ms at load 5); a sync cut off half-way starts this over
 * and skips what it already paired.
 */
export async function prepareFirstSync(run: RunContext, snapshot: RemoteSnapshot): Promise<number[]> {
  const mode = run.conn.mode;
  const localIds = run.repos.items.localPostIds(run.site.id, 'event');
  const locals = (await readLocalInSlices(run.store, run.site, 'event', localIds)) as Map<
    number,
    LocalObject<EventFields>
  >;
  const live = localIds.filter((id) => {
    const local = locals.get(id);
    return local?.fields !== undefined && !local.trashed;
  });
  const pacer = new Pacer();
  const pairs: [local: number | null, remote: number | null][] = [];
  if (mode === 'import') {
    for (const id of localIds) if (!run.pairs.ofLocal('event', id)) pairs.push([id, null]);
  } else {
    const remoteLive = [...snapshot.events.values()].filter(
      (event) => event.fields && !event.trashed && !event.deleted,
    );
    if (mode === 'publish') {
      // Only what was on the website before connecting: events made there since — by this sync
      // itself, should an earlier try have been cut off, or by anyone else — are ours to sync.
      const connected = run.conn.created_utc;
      for (const event of remoteLive)
        if (!run.pairs.ofRemote('event', event.id) && (event.published ?? '') < connected) pairs.push([null, event.id]);
    } else {
      const byKey = new Map<string, number[]>();
      for (const id of live) {
        await pacer.pace();
        if (run.pairs.ofLocal('event', id)) continue;
        const key = pairingKey(locals.get(id)!.fields!, run.site.timezone);
        byKey.set(key, [...(byKey.get(key) ?? []), id]);
      }
      for (const event of remoteLive) {
        await pacer.pace();
        if (run.pairs.ofRemote('event', event.id)) continue;
        const key = pairingKey(event.fields!, run.site.timezone);
        const localId = byKey.get(key)?.shift();
        if (localId !== undefined) pairs.push([localId, event.id]);
      }
    }
  }
  // No agreed state yet: a merge's first sync keeps what each side has and asks where both differ.
  for (let i = 0; i < pairs.length; i += PAIRS_PER_WRITE) {
    if (i > 0) await nextTurn();
    await write(run, () => {
      for (const [local, remote] of pairs.slice(i, i + PAIRS_PER_WRITE)) run.pairs.add('event', local, remote);
    });
  }
  return mode === 'import' ? [] : live;
}
