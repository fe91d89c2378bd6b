// Ids between the two sides. The sync's fields name linked objects by Almanac's ids (fields.ts);
// what the website sends names them by its own, and what is sent to it must too.
import type { EventFields, Fields, SyncKind, TermFields } from './fields.ts';
import { idSet } from './fields.ts';
import type { Pairings } from './pairings.ts';
import { notLiveThere } from './trashed-links.ts';
import type { RemoteRefs } from './remote-write.ts';
import type { ItemKind } from '../db/repositories/website-items.ts';

/** Linked objects a translation could not name (not paired yet), by kind. */
export type Missing = Partial<Record<ItemKind, number[]>>;

function note(missing: Missing, kind: ItemKind, id: number): void {
  const list = (missing[kind] ??= []);
  if (!list.includes(id)) list.push(id);
}

/** The website's event fields in Almanac's ids; `missing` lists the website ids without a pair. */
export function eventToLocal(fields: EventFields, pairs: Pairings, missing: Missing): EventFields {
  const local = (kind: ItemKind, id: number): number | null => {
    const found = pairs.localId(kind, id);
    if (found === undefined) note(missing, kind, id);
    return found ?? null;
  };
  const list = (kind: ItemKind, ids: number[]) =>
    ids.map((id) => local(kind, id)).filter((id): id is number => id !== null);
  return {
    ...fields,
    venue: fields.venue === null ? null : local('venue', fields.venue),
    organizers: list('organizer', fields.organizers),
    categories: idSet(list('category', fields.categories)),
    tags: idSet(list('tag', fields.tags)),
    image: fields.image === null ? null : local('image', fields.image),
  };
}

export function termToLocal(
  fields: TermFields,
  pairs: Pairings,
  kind: 'category' | 'tag',
  missing: Missing,
): TermFields {
  if (kind === 'tag' || fields.parent === 0) return { ...fields, parent: 0 };
  const parent = pairs.localId('category', fields.parent);
  if (parent === undefined) note(missing, 'category', fields.parent);
  return { ...fields, parent: parent ?? 0 };
}

/** A website object's fields in Almanac's ids. */
export function toLocal(kind: SyncKind, fields: Fields, pairs: Pairings, missing: Missing): Fields {
  if (kind === 'event') return eventToLocal(fields as EventFields, pairs, missing);
  if (kind === 'category' || kind === 'tag') return termToLocal(fields as TermFields, pairs, kind, missing);
  return fields;
}

/** The website's ids of what an event names; `missing` lists Almanac's ids without a pair. */
export function remoteRefs(fields: EventFields, pairs: Pairings, missing: Missing): RemoteRefs {
  const remote = (kind: ItemKind, id: number): number | null => {
    // In the website's trash (while the user is asked, or before "keep mine" brings it back):
    // never linked there to a trashed post. Once back, its events are sent again (trashed-links.ts).
    if ((kind === 'venue' || kind === 'organizer') && notLiveThere(pairs, kind, id)) return null;
    const found = pairs.remoteId(kind, id);
    if (found === undefined) note(missing, kind, id);
    return found ?? null;
  };
  const list = (kind: ItemKind, ids: number[]) =>
    ids.map((id) => remote(kind, id)).filter((id): id is number => id !== null);
  return {
    venue: fields.venue === null ? null : remote('venue', fields.venue),
    organizers: list('organizer', fields.organizers),
    categories: list('category', fields.categories),
    tags: list('tag', fields.tags),
    image: fields.image === null ? null : remote('image', fields.image),
  };
}

export const hasMissing = (missing: Missing) => Object.values(missing).some((ids) => ids && ids.length > 0);
