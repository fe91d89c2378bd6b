// The `tribe/events/v1` representations (Post_Repository.php): the event with its fixed key set and
// rendered text, venues and organizers that drop their empty fields, embedded and endpoint terms.
import { costValues, formatCost } from './cost.ts';
import type { RawEvent, RawMedia, RawOrganizer, RawTerm, RawVenue, SiteStore } from './store.ts';
import { escHtml, renderContent, renderExcerpt, renderTitle } from './text.ts';
import { dateDetails } from './time.ts';
import { eventJsonLd, organizerJsonLd, venueJsonLd } from './json-ld.ts';

export const V1 = '/wp-json/tribe/events/v1';

function globalId(store: SiteStore, id: number): string {
  return `${new URL(store.url).hostname}?id=${id}`;
}

export function permalink(store: SiteStore, post: { id: number; slug: string; type: string }): string {
  const base = { tribe_events: 'event', tribe_venue: 'venue', tribe_organizer: 'organizer', attachment: 'attachment' }[
    post.type
  ];
  return post.slug ? `${store.url}/${base}/${post.slug}/` : `${store.url}/?post_type=${post.type}&p=${post.id}`;
}

export function termLink(store: SiteStore, term: RawTerm): string {
  if (term.taxonomy === 'post_tag') return `${store.url}/tag/${term.slug}/`;
  const chain: string[] = [];
  for (let t: RawTerm | undefined = term; t; t = t.parent ? store.terms.get(t.parent) : undefined)
    chain.unshift(t.slug);
  return `${store.url}/events/category/${chain.join('/')}/`;
}

export function mediaUrl(store: SiteStore, media: RawMedia): string {
  return `${store.url}/wp-content/uploads/${media.file}`;
}

/** The image object of an event, venue or organizer (`false` without one). */
export function imageJson(store: SiteStore, thumbnailId: number | null): Record<string, unknown> | false {
  const media = thumbnailId === null ? undefined : store.media(thumbnailId);
  if (!media) return false;
  const url = mediaUrl(store, media);
  const extension = media.file.split('.').pop() ?? '';
  const image: Record<string, unknown> = { url, id: media.id, extension };
  if (media.width && media.height) {
    Object.assign(image, {
      width: media.width,
      height: media.height,
      filesize: media.bytes.length,
      sizes: sizesOf(store, media),
    });
  }
  return image;
}

export function sizesOf(store: SiteStore, media: RawMedia): Record<string, unknown> {
  const sizes: Record<string, unknown> = {};
  const base = mediaUrl(store, media).replace(/\.[^.]+$/, '');
  const ext = media.file.split('.').pop();
  for (const [name, w, h, crop] of [
    ['thumbnail', 150, 150, true],
    ['medium', 300, 300, false],
  ] as const) {
    if (media.width <= w && media.height <= h) continue;
    const scale = Math.min(w / media.width, h / media.height);
    const width = crop ? w : Math.round(media.width * scale);
    const height = crop ? h : Math.round(media.height * scale);
    sizes[name] = { width, height, 'mime-type': media.mimeType, url: `${base}-${width}x${height}.${ext}` };
  }
  return sizes;
}

export function embeddedTerm(store: SiteStore, term: RawTerm, counts = store.termCounts()): Record<string, unknown> {
  const ns = term.taxonomy === 'post_tag' ? 'tags' : 'categories';
  const urls: Record<string, string> = {
    self: `${store.url}${V1}/${ns}/${term.id}`,
    collection: `${store.url}${V1}/${ns}`,
  };
  if (term.parent) urls.up = `${store.url}${V1}/${ns}/${term.parent}`;
  return {
    name: term.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: term.taxonomy,
    description: term.description,
    parent: term.parent,
    count: counts.get(term.id) ?? 0,
    filter: 'raw',
    id: term.id,
    urls,
  };
}

/** A term as `/categories` and `/tags` send it (tags have no `parent`). */
export function termJson(store: SiteStore, term: RawTerm): Record<string, unknown> {
  const ns = term.taxonomy === 'post_tag' ? 'tags' : 'categories';
  const json: Record<string, unknown> = {
    id: term.id,
    count: store.termCount(term),
    description: term.description,
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
  };
  if (term.taxonomy === 'tribe_events_cat') json.parent = term.parent;
  json.meta = [];
  json.url = termLink(store, term);
  const urls: Record<string, string> = {
    self: `${store.url}${V1}/${ns}/${term.id}`,
    collection: `${store.url}${V1}/${ns}`,
  };
  if (term.parent) urls.up = `${store.url}${V1}/${ns}/${term.parent}`;
  json.urls = urls;
  return json;
}

function dropEmpty(json: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(json)) if (!value || value === '0') delete json[key];
  return json;
}

export function venueJson(store: SiteStore, venue: RawVenue, single = false): Record<string, unknown> {
  const json = dropEmpty({
    id: venue.id,
    author: String(venue.author),
    status: venue.status,
    date: venue.date,
    date_utc: venue.dateGmt,
    modified: venue.modified,
    modified_utc: venue.modifiedGmt,
    url: permalink(store, venue),
    venue: renderTitle(venue.title),
    description: renderContent(venue.content),
    excerpt: renderExcerpt(venue.excerpt),
    slug: venue.slug,
    image: imageJson(store, venue.thumbnailId),
    address: venue.address,
    city: venue.city,
    country: venue.country,
    province: venue.province,
    state: venue.state,
    zip: venue.zip,
    phone: venue.phone,
    website: venue.website,
    stateprovince: venue.stateprovince,
  });
  if (single) json.json_ld = venueJsonLd(venue);
  json.show_map = venue.showMap;
  json.show_map_link = venue.showMapLink;
  json.global_id = globalId(store, venue.id);
  json.global_id_lineage = [globalId(store, venue.id)];
  return json;
}

export function organizerJson(store: SiteStore, organizer: RawOrganizer, single = false): Record<string, unknown> {
  const json = dropEmpty({
    id: organizer.id,
    author: String(organizer.author),
    status: organizer.status,
    date: organizer.date,
    date_utc: organizer.dateGmt,
    modified: organizer.modified,
    modified_utc: organizer.modifiedGmt,
    url: permalink(store, organizer),
    organizer: renderTitle(organizer.title),
    description: renderContent(organizer.content),
    excerpt: renderExcerpt(organizer.excerpt),
    slug: organizer.slug,
    image: imageJson(store, organizer.thumbnailId),
    phone: organizer.phone,
    website: organizer.website,
    email: organizer.email,
  });
  if (single) json.json_ld = organizerJsonLd(organizer);
  json.global_id = globalId(store, organizer.id);
  json.global_id_lineage = [globalId(store, organizer.id)];
  return json;
}

/** An event; `single` for the single read, which adds `json_ld` (to the event and its linked posts). */
export function eventJson(
  store: SiteStore,
  event: RawEvent,
  single = false,
  counts = store.termCounts(),
): Record<string, unknown> {
  const venues = event.venueIds.map((id) => store.venue(id)).filter((v): v is RawVenue => v !== undefined);
  const organizers = event.organizerIds
    .map((id) => store.organizer(id))
    .filter((o): o is RawOrganizer => o !== undefined);
  const terms = (ids: number[]): Record<string, unknown>[] =>
    ids
      .map((id) => store.terms.get(id))
      .filter((t): t is RawTerm => t !== undefined)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((t) => embeddedTerm(store, t, counts));
  const url = permalink(store, event);
  const json: Record<string, unknown> = {
    id: event.id,
    global_id: globalId(store, event.id),
    global_id_lineage: [globalId(store, event.id)],
    author: String(event.author),
    status: event.status,
    date: event.date,
    date_utc: event.dateGmt,
    modified: event.modified,
    modified_utc: event.modifiedGmt,
    url,
    rest_url: `${store.url}${V1}/events/${event.id}`,
    title: renderTitle(event.title),
    description: renderContent(event.content),
    excerpt: renderExcerpt(event.excerpt),
    slug: event.slug,
    image: imageJson(store, event.thumbnailId),
    all_day: event.allDay,
    start_date: event.startDate,
    start_date_details: dateDetails(event.startDate),
    end_date: event.endDate,
    end_date_details: dateDetails(event.endDate),
    utc_start_date: event.utcStartDate,
    utc_start_date_details: dateDetails(event.utcStartDate),
    utc_end_date: event.utcEndDate,
    utc_end_date_details: dateDetails(event.utcEndDate),
    timezone: event.timezone,
    timezone_abbr: event.timezoneAbbr,
    cost: formatCost(event.cost, event.currencySymbol, event.currencyPosition, store.settings.defaultCurrencySymbol),
    cost_details: {
      currency_symbol: event.currencySymbol,
      currency_code: event.currencyCode,
      currency_position: event.currencyPosition,
      values: costValues(event.cost),
    },
    website: event.website === null ? url : escHtml(event.website),
    show_map: event.showMap,
    show_map_link: event.showMapLink,
    hide_from_listings: event.hideFromListings,
    sticky: event.sticky,
    featured: event.featured,
    categories: terms(event.categoryIds),
    tags: terms(event.tagIds),
    venue:
      venues.length === 0
        ? []
        : venues.length === 1
          ? venueJson(store, venues[0]!, single)
          : venues.map((v) => venueJson(store, v, single)),
    organizer: organizers.map((o) => organizerJson(store, o, single)),
    custom_fields: Object.keys(event.customFields).length === 0 ? [] : event.customFields,
  };
  if (single) json.json_ld = eventJsonLd(store, event);
  return json;
}
