// The schema.org `json_ld` TEC adds to *single* reads only (an event, a venue, an organizer — and the
// venue and organizers embedded in a single event), never to list items. Its organizer e-mail goes
// through WordPress's antispambot(), which encodes characters at random: two reads of the same event
// differ there, so a sync must not compare whole single-read bodies.
import { costValues } from './cost.ts';
import type { RawEvent, RawOrganizer, RawVenue, SiteStore } from './store.ts';
import { escHtml, generatedExcerpt, renderTitle, wpautop } from './text.ts';
import { instantOf, zoneFor } from './time.ts';
import { imageJson, permalink } from './v1-json.ts';

/** antispambot(): each character of an address as itself, `&#NN;`, or (rarely) `%XX` — at random. */
function antispambot(email: string): string {
  return Array.from(email)
    .map((ch) => {
      const pick = Math.floor(Math.random() * 3);
      if (ch === '@' || pick === 1) return `&#${ch.codePointAt(0)};`;
      return ch;
    })
    .join('');
}

/** The description TEC puts in JSON-LD: the paragraph-wrapped excerpt (or content), HTML escaped. */
function description(excerpt: string, content: string): string {
  const text = excerpt ? `${wpautop(excerpt).trim()}\n` : content ? generatedExcerpt(content) : '';
  return escHtml(text.replaceAll('\n', '\\n'));
}

export function venueJsonLd(venue: RawVenue): Record<string, unknown> {
  const address: Record<string, string> = { '@type': 'PostalAddress' };
  const parts: [string, string][] = [
    ['streetAddress', venue.address],
    ['addressLocality', venue.city],
    ['addressRegion', venue.stateprovince || venue.state || venue.province],
    ['postalCode', venue.zip],
    ['addressCountry', venue.country],
  ];
  for (const [key, value] of parts) if (value) address[key] = value;
  return {
    '@type': 'Place',
    name: renderTitle(venue.title),
    description: description(venue.excerpt, venue.content),
    url: '',
    address,
    telephone: venue.phone,
    sameAs: venue.website,
  };
}

export function organizerJsonLd(organizer: RawOrganizer): Record<string, unknown> {
  return {
    '@type': 'Person',
    name: renderTitle(organizer.title),
    description: description(organizer.excerpt, organizer.content),
    url: organizer.website,
    telephone: organizer.phone,
    email: organizer.email ? antispambot(organizer.email) : '',
    sameAs: organizer.website,
  };
}

export function eventJsonLd(store: SiteStore, event: RawEvent): Record<string, unknown> {
  const zone = zoneFor(event.timezone) ?? store.siteZone;
  const iso = (wall: string): string => instantOf(wall, zone).toISO({ suppressMilliseconds: true }) ?? '';
  const url = permalink(store, event);
  const json: Record<string, unknown> = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: renderTitle(event.title),
    description: description(event.excerpt, event.content),
  };
  const image = imageJson(store, event.thumbnailId);
  if (image) json.image = image.url;
  Object.assign(json, {
    url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: iso(event.startDate),
    endDate: iso(event.endDate),
  });
  const venue = event.venueIds.map((id) => store.venue(id)).find((v) => v !== undefined);
  if (venue) json.location = venueJsonLd(venue);
  const organizer = event.organizerIds.map((id) => store.organizer(id)).find((o) => o !== undefined);
  if (organizer) json.organizer = organizerJsonLd(organizer);
  const values = costValues(event.cost);
  if (values.length) {
    json.offers = {
      '@type': 'Offer',
      price: values[0],
      priceCurrency: event.currencyCode || 'USD',
      url,
      category: 'primary',
      availability: 'inStock',
      validFrom: `${event.dateGmt.slice(0, 10)}T00:00:00+00:00`,
    };
  }
  json.performer = 'Organization';
  return json;
}
