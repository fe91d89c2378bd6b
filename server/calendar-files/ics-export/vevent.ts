// One event as a VEVENT (RFC 5545 §3.6.1), from the export's row.
import { DateTime } from 'luxon';
import type { ExportOrganizer, ExportRow, ExportVenue } from '../../db/repositories/event-export.ts';
import { decodeEntities, htmlToText } from '../../domain/html.ts';
import { costText, termNames } from '../export-values.ts';
import { compactDate, compactDateTime, contentLine, escapeText, paramValue } from './ics-text.ts';

export interface VeventContext {
  /** What makes an event's own UID unique to this calendar: `{id}-{calendarKey}@almanac`. */
  calendarKey: string;
  /** The site's base URL (event pages live at `{baseUrl}/event/{slug}/`). */
  baseUrl: string;
  /** DTSTAMP: when this file was made, `20261125T120000Z`. */
  stamp: string;
}

/** The UID of an event: the one it was imported with, else one of its own that never changes. */
export function eventUid(row: Pick<ExportRow, 'id' | 'uid'>, calendarKey: string): string {
  return row.uid ?? `${row.id}-${calendarKey}@almanac`;
}

const utcStamp = (wall: string) => `${compactDateTime(wall)}Z`;

function dayAfter(wall: string): string {
  return DateTime.fromISO(wall.slice(0, 10), { zone: 'utc' }).plus({ days: 1 }).toFormat('yyyyMMdd');
}

function times(row: ExportRow): string[] {
  if (row.all_day === 1) {
    // All-day: dates, DTEND the day after the last one (exclusive, RFC 5545 §3.6.1).
    return [`DTSTART;VALUE=DATE:${compactDate(row.start_local)}`, `DTEND;VALUE=DATE:${dayAfter(row.end_local)}`];
  }
  // UTC events too carry TZID=UTC (with its VTIMEZONE), not `Z`: readers such as Google's take
  // Z times as "show in the calendar's zone" (X-WR-TIMEZONE), and the event's zone would be lost.
  const tzid = paramValue(row.timezone);
  return [
    `DTSTART;TZID=${tzid}:${compactDateTime(row.start_local)}`,
    `DTEND;TZID=${tzid}:${compactDateTime(row.end_local)}`,
  ];
}

/** The venue's name and address on one line, as calendar apps show and geocode it. */
export function venueLine(venue: Omit<ExportVenue, 'id' | 'lat' | 'lng' | 'written'>): string {
  return [venue.name, venue.address, venue.city, [venue.state, venue.zip].filter(Boolean).join(' '), venue.country]
    .map((part) => decodeEntities(part ?? '').trim())
    .filter((part) => part !== '')
    .join(', ');
}

/**
 * LOCATION: as the calendar app or file wrote it, while the event keeps that venue and the venue
 * its fields (issue 36: "Av. Ámsterdam, 1512" came back as "1512 Av. Ámsterdam"); else the venue's line.
 */
export function locationText(venue: ExportVenue): string {
  const line = venueLine(venue);
  return venue.written && venue.written.line === line ? venue.written.text : line;
}

/** ORGANIZER takes a URI: mailto: when the organizer has an e-mail, else a name of ours. */
function organizerLine(name: string, organizer: ExportOrganizer, calendarKey: string): string {
  const cn = `CN=${paramValue(decodeEntities(organizer.name))}`;
  const address = organizer.email
    ? `mailto:${organizer.email}`
    : `urn:almanac:${calendarKey}:organizer:${organizer.id}`;
  return `${name};${cn}:${address}`;
}

/** The VEVENT block (folded CRLF lines). */
export function vevent(row: ExportRow, context: VeventContext): string {
  const { venue, organizers } = row;
  const categories = termNames(row.categories);
  const url = row.website?.trim() || `${context.baseUrl}/event/${row.slug}/`;
  // A protected event's description stays behind its password, as in the API's lists.
  const description = row.password === '' ? htmlToText(row.content) : '';
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(eventUid(row, context.calendarKey))}`,
    `DTSTAMP:${context.stamp}`,
    ...times(row),
    `CREATED:${utcStamp(row.date_utc)}`,
    `LAST-MODIFIED:${utcStamp(row.modified_utc)}`,
    `SUMMARY:${escapeText(decodeEntities(row.title))}`,
  ];
  if (description !== '') lines.push(`DESCRIPTION:${escapeText(description)}`);
  if (venue) {
    lines.push(`LOCATION:${escapeText(locationText(venue))}`);
    if (venue.lat !== null && venue.lng !== null) lines.push(`GEO:${venue.lat};${venue.lng}`);
  }
  const [first, ...others] = organizers;
  if (first) lines.push(organizerLine('ORGANIZER', first, context.calendarKey));
  // ORGANIZER may appear once (RFC 5545 §3.6.1); the others go in our own property so a re-import keeps them.
  for (const other of others) lines.push(organizerLine('X-ALMANAC-ORGANIZER', other, context.calendarKey));
  if (categories.length > 0) lines.push(`CATEGORIES:${categories.map(escapeText).join(',')}`);
  const price = costText(row.cost_raw);
  if (price !== '') lines.push(`X-COST:${escapeText(price)}`);
  lines.push(`URL:${url}`);
  lines.push(`STATUS:${row.status === 'publish' || row.status === 'future' ? 'CONFIRMED' : 'TENTATIVE'}`);
  if (row.status === 'private') lines.push('CLASS:PRIVATE');
  lines.push('END:VEVENT');
  return lines.map(contentLine).join('');
}
