// An export as a stream of text chunks: every event a list filter matches, as iCalendar or CSV.
// It reads on a connection of its own in one read transaction — one consistent snapshot however
// long the client takes, and the server's connection stays free — and yields a chunk every few
// hundred events, so memory stays flat and the event loop serves other requests in between.
import { DateTime } from 'luxon';
import type { EventListFilter } from '../db/repositories/event-list.ts';
import { eventListRepository } from '../db/repositories/event-list.ts';
import { exportRows, exportZones, type ExportRow } from '../db/repositories/event-export.ts';
import { openReadConnection } from '../db/open.ts';
import { contentLine, escapeText } from './ics-export/ics-text.ts';
import { vtimezone } from './ics-export/vtimezone.ts';
import { vevent, type VeventContext } from './ics-export/vevent.ts';
import { csvExportHeader, csvExportRecord } from './csv-export.ts';

export type ExportFormat = 'ics' | 'csv';

interface ExportCalendar {
  /** X-WR-CALNAME */
  name: string;
  /** The site's zone (X-WR-TIMEZONE: what clients show floating times in). */
  timezone: string;
  baseUrl: string;
  /** Makes event UIDs unique to this calendar (vevent.ts). */
  calendarKey: string;
}

/** VTIMEZONE years are limited to these (an event in 9999 needs no 8,000 years of transitions). */
const FIRST_YEAR = 1970;
const LAST_YEAR = 2100;

function icsHeader(calendar: ExportCalendar): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Almanac//Almanac Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${calendar.timezone}`,
    // Subscribing clients that honour it poll hourly (Outlook, Apple Calendar).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ]
    .map(contentLine)
    .join('');
}

function* icsChunks(
  db: ReturnType<typeof openReadConnection>,
  filter: EventListFilter,
  calendar: ExportCalendar,
): Generator<string> {
  const selection = eventListRepository(db).selection(filter);
  let head = icsHeader(calendar);
  for (const zone of exportZones(db, selection)) {
    const from = Math.min(Math.max(zone.from, FIRST_YEAR), LAST_YEAR);
    const to = Math.max(Math.min(zone.to, LAST_YEAR), from);
    head += vtimezone(zone.timezone, from, to);
  }
  yield head;
  const context: VeventContext = {
    calendarKey: calendar.calendarKey,
    baseUrl: calendar.baseUrl,
    stamp: DateTime.utc().toFormat("yyyyMMdd'T'HHmmss'Z'"),
  };
  // A calendar's events have no order: storage order reads fastest.
  yield* written(exportRows(db, filter.siteId, selection, 'storage'), (row) => vevent(row, context));
  yield contentLine('END:VCALENDAR');
}

function* csvChunks(db: ReturnType<typeof openReadConnection>, filter: EventListFilter, calendar: ExportCalendar) {
  const selection = eventListRepository(db).selection(filter);
  yield csvExportHeader();
  // A spreadsheet lists events as the list does, by start.
  yield* written(exportRows(db, filter.siteId, selection, 'list'), (row) => csvExportRecord(row, calendar.baseUrl));
}

/** The events as text, a chunk per batch of rows. */
function* written(batches: Iterable<ExportRow[]>, write: (row: ExportRow) => string): Generator<string> {
  for (const batch of batches) {
    let chunk = '';
    for (const row of batch) chunk += write(row);
    yield chunk;
  }
}

/**
 * The export of `filter` from the database file `file`. The connection opens at once (so the
 * snapshot is the state when the request came) and closes when the stream ends or is dropped.
 */
export async function* exportStream(
  file: string,
  format: ExportFormat,
  filter: EventListFilter,
  calendar: ExportCalendar,
): AsyncGenerator<string> {
  const db = openReadConnection(file);
  try {
    db.exec('BEGIN');
    const chunks = format === 'ics' ? icsChunks(db, filter, calendar) : csvChunks(db, filter, calendar);
    for (const chunk of chunks) {
      yield chunk;
      // Let other requests in between chunks when the client reads as fast as we write.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}
