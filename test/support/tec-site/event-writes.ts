// Creating and updating events through `tribe/events/v1` (Single_Event::prepare_postarr +
// Tribe__Events__API::saveEventMeta in TEC 6.17.2). The traps are TEC's, reproduced on purpose:
// - an update *replaces* what it is not sent: cost (and its symbol), website, show_map(_link), sticky,
//   featured, hide_from_listings, all_day, the image and every organizer are reset; the publication date
//   becomes now; a publisher's update without `status` publishes;
// - an update without both dates keeps the dates *and their UTC values* but resets the timezone to the
//   site's (the event becomes inconsistent); dates without `timezone` are read in the site's zone;
// - a start after the end is accepted: the end becomes the start, while the UTC end keeps the old end;
// - kept when omitted: venue, categories, tags, title, description, excerpt, slug, author, custom fields.
import { checkArgs, isUrl, nonEmptyString, POST_STATUSES, type ArgSpec } from './args.ts';
import { can, type Caller } from './auth.ts';
import { parseCurrencyPosition, parseCurrencySymbol } from './cost.ts';
import { has, listParam, str, truthy, type Params, WpError } from './http.ts';
import { saveOrganizer, saveVenue, scaleBackStatus } from './linked-writes.ts';
import { isImageAttachment, resolveImage } from './media.ts';
import { blankEvent, setStatus, type RawEvent, type SiteStore } from './store.ts';
import { applyPublicationDate, wallOf } from './publication-date.ts';
import { termIdsFor } from './terms.ts';
import { sanitizeTitle, sanitizeUrl, tecSanitizeString } from './text.ts';
import { convertWall, instantOf, isStrtotimeFalsy, zoneAbbreviation, zoneFor } from './time.ts';

function isTime(store: SiteStore) {
  return (value: unknown): boolean => !isStrtotimeFalsy(value, store.clock());
}

/** Is every entry of a `venue`/`organizer` value an existing ID, `{id}` or a valid inline object? */
function linkedValid(store: SiteStore, kind: 'venue' | 'organizer') {
  const exists = (id: unknown): boolean =>
    kind === 'venue' ? store.venue(Number(id)) !== undefined : store.organizer(Number(id)) !== undefined;
  return (value: unknown): boolean => {
    if (!value || (Array.isArray(value) && value.filter(Boolean).length === 0)) return true;
    if (typeof value !== 'object')
      return str(value)
        .split(/\s*,\s*/)
        .every((v) => /^\d+$/.test(v) && exists(v));
    const entries = Array.isArray(value) ? value : [value];
    return entries.every((entry) => {
      if (/^\d+$/.test(str(entry))) return exists(entry);
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false;
      const inline = entry as Params;
      if (inline.id) return exists(inline.id);
      return nonEmptyString(inline[kind]);
    });
  };
}

export function eventArgs(store: SiteStore, create: boolean): Record<string, ArgSpec> {
  const time = isTime(store);
  return {
    author: { type: 'integer', validate: (v) => /^\d+$/.test(str(v)) && store.userById(Number(v)) !== undefined },
    date: { type: 'string', validate: time },
    date_utc: { type: 'string', validate: time },
    title: { type: 'string', required: create, validate: nonEmptyString },
    description: { type: 'string', validate: nonEmptyString },
    slug: { type: 'string', validate: nonEmptyString },
    excerpt: { type: 'string', validate: nonEmptyString },
    status: { type: 'string', validate: (v) => POST_STATUSES.includes(str(v)) },
    timezone: { type: 'string', validate: (v) => v === '' || zoneFor(str(v)) !== null },
    all_day: { type: 'boolean' },
    start_date: { type: 'string', required: create, validate: time },
    end_date: { type: 'string', required: create, validate: time },
    image: {
      type: 'string',
      validate: (v) => isImageAttachment(store, v) || (typeof v === 'string' && isUrl(v)),
    },
    cost: {},
    website: { validate: (v) => !v || isUrl(v) },
    show_map: { type: 'boolean' },
    show_map_link: { type: 'boolean' },
    hide_from_listings: { type: 'boolean' },
    sticky: { type: 'boolean' },
    featured: { type: 'boolean' },
    categories: {},
    tags: {},
    venue: { validate: linkedValid(store, 'venue') },
    organizer: { validate: linkedValid(store, 'organizer') },
  };
}

export function checkEventArgs(store: SiteStore, params: Params, create: boolean): void {
  checkArgs(params, eventArgs(store, create), create);
}

async function linkedIds(
  store: SiteStore,
  caller: Caller,
  kind: 'venue' | 'organizer',
  value: unknown,
): Promise<number[]> {
  if (!value) return [];
  const entries = Array.isArray(value) ? value : typeof value === 'object' ? [value] : str(value).split(/\s*,\s*/);
  const ids: number[] = [];
  for (const entry of entries) {
    if (!entry) continue;
    if (/^\d+$/.test(str(entry))) ids.push(Number(entry));
    else if ((entry as Params).id) ids.push(Number((entry as Params).id));
    else if (kind === 'venue') ids.push((await saveVenue(store, caller, entry as Params)).venue.id);
    else ids.push((await saveOrganizer(store, caller, entry as Params)).organizer.id);
  }
  return ids;
}

function toUtc(wall: string, zoneName: string): string {
  const zone = zoneFor(zoneName);
  return zone ? convertWall(wall, zone, zoneFor('UTC')!) : wall;
}

/** Dates, zone and UTC values (API::prepare_event_date_meta). */
function applyDates(store: SiteStore, event: RawEvent, params: Params): void {
  const requestZone = str(params.timezone);
  const allDay = truthy(params.all_day);
  const zone = requestZone || store.siteTimezoneName();
  let start = has(params, 'start_date') ? wallOf(store, params.start_date, zone) : event.startDate;
  let end = has(params, 'end_date') ? wallOf(store, params.end_date, zone) : event.endDate;
  const bothGiven = has(params, 'start_date') && has(params, 'end_date');
  event.allDay = allDay;
  event.timezone = zone;
  event.timezoneAbbr = zoneAbbreviation(zone, start || store.nowLocal());
  if (!allDay && !bothGiven) return; // dates and their UTC values stay, whatever the zone now says
  if (allDay) {
    start = `${start.slice(0, 10)} 00:00:00`;
    end = `${end.slice(0, 10)} 23:59:59`;
  }
  event.startDate = start;
  event.endDate = end;
  event.utcStartDate = toUtc(start, zone);
  event.utcEndDate = toUtc(end, zone);
  const tz = zoneFor(zone) ?? store.siteZone;
  if (instantOf(start, tz) > instantOf(end, tz)) {
    event.endDate = start; // the UTC end was computed before this correction and keeps the old end
  }
}

async function applyEventWrite(
  store: SiteStore,
  caller: Caller,
  event: RawEvent,
  params: Params,
  creating: boolean,
): Promise<void> {
  if (has(params, 'title')) event.title = str(params.title).trim();
  if (has(params, 'description')) event.content = str(params.description);
  if (has(params, 'excerpt')) event.excerpt = str(params.excerpt);
  if (has(params, 'author')) event.author = Number(params.author);
  setStatus(event, scaleBackStatus(caller, params.status));
  if (has(params, 'slug')) event.slug = store.uniqueSlug(sanitizeTitle(str(params.slug)), 'tribe_events', event.id);
  else if (!event.slug && event.status === 'publish') {
    event.slug = store.uniqueSlug(sanitizeTitle(event.title) || String(event.id), 'tribe_events', event.id);
  }
  applyPublicationDate(store, event, params);
  applyDates(store, event, params);

  // Presentation fields: always written, so an update that omits them resets them.
  const cost = has(params, 'cost')
    ? Array.isArray(params.cost)
      ? params.cost.map(str).join(', ')
      : str(params.cost)
    : '';
  event.cost = tecSanitizeString(cost);
  event.currencySymbol = parseCurrencySymbol(cost) || '';
  event.currencyPosition = parseCurrencyPosition(cost) || '';
  // A create drops empty values before saving (no `_EventURL` → v1 shows the permalink); an update writes ''.
  const website = sanitizeUrl(str(params.website));
  event.website = creating && website === '' ? null : website;
  event.showMap = truthy(params.show_map);
  event.showMapLink = truthy(params.show_map_link);
  event.hideFromListings = truthy(params.hide_from_listings);
  event.sticky = truthy(params.sticky);
  event.featured = truthy(params.featured);
  event.thumbnailId = has(params, 'image') ? await resolveImage(store, caller, params.image, 'image') : null;

  const venues = await linkedIds(store, caller, 'venue', params.venue);
  if (venues.length) event.venueIds = venues.slice(0, 1); // without Pro, one venue; empty never detaches
  event.organizerIds = await linkedIds(store, caller, 'organizer', params.organizer);
  if (has(params, 'categories'))
    event.categoryIds = termIdsFor(store, 'tribe_events_cat', listParam(params.categories));
  if (has(params, 'tags')) event.tagIds = termIdsFor(store, 'post_tag', listParam(params.tags));
  store.touch(event);
}

export async function createEvent(store: SiteStore, caller: Caller, params: Params): Promise<RawEvent> {
  const event = blankEvent(store, caller.user?.id ?? 0, 0);
  await applyEventWrite(store, caller, event, params, true);
  // TEC inserts the image, venue and organizers first: the event gets the next ID after them.
  event.id = store.newPostId();
  store.posts.set(event.id, event);
  return event;
}

export async function updateEvent(store: SiteStore, caller: Caller, event: RawEvent, params: Params): Promise<void> {
  // Work on a copy so that a refused image or linked post leaves the event as it was.
  const draft: RawEvent = structuredClone(event);
  await applyEventWrite(store, caller, draft, params, false);
  Object.assign(event, draft);
}

/** `rest-event-not-found` (404) or `rest-invalid-event-id` (400) for an ID that is no event. */
export function eventOr404(store: SiteStore, id: number): RawEvent {
  const event = store.event(id);
  if (event) return event;
  if (store.posts.has(id)) throw new WpError(400, 'rest-invalid-event-id', 'The specified ID is not a valid event.');
  throw new WpError(404, 'rest-event-not-found', `Event with ID ${id} does not exist.`);
}

export function mayCreateEvents(caller: Caller): boolean {
  return can(caller.user, 'edit_tribe_events');
}
