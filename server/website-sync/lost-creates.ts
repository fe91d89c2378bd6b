// Creates whose answer never came (the connection broke after the website saved): the event may
// well be on the website, unpaired. A create is not idempotent there (tec-website.md, "creates"),
// so before anything else the sync looks for each among what it read — an unpaired event with the
// same title and start, published since the create was sent — and pairs them; only a create still
// not found is sent again (send.ts looks once more, in the feed, before that).
import type { EventFields } from './fields.ts';
import type { RemoteSnapshot } from './read-remote.ts';
import type { RunContext } from './run-context.ts';
import { readLocalEvents } from './local-read.ts';
import { pairingKey } from './first-sync.ts';
import { DateTime } from 'luxon';
import { isValidTimezone, wallToDateTime } from '../domain/dates.ts';

/** Whether the event has ended (core lists no longer show it). */
export function endedAlready(run: RunContext, fields: EventFields): boolean {
  const zone = isValidTimezone(fields.timezone) ? fields.timezone : run.site.timezone;
  try {
    return wallToDateTime(fields.end, zone) < DateTime.utc();
  } catch {
    return true;
  }
}

export function adoptLostCreates(run: RunContext, snapshot: RemoteSnapshot): void {
  const pending = run.repos.items.pendingCreates(run.site.id, 'event');
  if (pending.length === 0) return;
  const locals = readLocalEvents(
    run.store,
    run.site,
    pending.map((p) => p.local_id),
  );
  const candidates = new Map<string, { id: number; published: string }[]>();
  for (const event of snapshot.events.values()) {
    if (!event.fields || event.trashed || run.pairs.ofRemote('event', event.id)) continue;
    const key = pairingKey(event.fields as EventFields, run.site.timezone);
    candidates.set(key, [...(candidates.get(key) ?? []), { id: event.id, published: event.published ?? '' }]);
  }
  run.store.writing(() => {
    for (const { local_id, sent_utc } of pending) {
      const fields = locals.get(local_id)?.fields;
      if (!fields || run.pairs.ofLocal('event', local_id)?.remote_id) {
        run.repos.items.clearPendingCreate(run.site.id, 'event', local_id);
        continue;
      }
      const list = candidates.get(pairingKey(fields, run.site.timezone)) ?? [];
      // Published in the second the create was sent or later (clocks to the second).
      const index = list.findIndex(
        (candidate) => candidate.published === '' || candidate.published >= sent_utc.slice(0, 17),
      );
      if (index < 0) {
        // What was read shows every event that has not ended, changed since before the create was
        // sent: not there, it never reached the website — send it as any new event (no lookup).
        if (!endedAlready(run, fields)) run.repos.items.clearPendingCreate(run.site.id, 'event', local_id);
        continue;
      }
      const [found] = list.splice(index, 1);
      const existing = run.pairs.ofLocal('event', local_id);
      if (existing) run.pairs.update(existing, { remote_id: found!.id });
      else run.pairs.add('event', local_id, found!.id, { base: null });
      run.repos.items.clearPendingCreate(run.site.id, 'event', local_id);
    }
  });
}
