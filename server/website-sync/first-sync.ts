// The first sync of a connection, as the organizer chose:
// - publish: this calendar goes to the website; the events already on the website stay there and
//   are left out (not brought here);
// - import: the website's events come here; the events already here are left out (not published);
// - merge: events that are the same on both sides (same title, same start) are paired before
//   anything is created, so neither side is doubled; the rest goes both ways.
// Events created on either side after the first sync go both ways, whatever the mode.
import type { EventFields } from './fields.ts';
import type { RemoteSnapshot } from './read-remote.ts';
import type { RunContext } from './run-context.ts';
import { readLocalEvents } from './local-read.ts';
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

/** Pairs (merge) or leaves out (publish, import) before the first sync; returns the local events to look at. */
export function prepareFirstSync(run: RunContext, snapshot: RemoteSnapshot): number[] {
  const mode = run.conn.mode;
  const localIds = run.repos.items.localPostIds(run.site.id, 'event');
  const locals = readLocalEvents(run.store, run.site, localIds);
  const live = localIds.filter((id) => {
    const local = locals.get(id);
    return local?.fields !== undefined && !local.trashed;
  });
  run.store.writing(() => {
    if (mode === 'import') {
      for (const id of localIds) if (!run.pairs.ofLocal('event', id)) run.pairs.add('event', id, null);
      return;
    }
    const remoteLive = [...snapshot.events.values()].filter(
      (event) => event.fields && !event.trashed && !event.deleted,
    );
    if (mode === 'publish') {
      // Only what was on the website before connecting: events made there since — by this sync
      // itself, should an earlier try have been cut off, or by anyone else — are ours to sync.
      const connected = run.conn.created_utc;
      for (const event of remoteLive)
        if (!run.pairs.ofRemote('event', event.id) && (event.published ?? '') < connected)
          run.pairs.add('event', null, event.id);
      return;
    }
    const byKey = new Map<string, number[]>();
    for (const id of live) {
      if (run.pairs.ofLocal('event', id)) continue;
      const key = pairingKey(locals.get(id)!.fields!, run.site.timezone);
      byKey.set(key, [...(byKey.get(key) ?? []), id]);
    }
    for (const event of remoteLive) {
      if (run.pairs.ofRemote('event', event.id)) continue;
      const key = pairingKey(event.fields!, run.site.timezone);
      const candidates = byKey.get(key);
      const localId = candidates?.shift();
      if (localId === undefined) continue;
      run.pairs.add('event', localId, event.id, { base: null });
    }
  });
  return mode === 'import' ? [] : live;
}
