// The seam between a calendar object resource and Almanac's events, both ways, and the only place
// that knows what an object holds: one event, or a whole series (issue 28) — its rule and its
// exceptions, a master VEVENT with RRULE/RDATE/EXDATE plus one VEVENT per RECURRENCE-ID, as
// calendar apps expect a repeating event to be.
//
// Writing calls the export's own VEVENT, series and VTIMEZONE writers (calendar-files/ics-export/);
// reading calls the import's reader (calendar-files/ics/, ical.js underneath) on each VEVENT, so an
// object in a calendar app and a line of an .ics file mean the same thing. CalDAV adds what a round
// trip through a calendar app needs to keep Almanac's links: X-ALMANAC-VENUE names the venue
// LOCATION was written from, X-ALMANAC-ORGANIZER-REF each organizer's id behind its ORGANIZER
// address; while the app leaves LOCATION (an organizer) as it was, the event keeps that venue
// (organizer) by id instead of a new one parsed from text.
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type { ExportRow } from '../db/repositories/event-export.ts';
import type { SeriesRow } from '../db/repositories/series.ts';
import { vevent, locationText, eventUid } from '../calendar-files/ics-export/vevent.ts';
import { vtimezone } from '../calendar-files/ics-export/vtimezone.ts';
import { seriesModified, seriesVevents, seriesZones } from '../calendar-files/ics-export/series-vevents.ts';
import {
  compactDate,
  compactDateTime,
  contentLine,
  escapeText,
  paramValue,
} from '../calendar-files/ics-export/ics-text.ts';
import { readIcs } from '../calendar-files/ics/read-ics.ts';
import type { ImportedEvent } from '../calendar-files/imported-event.ts';
import { CalendarFileError } from '../calendar-files/imported-event.ts';
import { unescapeText } from '../calendar-files/ics/content-line.ts';
import { formatWall, placeWall, toZone, utcWallOfMillis, wallToDateTime, wallToUtcWall } from '../domain/dates.ts';
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

/** The VTIMEZONE of `timezone` for events in [fromYear, toYear], made once (warm-up.ts makes the site zones' ahead). */
export function zoneBlock(timezone: string, fromYear: number, toYear: number): string {
  const from = Math.min(Math.max(fromYear, FIRST_YEAR), LAST_YEAR);
  const to = Math.max(Math.min(toYear, LAST_YEAR), from);
  const key = `${timezone}|${from}|${to}`;
  let block = zoneBlocks.get(key);
  if (block === undefined) {
    if (zoneBlocks.size >= MAX_ZONE_BLOCKS) zoneBlocks.clear();
    block = vtimezone(timezone, from, to);
    zoneBlocks.set(key, block);
  }
  return block;
}

const yearOf = (wall: string) => Number(wall.slice(0, 4));

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

/** A series as its object shows it to one caller (what scope.ts reads for seriesVevents). */
export interface SeriesResource {
  series: SeriesRow;
  /** The occurrence whose fields are the series' (see SeriesExport.master). */
  master: ExportRow;
  exceptions: { date: string; row: ExportRow }[];
  /** Dates of occurrences the caller may not see: left out (EXDATE) for them. */
  hidden: string[];
}

/** What an object resource stands for, read. */
export type ResourceData = { kind: 'event'; row: ExportRow } | { kind: 'series'; data: SeriesResource };

/** One instance of an expanded series: the occurrence's row (its own times) and its slot date. */
export interface ExpandedInstance {
  date: string;
  row: ExportRow;
}

export interface RenderOptions {
  /**
   * CALDAV:expand (RFC 4791 §9.6.5): times in UTC, no VTIMEZONE, a series as its instances in
   * [start, end) (UTC walls).
   */
  expand?: { start?: string; end?: string };
}

const stampOf = (utcWall: string) => `${compactDateTime(utcWall)}Z`;

/** The object's last modification (a UTC wall): DTSTAMP, and DAV:getlastmodified. */
export function modifiedOf(resource: ResourceData): string {
  if (resource.kind === 'event') return resource.row.modified_utc;
  const { series, master, exceptions } = resource.data;
  return seriesModified(series, [master, ...exceptions.map((e) => e.row)]);
}

/** Objects rendered by this thread (tests read it: what the object cache spares is not rendered). */
export const renders = { count: 0 };

/**
 * The calendar object resource of an event or a series: a whole VCALENDAR. Its text depends only
 * on the data (DTSTAMP is the last modification, not the time of the request), so its hash is a
 * strong ETag.
 */
export function renderObject(resource: ResourceData, context: ObjectContext): string {
  renders.count++;
  const stamp = stampOf(modifiedOf(resource));
  const veventContext = { calendarKey: context.calendarKey, baseUrl: context.baseUrl, stamp };
  if (resource.kind === 'event') {
    const { row } = resource;
    const event = withLines(vevent(row, veventContext), linkLines(row, context));
    const zone = row.all_day === 1 ? '' : zoneBlock(row.timezone, yearOf(row.start_local), yearOf(row.end_local));
    return HEAD + zone + event + TAIL;
  }
  const exported = resource.data;
  const zones = seriesZones(exported)
    .map((zone) => zoneBlock(zone.timezone, zone.from, zone.to))
    .join('');
  const events = seriesVevents(exported, veventContext, { extraLines: (row) => linkLines(row, context) });
  return HEAD + zones + events + TAIL;
}

function withLines(block: string, lines: string): string {
  return lines === '' ? block : block.slice(0, -END_VEVENT.length) + lines + END_VEVENT;
}

/** A row with its times in UTC (expand). */
function inUtc(row: ExportRow): ExportRow {
  if (row.all_day === 1) return row;
  return Object.assign({}, row, {
    timezone: 'UTC',
    start_local: wallToUtcWall(row.start_local, row.timezone),
    end_local: wallToUtcWall(row.end_local, row.timezone),
  });
}

/** vevent() of a row already in UTC, with `Z` times instead of TZID=UTC. */
function utcVevent(row: ExportRow, context: ObjectContext, stamp: string): string {
  const event = vevent(inUtc(row), { calendarKey: context.calendarKey, baseUrl: context.baseUrl, stamp });
  return row.all_day === 1 ? event : event.replace(/^(DTSTART|DTEND);TZID=UTC:(\d{8}T\d{6})\r$/gm, '$1:$2Z\r');
}

/**
 * The object as CALDAV:expand asks for it: times in UTC, no VTIMEZONE, and a series as one VEVENT
 * per instance in the range, each with its RECURRENCE-ID and no rule (RFC 4791 §9.6.5).
 */
export function renderExpanded(
  resource: ResourceData,
  context: ObjectContext,
  instances: ExpandedInstance[] = [],
): string {
  const stamp = stampOf(modifiedOf(resource));
  if (resource.kind === 'event') {
    const { row } = resource;
    return HEAD + withLines(utcVevent(row, context, stamp), linkLines(row, context)) + TAIL;
  }
  const { series } = resource.data;
  let out = HEAD;
  for (const { date, row } of [...instances].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    const own = Object.assign({}, row, { uid: series.uid });
    const recurrenceId =
      series.all_day === 1
        ? `RECURRENCE-ID;VALUE=DATE:${compactDate(date)}`
        : `RECURRENCE-ID:${stampOf(utcWallOfMillis(placeWall(`${date} ${series.start_local.slice(11)}`, series.timezone).utcMs))}`;
    out += withLines(utcVevent(own, context, stamp), contentLine(recurrenceId) + linkLines(row, context));
  }
  return out + TAIL;
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

/** One VEVENT of an object, read. */
export interface ReadVevent {
  event: ImportedEvent;
  refs: ObjectRefs;
}

/** An exception of a series: the occurrence of `date` (its RECURRENCE-ID, a local date in the series' zone). */
export interface ReadOverride extends Partial<ReadVevent> {
  date: string;
  /** STATUS:CANCELLED: the occurrence does not take place (then there is no `event`). */
  cancelled: boolean;
}

/** The rule of a repeating object, its dates as local dates in the series' zone. */
export interface ReadRecurrence {
  rule: string;
  rdates: string[];
  exdates: string[];
  overrides: ReadOverride[];
}

export interface ReadObject extends ReadVevent {
  uid: string;
  /** The master VEVENT (or the one event) says STATUS:CANCELLED: then `event` holds its other fields. */
  cancelled: boolean;
  /** Present when the object repeats (RRULE or RDATE): a series. */
  recurrence?: ReadRecurrence;
}

const invalid = (message: string) => new DavError(403, message, calDavCondition('valid-calendar-object-resource'));
const unreadable = (message: string) => new DavError(400, message, calDavCondition('valid-calendar-data'));

/** Components a calendar object may hold beside its event. */
const ALLOWED_BESIDE = new Set(['vtimezone']);
/** What a VEVENT read alone must lose to be one event (the reader would expand it otherwise). */
const RECURRENCE_PROPERTIES = ['rrule', 'rdate', 'exdate', 'exrule', 'recurrence-id'];

function parseCalendar(text: string): ICAL.Component {
  let calendar: ICAL.Component;
  try {
    const parsed = ICAL.parse(text) as unknown;
    // ICAL.parse gives one component's jCal, or a list when the text holds several (or none).
    const list = Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[]);
    if (list.length !== 1) throw new Error('the body must be one VCALENDAR');
    calendar = new ICAL.Component(list[0] as unknown[]);
  } catch (error) {
    throw unreadable(`The body is not a readable iCalendar object: ${(error as Error).message}`);
  }
  if (calendar.name !== 'vcalendar') throw unreadable('The body must be one VCALENDAR.');
  return calendar;
}

const isCancelled = (event: ICAL.Component) =>
  String(event.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

/** A DTSTART line standing for one value of a date property (RDATE, EXDATE, RECURRENCE-ID). */
function probeLine(property: ICAL.Property, value: unknown): string {
  const time = (value instanceof ICAL.Period ? value.start : value) as ICAL.Time;
  if (!(time instanceof ICAL.Time))
    throw unreadable(`${property.name.toUpperCase()} holds a value that is not a date.`);
  if (time.isDate) return `DTSTART;VALUE=DATE:${time.toICALString()}`;
  const tzid = property.getParameter('tzid');
  return typeof tzid === 'string' && tzid !== '' && !time.toICALString().endsWith('Z')
    ? `DTSTART;TZID=${paramValue(tzid)}:${time.toICALString()}`
    : `DTSTART:${time.toICALString()}`;
}

/**
 * An object a client PUT: one event, or a series with its exceptions (or refused with the
 * precondition RFC 4791 §5.3.2.1 names). `siteTimezone` is the zone of floating times and all-day
 * dates. Each VEVENT goes through the import's reader on its own, without its recurrence
 * properties; dates of those (RDATE, EXDATE, RECURRENCE-ID) go through it as DTSTARTs, so every
 * zone form a file may use (IANA, Windows names, a VTIMEZONE of its own, UTC, floating) is read
 * the same way here.
 */
export function readObject(text: string, siteTimezone: string): ReadObject {
  const calendar = parseCalendar(text);
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
  const masters = events.filter((event) => !event.hasProperty('recurrence-id'));
  const overrides = events.filter((event) => event.hasProperty('recurrence-id'));
  if (masters.length !== 1)
    throw invalid(
      masters.length === 0
        ? 'The object holds only occurrences (RECURRENCE-ID) without their repeating event.'
        : 'An object holds one event (several VEVENTs need RECURRENCE-IDs).',
    );
  const master = masters[0]!;
  if (master.hasProperty('exrule')) throw invalid('EXRULE is not supported (RFC 5545 deprecates it): use EXDATE.');
  const rules = master.getAllProperties('rrule');
  if (rules.length > 1) throw invalid('A repeating event has one RRULE.');
  const repeats = rules.length === 1 || master.hasProperty('rdate');
  if (!repeats && overrides.length > 0)
    throw invalid('Occurrences (RECURRENCE-ID) need a repeating event (RRULE or RDATE) in the same object.');

  // Every VEVENT and every date of the object, read in one pass of the reader.
  const wrapper = new ICAL.Component(['vcalendar', [], []]);
  for (const property of calendar.getAllProperties())
    wrapper.addProperty(ICAL.Property.fromString(property.toICALString()));
  for (const zone of calendar.getAllSubcomponents('vtimezone'))
    wrapper.addSubcomponent(new ICAL.Component(structuredClone(zone.toJSON())));
  let parts = '';
  const part = (key: string, component: ICAL.Component) => {
    // toJSON() is the component's own jCal: copy it, or the removals below would reach the original.
    const copy = new ICAL.Component(structuredClone(component.toJSON()));
    for (const name of RECURRENCE_PROPERTIES) copy.removeAllProperties(name);
    // Cancelled is said by `cancelled`; the reader would skip the event and its fields with it.
    if (isCancelled(copy)) copy.removeAllProperties('status');
    copy.updatePropertyWithValue('uid', key);
    parts += copy.toString() + '\r\n';
  };
  const probe = (key: string, line: string) => {
    parts += `BEGIN:VEVENT\r\nUID:${key}\r\nDTSTAMP:20000101T000000Z\r\n${line}\r\nSUMMARY:-\r\nEND:VEVENT\r\n`;
  };
  part('m', master);
  const dates: { list: 'rdates' | 'exdates'; key: string }[] = [];
  for (const [name, list] of [
    ['rdate', 'rdates'],
    ['exdate', 'exdates'],
  ] as const)
    for (const property of master.getAllProperties(name))
      for (const value of property.getValues()) {
        const key = `d${dates.length}`;
        dates.push({ list, key });
        probe(key, probeLine(property, value));
      }
  overrides.forEach((override, index) => {
    part(`o${index}`, override);
    probe(
      `r${index}`,
      probeLine(override.getFirstProperty('recurrence-id')!, override.getFirstPropertyValue('recurrence-id')),
    );
  });
  const source = wrapper.toString().replace(/END:VCALENDAR\s*$/, `${parts}END:VCALENDAR\r\n`);

  let read;
  try {
    read = readIcs(source, { siteTimezone, now: new Date() });
  } catch (error) {
    if (error instanceof CalendarFileError) throw unreadable(error.message);
    throw error;
  }
  const byKey = new Map(read.events.map((event) => [event.uid, event]));
  const eventOf = (key: string) => {
    const event = byKey.get(key);
    if (!event) {
      const skip = read.skipped.find((s) => s.uid === key) ?? read.skipped[0];
      throw invalid(`The event cannot be saved: ${skip?.reason ?? 'it holds no readable event'}`);
    }
    return Object.assign(event, { uid: String([...uids][0]) });
  };
  const masterEvent = eventOf('m');
  const result: ReadObject = {
    uid: String([...uids][0]),
    event: masterEvent,
    refs: refsOf(master),
    cancelled: isCancelled(master),
  };
  if (!repeats) return result;

  // Dates as the series knows them: local dates in the master's zone.
  const localDate = (event: ImportedEvent) => {
    if (event.allDay || masterEvent.allDay) return event.start.slice(0, 10);
    return formatWall(wallToDateTime(event.start, event.timezone).setZone(toZone(masterEvent.timezone))).slice(0, 10);
  };
  const recurrence: ReadRecurrence = {
    // Only RDATEs: the one date of DTSTART, and the extra dates (what a rule of COUNT=1 says).
    rule: rules.length === 1 ? rules[0]!.toICALString().replace(/^RRULE:/i, '') : 'FREQ=DAILY;COUNT=1',
    rdates: [],
    exdates: [],
    overrides: [],
  };
  for (const { list, key } of dates) recurrence[list].push(localDate(eventOf(key)));
  recurrence.rdates = [...new Set(recurrence.rdates)].sort();
  recurrence.exdates = [...new Set(recurrence.exdates)].sort();
  const seen = new Set<string>();
  overrides.forEach((override, index) => {
    const date = localDate(eventOf(`r${index}`));
    if (seen.has(date)) throw invalid(`Two occurrences of the object have the same RECURRENCE-ID (${date}).`);
    seen.add(date);
    recurrence.overrides.push(
      isCancelled(override)
        ? { date, cancelled: true }
        : { date, cancelled: false, event: eventOf(`o${index}`), refs: refsOf(override) },
    );
  });
  result.recurrence = recurrence;
  return result;
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
