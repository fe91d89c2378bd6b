// From ical.js times to what an ImportedEvent holds: wall times `YYYY-MM-DD HH:MM:SS` in an IANA
// zone. A time in an IANA-backed zone keeps its wall clock exactly as written (that is what the
// organizer chose); a UTC time is shown in the calendar's zone; a time in a zone known only by its
// VTIMEZONE rules is converted to UTC.

import ICAL from 'ical.js';
import { IanaTimezone } from './iana-timezone.ts';
import type { ZoneContext } from './zone-context.ts';

export interface EventTimes {
  start: string;
  end: string;
  timezone: string;
  allDay: boolean;
}

const DAY_MS = 86_400_000;

/**
 * `YYYY-MM-DD HH:MM:SS` of the wall time an epoch value stands for (read as UTC). Computed rather
 * than through Date#toISOString, which costs more than the rest of a simple event's conversion.
 * The date part is Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
 */
function formatWallMs(wallMs: number): string {
  const days = Math.floor(wallMs / DAY_MS);
  const seconds = Math.floor((wallMs - days * DAY_MS) / 1000);
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return fields(year, month, day, Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60);
}

function fields(year: number, month: number, day: number, hour: number, minute: number, second: number): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)} ${pad2(hour)}:${pad2(minute)}:${pad2(second)}`;
}

/** The time's own fields as milliseconds "as if UTC"; Date.UTC also normalizes overflowing fields. */
function wallMsOf(time: ICAL.Time): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** The wall time of a time's own fields; the common, in-range case without a Date (it adds up on big files). */
function wallOf(time: ICAL.Time): string {
  const { year, month, day, hour, minute, second } = time;
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 28 || hour > 23 || minute > 59 || second > 59) {
    return formatWallMs(wallMsOf(time));
  }
  return fields(year, month, day, hour, minute, second);
}

/** The wall time of a UTC instant in an IANA zone. */
export function wallInZone(utcMs: number, zone: IanaTimezone): string {
  return formatWallMs(utcMs + zone.offsetAt(utcMs) * 60_000);
}

/** The instant a time stands for, in ms (ical.js does the zone arithmetic with the zones we assigned). */
export function instantMs(time: ICAL.Time): number {
  return time.isDate ? Date.UTC(time.year, time.month - 1, time.day) : time.toUnixTime() * 1000;
}

/** A time as the event model stores it: its wall time and the IANA zone of that wall time. */
function present(time: ICAL.Time, zones: ZoneContext): { wall: string; zone: IanaTimezone } {
  if (time.zone instanceof IanaTimezone) return { wall: wallOf(time), zone: time.zone };
  // assignZones gives every floating time the floating zone; this is the fallback should one slip by.
  if (time.zone === ICAL.Timezone.localTimezone) return { wall: wallOf(time), zone: zones.floatingZone };
  if (time.zone === ICAL.Timezone.utcTimezone) {
    const zone = zones.iana(zones.utcPresentationZone);
    return { wall: wallInZone(instantMs(time), zone), zone };
  }
  // A zone ical.js knows from a VTIMEZONE only: it converts to UTC with those rules.
  const utc = zones.iana('UTC');
  return { wall: formatWallMs(instantMs(time)), zone: utc };
}

/**
 * A time an event would have outside the years 100–9999: what the API can store, from the first
 * year ical.js and Date.UTC read as written (they read 0–99 as 1900–1999).
 */
export class TimeOutOfRange extends Error {
  constructor(readonly wall: string) {
    super(`${wall} is outside the years 100 to 9999`);
  }
}

const STORABLE = /^(?!00)\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function storable(times: EventTimes): EventTimes {
  for (const wall of [times.start, times.end]) if (!STORABLE.test(wall)) throw new TimeOutOfRange(wall);
  return times;
}

/**
 * Start and end of an event or occurrence. `endTime` is DTEND as RFC 5545 means it (exclusive for
 * dates), or DTSTART + DURATION, or DTSTART itself when neither is given. Throws TimeOutOfRange
 * for a time past year 9999 (an end 10,000 years on) or before year 1.
 */
export function eventTimes(startTime: ICAL.Time, endTime: ICAL.Time, zones: ZoneContext): EventTimes {
  return storable(anyTimes(startTime, endTime, zones));
}

function anyTimes(startTime: ICAL.Time, endTime: ICAL.Time, zones: ZoneContext): EventTimes {
  if (startTime.isDate) return allDayTimes(startTime, endTime, zones);
  const start = present(startTime, zones);
  let end: string;
  if (endTime.isDate) {
    // A timed start with a date end (seen in hand-made files): the end is that day's midnight.
    end = formatWallMs(Date.UTC(endTime.year, endTime.month - 1, endTime.day));
  } else if (endTime.zone === startTime.zone) {
    end = present(endTime, zones).wall;
  } else {
    // DTEND in another zone than DTSTART (a flight): the model has one zone, DTSTART's.
    end = wallInZone(instantMs(endTime), start.zone);
  }
  if (end < start.wall) end = start.wall;
  return { start: start.wall, end, timezone: start.zone.iana, allDay: false };
}

function allDayTimes(startTime: ICAL.Time, endTime: ICAL.Time, zones: ZoneContext): EventTimes {
  const startMs = Date.UTC(startTime.year, startTime.month - 1, startTime.day);
  const endExclusiveMs = Date.UTC(endTime.year, endTime.month - 1, endTime.day);
  // iCalendar's end date is exclusive; the model's last day is inclusive. An end on (or before) the
  // start day, which some exporters write for one-day events, means that one day.
  const lastDayMs = Math.max(startMs, endExclusiveMs - DAY_MS);
  return {
    start: `${formatWallMs(startMs).slice(0, 10)} 00:00:00`,
    end: `${formatWallMs(lastDayMs).slice(0, 10)} 23:59:59`,
    timezone: zones.floatingZone.iana,
    allDay: true,
  };
}

/** The original start of an occurrence as instance UIDs carry it: `20260105T090000Z`, or `20260105` for dates. */
export function recurrenceKey(time: ICAL.Time): string {
  const wall = formatWallMs(instantMs(time)).replace(/[-:]/g, '');
  return time.isDate ? wall.slice(0, 8) : `${wall.slice(0, 8)}T${wall.slice(9)}Z`;
}
