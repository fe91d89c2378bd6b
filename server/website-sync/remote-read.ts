// The website's objects read into the sync's fields. TEC's v1 routes give the structure (dates,
// zone, cost, flags, venue, organizers in order, terms, image) but rendered text — titles
// texturized and entity-encoded, descriptions through the_content; the raw text comes from
// WordPress's core routes with context=edit (tec-website.md, "text"). Both are read and joined
// here. Ids in these fields are the website's; translate.ts turns them into Almanac's.
import { decodeEntities } from '../domain/html.ts';
import { idSet, type EventFields, type OrganizerFields, type TermFields, type VenueFields } from './fields.ts';

/** A v1 event, venue, organizer or term as TEC sends it (only what the sync reads). */
export type V1Object = Record<string, unknown> & { id: number };

/** The raw text of a post, from `/wp/v2/<type>?context=edit`. */
export interface RawText {
  title: string;
  content: string;
  excerpt: string;
}

/** What the sync knows of one website object. */
export interface RemoteObject<F = unknown> {
  id: number;
  /** The website's modified_gmt (`YYYY-MM-DD HH:MM:SS`, UTC); '' for terms (they have none). */
  modified: string;
  trashed: boolean;
  /** The fields in the website's ids; undefined when it is gone (trashed or deleted: see `trashed`). */
  fields?: F;
  /** The linked objects an event names, as embedded in its v1 answer (to create them here on first sight). */
  embedded?: Embedded;
}

export interface Embedded {
  venues: V1Object[];
  organizers: V1Object[];
  categories: V1Object[];
  tags: V1Object[];
  image?: { id: number; url: string };
}

const str = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));
const decoded = (value: unknown) => decodeEntities(str(value));
const bool = (value: unknown, unset = false) =>
  value === undefined || value === null || value === '' ? unset : value === true || value === 'true' || value === 'yes' || value === 1 || value === '1';

/** Core's `{raw, rendered}` text field (context=edit) as its raw text. */
export function rawOf(field: unknown): string {
  if (field && typeof field === 'object' && 'raw' in field) return str((field as { raw: unknown }).raw);
  return str(field);
}

export function rawTextOf(core: Record<string, unknown>): RawText {
  return { title: rawOf(core.title), content: rawOf(core.content), excerpt: rawOf(core.excerpt) };
}

function asList(value: unknown): V1Object[] {
  if (Array.isArray(value)) return value.filter((item): item is V1Object => !!item && typeof item === 'object');
  if (value && typeof value === 'object' && 'id' in value) return [value as V1Object];
  return [];
}

const ids = (list: V1Object[]) => list.map((item) => Number(item.id)).filter((id) => Number.isSafeInteger(id) && id > 0);

/** `2027-03-05 19:30:00`: TEC's wall times, to the second. */
const wall = (value: unknown) => str(value).slice(0, 19);

export function remoteEvent(v1: V1Object, raw: RawText): RemoteObject<EventFields> {
  const status = str(v1.status);
  const venues = asList(v1.venue);
  const organizers = asList(v1.organizer);
  const categories = asList(v1.categories);
  const tags = asList(v1.tags);
  const image =
    v1.image && typeof v1.image === 'object' && 'id' in v1.image
      ? { id: Number((v1.image as { id: unknown }).id), url: str((v1.image as { url?: unknown }).url) }
      : undefined;
  const trashed = status === 'trash';
  return {
    id: v1.id,
    modified: wall(v1.modified_utc),
    trashed,
    embedded: { venues, organizers, categories, tags, image },
    fields: {
      title: raw.title,
      description: raw.content,
      excerpt: raw.excerpt,
      status: trashed ? 'draft' : status,
      publish_at: status === 'future' ? wall(v1.date_utc) : null,
      start: wall(v1.start_date),
      end: wall(v1.end_date),
      all_day: bool(v1.all_day),
      timezone: str(v1.timezone),
      cost: decoded(v1.cost),
      website: decoded(v1.website),
      featured: bool(v1.featured),
      sticky: bool(v1.sticky),
      hide_from_listings: bool(v1.hide_from_listings),
      show_map: bool(v1.show_map, true),
      show_map_link: bool(v1.show_map_link, true),
      venue: ids(venues)[0] ?? null,
      organizers: ids(organizers),
      categories: idSet(ids(categories)),
      tags: idSet(ids(tags)),
      image: image?.id ?? null,
    },
  };
}

export function remoteVenue(v1: V1Object, raw: RawText | undefined): RemoteObject<VenueFields> {
  return {
    id: v1.id,
    modified: wall(v1.modified_utc),
    trashed: str(v1.status) === 'trash',
    fields: {
      name: raw?.title ?? decoded(v1.venue),
      description: raw?.content ?? str(v1.description),
      address: decoded(v1.address),
      city: decoded(v1.city),
      country: decoded(v1.country),
      province: decoded(v1.province),
      state: decoded(v1.state),
      zip: decoded(v1.zip),
      phone: decoded(v1.phone),
      website: decoded(v1.website),
      show_map: bool(v1.show_map, true),
      show_map_link: bool(v1.show_map_link, true),
    },
  };
}

export function remoteOrganizer(v1: V1Object, raw: RawText | undefined): RemoteObject<OrganizerFields> {
  return {
    id: v1.id,
    modified: wall(v1.modified_utc),
    trashed: str(v1.status) === 'trash',
    fields: {
      name: raw?.title ?? decoded(v1.organizer),
      description: raw?.content ?? str(v1.description),
      phone: decoded(v1.phone),
      website: decoded(v1.website),
      email: decoded(v1.email),
    },
  };
}

/**
 * A term, from core (`/wp/v2/tribe_events_cat`, `/wp/v2/tags`) or v1: its name as WordPress
 * stores it (HTML-escaped, as Almanac stores term names too).
 */
export function remoteTerm(term: V1Object): RemoteObject<TermFields> {
  return {
    id: term.id,
    modified: '',
    trashed: false,
    fields: { name: str(term.name), description: str(term.description), parent: Number(term.parent ?? 0) || 0 },
  };
}
