// Almanac's objects read into the sync's fields (fields.ts), many at a time (a first publish reads
// thousands: a handful of queries per batch, never one per field).
import type { Store } from '../db/store.ts';
import type { PostRow } from '../db/repositories/posts.ts';
import type { TermRow } from '../db/repositories/terms.ts';
import type { Site } from '../db/repositories/sites.ts';
import { flagValue } from './flags.ts';
import { localCost } from './cost.ts';
import { Pacer } from './pace.ts';
import {
  idSet,
  type EventFields,
  type Fields,
  type OrganizerFields,
  type SyncKind,
  type TermFields,
  type VenueFields,
} from './fields.ts';

/** One local object as the sync sees it. `fields` is undefined when it no longer exists. */
export interface LocalObject<F extends Fields = Fields> {
  id: number;
  fields?: F;
  trashed: boolean;
  /** Almanac's last change (UTC wall), for the first merge's choices. */
  modified: string;
  /** An occurrence of a repeating series (its rule stays here: unsynced.ts). */
  seriesId?: number | null;
}

const text = (value: string | null | undefined) => value ?? '';

/** Readable here = not in the trash: what a linked venue or organizer in the trash is to an event. */
const present = (row: PostRow | undefined) => row !== undefined && row.status !== 'trash';

export function eventFieldsOf(
  site: Site,
  row: PostRow,
  links: { venues: number[]; organizers: number[] },
  terms: { categories: number[]; tags: number[] },
): EventFields {
  const status = row.status === 'trash' ? (row.trashed_status ?? 'draft') : row.status;
  return {
    title: row.title,
    description: row.content,
    excerpt: row.excerpt,
    status,
    publish_at: status === 'future' ? row.date_utc : null,
    start: text(row.start_local),
    end: text(row.end_local),
    all_day: row.all_day === 1,
    timezone: text(row.timezone),
    cost: localCost(row.cost_raw, row.cost_symbol, row.cost_position, site.currencySymbol),
    website: text(row.website),
    featured: flagValue(row, 'featured'),
    sticky: flagValue(row, 'sticky'),
    hide_from_listings: flagValue(row, 'hide_from_listings'),
    show_map: flagValue(row, 'show_map'),
    show_map_link: flagValue(row, 'show_map_link'),
    venue: links.venues[0] ?? null,
    organizers: links.organizers,
    categories: idSet(terms.categories),
    tags: idSet(terms.tags),
    image: row.image_id,
  };
}

export function readLocalEvents(store: Store, site: Site, ids: number[]): Map<number, LocalObject<EventFields>> {
  const result = new Map<number, LocalObject<EventFields>>();
  const rows = store.posts.getMany(site.id, ids);
  const eventIds = [...rows.values()].filter((row) => row.type === 'event').map((row) => row.id);
  const links = store.posts.linksOfMany(site.id, eventIds);
  const linked = store.posts.getMany(site.id, [...links.venue.values(), ...links.organizer.values()].flat());
  const terms = store.terms.termsOfPosts(site.id, eventIds);
  const visible = (list: number[] | undefined) => (list ?? []).filter((id) => present(linked.get(id)));
  const termIds = (list: TermRow[] | undefined) => (list ?? []).map((term) => term.id);
  for (const id of ids) {
    const row = rows.get(id);
    if (!row || row.type !== 'event') {
      result.set(id, { id, trashed: true, modified: '' });
      continue;
    }
    result.set(id, {
      id,
      trashed: row.status === 'trash',
      modified: row.modified_utc,
      seriesId: row.series_id,
      fields: eventFieldsOf(
        site,
        row,
        { venues: visible(links.venue.get(id)), organizers: visible(links.organizer.get(id)) },
        { categories: termIds(terms.category.get(id)), tags: termIds(terms.tag.get(id)) },
      ),
    });
  }
  return result;
}

export function venueFieldsOf(row: PostRow): VenueFields {
  return {
    name: row.title,
    description: row.content,
    address: text(row.address),
    city: text(row.city),
    country: text(row.country),
    province: text(row.province),
    state: text(row.state),
    zip: text(row.zip),
    phone: text(row.phone),
    website: text(row.website),
    show_map: flagValue(row, 'show_map'),
    show_map_link: flagValue(row, 'show_map_link'),
  };
}

export function organizerFieldsOf(row: PostRow): OrganizerFields {
  return {
    name: row.title,
    description: row.content,
    phone: text(row.phone),
    website: text(row.website),
    email: text(row.email),
  };
}

export function readLocalLinked(
  store: Store,
  site: Site,
  kind: 'venue' | 'organizer',
  ids: number[],
): Map<number, LocalObject> {
  const rows = store.posts.getMany(site.id, ids);
  const result = new Map<number, LocalObject>();
  for (const id of ids) {
    const row = rows.get(id);
    if (!row || row.type !== kind) result.set(id, { id, trashed: true, modified: '' });
    else
      result.set(id, {
        id,
        trashed: row.status === 'trash',
        modified: row.modified_utc,
        fields: kind === 'venue' ? venueFieldsOf(row) : organizerFieldsOf(row),
      });
  }
  return result;
}

export function termFieldsOf(row: TermRow): TermFields {
  return { name: row.name, description: row.description, parent: row.taxonomy === 'category' ? row.parent : 0 };
}

export function readLocalTerm(store: Store, site: Site, kind: 'category' | 'tag', id: number): LocalObject<TermFields> {
  const row = store.terms.get(site.id, id);
  if (!row || row.taxonomy !== kind) return { id, trashed: true, modified: '' };
  return { id, trashed: false, modified: '', fields: termFieldsOf(row) };
}

/**
 * readLocal in slices of `slice`, the event loop given a turn whenever a slice's budget is spent:
 * 1,000 events read at once held it 120 ms at load 7 (a first publish's event-loop p99 48 ms
 * against an idle floor of 10); a hundred at a time still 13 ms at load 5.
 */
export async function readLocalInSlices(
  store: Store,
  site: Site,
  kind: SyncKind,
  ids: number[],
  slice = 25,
): Promise<Map<number, LocalObject>> {
  const all = new Map<number, LocalObject>();
  const pacer = new Pacer();
  for (let i = 0; i < ids.length; i += slice) {
    await pacer.pace();
    for (const [id, local] of readLocal(store, site, kind, ids.slice(i, i + slice))) all.set(id, local);
  }
  return all;
}

export function readLocal(store: Store, site: Site, kind: SyncKind, ids: number[]): Map<number, LocalObject> {
  if (kind === 'event') return readLocalEvents(store, site, ids);
  if (kind === 'venue' || kind === 'organizer') return readLocalLinked(store, site, kind, ids);
  return new Map(ids.map((id) => [id, readLocalTerm(store, site, kind, id)]));
}
