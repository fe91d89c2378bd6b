// A series (issue 28) as iCalendar keeps it (RFC 5545 §3.8.5, §3.8.4.4): one master VEVENT with
// the rule — DTSTART/DTEND of the series' first slot, RRULE, RDATE, EXDATE — plus one VEVENT with
// RECURRENCE-ID per occurrence changed on its own, carrying its own fields and times. The file
// export and CalDAV both write series with this, so a series reads the same in an .ics file and in
// a calendar app; each VEVENT is the export's own (vevent.ts).
//
//   const text = seriesVevents({ series, master, exceptions }, { calendarKey, baseUrl, stamp });
//
// `series` is the row of the `series` table; `master` the export row (event-export.ts) of one
// occurrence that was not changed on its own — its fields are every occurrence's; `exceptions`
// the export rows of the occurrences with `detached = 1`, each with its slot date
// (`posts.recurrence`). The VTIMEZONEs the text needs are seriesZones()'s: the caller writes them,
// once per zone, before the VEVENTs (as for single events).
import { DateTime } from 'luxon';
import type { ExportRow } from '../../db/repositories/event-export.ts';
import type { SeriesRow } from '../../db/repositories/series.ts';
import { readRecurrenceRule, writeRecurrenceRule } from '../../../contract/recurrence.ts';
import { toZone, wallToDateTime } from '../../domain/dates.ts';
import { compactDate, compactDateTime, contentLine, paramValue } from './ics-text.ts';
import { vevent, type VeventContext } from './vevent.ts';

/** What of a series row the writer reads. */
export type SeriesFields = Pick<
  SeriesRow,
  'uid' | 'rule' | 'rdates' | 'exdates' | 'timezone' | 'start_local' | 'end_local' | 'all_day' | 'horizon'
>;

export interface SeriesExport {
  series: SeriesFields;
  /** An occurrence not changed on its own (the first by slot): the fields every occurrence shares. */
  master: ExportRow;
  /** Occurrences changed on their own (`detached`), each with its slot date `YYYY-MM-DD`. */
  exceptions: { date: string; row: ExportRow }[];
  /**
   * Dates left out beside the series' own EXDATEs: occurrences this reader may not see (a draft
   * occurrence in a subscriber's calendar). Optional; the file export has none.
   */
  hidden?: string[];
}

export interface SeriesVeventOptions {
  /** Lines to add to each VEVENT (folded CRLF text), e.g. CalDAV's X-ALMANAC- links. */
  extraLines?: (row: ExportRow) => string;
}

const END_VEVENT = contentLine('END:VEVENT');
const dateList = (text: string): string[] => (text === '' ? [] : text.split(','));
const timeOf = (wall: string) => wall.slice(11, 19);

/**
 * RRULE as RFC 5545 wants it beside this DTSTART: UNTIL is a UTC date-time when DTSTART has a time
 * (RFC 5545 §3.3.10: "MUST be specified in UTC time" with a TZID), a date when DTSTART is a date.
 * Almanac stores either form; a stored date means "through that local day".
 */
export function rruleValue(series: SeriesFields): string {
  const reading = readRecurrenceRule(series.rule);
  if ('problems' in reading) return series.rule;
  const rule = reading.rule;
  if (rule.until === undefined) return writeRecurrenceRule(rule);
  const zone = toZone(series.timezone);
  if (series.all_day === 1) {
    const until = rule.until.includes('T')
      ? (DateTime.fromISO(rule.until, { zone: 'utc' }).setZone(zone).toISODate() ?? rule.until.slice(0, 10))
      : rule.until;
    return writeRecurrenceRule({ ...rule, until });
  }
  if (rule.until.includes('T')) return writeRecurrenceRule(rule);
  const end = wallToDateTime(`${rule.until} 23:59:59`, series.timezone).toUTC();
  return writeRecurrenceRule({ ...rule, until: end.toFormat("yyyy-MM-dd'T'HH:mm:ss'Z'") });
}

/** A property naming dates of the series, each at the series' time of day (RDATE, EXDATE, RECURRENCE-ID). */
function dateProperty(name: string, series: SeriesFields, dates: string[]): string {
  if (series.all_day === 1) return `${name};VALUE=DATE:${dates.map(compactDate).join(',')}`;
  const time = timeOf(series.start_local);
  return `${name};TZID=${paramValue(series.timezone)}:${dates.map((date) => compactDateTime(`${date} ${time}`)).join(',')}`;
}

/** A VEVENT block with `lines` (folded) added before its END. */
function withLines(block: string, lines: string): string {
  return lines === '' ? block : block.slice(0, -END_VEVENT.length) + lines + END_VEVENT;
}

/** The series' VEVENTs: the master, then its exceptions by date (folded CRLF lines). */
export function seriesVevents(
  { series, master, exceptions, hidden = [] }: SeriesExport,
  context: VeventContext,
  options: SeriesVeventOptions = {},
): string {
  const extra = options.extraLines ?? (() => '');
  // The master's times are the series' own: its first slot, whatever that occurrence did since.
  const masterRow: ExportRow = Object.assign({}, master, {
    uid: series.uid,
    start_local: series.start_local,
    end_local: series.end_local,
    timezone: series.timezone,
    all_day: series.all_day,
  });
  let lines = contentLine(`RRULE:${rruleValue(series)}`);
  const rdates = dateList(series.rdates);
  if (rdates.length > 0) lines += contentLine(dateProperty('RDATE', series, rdates));
  const exdates = [...new Set([...dateList(series.exdates), ...hidden])].sort();
  if (exdates.length > 0) lines += contentLine(dateProperty('EXDATE', series, exdates));
  let out = withLines(vevent(masterRow, context), lines + extra(master));
  for (const { date, row } of [...exceptions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    const own = Object.assign({}, row, { uid: series.uid });
    out += withLines(vevent(own, context), contentLine(dateProperty('RECURRENCE-ID', series, [date])) + extra(row));
  }
  return out;
}

/** The last modification of what seriesVevents writes (a UTC wall): e.g. for DTSTAMP. */
export function seriesModified(series: { modified_utc: string }, rows: Pick<ExportRow, 'modified_utc'>[]): string {
  let latest = series.modified_utc;
  for (const row of rows) if (row.modified_utc > latest) latest = row.modified_utc;
  return latest;
}

/**
 * The zones the series' VEVENTs name and the years to cover in each (for vtimezone()): the series'
 * zone from its first slot to its horizon (or the last exception), and each timed exception's own.
 */
export function seriesZones({ series, exceptions }: SeriesExport): { timezone: string; from: number; to: number }[] {
  const years = new Map<string, { from: number; to: number }>();
  const add = (timezone: string, from: number, to: number) => {
    const known = years.get(timezone);
    years.set(timezone, known ? { from: Math.min(known.from, from), to: Math.max(known.to, to) } : { from, to });
  };
  const year = (wall: string) => Number(wall.slice(0, 4));
  if (series.all_day !== 1)
    add(series.timezone, year(series.start_local), Math.max(year(series.start_local), year(series.horizon)));
  for (const { row } of exceptions)
    if (row.all_day !== 1)
      add(row.timezone, year(row.start_local), Math.max(year(row.start_local), year(row.end_local)));
  return [...years].map(([timezone, span]) => ({ timezone, ...span }));
}
