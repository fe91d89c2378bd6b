// What is sent to the website for an object: always the whole object, never a diff. A TEC update
// resets what it is not sent — a PATCH with only a title clears the cost, the website, the flags,
// the image and the organizers, and resets the zone without recomputing the UTC times
// (tec-website.md, "update semantics") — so every update is the full event with its time zone,
// built as the note's round trip (the v1 fields plus the raw text). What v1 cannot do (empty the
// description or excerpt, detach the venue) goes through WordPress's core route afterwards
// (`clearings`). Ids here are the website's (translated from Almanac's by the caller).
import type { EventFields, OrganizerFields, TermFields, VenueFields } from './fields.ts';

export type Body = Record<string, unknown>;

/** The website's ids of the objects an event names (undefined: not there yet). */
export interface RemoteRefs {
  venue: number | null;
  organizers: number[];
  categories: number[];
  tags: number[];
  /** An attachment id; null: none. */
  image: number | null;
}

/**
 * The publication date an update carries (UTC wall): TEC moves it to now when an update leaves it
 * out (tec-reference.md: "Any update resets … the publication date"), so an edit here would
 * rewrite the website's. A scheduled event sends its own; any other sends the website's as it is —
 * except one the website still had scheduled that is published here now: left out, it is now.
 */
export function publicationDate(
  fields: EventFields,
  published: string | undefined,
  nowUtc: string,
): string | undefined {
  if (fields.status === 'future' && fields.publish_at) return fields.publish_at;
  if (!published) return undefined;
  if (fields.status === 'publish' && published > nowUtc) return undefined;
  return published;
}

export function eventBody(fields: EventFields, refs: RemoteRefs, dateUtc?: string): Body {
  const body: Body = { title: fields.title };
  // An empty description or excerpt is a 400 on v1; on a create there is nothing to clear, on an
  // update `clearings` empties them through core.
  if (fields.description !== '') body.description = fields.description;
  if (fields.excerpt !== '') body.excerpt = fields.excerpt;
  body.status = fields.status;
  if (dateUtc) body.date_utc = dateUtc;
  else if (fields.status === 'future' && fields.publish_at) body.date_utc = fields.publish_at;
  body.start_date = fields.start;
  body.end_date = fields.end;
  body.all_day = fields.all_day;
  body.timezone = fields.timezone;
  body.cost = fields.cost;
  body.website = fields.website;
  body.featured = fields.featured;
  body.sticky = fields.sticky;
  body.hide_from_listings = fields.hide_from_listings;
  body.show_map = fields.show_map;
  body.show_map_link = fields.show_map_link;
  if (refs.venue !== null) body.venue = refs.venue;
  body.organizer = refs.organizers;
  body.categories = refs.categories;
  body.tags = refs.tags;
  // A string (an integer is a 400); left out, the image is removed.
  if (refs.image !== null) body.image = String(refs.image);
  return body;
}

/**
 * What v1 could not clear, for core's `PATCH /wp/v2/tribe_events/{id}` — or undefined when there
 * is nothing to clear. `before`: the website's fields before this send (what it still holds).
 */
export function clearings(
  fields: EventFields,
  before: Pick<EventFields, 'description' | 'excerpt' | 'venue'> | undefined,
): Body | undefined {
  const body: Body = {};
  if (fields.description === '' && (before === undefined || before.description !== '')) body.content = '';
  if (fields.excerpt === '' && (before === undefined || before.excerpt !== '')) body.excerpt = '';
  if (fields.venue === null && before !== undefined && before.venue !== null) body.meta = { _EventVenueID: [] };
  return Object.keys(body).length > 0 ? body : undefined;
}

/** Venue flags are strings on TEC's venue routes (a JSON boolean is a 400); left out, they become true. */
const flagText = (value: boolean) => (value ? 'true' : 'false');

/** `published`: the website's publication date, kept on an update (left out, TEC moves it to now). */
export function venueBody(fields: VenueFields, published?: string): Body {
  return {
    ...(published ? { date_utc: published } : {}),
    venue: fields.name,
    description: fields.description,
    address: fields.address,
    city: fields.city,
    country: fields.country,
    province: fields.province,
    state: fields.state,
    zip: fields.zip,
    phone: fields.phone,
    website: fields.website,
    show_map: flagText(fields.show_map),
    show_map_link: flagText(fields.show_map_link),
    status: 'publish',
  };
}

export function organizerBody(fields: OrganizerFields, published?: string): Body {
  return {
    ...(published ? { date_utc: published } : {}),
    organizer: fields.name,
    description: fields.description,
    phone: fields.phone,
    website: fields.website,
    email: fields.email,
    status: 'publish',
  };
}

/** A category names its parent by the website's id; a tag has none (WordPress refuses one). */
export function termBody(kind: 'category' | 'tag', fields: TermFields, remoteParent: number): Body {
  const body: Body = { name: fields.name, description: fields.description };
  if (kind === 'category') body.parent = remoteParent;
  return body;
}
