// Rows of an events file → ImportedEvent, following TEC's importer (File_Importer_Events.php)
// where it has a rule: name and start date required, a missing end is the start, a date without a
// time is midnight, "yes"/"true"/"1" mean all-day, organizers and terms are comma-separated.
// Where TEC quietly repairs a row (an end before the start becomes the start) we skip the row and
// say why instead, except for the one case TEC's own files rely on: an end date equal to the start
// date with no end time (that end is the start).

import { createHash } from 'node:crypto';
import { DateTime, FixedOffsetZone } from 'luxon';

import { toZone } from '../../domain/dates.ts';
import type {
  ImportedEvent,
  ImportedOrganizer,
  ImportedVenue,
  ImportSkip,
  ImportWarning,
  NoteParams,
  ReadCalendarFile,
} from '../imported-event.ts';
import type { CellDate, SlashOrder } from './cell-dates.ts';
import { parseDateCell, parseTimeCell, sniffSlashOrder } from './cell-dates.ts';
import { parseTimezoneCell } from './cell-timezone.ts';
import { isPostIdList, parseBooleanCell, splitList } from './cell-values.ts';
import type { CsvRecord } from './parse-records.ts';
import { RowCells } from './row-cells.ts';
import { isEmailAddress, webAddressOf } from '../field-checks.ts';

const STATUSES = new Map<string, NonNullable<ImportedEvent['status']>>([
  ['publish', 'publish'],
  ['published', 'publish'],
  ['draft', 'draft'],
  ['pending', 'pending'],
  ['private', 'private'],
]);

/** A row that cannot become an event: thrown inside the row loop, caught as a skip. */
class RowSkip {
  constructor(
    readonly code: string,
    readonly reason: string,
    readonly params: NoteParams,
  ) {}
}

/** 'csv:' + sha1 of name, start and venue: the same row gives the same key on every import. */
function rowUid(title: string, start: string, venue: string): string {
  const key = `${title}\n${start}\n${venue}`.toLowerCase();
  return `csv:${createHash('sha1').update(key).digest('hex')}`;
}

/** The wall time in `timezone` of a date-time the cell gave with its own UTC offset. */
function shiftToZone(date: string, time: string, offsetMinutes: number, timezone: string): [string, string] {
  const instant = DateTime.fromISO(`${date}T${time}`, { zone: FixedOffsetZone.instance(offsetMinutes) });
  const wall = instant.setZone(toZone(timezone)).toFormat('yyyy-MM-dd HH:mm:ss');
  return [wall.slice(0, 10), wall.slice(11)];
}

export function readEventRows(
  rows: readonly CsvRecord[],
  headings: readonly string[],
  columns: Map<string, number>,
  siteTimezone: string,
  headerLine: number,
  warnings: ImportWarning[],
): ReadCalendarFile {
  const order = slashOrderOf(rows, new RowCells(columns, headings));
  noteDayFirst(order, headerLine, warnings);
  const events: ImportedEvent[] = [];
  const reader = eventRowReader(headings, columns, siteTimezone, order, warnings, (event) => events.push(event));
  for (const row of rows) reader.read(row);
  return { events, skipped: reader.skipped, warnings, series: [] };
}

/** The note that a file's slashed dates are read day first (after its column notes, before its rows'). */
export function noteDayFirst(order: SlashOrder, headerLine: number, warnings: ImportWarning[]): void {
  if (order !== 'dmy') return;
  warnings.push({
    line: headerLine,
    code: 'day_first_dates',
    message: 'Dates such as 25/12/2025 show this file writes day/month/year; all its slashed dates are read that way.',
    params: {},
  });
}

/**
 * Reads rows one at a time (a file read as it comes, or a text read whole): each becomes an event
 * handed to `put`, or a skip; notes go to `warnings`. `order`: how the file's slashed dates read.
 */
export function eventRowReader(
  headings: readonly string[],
  columns: Map<string, number>,
  siteTimezone: string,
  order: SlashOrder,
  warnings: ImportWarning[],
  put: (event: ImportedEvent) => void,
): { read(row: CsvRecord): void; readonly skipped: ImportSkip[] } {
  const cells = new RowCells(columns, headings);
  const skipped: ImportSkip[] = [];
  const lineOfUid = new Map<string, number>();
  const warn: Warn = (code, message, params) => {
    warnings.push({ line: cells.line, code, message, params });
  };

  /** A date column's cell, or null when empty; skips the row when it is no date. */
  const dateCell = (id: string): CellDate | null => {
    const text = cells.text(id);
    if (text === '') return null;
    const parsed = parseDateCell(text, order);
    if (!parsed)
      throw new RowSkip('invalid_date', `"${cells.heading(id)}" is "${text}", which is not a date.`, {
        heading: cells.heading(id),
        value: text,
      });
    return parsed;
  };
  /** A time column's cell, or undefined when empty; skips the row when it is no time. */
  const timeCell = (id: string): string | undefined => {
    const text = cells.text(id);
    if (text === '') return undefined;
    const parsed = parseTimeCell(text);
    if (!parsed)
      throw new RowSkip('invalid_time', `"${cells.heading(id)}" is "${text}", which is not a time of day.`, {
        heading: cells.heading(id),
        value: text,
      });
    return parsed;
  };
  const flag = (id: string): boolean => {
    const value = parseBooleanCell(cells.raw(id));
    if (value === null)
      warn('invalid_boolean', `"${cells.heading(id)}" is "${cells.text(id)}"; read as no (yes, true or 1 mean yes).`, {
        heading: cells.heading(id),
        value: cells.text(id),
      });
    return value === true;
  };

  function read(row: CsvRecord): void {
    cells.at(row);
    const title = cells.text('event_name');
    try {
      if (cells.extraValues() > 0) warn('extra_values', 'values to the right of the last heading are ignored.', {});
      if (title === '')
        throw new RowSkip('no_title', `"${cells.heading('event_name')}" is empty; an event needs a name.`, {
          heading: cells.heading('event_name'),
        });
      const start = dateCell('event_start_date');
      if (!start)
        throw new RowSkip('no_start', `"${cells.heading('event_start_date')}" is empty; an event needs a start date.`, {
          heading: cells.heading('event_start_date'),
        });
      const startTimeColumn = timeCell('event_start_time');
      const end = dateCell('event_end_date');
      const endTimeColumn = timeCell('event_end_time');
      const allDay = cells.has('event_all_day') && flag('event_all_day');

      let timezone = siteTimezone;
      const zoneText = cells.text('event_timezone');
      if (zoneText !== '') {
        const zone = parseTimezoneCell(zoneText);
        if (zone) timezone = zone;
        else
          warn(
            'unknown_timezone',
            `"${cells.heading('event_timezone')}" is "${zoneText}", no timezone we know; the site's (${siteTimezone}) is used.`,
            { value: zoneText, zone: siteTimezone, how: 'read_in' },
          );
      }

      let startWall: string;
      let endWall: string;
      if (allDay) {
        // All-day: the first day from midnight to the last day's end, times and offsets aside.
        const lastDay = end?.date ?? start.date;
        if (lastDay < start.date) {
          throw new RowSkip(
            'end_before_start',
            `"${cells.heading('event_end_date')}" (${lastDay}) is before the start (${start.date}).`,
            { end: lastDay, start: start.date },
          );
        }
        startWall = `${start.date} 00:00:00`;
        endWall = `${lastDay} 23:59:59`;
      } else {
        let [startDate, startTime] = [start.date, startTimeColumn ?? start.time ?? '00:00:00'];
        if (startTimeColumn === undefined && start.offsetMinutes !== undefined) {
          [startDate, startTime] = shiftToZone(startDate, startTime, start.offsetMinutes, timezone);
        }
        startWall = `${startDate} ${startTime}`;
        const explicitEndTime = endTimeColumn ?? end?.time;
        if (!end && explicitEndTime === undefined) {
          endWall = startWall; // TEC: no end, end = start
        } else {
          let [endDate, endTime] = [end?.date ?? startDate, explicitEndTime ?? '00:00:00'];
          if (endTimeColumn === undefined && end?.offsetMinutes !== undefined) {
            [endDate, endTime] = shiftToZone(endDate, endTime, end.offsetMinutes, timezone);
          }
          endWall = `${endDate} ${endTime}`;
          if (endWall < startWall) {
            // The same day given again without a time is TEC's way of writing "no end".
            if (explicitEndTime === undefined && endDate === startDate) endWall = startWall;
            else {
              const heading = cells.heading(endTimeColumn !== undefined ? 'event_end_time' : 'event_end_date');
              throw new RowSkip(
                'end_before_start',
                `the end (${endWall}, "${heading}") is before the start (${startWall}).`,
                { end: endWall, start: startWall },
              );
            }
          }
        }
      }

      const venue = readVenue(cells, warn);
      const uidText = cells.text('event_uid');
      const uid = uidText !== '' ? uidText : rowUid(title, startWall, venue?.name ?? '');
      const firstLine = lineOfUid.get(uid);
      if (firstLine !== undefined) {
        throw new RowSkip(
          'duplicate_uid',
          `the same event as line ${firstLine} (same name, start and venue, or the same ID).`,
          { line: firstLine, kind: 'row' },
        );
      }
      lineOfUid.set(uid, row.line);

      const description = cells.raw('event_description');
      const event: ImportedEvent = {
        uid,
        line: row.line,
        title,
        description: description.trim() === '' ? '' : description,
        start: startWall,
        end: endWall,
        timezone,
        allDay,
        organizers: readOrganizers(cells, warn),
        categories: splitList(cells.raw('event_category')),
        tags: splitList(cells.raw('event_tags')),
      };
      // Columns the file has set their field, even when empty (an update clears it, as in TEC);
      // columns it lacks leave the field out.
      if (cells.has('event_excerpt'))
        event.excerpt = cells.raw('event_excerpt').trim() === '' ? '' : cells.raw('event_excerpt');
      if (cells.has('event_website')) {
        // A value the API would refuse costs the event only that value (issue 31, defect 3).
        const website = cells.text('event_website');
        const heading = cells.heading('event_website');
        const address = website === '' ? '' : webAddressOf(website);
        if (address !== null) event.website = address;
        else
          warn(
            'invalid_url',
            `"${heading}" is "${website}", not a web address (http:// or https://); the event is imported without it.`,
            { heading, value: website },
          );
      }
      if (cells.has('event_cost')) event.cost = cells.text('event_cost');
      if (venue) event.venue = venue;
      const statusText = cells.text('event_status');
      if (statusText !== '') {
        const status = STATUSES.get(statusText.toLowerCase());
        if (status) event.status = status;
        else
          warn(
            'unknown_status',
            `"${cells.heading('event_status')}" is "${statusText}"; publish, draft, pending or private were expected.`,
            { heading: cells.heading('event_status'), value: statusText },
          );
      }
      if (cells.has('feature_event')) event.featured = flag('feature_event');
      if (cells.has('event_hide')) event.hideFromListings = flag('event_hide');
      put(event);
    } catch (error) {
      if (!(error instanceof RowSkip)) throw error;
      const skip: ImportSkip = {
        line: row.line,
        code: error.code,
        reason: error.reason,
        params: error.params,
      };
      if (title !== '') skip.title = title;
      skipped.push(skip);
    }
  }
  return { read, skipped };
}

/** The slashed dates of a row (start and end), for the order they are read in. */
export function slashedCellsOf(cells: RowCells): [string, string] {
  return [cells.raw('event_start_date'), cells.raw('event_end_date')];
}

function slashOrderOf(rows: readonly CsvRecord[], cells: RowCells): SlashOrder {
  function* dates(): Generator<string> {
    for (const row of rows) {
      cells.at(row);
      yield* slashedCellsOf(cells);
    }
  }
  return sniffSlashOrder(dates());
}

type Warn = (code: string, message: string, params: NoteParams) => void;

/** The event's venue: its name (TEC: "Event Venue Name") and, from an Almanac export, its address. */
function readVenue(cells: RowCells, warn: Warn): ImportedVenue | undefined {
  const name = cells.text('event_venue_name');
  if (name === '') return undefined;
  if (isPostIdList(name)) {
    // TEC takes a number as the ID of a venue on that WordPress site, which means nothing here.
    warn(
      'venue_id',
      `"${cells.heading('event_venue_name')}" is "${name}", a WordPress post ID; the venue is left out.`,
      { heading: cells.heading('event_venue_name'), value: name },
    );
    return undefined;
  }
  const venue: ImportedVenue = { name };
  const address = [cells.text('venue_address'), cells.text('venue_address2')].filter((part) => part !== '').join(' ');
  if (address !== '') venue.address = address;
  const parts = [
    ['city', 'venue_city'],
    ['state', 'venue_state'],
    ['zip', 'venue_zip'],
    ['country', 'venue_country'],
  ] as const;
  for (const [key, id] of parts) {
    const value = cells.text(id);
    if (value !== '') venue[key] = value;
  }
  return venue;
}

/** Organizers by name, comma-separated as in TEC; e-mails (an Almanac column) pair up by position. */
function readOrganizers(cells: RowCells, warn: Warn): ImportedOrganizer[] {
  const names = splitList(cells.raw('event_organizer_name'));
  if (names.length === 0) return [];
  const emails = cells
    .raw('organizer_email')
    .split(',')
    .map((email) => email.trim());
  const organizers: ImportedOrganizer[] = [];
  names.forEach((name, i) => {
    if (isPostIdList(name)) {
      warn(
        'organizer_id',
        `"${cells.heading('event_organizer_name')}" holds "${name}", a WordPress post ID; it is left out.`,
        { heading: cells.heading('event_organizer_name'), value: name },
      );
      return;
    }
    const organizer: ImportedOrganizer = { name };
    const email = emails[i];
    if (email && isEmailAddress(email)) organizer.email = email;
    else if (email)
      warn(
        'invalid_email',
        `The organizer's e-mail "${email}" is not a complete address; the organizer is imported without it.`,
        { value: email, name },
      );
    organizers.push(organizer);
  });
  return organizers;
}
