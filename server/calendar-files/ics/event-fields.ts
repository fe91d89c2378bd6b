// Everything of an ImportedEvent except its times and identity, read from one parsed VEVENT:
// title, description, venue, organizers, categories, website and status.

import type ICAL from 'ical.js';
import type { ImportedEvent, ImportedOrganizer, ImportedVenue, ImportWarning } from '../imported-event.ts';
import { isEmailAddress, webAddressOf } from '../field-checks.ts';
import { looksLikeStreet, splitAddress } from '../location-parts.ts';
import { unescapeText } from './content-line.ts';
import { htmlBody, plainTextToHtml } from './description-html.ts';

export type EventFields = Pick<
  ImportedEvent,
  'title' | 'description' | 'venue' | 'organizers' | 'categories' | 'tags' | 'website' | 'cost' | 'status'
>;

export const UNTITLED = '(untitled)';

export type Warn = (warning: ImportWarning) => void;

/**
 * Reads the fields. A value the API would refuse in an optional field (a relative URL, an e-mail
 * without a domain) is left out with a warning: the event is worth more than that field.
 */
export function readEventFields(event: ICAL.Component, line: number, warn: Warn): EventFields {
  let title = text(event, 'summary').trim();
  if (title === '') {
    title = UNTITLED;
    warn({
      line,
      code: 'untitled',
      message: `The event has no title (SUMMARY); it is titled "${UNTITLED}".`,
      params: { title: UNTITLED },
    });
  }
  const fields: EventFields = {
    title,
    description: description(event),
    organizers: organizers(event, line, warn),
    categories: categories(event),
    tags: [],
    status: status(event),
  };
  const location = venue(event);
  if (location.venue) fields.venue = location.venue;
  const website = websiteOf(event, line, warn) || location.website;
  if (website) fields.website = website;
  // X-COST: not standard; Almanac's export writes it (and The Events Calendar's), so a round trip keeps it.
  const cost = unescapeText(text(event, 'x-cost')).trim();
  if (cost) fields.cost = cost;
  return fields;
}

/** A copy an occurrence can own (the import plan may adjust its event's arrays and venue). */
export function copyFields(fields: EventFields): EventFields {
  const copy: EventFields = Object.assign({}, fields);
  copy.organizers = fields.organizers.map((organizer) => Object.assign({}, organizer));
  copy.categories = [...fields.categories];
  copy.tags = [...fields.tags];
  if (fields.venue) copy.venue = Object.assign({}, fields.venue);
  return copy;
}

function text(event: ICAL.Component, name: string): string {
  const value = event.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : '';
}

function description(event: ICAL.Component): string {
  for (const property of event.getAllProperties('x-alt-desc')) {
    const type = property.getParameter('fmttype');
    const value = property.getFirstValue();
    if (typeof type === 'string' && type.toLowerCase() === 'text/html' && typeof value === 'string') {
      // ical.js leaves unknown X- properties raw, so their TEXT escaping is still on.
      const html = htmlBody(unescapeText(value));
      if (html !== '') return html;
    }
  }
  return plainTextToHtml(text(event, 'description'));
}

/**
 * CLASS:PRIVATE/CONFIDENTIAL → private; STATUS:TENTATIVE → draft (as imported-event.ts specifies,
 * and as Almanac's export writes unpublished events: a round trip must not publish a draft);
 * anything else → publish.
 */
function status(event: ICAL.Component): EventFields['status'] {
  const access = text(event, 'class').trim().toUpperCase();
  if (access === 'PRIVATE' || access === 'CONFIDENTIAL') return 'private';
  return text(event, 'status').trim().toUpperCase() === 'TENTATIVE' ? 'draft' : 'publish';
}

/** URL: kept when it is a web address (http or https); a relative one (Discourse writes them) is not. */
function websiteOf(event: ICAL.Component, line: number, warn: Warn): string {
  const url = text(event, 'url').trim();
  const address = url === '' ? '' : webAddressOf(url);
  if (address !== null) return address;
  warn({
    line,
    code: 'invalid_url',
    message: `URL "${clip(url)}" is not a web address (http:// or https://); the event is imported without it.`,
    params: { heading: 'URL', value: clip(url) },
  });
  return '';
}

function organizers(event: ICAL.Component, line: number, warn: Warn): ImportedOrganizer[] {
  const found: ImportedOrganizer[] = [];
  // ORGANIZER may appear once (RFC 5545 §3.6.1); Almanac's export puts further organizers in
  // X-ALMANAC-ORGANIZER, same form, so that a round trip keeps them all.
  const properties = [...event.getAllProperties('organizer'), ...event.getAllProperties('x-almanac-organizer')];
  for (const property of properties) {
    const value = property.getFirstValue();
    const address = typeof value === 'string' ? value.trim() : '';
    let email = /^mailto:/i.test(address) ? address.slice(7).trim() : undefined;
    const cn = property.getParameter('cn');
    const name = (typeof cn === 'string' ? cn.trim() : '') || email;
    if (email !== undefined && !isEmailAddress(email)) {
      // "arpad.toth@lisbon" (an Exchange export): the organizer is kept, by name, without it.
      warn({
        line,
        code: 'invalid_email',
        message: `The organizer's e-mail "${clip(email)}" is not a complete address; the organizer is imported without it.`,
        params: { value: clip(email), name: clip(name ?? email) },
      });
      email = undefined;
    }
    if (!name || found.some((o) => email !== undefined && o.email?.toLowerCase() === email.toLowerCase())) continue;
    const organizer: ImportedOrganizer = { name };
    if (email) organizer.email = email;
    found.push(organizer);
  }
  return found;
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** All CATEGORIES properties (each may list several, comma-separated), trimmed, first spelling kept. */
function categories(event: ICAL.Component): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const property of event.getAllProperties('categories')) {
    for (const value of property.getValues()) {
      const name = typeof value === 'string' ? value.trim() : '';
      if (name === '' || seen.has(name.toLowerCase())) continue;
      seen.add(name.toLowerCase());
      result.push(name);
    }
  }
  return result;
}

/**
 * LOCATION → venue: "Name, address" (the common form), or Apple's "Name\naddress lines". Apple's
 * X-APPLE-STRUCTURED-LOCATION names the place exactly (X-TITLE, X-ADDRESS) and carries geo: too.
 * The address is split into street, city, state, ZIP and country where it reads as an address
 * (location-parts.ts). A LOCATION that is only a link (an online meeting) is no venue; it becomes
 * the website.
 */
function venue(event: ICAL.Component): { venue?: ImportedVenue; website?: string } {
  const location = text(event, 'location').replace(/\r\n?/g, '\n').trim();
  const structured = event.getFirstProperty('x-apple-structured-location');
  const xTitle = structured?.getParameter('x-title');
  const xAddress = structured?.getParameter('x-address');
  const title = typeof xTitle === 'string' ? unescapeText(xTitle).trim() : '';

  if (title === '' && /^https?:\/\/\S+$/i.test(location)) return { website: location };

  let name: string;
  let address: string;
  if (title !== '') {
    name = title;
    address =
      typeof xAddress === 'string'
        ? joinLines(unescapeText(xAddress))
        : joinLines(location.startsWith(title) ? location.slice(title.length).replace(/^[\s,]+/, '') : location);
  } else if (location.includes('\n')) {
    const newline = location.indexOf('\n');
    name = location.slice(0, newline).trim();
    address = joinLines(location.slice(newline + 1));
  } else {
    const comma = location.indexOf(',');
    name = (comma === -1 ? location : location.slice(0, comma)).trim();
    address = comma === -1 ? '' : location.slice(comma + 1).trim();
  }
  if (name === '') return {};

  const result: ImportedVenue = { name };
  if (location !== '') result.location = location;
  if (address !== '' && address !== name) {
    const parts = splitAddress(address);
    if (parts) {
      // "1200 River Rd, Riverside, CA 92501": the place has no name but its street, which is also its address.
      const street = parts.address !== '' ? parts.address : looksLikeStreet(name) ? name : '';
      if (street !== '') result.address = street;
      for (const key of ['city', 'state', 'zip', 'country'] as const) if (parts[key]) result[key] = parts[key];
    } else result.address = address;
  }
  const geo = geoOf(event, structured);
  if (geo) {
    result.latitude = geo[0];
    result.longitude = geo[1];
  }
  return { venue: result };
}

function joinLines(text: string): string {
  return text
    .split('\n')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}

function geoOf(event: ICAL.Component, structured: ICAL.Property | null): [number, number] | null {
  const geo = event.getFirstPropertyValue('geo');
  if (Array.isArray(geo) && geo.length === 2) {
    const [lat, lon] = geo.map(Number) as [number, number];
    if (validCoordinates(lat, lon)) return [lat, lon];
  }
  const uri = structured?.getFirstValue();
  const m = typeof uri === 'string' ? /^geo:\s*([-+]?\d+(?:\.\d+)?)\s*,\s*([-+]?\d+(?:\.\d+)?)/i.exec(uri) : null;
  if (m) {
    const lat = Number(m[1]);
    const lon = Number(m[2]);
    if (validCoordinates(lat, lon)) return [lat, lon];
  }
  return null;
}

function validCoordinates(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}
