// The fields the sync compares, for each kind of object, in one neutral form both sides are read
// into (local-read.ts from Almanac's rows, remote-read.ts from the website's answers) and written
// from (local-write.ts, remote-write.ts). Linked objects are named by Almanac's ids on both sides
// (the website's ids are translated through the pairing), so two readings compare field by field.
// What TEC cannot hold (translations, the currency code, a series' rule) is not here: it stays in
// Almanac (unsynced.ts reports it).

export type FieldValue = string | number | boolean | null | number[];
export type Fields = Record<string, FieldValue>;

export type SyncKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';

export interface EventFields extends Fields {
  title: string;
  description: string;
  excerpt: string;
  /** publish, future, draft, pending, private (the trash is `trashed`, beside the fields). */
  status: string;
  /** The publication date (UTC wall) of a scheduled event; null otherwise. */
  publish_at: string | null;
  /** Wall times in `timezone`, `YYYY-MM-DD HH:MM:SS`. */
  start: string;
  end: string;
  all_day: boolean;
  timezone: string;
  /** The cost as the website shows it and is sent (cost.ts). */
  cost: string;
  website: string;
  featured: boolean;
  sticky: boolean;
  hide_from_listings: boolean;
  show_map: boolean;
  show_map_link: boolean;
  venue: number | null;
  /** In order. */
  organizers: number[];
  /** Sorted: a set. */
  categories: number[];
  tags: number[];
  /** Almanac's image record. */
  image: number | null;
}

export interface VenueFields extends Fields {
  name: string;
  description: string;
  address: string;
  city: string;
  country: string;
  province: string;
  state: string;
  zip: string;
  phone: string;
  website: string;
  show_map: boolean;
  show_map_link: boolean;
}

export interface OrganizerFields extends Fields {
  name: string;
  description: string;
  phone: string;
  website: string;
  email: string;
}

export interface TermFields extends Fields {
  /** As WordPress stores it: HTML-escaped (`Music &amp; Jazz`), as Almanac does. */
  name: string;
  description: string;
  /** Categories: the parent's Almanac id (0: none). Tags: always 0. */
  parent: number;
}

export const FIELD_NAMES: Record<SyncKind, readonly string[]> = {
  event: [
    'title',
    'description',
    'excerpt',
    'status',
    'publish_at',
    'start',
    'end',
    'all_day',
    'timezone',
    'cost',
    'website',
    'featured',
    'sticky',
    'hide_from_listings',
    'show_map',
    'show_map_link',
    'venue',
    'organizers',
    'categories',
    'tags',
    'image',
  ],
  venue: [
    'name',
    'description',
    'address',
    'city',
    'country',
    'province',
    'state',
    'zip',
    'phone',
    'website',
    'show_map',
    'show_map_link',
  ],
  organizer: ['name', 'description', 'phone', 'website', 'email'],
  category: ['name', 'description', 'parent'],
  tag: ['name', 'description', 'parent'],
};

/**
 * Fields that change together: the schedule is one decision (an end is only right with its start
 * and zone), so a change to any of them on one side takes all of them from that side, and a
 * change on both sides is one conflict — never a start from here with an end from there.
 */
export const FIELD_GROUPS: Partial<Record<SyncKind, readonly (readonly string[])[]>> = {
  event: [
    ['start', 'end', 'all_day', 'timezone'],
    ['status', 'publish_at'],
  ],
};

export function sameValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((value, i) => value === b[i]);
  }
  return (a ?? null) === (b ?? null);
}

/** The names of the fields whose values differ. */
export function differingFields(kind: SyncKind, a: Fields, b: Fields): string[] {
  return FIELD_NAMES[kind].filter((name) => !sameValue(a[name], b[name]));
}

export function sameFields(kind: SyncKind, a: Fields, b: Fields): boolean {
  return differingFields(kind, a, b).length === 0;
}

/**
 * Whether a venue or organizer on one side is the same one as on the other: the same name, and no
 * text field that both give differs (case and surrounding spaces aside). Two different venues of
 * the same name — Main Hall in Springfield and in Shelbyville — are not.
 */
export function sameObject(kind: SyncKind, a: Fields, b: Fields): boolean {
  for (const name of FIELD_NAMES[kind]) {
    const x = a[name];
    const y = b[name];
    if (typeof x !== 'string' || typeof y !== 'string') continue;
    const [p, q] = [x.trim().toLowerCase(), y.trim().toLowerCase()];
    if (name !== 'name' && (p === '' || q === '')) continue;
    if (p !== q) return false;
  }
  return true;
}

/** A set of ids in its one written form. */
export const idSet = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((x, y) => x - y);

/** What the user recognises an object by (conflicts, failures). */
export function titleOf(fields: Fields | undefined): string {
  const text = fields?.title ?? fields?.name;
  return typeof text === 'string' ? text : '';
}
