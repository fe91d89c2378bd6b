// The seam between a calendar object resource and Almanac's events, both ways, and the only place
// that knows what an object holds. Today one resource is one event; a series (issue 28) will be one
// resource too — its rule and its exceptions (RRULE + RECURRENCE-ID overrides) — and only the two
// functions here (renderObject, readObject) and the resource lookup need to learn it.
//
// Writing calls the export's own VEVENT and VTIMEZONE writers (calendar-files/ics-export/); reading
// calls the import's reader (calendar-files/ics/, ical.js underneath), so an object in a calendar
// app and a line of an .ics file mean the same thing. CalDAV adds what a round trip through a
// calendar app needs to keep Almanac's links: X-ALMANAC-VENUE names the venue LOCATION was written
// from, X-ALMANAC-ORGANIZER-REF each organizer's id behind its ORGANIZER address; while the app
// leaves LOCATION (an organizer) as it was, the event keeps that venue (organizer) by id instead of
// a new one parsed from text.
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type { ExportRow } from '../db/repositories/event-export.ts';
import { vevent, locationText, eventUid } from '../calendar-files/ics-export/vevent.ts';
import { vtimezone } from '../calendar-files/ics-export/vtimezone.ts';
import { compactDateTime, contentLine, escapeText, paramValue } from '../calendar-files/ics-export/ics-text.ts';
import { readIcs } from '../calendar-files/ics/read-ics.ts';
import type { ImportedEvent } from '../calendar-files/imported-event.ts';
import { CalendarFileError } from '../calendar-files/imported-event.ts';
import { unescapeText } from '../calendar-files/ics/content-line.ts';
import { wallToUtcWall } from '../domain/dates.ts';
import { decodeEntities } from '../domain/html.ts';
import { DavError, calDavCondition } from './errors.ts';

export interface ObjectContext {
  /** The site's calendar key (export-reply.ts): what makes Almanac's own UIDs unique. */
  calendarKey: string;
  /** The site's base URL for event pages (URL when the event has no website). */
  baseUrl: string;
}

const HEAD = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Almanac//Almanac CalDAV//EN', 'CALSCALE:GREGORIAN']
  .map(contentLine)
  .join('');
const TAIL = contentLine('END:VCALENDAR');
const END_VEVENT = contentLine('END:VEVENT');

/** VTIMEZONE years are limited as in the export (an event in 9999 needs no 8,000 years of rules). */
const FIRST_YEAR = 1970;
const LAST_YEAR = 2100;

// A VTIMEZONE takes a few milliseconds to work out (transitions sampled twice a day); the same
// zone and years come back for nearly every object of a calendar.
const zoneBlocks = new Map<string, string>();
const MAX_ZONE_BLOCKS = 2000;

function zoneBlock(timezone: string, startWall: string, endWall: string): string {
  const from = Math.min(Math.max(Number(startWall.slice(0, 4)), FIRST_YEAR), LAST_YEAR);
  const to = Math.max(Math.min(Number(endWall.slice(0, 4)), LAST_YEAR), from);
  const key = `${timezone}|${from}|${to}`;
  let block = zoneBlocks.get(key);
  if (block === undefined) {
    if (zoneBlocks.size >= MAX_ZONE_BLOCKS) zoneBlocks.clear();
    block = vtimezone(timezone, from, to);
    zoneBlocks.set(key, block);
  }
  return block;
}

/** ORGANIZER's address as vevent.ts writes it (mailto:, else a name of ours). */
function organizerAddress(organizer: ExportRow['organizers'][number], calendarKey: string): string {
  return organizer.email ? `mailto:${organizer.email}` : `urn:almanac:${calendarKey}:organizer:${organizer.id}`;
}

/** CalDAV's own lines: the ids behind LOCATION and ORGANIZER (see the top of this file). */
function linkLines(row: ExportRow, context: ObjectContext): string {
  let lines = '';
  if (row.venue) {
    lines += contentLine(`X-ALMANAC-VENUE;X-ALMANAC-ID=${row.venue.id}:${escapeText(locationText(row.venue))}`);
  }
  for (const organizer of row.organizers) {
    const cn = paramValue(decodeEntities(organizer.name));
    lines += contentLine(
      `X-ALMANAC-ORGANIZER-REF;X-ALMANAC-ID=${organizer.id};CN=${cn}:${organizerAddress(organizer, context.calendarKey)}`,
    );
  }
  return lines;
}

export interface RenderOptions {
  /** CALDAV:expand: times in UTC, no VTIMEZONE (RFC 4791 §9.6.5). */
  expandToUtc?: boolean;
}

/**
 * The calendar object resource of an event: a whole VCALENDAR. Its text depends only on the data
 * (DTSTAMP is the last modification, not the time of the request), so its hash is a strong ETag.
 */
export function renderObject(row: ExportRow, context: ObjectContext, options: RenderOptions = {}): string {
  const stamp = `${compactDateTime(row.modified_utc)}Z`;
  const expand = options.expandToUtc === true && row.all_day !== 1;
  const source = expand
    ? Object.assign({}, row, {
        timezone: 'UTC',
        start_local: wallToUtcWall(row.start_local, row.timezone),
        end_local: wallToUtcWall(row.end_local, row.timezone),
      })
    : row;
  let event = vevent(source, { calendarKey: context.calendarKey, baseUrl: context.baseUrl, stamp });
  if (expand) event = event.replace(/^(DTSTART|DTEND);TZID=UTC:(\d{8}T\d{6})\r$/gm, '$1:$2Z\r');
  event = event.slice(0, -END_VEVENT.length) + linkLines(row, context) + END_VEVENT;
  const zone = row.all_day === 1 || expand ? '' : zoneBlock(row.timezone, row.start_local, row.end_local);
  return HEAD + zone + event + TAIL;
}

export function etagOf(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

/** The UID an event's object carries. */
export function objectUid(row: Pick<ExportRow, 'id' | 'uid'>, context: ObjectContext): string {
  return eventUid(row, context.calendarKey);
}

// ---------------------------------------------------------------------------------------------
// Reading a PUT

export interface ObjectRefs {
  /** X-ALMANAC-VENUE: the venue id, and the LOCATION text it was written as. */
  venue?: { id: number; location: string };
  /** LOCATION as the client sent it ('' when none). */
  location: string;
  /** X-ALMANAC-ORGANIZER-REF: organizer ids by the address (lower case) and by the name they were written with. */
  organizers: { id: number; address: string; name: string }[];
}

export interface ReadObject {
  uid: string;
  event: ImportedEvent;
  refs: ObjectRefs;
}

const invalid = (message: string) => new DavError(403, message, calDavCondition('valid-calendar-object-resource'));

/** Components a calendar object may hold beside its event. */
const ALLOWED_BESIDE = new Set(['vtimezone']);

/**
 * An object a client PUT, read as one event (or refused with the precondition RFC 4791 §5.3.2.1
 * names). `siteTimezone` is the zone of floating times and all-day dates.
 */
export function readObject(text: string, siteTimezone: string): ReadObject {
  let calendar: ICAL.Component;
  try {
    const parsed = ICAL.parse(text) as unknown;
    // ICAL.parse gives one component's jCal, or a list when the text holds several (or none).
    const list = Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[]);
    if (list.length !== 1) throw new Error('the body must be one VCALENDAR');
    calendar = new ICAL.Component(list[0] as unknown[]);
  } catch (error) {
    throw new DavError(
      400,
      `The body is not a readable iCalendar object: ${(error as Error).message}`,
      calDavCondition('valid-calendar-data'),
    );
  }
  if (calendar.name !== 'vcalendar') {
    throw new DavError(400, 'The body must be one VCALENDAR.', calDavCondition('valid-calendar-data'));
  }
  const events = calendar.getAllSubcomponents('vevent');
  const others = calendar.getAllSubcomponents().filter((sub) => sub.name !== 'vevent' && !ALLOWED_BESIDE.has(sub.name));
  if (others.length > 0) {
    throw new DavError(
      403,
      `This calendar holds events only (VEVENT), not ${others[0]!.name.toUpperCase()}.`,
      calDavCondition('supported-calendar-component'),
    );
  }
  if (events.length === 0) throw invalid('The object holds no event (VEVENT).');
  const uids = new Set(events.map((event) => event.getFirstPropertyValue('uid')));
  if (uids.size !== 1 || [...uids].some((uid) => typeof uid !== 'string' || uid.trim() === '')) {
    throw new DavError(
      400,
      'Every VEVENT of an object must carry the same UID (RFC 4791 §4.1).',
      calDavCondition('valid-calendar-object-resource'),
    );
  }
  // The series step (issue 28) reads these as one series with its exceptions.
  const repeating = events.some((event) => ['rrule', 'rdate', 'recurrence-id'].some((name) => event.hasProperty(name)));
  if (repeating) throw invalid('Repeating events cannot be saved over CalDAV yet; save each occurrence as an event.');
  if (events.length > 1) throw invalid('An object holds one event (several VEVENTs need RECURRENCE-IDs).');

  let read;
  try {
    read = readIcs(text, { siteTimezone, now: new Date() });
  } catch (error) {
    if (error instanceof CalendarFileError)
      throw new DavError(400, error.message, calDavCondition('valid-calendar-data'));
    throw error;
  }
  const [event, ...extra] = read.events;
  if (!event || extra.length > 0) {
    const skip = read.skipped[0];
    throw invalid(
      skip?.code === 'cancelled'
        ? 'Almanac keeps no cancelled events (STATUS:CANCELLED): delete the event instead.'
        : `The event cannot be saved: ${skip?.reason ?? 'it holds no readable event'}`,
    );
  }
  return { uid: String([...uids][0]), event, refs: refsOf(events[0]!) };
}

function refsOf(event: ICAL.Component): ObjectRefs {
  const refs: ObjectRefs = { location: '', organizers: [] };
  const location = event.getFirstPropertyValue('location');
  refs.location = typeof location === 'string' ? location : '';
  const venue = event.getFirstProperty('x-almanac-venue');
  const venueId = Number(venue?.getParameter('x-almanac-id'));
  const venueText = venue?.getFirstValue();
  if (venue && Number.isInteger(venueId) && venueId > 0 && typeof venueText === 'string') {
    // ical.js leaves X- properties' TEXT escaping in place.
    refs.venue = { id: venueId, location: unescapeText(venueText) };
  }
  for (const property of event.getAllProperties('x-almanac-organizer-ref')) {
    const id = Number(property.getParameter('x-almanac-id'));
    const address = property.getFirstValue();
    const cn = property.getParameter('cn');
    if (Number.isInteger(id) && id > 0 && typeof address === 'string')
      refs.organizers.push({ id, address: address.trim().toLowerCase(), name: typeof cn === 'string' ? cn : '' });
  }
  return refs;
}
