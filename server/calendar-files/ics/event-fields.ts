// Everything of an ImportedEvent except its times and identity, read from one parsed VEVENT:
// title, description, venue, organizers, categories, website and status.

import type ICAL from 'ical.js';
import type { ImportedEvent, ImportedOrganizer, ImportedVenue, ImportWarning } from '../imported-event.ts';
import { unescapeText } from './content-line.ts';
import { htmlBody, plainTextToHtml } from './description-html.ts';

export type EventFields = Pick<
  ImportedEvent,
  'title' | 'description' | 'venue' | 'organizers' | 'categories' | 'tags' | 'website' | 'cost' | 'status'
>;

export const UNTITLED = '(untitled)';

export function readEventFields(event: ICAL.Component, line: number, warnings: ImportWarning[]): EventFields {
  let title = text(event, 'summary').trim();
  if (title === '') {
    title = UNTITLED;
    warnings.push({
      line,
      code: 'untitled',
      message: `The event at line ${line} has no SUMMARY; it is titled "${UNTITLED}".`,
      params: { title: UNTITLED },
    });
  }
  const fields: EventFields = {
    title,
    description: description(event),
    organizers: organizers(event),
    categories: categories(event),
    tags: [],
    status: status(event),
  };
  const location = venue(event);
  if (location.venue) fields.venue = location.venue;
  const website = text(event, 'url').trim() || location.website;
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

function organizers(event: ICAL.Component): ImportedOrganizer[] {
  const found: ImportedOrganizer[] = [];
  // ORGANIZER may appear once (RFC 5545 §3.6.1); Almanac's export puts further organizers in
  // X-ALMANAC-ORGANIZER, same form, so that a round trip keeps them all.
  const properties = [...event.getAllProperties('organizer'), ...event.getAllProperties('x-almanac-organizer')];
  for (const property of properties) {
    const value = property.getFirstValue();
    const address = typeof value === 'string' ? value.trim() : '';
    const email = /^mailto:/i.test(address) ? address.slice(7).trim() : undefined;
    const cn = property.getParameter('cn');
    const name = (typeof cn === 'string' ? cn.trim() : '') || email;
    if (!name || found.some((o) => email !== undefined && o.email?.toLowerCase() === email.toLowerCase())) continue;
    const organizer: ImportedOrganizer = { name };
    if (email) organizer.email = email;
    found.push(organizer);
  }
  return found;
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
 * A LOCATION that is only a link (an online meeting) is no venue; it becomes the website.
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
  if (address !== '' && address !== name) result.address = address;
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
