// WordPress core's `wp/v2` representations of TEC's post types: rendered text, and with `context=edit`
// the raw title/content/excerpt and TEC's registered meta (registered for every post type, so events
// carry the venue keys too, as on a real site).
import type { AnyPost, RawEvent, RawMedia, RawOrganizer, RawTerm, RawVenue, SiteStore } from './store.ts';
import { generatedExcerpt, renderContent, renderExcerpt, renderTitle } from './text.ts';
import { mediaUrl, permalink, sizesOf, termLink } from './v1-json.ts';

export const WP = '/wp-json/wp/v2';

function isoT(mysql: string): string {
  return mysql.replace(' ', 'T');
}

export const REST_BASE: Record<AnyPost['type'], string> = {
  tribe_events: 'tribe_events',
  tribe_venue: 'tribe_venue',
  tribe_organizer: 'tribe_organizer',
  attachment: 'media',
};

/** TEC's register_meta() keys, as core REST shows them on every post. */
function metaOf(post: AnyPost): Record<string, unknown> {
  const event = post.type === 'tribe_events' ? post : null;
  const venue = post.type === 'tribe_venue' ? post : null;
  const organizer = post.type === 'tribe_organizer' ? post : null;
  return {
    _EventAllDay: event?.allDay ?? false,
    _EventTimezone: event?.timezone ?? '',
    _EventStartDate: event?.startDate ?? '',
    _EventEndDate: event?.endDate ?? '',
    _EventStartDateUTC: event?.utcStartDate ?? '',
    _EventEndDateUTC: event?.utcEndDate ?? '',
    _EventShowMap: event?.showMap ?? false,
    _EventShowMapLink: event?.showMapLink ?? false,
    _EventURL: event?.website ?? '',
    _EventCost: event?.cost ?? '',
    _EventCostDescription: '',
    _EventCurrencySymbol: event?.currencySymbol ?? '',
    _EventCurrencyCode: event?.currencyCode ?? '',
    _EventCurrencyPosition: event?.currencyPosition ?? '',
    _EventDateTimeSeparator: '',
    _EventTimeRangeSeparator: '',
    _EventOrganizerID: event?.organizerIds ?? [],
    _EventVenueID: event?.venueIds ?? [],
    _OrganizerEmail: organizer?.email ?? '',
    _OrganizerPhone: organizer?.phone ?? '',
    _OrganizerWebsite: organizer?.website ?? '',
    _VenueAddress: venue?.address ?? '',
    _VenueCity: venue?.city ?? '',
    _VenueCountry: venue?.country ?? '',
    _VenueProvince: venue?.province ?? '',
    _VenueState: venue?.state ?? '',
    _VenueZip: venue?.zip ?? '',
    _VenuePhone: venue?.phone ?? '',
    _VenueURL: venue?.website ?? '',
    _VenueStateProvince: venue?.stateprovince ?? '',
    _VenueLat: '',
    _VenueLng: '',
    _VenueShowMap: venue?.showMap ?? false,
    _VenueShowMapLink: venue?.showMapLink ?? false,
  };
}

export function corePostJson(store: SiteStore, post: AnyPost, edit: boolean): Record<string, unknown> {
  if (post.type === 'attachment') return mediaJson(store, post, edit);
  const base = `${store.url}${WP}/${REST_BASE[post.type]}`;
  const guid = `${store.url}/?post_type=${post.type}&p=${post.id}`;
  const excerptRendered = post.excerpt ? `${renderExcerpt(post.excerpt)}\n` : generatedExcerpt(post.content);
  const json: Record<string, unknown> = {
    id: post.id,
    date: isoT(post.date),
    date_gmt: isoT(post.dateGmt),
    guid: edit ? { rendered: guid, raw: guid } : { rendered: guid },
    modified: isoT(post.modified),
    modified_gmt: isoT(post.modifiedGmt),
  };
  if (edit) json.password = post.password;
  Object.assign(json, {
    slug: post.slug,
    status: post.status,
    type: post.type,
    link: permalink(store, post),
    title: edit ? { raw: post.title, rendered: renderTitle(post.title) } : { rendered: renderTitle(post.title) },
    content: edit
      ? {
          raw: post.content,
          rendered: post.content ? `${renderContent(post.content)}\n` : '',
          protected: false,
          block_version: post.content.includes('<!-- wp:') ? 1 : 0,
        }
      : { rendered: post.content ? `${renderContent(post.content)}\n` : '', protected: false },
    excerpt: edit
      ? { raw: post.excerpt, rendered: excerptRendered, protected: false }
      : { rendered: excerptRendered, protected: false },
    author: post.author,
    featured_media: post.thumbnailId ?? 0,
    template: '',
    meta: metaOf(post),
  });
  if (post.type === 'tribe_events') {
    json.tribe_events_cat = post.categoryIds;
    json.tags = post.tagIds;
  }
  if (edit) {
    json.permalink_template = `${store.url}/${post.type === 'tribe_events' ? 'event' : post.type === 'tribe_venue' ? 'venue' : 'organizer'}/%pagename%/`;
    json.generated_slug = post.slug.replace(/__trashed$/, '');
  }
  json._links = {
    self: [{ href: `${base}/${post.id}` }],
    collection: [{ href: base }],
    about: [{ href: `${store.url}${WP}/types/${post.type}` }],
    author: [{ embeddable: true, href: `${store.url}${WP}/users/${post.author}` }],
  };
  return json;
}

export function mediaJson(store: SiteStore, media: RawMedia, edit: boolean): Record<string, unknown> {
  const url = mediaUrl(store, media);
  const json: Record<string, unknown> = {
    id: media.id,
    date: isoT(media.date),
    date_gmt: isoT(media.dateGmt),
    guid: edit ? { rendered: url, raw: url } : { rendered: url },
    modified: isoT(media.modified),
    modified_gmt: isoT(media.modifiedGmt),
    slug: media.slug,
    status: 'inherit',
    type: 'attachment',
    link: permalink(store, media),
    title: edit ? { raw: media.title, rendered: renderTitle(media.title) } : { rendered: renderTitle(media.title) },
    author: media.author,
    description: { rendered: '' },
    caption: { rendered: '' },
    alt_text: '',
    media_type: media.mimeType.startsWith('image/') ? 'image' : 'file',
    mime_type: media.mimeType,
    media_details: {
      width: media.width,
      height: media.height,
      file: media.file,
      filesize: media.bytes.length,
      sizes: sizesOf(store, media),
    },
    post: null,
    source_url: url,
  };
  json._links = {
    self: [{ href: `${store.url}${WP}/media/${media.id}` }],
    collection: [{ href: `${store.url}${WP}/media` }],
  };
  return json;
}

export function coreTermJson(store: SiteStore, term: RawTerm): Record<string, unknown> {
  const rest = term.taxonomy === 'post_tag' ? 'tags' : 'tribe_events_cat';
  const json: Record<string, unknown> = {
    id: term.id,
    count: store.termCount(term),
    description: term.description,
    link: termLink(store, term),
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
  };
  if (term.taxonomy === 'tribe_events_cat') json.parent = term.parent;
  json.meta = [];
  json._links = {
    self: [{ href: `${store.url}${WP}/${rest}/${term.id}` }],
    collection: [{ href: `${store.url}${WP}/${rest}` }],
  };
  return json;
}

/** `_fields=a,b.c`: only those keys (nested with dots), as WordPress's rest_filter_response_fields(). */
export function pickFields(json: Record<string, unknown>, fields: string[] | null): Record<string, unknown> {
  if (!fields) return json;
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const path = field.split('.');
    let from: unknown = json;
    let to: Record<string, unknown> = out;
    for (let i = 0; i < path.length; i++) {
      if (typeof from !== 'object' || from === null || !(path[i]! in (from as object))) break;
      const value = (from as Record<string, unknown>)[path[i]!];
      if (i === path.length - 1) to[path[i]!] = value;
      else {
        to[path[i]!] ??= {};
        to = to[path[i]!] as Record<string, unknown>;
        from = value;
      }
    }
  }
  return out;
}

export type CorePostType = RawEvent | RawVenue | RawOrganizer;
