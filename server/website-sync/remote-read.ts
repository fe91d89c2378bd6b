// The website's objects read into the sync's fields. An event is read from two answers: TEC's v1
// single read gives its structure (dates, zone, flags, venue, organizers in order, terms, image,
// status) but rendered text — titles texturized and entity-encoded, descriptions through
// the_content, the cost rebuilt with a guessed symbol, an unset website shown as the permalink —
// so the raw title, description, excerpt, cost and website come from WordPress's core route with
// context=edit (`title.raw`…, TEC's `_EventCost`, `_EventURL` meta: tec-website.md, "text"). The
// flags featured, sticky and hidden-from-listings exist only in v1. Venues, organizers and terms
// are read from core alone (raw text and TEC's meta). Ids here are the website's; translate.ts
// turns them into Almanac's.
import { remoteCost } from './cost.ts';
import { idSet, type EventFields, type OrganizerFields, type TermFields, type VenueFields } from './fields.ts';

export type Json = Record<string, unknown>;

/** What the sync knows of one website object. */
export interface RemoteObject<F = unknown> {
  id: number;
  /** The website's modified_gmt (`YYYY-MM-DD HH:MM:SS`, UTC); '' for terms (they have none). */
  modified: string;
  trashed: boolean;
  /** Gone for good (404): not even in the trash. */
  deleted?: boolean;
  /** The fields in the website's ids; undefined when trashed or deleted. */
  fields?: F;
  /** An event's image, as its v1 answer gives it (to make Almanac's image record on first sight). */
  image?: { id: number; url: string };
  /** When it was published on the website (UTC wall; v1's date_utc): the first sync leaves out only what was there before connecting. */
  published?: string;
  /** An event's cost as typed on the website (`fields.cost` is its normal form, cost.ts): what is written here. */
  costText?: string;
}

const str = (value: unknown) =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
const bool = (value: unknown, unset = false) =>
  value === undefined || value === null || value === ''
    ? unset
    : value === true || value === 'true' || value === 'yes' || value === 1 || value === '1';

/** Core's `{raw, rendered}` text field (context=edit) as its raw text. */
export function rawOf(field: unknown): string {
  if (field && typeof field === 'object' && 'raw' in field) return str((field as { raw: unknown }).raw);
  return str(field);
}

/** `2027-03-05 19:30:00`: wall times to the second, from TEC's form or core's `2027-03-05T19:30:00`. */
export const wall = (value: unknown) => str(value).replace('T', ' ').slice(0, 19);

function asList(value: unknown): Json[] {
  if (Array.isArray(value)) return value.filter((item): item is Json => !!item && typeof item === 'object');
  if (value && typeof value === 'object' && 'id' in value) return [value as Json];
  return [];
}

const ids = (list: Json[]) => list.map((item) => Number(item.id)).filter((id) => Number.isSafeInteger(id) && id > 0);
const meta = (core: Json) => (core.meta && typeof core.meta === 'object' ? (core.meta as Json) : {});

/** `websiteSymbol`: the website's default currency symbol (a cost without one is shown there with it: cost.ts). */
export function remoteEvent(v1: Json, core: Json, websiteSymbol: string): RemoteObject<EventFields> {
  const status = str(core.status || v1.status);
  const m = meta(core);
  const image =
    v1.image && typeof v1.image === 'object' && 'id' in v1.image
      ? { id: Number((v1.image as Json).id), url: str((v1.image as Json).url) }
      : undefined;
  const trashed = status === 'trash';
  return {
    id: Number(v1.id),
    modified: wall(core.modified_gmt || v1.modified_utc),
    trashed,
    image,
    costText: str(m._EventCost),
    published: wall(core.date_gmt || v1.date_utc),
    fields: {
      title: rawOf(core.title),
      description: rawOf(core.content),
      excerpt: rawOf(core.excerpt),
      status: trashed ? 'draft' : status,
      publish_at: status === 'future' ? wall(core.date_gmt || v1.date_utc) : null,
      start: wall(v1.start_date),
      end: wall(v1.end_date),
      all_day: bool(v1.all_day),
      timezone: str(v1.timezone),
      cost: remoteCost(str(m._EventCost), websiteSymbol),
      website: str(m._EventURL),
      featured: bool(v1.featured),
      sticky: bool(v1.sticky),
      hide_from_listings: bool(v1.hide_from_listings),
      show_map: bool(v1.show_map, true),
      show_map_link: bool(v1.show_map_link, true),
      venue: ids(asList(v1.venue))[0] ?? null,
      organizers: ids(asList(v1.organizer)),
      categories: idSet(ids(asList(v1.categories))),
      tags: idSet(ids(asList(v1.tags))),
      image: image?.id ?? null,
    },
  };
}

/** A trashed or deleted event, from what its feed entry or a failed read said. */
export function goneEvent(id: number, modified: string, deleted: boolean): RemoteObject<EventFields> {
  return { id, modified, trashed: true, deleted };
}

/** A venue or organizer from core: its id, modification time and trash state, and its fields unless trashed. */
function remoteLinked<F>(core: Json, fields: (m: ReturnType<typeof meta>) => F): RemoteObject<F> {
  const trashed = str(core.status) === 'trash';
  return {
    id: Number(core.id),
    modified: wall(core.modified_gmt),
    trashed,
    published: wall(core.date_gmt) || undefined,
    fields: trashed ? undefined : fields(meta(core)),
  };
}

export function remoteVenue(core: Json): RemoteObject<VenueFields> {
  return remoteLinked(core, (m) => ({
    name: rawOf(core.title),
    description: rawOf(core.content),
    address: str(m._VenueAddress),
    city: str(m._VenueCity),
    country: str(m._VenueCountry),
    province: str(m._VenueProvince),
    state: str(m._VenueState),
    zip: str(m._VenueZip),
    phone: str(m._VenuePhone),
    website: str(m._VenueURL),
    show_map: bool(m._VenueShowMap, true),
    show_map_link: bool(m._VenueShowMapLink, true),
  }));
}

export function remoteOrganizer(core: Json): RemoteObject<OrganizerFields> {
  return remoteLinked(core, (m) => ({
    name: rawOf(core.title),
    description: rawOf(core.content),
    phone: str(m._OrganizerPhone),
    website: str(m._OrganizerURL || m._OrganizerWebsite),
    email: str(m._OrganizerEmail),
  }));
}

/** A term, from core or v1: its name as WordPress stores it (HTML-escaped, as Almanac's are). */
export function remoteTerm(term: Json): RemoteObject<TermFields> {
  return {
    id: Number(term.id),
    modified: '',
    trashed: false,
    fields: { name: str(term.name), description: str(term.description), parent: Number(term.parent ?? 0) || 0 },
  };
}
