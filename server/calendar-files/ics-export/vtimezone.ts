// VTIMEZONE components for the zones an export uses (RFC 5545 §3.6.5), so clients that do not
// know IANA names (Outlook) place events right, DST included. Each observance is one real
// transition from the time zone database, found with luxon, for the years the events span:
// explicit transitions instead of RRULEs, because rules change (and luxon knows the history).
import { DateTime } from 'luxon';
import { timezoneAbbreviation, toZone } from '../../domain/dates.ts';
import { contentLine } from './ics-text.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

interface Transition {
  at: number; // ms since epoch, the instant the new offset begins
  from: number; // minutes
  to: number;
}

/** The exact instant between `low` (old offset) and `high` (new offset), to the minute. */
function bisect(offsetAt: (ms: number) => number, low: number, high: number): number {
  const before = offsetAt(low);
  while (high - low > 60_000) {
    const mid = low + Math.floor((high - low) / 2 / 60_000) * 60_000;
    if (offsetAt(mid) === before) low = mid;
    else high = mid;
  }
  return high;
}

/** Offset changes in one year, found by sampling every 12 hours and bisecting. */
function sampleYear(timezone: string, year: number): readonly Transition[] {
  const zone = toZone(timezone);
  const offsetAt = (ms: number) => zone.offset(ms);
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const found: Transition[] = [];
  let previous = offsetAt(start);
  for (let at = start + DAY / 2; at <= end; at += DAY / 2) {
    const offset = offsetAt(at);
    if (offset !== previous) {
      found.push(Object.freeze({ at: bisect(offsetAt, at - DAY / 2, at), from: previous, to: offset }));
      previous = offset;
    }
  }
  return Object.freeze(found);
}

// Sampling a year asks the zone for ~730 offsets: a few milliseconds, tens while the code is cold.
// Nearly every object of a calendar and every export needs the same zone's same years, so each
// zone's years are sampled once per thread (the read worker warms its site zones as it starts:
// read-worker.ts). Years are sampled on the same 12-hour grid from 1 January, so one year's list
// followed by the next is exactly what sampling both at once finds.
const sampledYears = new Map<string, readonly Transition[]>();
const MAX_SAMPLED_YEARS = 5000;
let yearsSampled = 0;

/** Offset changes in [fromYear, toYear]. */
export function transitions(timezone: string, fromYear: number, toYear: number): Transition[] {
  const found: Transition[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    const key = `${timezone}|${year}`;
    let inYear = sampledYears.get(key);
    if (inYear === undefined) {
      inYear = sampleYear(timezone, year);
      if (sampledYears.size >= MAX_SAMPLED_YEARS) sampledYears.clear();
      sampledYears.set(key, inYear);
      yearsSampled++;
    }
    found.push(...inYear);
  }
  return found;
}

/** How many zone-years this thread has sampled (what a cold VTIMEZONE pays for): the read worker's stats. */
export const zoneYearsSampled = () => yearsSampled;

/** DTSTART of an observance: the transition's wall time in the offset in force before it. */
function localStart(at: number, fromMinutes: number): string {
  return DateTime.fromMillis(at + fromMinutes * 60_000, { zone: 'utc' }).toFormat("yyyyMMdd'T'HHmmss");
}

const nameAt = (timezone: string, ms: number) =>
  timezoneAbbreviation(timezone, DateTime.fromMillis(ms, { zone: 'utc' }));

/** The VTIMEZONE block (CRLF lines) for `timezone`, covering the years of its events. */
export function vtimezone(timezone: string, fromYear: number, toYear: number): string {
  const zone = toZone(timezone);
  // The observance in force when the range begins starts from the last change before it.
  const found = transitions(timezone, fromYear - 1, toYear).filter(
    (t, index, all) =>
      t.at >= Date.UTC(fromYear, 0, 1) || index === all.length - 1 || all[index + 1]!.at >= Date.UTC(fromYear, 0, 1),
  );
  let out = contentLine('BEGIN:VTIMEZONE') + contentLine(`TZID:${timezone}`);
  if (found.length === 0) {
    // A zone without changes in the range (UTC, Asia/Tokyo): one standard observance.
    const offset = offsetText(zone.offset(Date.UTC(fromYear, 0, 1)));
    out += [
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${nameAt(timezone, Date.UTC(fromYear, 0, 1))}`,
      'END:STANDARD',
    ]
      .map(contentLine)
      .join('');
  }
  for (const t of found) {
    // Daylight time is the larger offset of the pair (southern zones included).
    const kind = t.to > t.from ? 'DAYLIGHT' : 'STANDARD';
    out += [
      `BEGIN:${kind}`,
      `DTSTART:${localStart(t.at, t.from)}`,
      `TZOFFSETFROM:${offsetText(t.from)}`,
      `TZOFFSETTO:${offsetText(t.to)}`,
      `TZNAME:${nameAt(timezone, t.at)}`,
      `END:${kind}`,
    ]
      .map(contentLine)
      .join('');
  }
  return out + contentLine('END:VTIMEZONE');
}
