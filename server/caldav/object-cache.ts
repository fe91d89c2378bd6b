// Rendered objects, kept while the change log says they are unchanged. A calendar app's first sync
// asks for every object twice (sync-collection for the ETags, then calendar-multiget for the data),
// and apps ask for the same month again and again: the text and ETag of an object depend only on
// the data, so they are rendered once and served until a change touches them.
//
// A cache belongs to one calendar as one kind of caller sees it (the site, its calendar key and
// page address, the caller's visibility) and knows the change-log position it is valid at. A read
// in a snapshot at a later position first forgets what changed in between — the very reasoning
// sync-collection uses (sync-token.ts changedSince: events, their series, the events showing a
// venue, organizer or term that changed) — or everything when that cannot be said (the log was
// pruned, reloaded, a venue removed). A read in an older snapshot than the cache's does not use it.
// Texts are kept up to a memory budget shared by all calendars; beyond it only ETags are kept.
import type { ObjectRef, calDavRepository } from '../db/repositories/caldav.ts';
import { refKey } from '../db/repositories/caldav.ts';
import type { changesRepository } from '../db/repositories/changes.ts';
import { changedSince } from './sync-token.ts';

export interface CachedObject {
  /** Undefined beyond the memory budget: render again to serve the data. */
  text: string | undefined;
  etag: string;
  modified: string;
  postId: number;
}

interface CalendarCache {
  seq: number;
  entries: Map<string, CachedObject>;
}

/** Texts kept, in UTF-16 code units (up to 2 bytes each): ~12,000 objects of a typical calendar. */
const TEXT_BUDGET = 16_000_000;
/** Calendars cached at once (one per site and kind of caller): the least recently used goes. */
const MAX_CALENDARS = 16;

const caches = new Map<string, CalendarCache>();
let textSize = 0;

function forget(cache: CalendarCache, key: string): void {
  const entry = cache.entries.get(key);
  if (entry?.text !== undefined) textSize -= entry.text.length;
  cache.entries.delete(key);
}

function clear(cache: CalendarCache): void {
  for (const key of [...cache.entries.keys()]) forget(cache, key);
}

export interface ObjectCache {
  get(ref: ObjectRef): CachedObject | undefined;
  put(ref: ObjectRef, object: CachedObject): void;
}

/**
 * The cache of calendar `key` brought to the snapshot's change-log position `latest`, or undefined
 * when this snapshot is older than what the cache holds.
 */
export function objectCache(
  key: string,
  siteId: number,
  latest: number,
  repos: { calDav: ReturnType<typeof calDavRepository>; changes: ReturnType<typeof changesRepository> },
): ObjectCache | undefined {
  let cache = caches.get(key);
  if (cache)
    caches.delete(key); // re-inserted below: the most recently used comes last
  else {
    if (caches.size >= MAX_CALENDARS) {
      const [oldest, entry] = caches.entries().next().value as [string, CalendarCache];
      clear(entry);
      caches.delete(oldest);
    }
    cache = { seq: latest, entries: new Map() };
  }
  caches.set(key, cache);
  if (cache.seq > latest) return undefined;
  if (cache.seq < latest) {
    try {
      const changed = changedSince(cache.seq, siteId, repos);
      for (const ref of changed.refs) forget(cache, refKey(ref));
      for (const id of changed.folded) forget(cache, refKey({ kind: 'event', id }));
    } catch {
      clear(cache); // what changed cannot be said (see sync-token.ts): start afresh
    }
    cache.seq = latest;
  }
  const current = cache;
  // Another read may move the cache on while this one streams: from then on this one neither
  // serves from it (entries may be newer than its snapshot) nor fills it (its renderings may be older).
  const valid = () => current.seq === latest && caches.get(key) === current;
  return {
    get: (ref) => (valid() ? current.entries.get(refKey(ref)) : undefined),
    put(ref, object) {
      if (!valid()) return;
      const k = refKey(ref);
      forget(current, k);
      const text = object.text !== undefined && textSize + object.text.length <= TEXT_BUDGET ? object.text : undefined;
      if (text !== undefined) textSize += text.length;
      current.entries.set(k, { ...object, text });
    },
  };
}

/** Forgets the caches of a database file (its server closes; a restore may replace the file). */
export function clearObjectCaches(file: string): void {
  for (const [key, cache] of [...caches])
    if (key.startsWith(`${file}|`)) {
      clear(cache);
      caches.delete(key);
    }
}
