// Updates through WordPress core (`PATCH /wp/v2/tribe_events/{id}`): unlike v1 they change only what they
// are sent, and they can do what v1 cannot — clear the excerpt (`{"excerpt": ""}`) or detach the venue
// (`{"meta": {"_EventVenueID": []}}`). TEC recomputes the UTC dates only when `_EventStartDate` or
// `_EventEndDate` is in the request's meta.
import { can, type Caller } from './auth.ts';
import { has, invalidParams, str, type Params, WpError } from './http.ts';
import { setStatus, type PostStatus, type SiteStore } from './store.ts';
import type { CorePostType } from './core-json.ts';
import { sanitizeTitle, sanitizeTextField } from './text.ts';
import { convertWall, zoneAbbreviation, zoneFor } from './time.ts';

function rawOf(value: unknown): string {
  return typeof value === 'object' && value !== null && 'raw' in value ? str((value as Params).raw) : str(value);
}

function ids(value: unknown): number[] {
  return (Array.isArray(value) ? value : value === '' || value === null ? [] : [value])
    .map(Number)
    .filter((n) => n > 0);
}

function plural(type: CorePostType['type']): string {
  return type === 'tribe_events' ? 'tribe_events' : type === 'tribe_venue' ? 'tribe_venues' : 'tribe_organizers';
}

export async function updateFromCore(
  store: SiteStore,
  caller: Caller,
  post: CorePostType,
  params: Params,
  json: Params | null,
): Promise<void> {
  if (has(params, 'status') && !['publish', 'future', 'draft', 'pending', 'private'].includes(str(params.status))) {
    throw invalidParams({ status: 'status is not one of publish, future, draft, pending, private.' });
  }
  if (str(params.status) === 'publish' && !can(caller.user, `publish_${plural(post.type)}`)) {
    throw new WpError(403, 'rest_cannot_publish', 'Sorry, you are not allowed to publish posts in this post type.');
  }
  if (has(params, 'title')) post.title = rawOf(params.title);
  if (has(params, 'content')) post.content = rawOf(params.content);
  if (has(params, 'excerpt')) post.excerpt = rawOf(params.excerpt);
  if (has(params, 'author')) post.author = Number(params.author);
  if (has(params, 'password')) post.password = str(params.password);
  if (has(params, 'featured_media')) post.thumbnailId = Number(params.featured_media) || null;
  if (has(params, 'status')) setStatus(post, str(params.status) as PostStatus);
  if (has(params, 'slug')) post.slug = store.uniqueSlug(sanitizeTitle(str(params.slug)), post.type, post.id);
  if (has(params, 'date')) {
    post.date = str(params.date).replace('T', ' ').slice(0, 19);
    post.dateGmt = convertWall(post.date, store.siteZone, zoneFor('UTC')!);
  }
  if (post.type === 'tribe_events') {
    if (has(params, 'tribe_events_cat'))
      post.categoryIds = ids(params.tribe_events_cat).filter(
        (id) => store.terms.get(id)?.taxonomy === 'tribe_events_cat',
      );
    if (has(params, 'tags'))
      post.tagIds = ids(params.tags).filter((id) => store.terms.get(id)?.taxonomy === 'post_tag');
  }
  const meta = (json?.meta ?? params.meta) as Params | undefined;
  if (meta && typeof meta === 'object') applyMeta(store, post, meta);
  store.touch(post);
}

function applyMeta(store: SiteStore, post: CorePostType, meta: Params): void {
  const text = (key: string): string | undefined => (key in meta ? str(meta[key]) : undefined);
  const bool = (key: string): boolean | undefined =>
    key in meta ? meta[key] === true || ['1', 'true', 'yes'].includes(str(meta[key])) : undefined;
  if (post.type === 'tribe_events') {
    if ('_EventVenueID' in meta) post.venueIds = ids(meta._EventVenueID).filter((id) => store.venue(id));
    if ('_EventOrganizerID' in meta)
      post.organizerIds = ids(meta._EventOrganizerID).filter((id) => store.organizer(id));
    post.allDay = bool('_EventAllDay') ?? post.allDay;
    post.showMap = bool('_EventShowMap') ?? post.showMap;
    post.showMapLink = bool('_EventShowMapLink') ?? post.showMapLink;
    post.website = text('_EventURL') ?? post.website;
    post.cost = text('_EventCost') ?? post.cost;
    post.currencySymbol = text('_EventCurrencySymbol') ?? post.currencySymbol;
    post.currencyCode = text('_EventCurrencyCode') ?? post.currencyCode;
    post.currencyPosition = text('_EventCurrencyPosition') ?? post.currencyPosition;
    post.timezone = text('_EventTimezone') ?? post.timezone;
    post.startDate = text('_EventStartDate') ?? post.startDate;
    post.endDate = text('_EventEndDate') ?? post.endDate;
    if ('_EventStartDate' in meta || '_EventEndDate' in meta) {
      const zone = zoneFor(post.timezone) ?? store.siteZone;
      post.utcStartDate = convertWall(post.startDate, zone, zoneFor('UTC')!);
      post.utcEndDate = convertWall(post.endDate, zone, zoneFor('UTC')!);
      post.timezoneAbbr = zoneAbbreviation(post.timezone, post.startDate);
    }
    return;
  }
  if (post.type === 'tribe_venue') {
    const fields = {
      _VenueAddress: 'address',
      _VenueCity: 'city',
      _VenueCountry: 'country',
      _VenueProvince: 'province',
      _VenueState: 'state',
      _VenueZip: 'zip',
      _VenuePhone: 'phone',
      _VenueURL: 'website',
      _VenueStateProvince: 'stateprovince',
    } as const;
    for (const [key, field] of Object.entries(fields)) if (key in meta) post[field] = sanitizeTextField(str(meta[key]));
    post.showMap = bool('_VenueShowMap') ?? post.showMap;
    post.showMapLink = bool('_VenueShowMapLink') ?? post.showMapLink;
    return;
  }
  post.email = text('_OrganizerEmail') ?? post.email;
  post.phone = text('_OrganizerPhone') ?? post.phone;
  post.website = text('_OrganizerWebsite') ?? post.website;
}
