// An export as a stream of text chunks: every event a list filter matches, as iCalendar or CSV —
// in iCalendar each series once, as its rule and exceptions (series-vevents.ts), in CSV one row per
// occurrence.
// It reads on a connection of its own in one read transaction — one consistent snapshot however
// long the client takes, and the server's connection stays free — and yields a chunk every few
// hundred events, so memory stays flat and the event loop serves other requests in between.
import { DateTime } from 'luxon';
import type { EventListFilter } from '../db/repositories/event-list.ts';
import { eventListRepository } from '../db/repositories/event-list.ts';
import { exportRows, exportSeriesMembers, exportZones, type ExportRow } from '../db/repositories/event-export.ts';
import { calDavRepository } from '../db/repositories/caldav.ts';
import { openReadConnection } from '../db/open.ts';
import { contentLine, escapeText } from './ics-export/ics-text.ts';
import { vtimezone } from './ics-export/vtimezone.ts';
import { vevent, type VeventContext } from './ics-export/vevent.ts';
import { seriesVevents, seriesZones, type SeriesExport } from './ics-export/series-vevents.ts';
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
/** Series read, and written, per batch. */
const SERIES_BATCH = 200;

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

/** A selection narrowed to events that are no occurrence of a series. */
function singlesOf(selection: Selection): Selection {
  return Object.assign({}, selection, { where: `(${selection.where}) AND e.series_id IS NULL` });
}

type Selection = ReturnType<ReturnType<typeof eventListRepository>['selection']>;

/**
 * The series the filter reaches, each as seriesVevents writes it: its row, the export rows of its
 * master and exceptions, and the dates it hides.
 */
function seriesExports(db: ReturnType<typeof openReadConnection>, filter: EventListFilter): SeriesExport[] {
  const list = eventListRepository(db);
  const members = exportSeriesMembers(
    db,
    filter.siteId,
    list.selection(filter),
    list.selection(Object.assign({}, filter, { dates: [] })),
  );
  if (members.length === 0) return [];
  const calDav = calDavRepository(db);
  const exports: SeriesExport[] = [];
  for (let at = 0; at < members.length; at += SERIES_BATCH) {
    const slice = members.slice(at, at + SERIES_BATCH);
    const seriesRows = new Map(
      calDav
        .seriesRows(
          filter.siteId,
          slice.map((m) => m.seriesId),
        )
        .map((row) => [row.id, row]),
    );
    const postIds = slice.flatMap((m) => [m.masterId, ...m.exceptions.map((e) => e.id)]);
    const rows = new Map<number, ExportRow>();
    for (const batch of exportRows(db, filter.siteId, calDav.occurrenceSelection(filter.siteId, postIds), 'storage'))
      for (const row of batch) rows.set(row.id, row);
    for (const member of slice) {
      const series = seriesRows.get(member.seriesId);
      const master = rows.get(member.masterId);
      if (!series || !master) continue;
      exports.push({
        series,
        master,
        exceptions: member.exceptions.flatMap(({ id, date }) => {
          const row = rows.get(id);
          return row ? [{ date, row }] : [];
        }),
        hidden: member.hidden,
      });
    }
  }
  return exports;
}

/** Each zone once, over the years all its users need. */
function mergedZones(zones: { timezone: string; from: number; to: number }[]) {
  const merged = new Map<string, { timezone: string; from: number; to: number }>();
  for (const zone of zones) {
    const known = merged.get(zone.timezone);
    if (known) Object.assign(known, { from: Math.min(known.from, zone.from), to: Math.max(known.to, zone.to) });
    else merged.set(zone.timezone, Object.assign({}, zone));
  }
  return [...merged.values()].sort((a, b) => (a.timezone < b.timezone ? -1 : a.timezone > b.timezone ? 1 : 0));
}

/**
 * iCalendar: each series once, as its rule and its exceptions (series-vevents.ts, as CalDAV
 * serves it), then the single events.
 */
function* icsChunks(
  db: ReturnType<typeof openReadConnection>,
  filter: EventListFilter,
  calendar: ExportCalendar,
): Generator<string> {
  const singles = singlesOf(eventListRepository(db).selection(filter));
  const series = seriesExports(db, filter);
  let head = icsHeader(calendar);
  for (const zone of mergedZones([...exportZones(db, singles), ...series.flatMap(seriesZones)])) {
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
  for (let at = 0; at < series.length; at += SERIES_BATCH)
    yield series
      .slice(at, at + SERIES_BATCH)
      .map((one) => seriesVevents(one, context))
      .join('');
  // A calendar's events have no order: storage order reads fastest.
  yield* written(exportRows(db, filter.siteId, singles, 'storage'), (row) => vevent(row, context));
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
