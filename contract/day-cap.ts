// A busy month, made drawable: each day of the month grid shows its first few events and a
// "+N more" for the rest (a click opens that day). FullCalendar's own overflow handling lays out
// every event of the month and measures each one; at 4,000 events a month (100k a year in two
// years) that took seconds. Here the cut is made before FullCalendar sees the events, in plain
// arithmetic — by the service (almanac/v1/event-feed with `per_day`, so a month's feed carries the
// ~100 events drawn instead of thousands) and, for paper, by the UI again on what it was sent.
// Plain code with no dependency, shared by both as contract/recurrence.ts is: the service and the
// UI cut the same way. Unit-tested in test/renderer/day-cap.test.ts.

/** What the cut reads of an event (a feed event has it all). */
export interface CappableEvent {
  id: number;
  all_day: boolean;
  /** The UTC instants, ISO 8601 with `Z`. */
  start_utc: string;
  end_utc: string;
  /** The wall times in the event's own zone, `YYYY-MM-DD HH:MM:SS` (an all-day event's days). */
  start: string;
  end: string;
}

/** 'YYYY-MM-DD' as a UTC-midnight Date (date arithmetic only). */
function fromIsoDate(text: string): Date {
  const [y, m, d] = text.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

function addDays(date: string, days: number): string {
  const next = fromIsoDate(date);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** The zone as Intl / Temporal take it. */
export function intlZone(zone: string): string {
  const match = /^UTC([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(zone);
  if (!match) return zone;
  const [, sign, hours, minutes = '00'] = match;
  return `${sign}${hours!.padStart(2, '0')}:${minutes}`;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock fields of `instant` in `zone` (the computer's zone if Intl does not know it), from
 * one cached formatter a zone: the month grid asks for every day boundary it draws.
 */
export function wallFieldsIn(
  zone: string,
  instant: Date | number,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let format = wallFormats.get(zone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    };
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: intlZone(zone) || undefined });
    } catch {
      format = new Intl.DateTimeFormat('en-US', options);
    }
    wallFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The UTC instant (ms) of local midnight of `date` (YYYY-MM-DD) in `zone`. */
export function midnightIn(zone: string, date: string): number {
  // A fixed offset (`UTC+5`, `UTC-3:30`) is plain arithmetic; not every Intl takes offset zones.
  const offset = /^([+-])(\d{2}):(\d{2})$/.exec(intlZone(zone));
  if (offset) {
    const minutes = (Number(offset[2]) * 60 + Number(offset[3])) * (offset[1] === '-' ? -1 : 1);
    return fromIsoDate(date).getTime() - minutes * 60_000;
  }
  const wallAsUtc = (instant: number) => {
    const wall = wallFieldsIn(zone, instant);
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  };
  const target = fromIsoDate(date).getTime();
  // Guess with the offset at the wall time itself, then correct once (DST changes move it).
  let instant = target - (wallAsUtc(target) - target);
  instant -= wallAsUtc(instant) - target;
  return instant;
}

/** Index of the last boundary ≤ `instant` (-1 before the first). */
function dayIndex(boundaries: number[], instant: number): number {
  let low = 0;
  let high = boundaries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (boundaries[middle]! <= instant) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

const daysBetween = (from: string, to: string) =>
  Math.round((fromIsoDate(to).getTime() - fromIsoDate(from).getTime()) / 86_400_000);

interface Capped<E> {
  shown: E[];
  /** Day (YYYY-MM-DD) → how many of its events are not shown. */
  more: Map<string, number>;
}

/**
 * Keeps at most `perDay` events on each day of [start, end) — `perDay + 1` on a day that has no
 * more than that, where no "+N more" line is needed — (a multi-day event counts on every day it
 * covers, and is shown only where it fits on all of them), in the order a calendar lists them:
 * all-day and multi-day first, then by start, longer first. `alreadyHidden` counts, a day, the events
 * cut before (the service's cut, when the UI cuts again for paper): they count in the day's total
 * and in its "+N more".
 */
export function capPerDay<E extends CappableEvent>(
  events: E[],
  range: { start: string; end: string },
  zone: string,
  perDay: number,
  alreadyHidden: Readonly<Record<string, number>> = {},
): Capped<E> {
  const days = daysBetween(range.start, range.end);
  const boundaries = Array.from({ length: days + 1 }, (_, i) => midnightIn(zone, addDays(range.start, i)));
  const span = (event: E): [number, number] => {
    if (event.all_day)
      return [daysBetween(range.start, event.start.slice(0, 10)), daysBetween(range.start, event.end.slice(0, 10))];
    const start = Date.parse(event.start_utc);
    const end = Math.max(start, Date.parse(event.end_utc) - 1);
    return [dayIndex(boundaries, start), dayIndex(boundaries, end)];
  };
  const placed = events.map((event) => ({ event, span: span(event) }));
  const long = (entry: (typeof placed)[number]) => entry.event.all_day || entry.span[1] > entry.span[0];
  // The instants are ISO strings of one shape: code-unit order is time order (localeCompare, which
  // weighs each character by locale rules, took most of a 6,000-event cut).
  const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  placed.sort(
    (a, b) =>
      Number(long(b)) - Number(long(a)) ||
      compare(a.event.start_utc, b.event.start_utc) ||
      compare(b.event.end_utc, a.event.end_utc) ||
      a.event.id - b.event.id,
  );
  // A day whose events are one more than `perDay` shows them all: the line "+1 more" would take
  // would hold that event itself (as Google Calendar does). Busier days keep a line for "+N more".
  const total = new Array<number>(days).fill(0);
  const hidden = new Array<number>(days).fill(0);
  for (const [date, count] of Object.entries(alreadyHidden)) {
    const day = daysBetween(range.start, date);
    if (day < 0 || day >= days) continue;
    total[day] = total[day]! + count;
    hidden[day] = hidden[day]! + count;
  }
  for (const {
    span: [first, last],
  } of placed)
    for (let day = Math.max(first, 0); day <= Math.min(last, days - 1); day++) total[day] = total[day]! + 1;
  const room = total.map((count) => (count <= perDay + 1 ? perDay + 1 : perDay));
  const used = new Array<number>(days).fill(0);
  const shown: E[] = [];
  for (const {
    event,
    span: [first, last],
  } of placed) {
    const from = Math.max(first, 0);
    const to = Math.min(last, days - 1);
    if (to < from) continue; // outside the range
    let fits = true;
    for (let day = from; day <= to && fits; day++) fits = used[day]! < room[day]!;
    if (fits) {
      shown.push(event);
      for (let day = from; day <= to; day++) used[day] = used[day]! + 1;
    } else for (let day = from; day <= to; day++) hidden[day] = hidden[day]! + 1;
  }
  const more = new Map<string, number>();
  hidden.forEach((count, day) => {
    if (count > 0) more.set(addDays(range.start, day), count);
  });
  return { shown, more };
}
