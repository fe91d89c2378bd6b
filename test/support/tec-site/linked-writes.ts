// Writing venues and organizers (Single_Venue.php / Single_Organizer.php and TEC's Linked_Posts): creates
// that land on an existing *identical* post (duplicate avoidance: tec-website.md "linked posts" — every
// non-empty field sent matches; the existing post is answered, 201, nothing overwritten), updates where an omitted field
// is kept — except a venue's map flags, which an update without them sets back to true, and the
// publication date, which an update without it moves to now (publication-date.ts).
import { isUrl, nonEmptyString, POST_STATUSES, type ArgSpec } from './args.ts';
import { can, type Caller } from './auth.ts';
import { has, str, truthy, type Params, WpError } from './http.ts';
import { resolveImage } from './media.ts';
import { applyPublicationDate } from './publication-date.ts';
import { blankOrganizer, blankVenue, setStatus, type RawOrganizer, type RawVenue, type SiteStore } from './store.ts';
import { sanitizeTextField, sanitizeTitle } from './text.ts';

const VENUE_FIELDS = ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince'] as const;
const ORGANIZER_FIELDS = ['phone', 'email'] as const;

function commonArgs(store: SiteStore): Record<string, ArgSpec> {
  return {
    author: { type: 'integer', validate: (v) => store.userById(Number(v)) !== undefined },
    date: { type: 'string' },
    date_utc: { type: 'string' },
    description: { type: 'string' },
    status: { type: 'string', validate: (v) => POST_STATUSES.includes(str(v)) },
    website: { type: 'string', validate: (v) => v === '' || isUrl(v) },
    image: { validate: (v) => v === '' || v === null || typeof v === 'string' || typeof v === 'number' },
  };
}

export function venueArgs(store: SiteStore, create: boolean): Record<string, ArgSpec> {
  const args: Record<string, ArgSpec> = Object.assign(commonArgs(store), {
    venue: { type: 'string', required: create, validate: nonEmptyString },
    show_map: { type: 'string' },
    show_map_link: { type: 'string' },
  } satisfies Record<string, ArgSpec>);
  for (const field of VENUE_FIELDS) args[field] = { type: 'string' };
  return args;
}

export function organizerArgs(store: SiteStore, create: boolean): Record<string, ArgSpec> {
  const args: Record<string, ArgSpec> = Object.assign(commonArgs(store), {
    organizer: { type: 'string', required: create, validate: nonEmptyString },
  } satisfies Record<string, ArgSpec>);
  for (const field of ORGANIZER_FIELDS) args[field] = { type: 'string' };
  return args;
}

/** TEC's "scale back": who may not publish gets `pending` for publish, and `draft` when no status is given. */
export function scaleBackStatus(caller: Caller, requested: unknown): RawVenue['status'] {
  const status = str(requested);
  if (can(caller.user, 'publish_tribe_events')) return (status || 'publish') as RawVenue['status'];
  if (status === 'publish' || status === 'future') return 'pending';
  return (status || 'draft') as RawVenue['status'];
}

function applyVenueFields(venue: RawVenue, params: Params, updating: boolean): void {
  if (has(params, 'venue')) venue.title = str(params.venue).trim();
  if (has(params, 'description')) venue.content = str(params.description);
  for (const field of VENUE_FIELDS) if (has(params, field)) venue[field] = sanitizeTextField(str(params[field]));
  if (has(params, 'website')) venue.website = str(params.website);
  // Venue::save() fills the combined field from the state (US) or the province.
  if (!has(params, 'stateprovince') && (has(params, 'state') || has(params, 'province'))) {
    const us = ['', 'US', 'United States'].includes(venue.country);
    venue.stateprovince = us ? venue.state : venue.province;
  }
  venue.showMap = has(params, 'show_map') ? truthy(params.show_map) : updating ? true : venue.showMap;
  venue.showMapLink = has(params, 'show_map_link') ? truthy(params.show_map_link) : updating ? true : venue.showMapLink;
}

function applyOrganizerFields(organizer: RawOrganizer, params: Params): void {
  if (has(params, 'organizer')) organizer.title = str(params.organizer).trim();
  if (has(params, 'description')) organizer.content = str(params.description);
  for (const field of ORGANIZER_FIELDS)
    if (has(params, field)) organizer[field] = sanitizeTextField(str(params[field]));
  if (has(params, 'website')) organizer.website = str(params.website);
}

function applyStatusAndDates(store: SiteStore, post: RawVenue | RawOrganizer, params: Params, caller: Caller): void {
  setStatus(post, scaleBackStatus(caller, params.status));
  applyPublicationDate(store, post, params);
  if (has(params, 'author')) post.author = Number(params.author);
  if (!post.slug && post.status === 'publish')
    post.slug = store.uniqueSlug(sanitizeTitle(post.title), post.type, post.id);
}

/** MySQL's default collation: case-insensitive, trailing spaces ignored. */
const same = (a: string, b: string) => a.trimEnd().toLowerCase() === b.trimEnd().toLowerCase();

/**
 * TEC's duplicate avoidance (Tribe__Duplicate__Post, tec-reference.md §7.3): an existing post (not in
 * the trash) whose fields match every non-empty one sent — title, description exact; a venue's
 * address LIKE (contains); city, province, state, stateprovince, zip, phone exact; an organizer's
 * phone, email, website exact — all case-insensitive.
 */
function duplicateOf<P extends RawVenue | RawOrganizer>(
  posts: P[],
  params: Params,
  titleParam: string,
  fields: readonly string[],
): P | undefined {
  const sent = (name: string) => str(params[name]).trim();
  return posts.find((post) => {
    if (post.status === 'trash' || !same(post.title, sent(titleParam))) return false;
    if (sent('description') && !same(post.content, sent('description'))) return false;
    const record = post as unknown as Record<string, unknown>;
    for (const field of fields) {
      const value = sent(field);
      if (!value) continue;
      const theirs = str(record[field]);
      if (field === 'address' ? !theirs.toLowerCase().includes(value.toLowerCase()) : !same(theirs, value))
        return false;
    }
    return true;
  });
}

const VENUE_DUPLICATE_FIELDS = ['address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'] as const;
const ORGANIZER_DUPLICATE_FIELDS = ['phone', 'email', 'website'] as const;

/** Creates a venue — or, as TEC does, answers an identical existing one (nothing overwritten). */
export async function saveVenue(
  store: SiteStore,
  caller: Caller,
  params: Params,
): Promise<{ venue: RawVenue; created: boolean }> {
  const existing = duplicateOf(store.venues(), params, 'venue', VENUE_DUPLICATE_FIELDS);
  if (existing) return { venue: existing, created: false };
  const venue: RawVenue = blankVenue(store, caller.user?.id ?? 0);
  applyVenueFields(venue, params, false);
  applyStatusAndDates(store, venue, params, caller);
  if (has(params, 'image') && params.image !== '')
    venue.thumbnailId = await resolveImage(store, caller, params.image, 'image');
  store.posts.set(venue.id, venue);
  return { venue, created: true };
}

export async function updateVenue(store: SiteStore, caller: Caller, venue: RawVenue, params: Params): Promise<void> {
  applyVenueFields(venue, params, true);
  if (has(params, 'status') || has(params, 'author')) applyStatusAndDates(store, venue, params, caller);
  else applyPublicationDate(store, venue, params);
  if (has(params, 'image'))
    venue.thumbnailId = params.image === '' ? null : await resolveImage(store, caller, params.image, 'image');
  store.touch(venue);
}

export async function saveOrganizer(
  store: SiteStore,
  caller: Caller,
  params: Params,
): Promise<{ organizer: RawOrganizer; created: boolean }> {
  const existing = duplicateOf(store.organizers(), params, 'organizer', ORGANIZER_DUPLICATE_FIELDS);
  if (existing) return { organizer: existing, created: false };
  const organizer: RawOrganizer = blankOrganizer(store, caller.user?.id ?? 0);
  applyOrganizerFields(organizer, params);
  applyStatusAndDates(store, organizer, params, caller);
  if (has(params, 'image') && params.image !== '')
    organizer.thumbnailId = await resolveImage(store, caller, params.image, 'image');
  store.posts.set(organizer.id, organizer);
  return { organizer, created: true };
}

export async function updateOrganizer(
  store: SiteStore,
  caller: Caller,
  organizer: RawOrganizer,
  params: Params,
): Promise<void> {
  applyOrganizerFields(organizer, params);
  if (has(params, 'status') || has(params, 'author')) applyStatusAndDates(store, organizer, params, caller);
  else applyPublicationDate(store, organizer, params);
  if (has(params, 'image')) {
    organizer.thumbnailId = params.image === '' ? null : await resolveImage(store, caller, params.image, 'image');
  }
  store.touch(organizer);
}

/** Trashes a venue or organizer: its events silently lose it, and their `modified` does not move. */
export function trashLinked(store: SiteStore, post: RawVenue | RawOrganizer): void {
  setStatus(post, 'trash');
  store.touch(post);
  store.unlinkEverywhere(post.id);
}

/** A venue or organizer ID that does not exist is refused by argument validation: 400, not 404. */
export function linkedNotFound(): WpError {
  return new WpError(400, 'rest_invalid_param', 'Invalid parameter(s): id', {
    params: { id: 'Invalid parameter.' },
    details: [],
  });
}
