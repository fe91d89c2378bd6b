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

/** Offset changes in [fromYear, toYear], found by sampling every 12 hours and bisecting. */
export function transitions(timezone: string, fromYear: number, toYear: number): Transition[] {
  const zone = toZone(timezone);
  const offsetAt = (ms: number) => zone.offset(ms);
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const found: Transition[] = [];
  let previous = offsetAt(start);
  for (let at = start + DAY / 2; at <= end; at += DAY / 2) {
    const offset = offsetAt(at);
    if (offset !== previous) {
      found.push({ at: bisect(offsetAt, at - DAY / 2, at), from: previous, to: offset });
      previous = offset;
    }
  }
  return found;
}

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
