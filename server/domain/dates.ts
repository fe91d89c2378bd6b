// Date and timezone helpers for the Events Calendar compatible REST service.
//
// Events keep a local wall time ('YYYY-MM-DD HH:MM:SS') in their own timezone next to the
// matching UTC instant. Everything here goes through luxon and the tz database: no offset is
// ever computed by hand, so DST rules stay the tz database's business.
//
// DST policy (one rule for the whole module, used whenever a wall time is turned into an instant):
// - A wall time inside a spring-forward gap (e.g. 02:30 on 2027-03-14 in America/New_York) does
//   not exist; it is moved forward by the length of the gap (-> 03:30 EDT), like luxon does.
// - A wall time inside a fall-back overlap (e.g. 01:30 on 2027-11-07 in America/New_York) exists
//   twice; the earlier (first) occurrence wins (-> 01:30 EDT, 05:30 UTC). Luxon on its own picks
//   whichever occurrence matches the offset in force *when the code runs*, which would make stored
//   UTC values depend on the season of the import, so resolveWall() makes the choice explicitly.

import { DateTime, FixedOffsetZone, IANAZone, Zone } from 'luxon';
import type { DurationLikeObject } from 'luxon';

type WallTime = string; // 'YYYY-MM-DD HH:MM:SS'

interface ParsedDate {
  /** The parsed moment, always expressed in the requested timezone. */
  dateTime: DateTime;
  /** Whether the input fixed a time of day (false for plain dates and day-granular relative forms). */
  hasTime: boolean;
  /** Whether the input carried its own UTC offset (timestamps, ISO strings with Z/+02:00). */
  hasOffset: boolean;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
}

interface TimeParts {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

type WallFields = DateParts & TimeParts;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const MAX_MANUAL_OFFSET_MINUTES = 14 * 60;
const MAX_INPUT_LENGTH = 100;
const MIDNIGHT: TimeParts = { hour: 0, minute: 0, second: 0, millisecond: 0 };
const NOON: TimeParts = { hour: 12, minute: 0, second: 0, millisecond: 0 };

// ---------------------------------------------------------------------------------------------
// Timezones
// ---------------------------------------------------------------------------------------------

// WordPress "manual offset" settings look like 'UTC+5', 'UTC-3', 'UTC+5.5', 'UTC+5.75'; we also
// take the colon spelling 'UTC+5:30' / 'UTC+05:45' that people type by hand.
const MANUAL_OFFSET_RE = /^UTC([+-])(\d{1,2})(?:\.(\d{1,2})|:(\d{2}))?$/;

/** Signed minutes east of UTC for a manual offset string, or null if it is not a valid one. */
function parseManualOffset(tz: string): number | null {
  const m = MANUAL_OFFSET_RE.exec(tz);
  if (!m) return null;
  const [, sign, hoursText, fraction, colonMinutes] = m;
  const hours = Number(hoursText);
  let minutes = 0;
  if (fraction !== undefined) {
    // '.5' -> 30, '.75' -> 45; fractions that do not land on a whole minute are rejected.
    const scaled = Number(fraction) * 60;
    const divisor = 10 ** fraction.length;
    if (scaled % divisor !== 0) return null;
    minutes = scaled / divisor;
  } else if (colonMinutes !== undefined) {
    minutes = Number(colonMinutes);
    if (minutes > 59) return null;
  }
  const total = hours * 60 + minutes;
  if (total > MAX_MANUAL_OFFSET_MINUTES) return null;
  return sign === '-' ? -total : total;
}

/** Canonical spelling of a manual offset: 'UTC+5', 'UTC-3:30', 'UTC+0'. */
function formatManualOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hours = Math.floor(abs / 60);
  const minutes = abs % 60;
  return `UTC${sign}${hours}${minutes === 0 ? '' : `:${pad(minutes, 2)}`}`;
}

/** True for IANA names, 'UTC' and WordPress manual offsets within +/-14h. */
export function isValidTimezone(tz: string): boolean {
  if (typeof tz !== 'string' || tz === '') return false;
  if (tz === 'UTC') return true;
  // Anything spelled like a manual offset is judged only as one, so 'UTC+99' cannot slip through
  // to whatever Intl might accept.
  if (tz.startsWith('UTC+') || tz.startsWith('UTC-')) return parseManualOffset(tz) !== null;
  // luxon builds an Intl formatter to judge a name (~0.3 ms): an import of 10k events asked 10k
  // times. Valid names are remembered (there are a few hundred), invalid ones judged each time.
  if (VALID_ZONE_NAMES.has(tz)) return true;
  const valid = IANAZone.isValidZone(tz);
  if (valid && VALID_ZONE_NAMES.size < 2000) VALID_ZONE_NAMES.add(tz);
  return valid;
}

const VALID_ZONE_NAMES = new Set<string>();

/** The luxon zone for a timezone setting; throws on anything isValidTimezone() rejects. */
export function toZone(tz: string): Zone {
  const known = ZONES.get(tz);
  if (known) return known;
  if (!isValidTimezone(tz)) throw new Error(`Invalid timezone: ${JSON.stringify(tz)}`);
  let zone: Zone;
  if (tz === 'UTC') zone = FixedOffsetZone.utcInstance;
  else {
    const manual = parseManualOffset(tz);
    zone = manual !== null ? FixedOffsetZone.instance(manual) : new MemoizedZone(IANAZone.create(tz));
  }
  // Validating an IANA name builds an Intl formatter (slow, and on every request before this cache).
  if (ZONES.size < 1000) ZONES.set(tz, zone);
  return zone;
}

const ZONES = new Map<string, Zone>();

/**
 * An IANA zone whose UTC offsets are memoized. luxon asks Intl for every offset (formatToParts,
 * ~5–10 µs), and one write or list asks dozens of times; an import of 10k events at 10k different
 * times asked ~100k times (a sixth of its time). Two levels: a 6-hour span whose two ends have the
 * same offset holds that offset throughout (no zone changes its offset twice within 6 hours and
 * back), which answers nearly every call with two Intl calls per span; inside a span that holds a
 * transition, the offset is memoized per 15-minute bucket — since 1970 every offset is a whole
 * number of quarter hours and every transition falls on a quarter-hour boundary, so the offset at
 * a bucket's start holds for the whole bucket.
 */
class MemoizedZone extends Zone {
  /** Per 6-hour span: its offset, or null when a transition falls inside it. */
  private readonly spans = new Map<number, number | null>();
  /** Per 15-minute bucket, inside spans that hold a transition. */
  private readonly offsets = new Map<number, number>();

  constructor(private readonly inner: Zone) {
    super();
  }

  override get type() {
    return this.inner.type;
  }
  override get name() {
    return this.inner.name;
  }
  override get isUniversal() {
    return false;
  }
  override get isValid() {
    return this.inner.isValid;
  }
  override offsetName(ts: number, options: { format?: 'short' | 'long'; locale?: string }) {
    return this.inner.offsetName(ts, options);
  }
  override formatOffset(ts: number, format: 'narrow' | 'short' | 'techie') {
    return this.inner.formatOffset(ts, format);
  }
  override equals(other: Zone) {
    return other instanceof MemoizedZone ? this.inner.equals(other.inner) : this.inner.equals(other);
  }
  override offset(ts: number): number {
    const span = Math.floor(ts / SPAN_MS);
    let even = this.spans.get(span);
    if (even === undefined) {
      const first = this.inner.offset(span * SPAN_MS);
      even = first === this.inner.offset((span + 1) * SPAN_MS - QUARTER_HOUR_MS) ? first : null;
      if (this.spans.size > 100_000) this.spans.clear();
      this.spans.set(span, even);
    }
    if (even !== null) return even;
    const bucket = Math.floor(ts / QUARTER_HOUR_MS);
    let offset = this.offsets.get(bucket);
    if (offset === undefined) {
      offset = this.inner.offset(bucket * QUARTER_HOUR_MS);
      if (this.offsets.size > 100_000) this.offsets.clear();
      this.offsets.set(bucket, offset);
    }
    return offset;
  }
}
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const SPAN_MS = 6 * 60 * 60 * 1000;

/**
 * ISO 8601 with offset from a stored pair of walls (local and UTC): the offset is their
 * difference, so no time zone lookup is needed on the read path.
 */
export function isoFromWalls(localWall: WallTime, utcWall: WallTime): string {
  const asMillis = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`);
  const offsetMinutes = Math.round((asMillis(localWall) - asMillis(utcWall)) / MINUTE_MS);
  return `${localWall.replace(' ', 'T')}${formatIsoOffset(offsetMinutes)}`;
}

// ---------------------------------------------------------------------------------------------
// Wall time <-> instant
// ---------------------------------------------------------------------------------------------

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** '+05:30' / '-08:00' style offset. */
function formatIsoOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
}

function wallFieldsOf(dt: DateTime): WallFields {
  return {
    year: dt.year,
    month: dt.month,
    day: dt.day,
    hour: dt.hour,
    minute: dt.minute,
    second: dt.second,
    millisecond: dt.millisecond,
  };
}

/**
 * The wall-clock fields read as UTC: the "local timestamp" a zone's offsets are applied to; null
 * for impossible fields (month 13, Feb 30, hour 24, a fraction). By hand rather than through
 * luxon's fromObject, which cost a quarter of an event write's date handling; setUTCFullYear,
 * not Date.UTC, which reads years 0–99 as 1900–1999.
 */
function localTimestamp(fields: WallFields): number | null {
  const { year, month, day, hour, minute, second, millisecond } = fields;
  if (![year, month, day, hour, minute, second, millisecond].every(Number.isInteger)) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millisecond);
  // Date rolls over what does not exist (Feb 30 is Mar 2): a rolled-over field is refused.
  const fits =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second &&
    date.getUTCMilliseconds() === millisecond;
  return fits ? date.getTime() : null;
}

/**
 * Turns wall-clock fields into an instant in `zone`, applying the module's DST policy (gap ->
 * forward, overlap -> earlier occurrence). Returns null for impossible fields such as Feb 30.
 */
function resolveWall(fields: WallFields, zone: Zone): DateTime | null {
  const localTs = localTimestamp(fields);
  if (localTs === null) return null;

  let ts: number;
  if (zone.isUniversal) {
    ts = localTs - zone.offset(localTs) * MINUTE_MS;
  } else {
    // The offsets in force within a day either side cover any single DST transition. Each offset
    // that maps the wall time back onto itself is a real occurrence of it.
    const offsets = [...new Set([localTs - DAY_MS, localTs, localTs + DAY_MS].map((t) => zone.offset(t)))];
    const occurrences = offsets
      .map((offset) => ({ offset, ts: localTs - offset * MINUTE_MS }))
      .filter((c) => zone.offset(c.ts) === c.offset)
      .map((c) => c.ts);
    // Overlap: several occurrences, take the earliest instant. Gap: none; applying the smaller
    // (pre-jump) offset lands after the jump, i.e. the wall time moves forward by the gap.
    ts = occurrences.length > 0 ? Math.min(...occurrences) : localTs - Math.min(...offsets) * MINUTE_MS;
  }
  const dt = DateTime.fromMillis(ts, { zone });
  return dt.isValid ? dt : null;
}

/**
 * resolveWall's rule for a stored wall time, without building DateTimes: its UTC instant (epoch
 * ms) and the wall time it really is (a time DST skipped moves forward). For the hot loops that
 * place hundreds of occurrences of a series at once; wallToDateTime gives the same instant.
 */
export function placeWall(wall: WallTime, tz: string): { utcMs: number; wall: WallTime } {
  const localTs = WALL_RE.test(wall) ? Date.parse(`${wall.replace(' ', 'T')}Z`) : NaN;
  if (!Number.isFinite(localTs)) throw new Error(`Malformed wall time: ${JSON.stringify(wall)}`);
  const zone = toZone(tz);
  if (zone.isUniversal) return { utcMs: localTs - zone.offset(localTs) * MINUTE_MS, wall };
  const offsets = [...new Set([localTs - DAY_MS, localTs, localTs + DAY_MS].map((t) => zone.offset(t)))];
  let best: number | undefined;
  for (const offset of offsets) {
    const ts = localTs - offset * MINUTE_MS;
    if (zone.offset(ts) === offset && (best === undefined || ts < best)) best = ts;
  }
  if (best !== undefined) return { utcMs: best, wall };
  const utcMs = localTs - Math.min(...offsets) * MINUTE_MS;
  const moved = new Date(utcMs + zone.offset(utcMs) * MINUTE_MS).toISOString();
  return { utcMs, wall: `${moved.slice(0, 10)} ${moved.slice(11, 19)}` };
}

/** formatWall of a UTC instant given as epoch ms. */
export const utcWallOfMillis = (ms: number): WallTime => {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
};

/** 'yyyy-MM-dd HH:mm:ss' of dt in its own zone (built by hand so no locale can change the digits). */
export function formatWall(dt: DateTime): WallTime {
  if (!dt.isValid) throw new Error('Cannot format an invalid DateTime');
  return (
    `${pad(dt.year, 4)}-${pad(dt.month, 2)}-${pad(dt.day, 2)} ` +
    `${pad(dt.hour, 2)}:${pad(dt.minute, 2)}:${pad(dt.second, 2)}`
  );
}

/**
 * formatWall(dt.toUTC()) without building a second DateTime: the UTC fields come from the epoch
 * milliseconds (JS Date and luxon share the proleptic Gregorian calendar). Every write stores
 * several UTC walls, and each toUTC() cost a luxon clone.
 */
export function utcWall(dt: DateTime): WallTime {
  if (!dt.isValid) throw new Error('Cannot format an invalid DateTime');
  const d = new Date(dt.toMillis());
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)} ` +
    `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`
  );
}

/** The UTC calendar year of an instant (dt.toUTC().year without the clone). */
export const utcYear = (dt: DateTime): number => new Date(dt.toMillis()).getUTCFullYear();

const WALL_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Interprets a stored wall time in tz (DST policy above). Throws on a malformed wall or tz. */
export function wallToDateTime(wall: WallTime, tz: string): DateTime {
  const zone = toZone(tz);
  const m = typeof wall === 'string' ? WALL_RE.exec(wall) : null;
  if (!m) throw new Error(`Malformed wall time: ${JSON.stringify(wall)}`);
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const dt = resolveWall({ year, month, day, hour, minute, second, millisecond: 0 }, zone);
  if (!dt) throw new Error(`Impossible wall time: ${JSON.stringify(wall)}`);
  return dt;
}

/** The UTC wall time of a wall time in tz. */
export function wallToUtcWall(wall: WallTime, tz: string): WallTime {
  return formatWall(wallToDateTime(wall, tz).toUTC());
}

/** The wall time in tz of a UTC wall time. */
export function utcWallToZoneWall(utcWall: WallTime, tz: string): WallTime {
  const zone = toZone(tz);
  return formatWall(wallToDateTime(utcWall, 'UTC').setZone(zone));
}

/** ISO 8601 with the offset in force at that wall time: '2027-03-05T19:30:00-08:00'. */
export function isoWithOffset(wall: WallTime, tz: string): string {
  const dt = wallToDateTime(wall, tz);
  // Not dt.toISO(): luxon writes 'Z' for UTC, the PHP 'c' format we mirror writes '+00:00'.
  return `${formatWall(dt).replace(' ', 'T')}${formatIsoOffset(dt.offset)}`;
}

const DETAILS_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

/**
 * The `*_details` breakdown of the API: a plain split of the string (no calendar validation, no
 * timezone), zero-padded. Missing or malformed input gives the 1970-01-01 00:00:00 breakdown,
 * which is what PHP's date() of a failed strtotime() produces.
 */
export function dateDetails(wall: WallTime | null | undefined): {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
} {
  const m = typeof wall === 'string' ? DETAILS_RE.exec(wall.trim()) : null;
  if (!m) return { year: '1970', month: '01', day: '01', hour: '00', minutes: '00', seconds: '00' };
  const part = (i: number, width: number): string => pad(Number(m[i] ?? 0), width);
  return {
    year: part(1, 4),
    month: part(2, 2),
    day: part(3, 2),
    hour: part(4, 2),
    minutes: part(5, 2),
    seconds: part(6, 2),
  };
}

/**
 * Short zone name at a given moment: 'EST'/'EDT'/'PST' where Intl (en-US) has letters, the Intl
 * 'GMT+1' style otherwise, 'UTC' for UTC, and the normalised setting for manual offsets
 * ('UTC+5.5' -> 'UTC+5:30').
 */
export function timezoneAbbreviation(tz: string, at: DateTime): string {
  if (!at.isValid) throw new Error('Cannot name a timezone at an invalid DateTime');
  return timezoneAbbreviationAt(tz, at.toMillis());
}

/** timezoneAbbreviation at an instant given as epoch ms. */
export function timezoneAbbreviationAt(tz: string, ts: number): string {
  if (tz === 'UTC') return 'UTC';
  const zone = toZone(tz);
  if (zone.isUniversal) return formatManualOffset(zone.offset(0));
  const key = `${tz}|${zone.offset(ts)}`;
  const known = ABBREVIATIONS.get(key);
  if (known) return known;
  // CLDR gives each abbreviation only in the locales where it is in common use (en-US knows EST
  // but calls Berlin "GMT+1"; en-GB knows CET). Ask those locales in turn and keep the first real
  // abbreviation, which is what PHP (the reference) prints; else the GMT offset form.
  let name: string | undefined;
  for (const locale of ABBREVIATION_LOCALES) {
    const candidate = zone.offsetName(ts, { format: 'short', locale });
    if (candidate && /^[A-Z]{2,5}$/.test(candidate)) {
      name = candidate;
      break;
    }
  }
  name ??= zone.offsetName(ts, { format: 'short', locale: 'en-US' }) ?? `GMT${formatIsoOffset(zone.offset(ts))}`;
  ABBREVIATIONS.set(key, name);
  return name;
}

const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-IE', 'en-AU', 'en-NZ', 'en-IN', 'en-ZA', 'ja-JP', 'ko-KR'];
/** zone|offset → abbreviation: Intl lookups are slow and the answer never changes. */
const ABBREVIATIONS = new Map<string, string>();

// ---------------------------------------------------------------------------------------------
// Parsing user input (strtotime-like)
// ---------------------------------------------------------------------------------------------

interface ParseState {
  zone: Zone;
  /** The value so far, always in `zone`; each token transforms it (left to right, like strtotime). */
  cursor: DateTime;
  hasTime: boolean;
  hasOffset: boolean;
  /** Date of a leading date token, for the clock time (and offset) that may directly follow it. */
  pendingDate: DateParts | null;
  /** The date ended in 'T', so a 24h clock time must follow at once. */
  clockRequired: boolean;
}

type Unit = 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';

// Maps, not object literals, so words like 'constructor' cannot hit prototype properties.
const UNITS = new Map<string, { unit: Unit; factor: number }>();
for (const [names, unit, factor] of [
  [['sec', 'secs', 'second', 'seconds'], 'seconds', 1],
  [['min', 'mins', 'minute', 'minutes'], 'minutes', 1],
  [['hour', 'hours'], 'hours', 1],
  [['day', 'days'], 'days', 1],
  [['week', 'weeks'], 'weeks', 1],
  [['fortnight', 'fortnights'], 'weeks', 2],
  [['month', 'months'], 'months', 1],
  [['year', 'years'], 'years', 1],
] as const) {
  for (const name of names) UNITS.set(name, { unit, factor });
}

// luxon numbering: 1 = Monday ... 7 = Sunday.
const WEEKDAYS = new Map<string, number>([
  ['monday', 1],
  ['mon', 1],
  ['tuesday', 2],
  ['tue', 2],
  ['tues', 2],
  ['wednesday', 3],
  ['wed', 3],
  ['thursday', 4],
  ['thu', 4],
  ['thur', 4],
  ['thurs', 4],
  ['friday', 5],
  ['fri', 5],
  ['saturday', 6],
  ['sat', 6],
  ['sunday', 7],
  ['sun', 7],
]);

function setCursor(state: ParseState, dt: DateTime | null): boolean {
  if (!dt) return false;
  state.cursor = dt;
  return true;
}

/** Moves the cursor's wall date by a calendar amount, optionally setting a new time of day. */
function shiftWall(state: ParseState, shift: DurationLikeObject, time?: TimeParts): boolean {
  // Calendar arithmetic is done on the wall fields (in UTC, where no DST exists) and then
  // re-resolved in the zone, so '+1 day' keeps the clock time across a DST change and the
  // overlap/gap policy stays the same as everywhere else. Month/year steps clamp to the end of
  // the month (Jan 31 + 1 month = Feb 28), unlike PHP's overflow into March.
  const wall = DateTime.fromObject(wallFieldsOf(state.cursor), { zone: FixedOffsetZone.utcInstance }).plus(shift);
  if (!wall.isValid) return false;
  return setCursor(state, resolveWall(Object.assign(wallFieldsOf(wall), time), state.zone));
}

/** Applies '+N unit': hours and below are elapsed time, days and above move the calendar. */
function applyRelative(state: ParseState, amount: number, unitName: string): boolean {
  const spec = UNITS.get(unitName);
  if (!spec) return false;
  const value = amount * spec.factor;
  if (spec.unit === 'seconds' || spec.unit === 'minutes' || spec.unit === 'hours') {
    state.hasTime = true;
    return setCursor(state, state.cursor.plus({ [spec.unit]: value }));
  }
  return shiftWall(state, { [spec.unit]: value });
}

/** Moves to the given weekday at 00:00; `mode` says whether today itself counts. */
function applyWeekday(state: ParseState, target: number, mode: 'this' | 'next' | 'last'): boolean {
  const current = state.cursor.weekday;
  let days: number;
  if (mode === 'this') days = (target - current + 7) % 7;
  else if (mode === 'next') days = (target - current + 7) % 7 || 7;
  else days = -((current - target + 7) % 7 || 7);
  state.hasTime = false;
  return shiftWall(state, { days }, MIDNIGHT);
}

function applyTimeOfDay(state: ParseState, time: TimeParts): boolean {
  state.hasTime = true;
  const date = state.pendingDate ?? state.cursor;
  return setCursor(state, resolveWall({ year: date.year, month: date.month, day: date.day, ...time }, state.zone));
}

function applyDate(state: ParseState, date: DateParts, clockFollows: boolean): boolean {
  state.pendingDate = date;
  state.clockRequired = clockFollows;
  state.hasTime = false;
  return setCursor(state, resolveWall(Object.assign({}, date, MIDNIGHT), state.zone));
}

/** Minutes east of UTC for 'z', '+02:00', '+0200', '-05'; null when out of range. */
function parseInputOffset(text: string): number | null {
  if (text === 'z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? 0);
  if (hours > 23 || minutes > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

interface Rule {
  re: RegExp;
  /** Absolute dates may only open the input: '+1 day 2027-01-10' is rejected rather than guessed. */
  firstOnly?: boolean;
  /** Date rules keep `pendingDate` for the clock time after them; every other rule clears it. */
  isDate?: boolean;
  apply(m: RegExpExecArray, state: ParseState): boolean;
}

// Every pattern is anchored at the current position and must end at whitespace or the end of the
// input, so 'daysx' or '9amish' never half-match. The input is lower-cased before matching.
const END = '(?=\\s|$)';
const OFFSET = 'z|[+-]\\d{2}(?::?\\d{2})?';

const CLOCK_24H: Rule = {
  // '16:00', '16:00:05', '16:00:05.123'; an offset may be attached ('10:00:00z', '10:00+02:00')
  // or, as the very last thing in the input, separated by spaces ('10:00 -05').
  re: new RegExp(`^(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?(?:\\s*(${OFFSET})$|(${OFFSET})?${END})`),
  apply(m, state) {
    const [hour, minute, second] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
    if (hour > 23 || minute > 59 || second > 59) return false;
    // Luxon keeps milliseconds; further fraction digits are truncated.
    const millisecond = Number((m[4] ?? '').padEnd(3, '0').slice(0, 3));
    const time = { hour, minute, second, millisecond };
    const offsetText = m[5] ?? m[6];
    if (offsetText === undefined) return applyTimeOfDay(state, time);

    // An offset only makes sense for a full date-time ('2027-01-10T10:00:00Z'): the date and time
    // are read in that offset, and the resulting instant is shown in the requested zone.
    const offset = parseInputOffset(offsetText);
    if (offset === null || state.pendingDate === null) return false;
    const instant = DateTime.fromObject(Object.assign({}, state.pendingDate, time), {
      zone: FixedOffsetZone.instance(offset),
    });
    if (!instant.isValid) return false;
    state.hasTime = true;
    state.hasOffset = true;
    return setCursor(state, instant.setZone(state.zone));
  },
};

const RULES: Rule[] = [
  {
    // '2027-01-10', or '2027-01-10T' directly followed by a clock time.
    re: /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(t)(?=\d)|(?=\s|$))/,
    firstOnly: true,
    isDate: true,
    apply: (m, state) =>
      applyDate(state, { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, m[4] !== undefined),
  },
  {
    // '2027/01/10'
    re: new RegExp(`^(\\d{4})/(\\d{1,2})/(\\d{1,2})${END}`),
    firstOnly: true,
    isDate: true,
    apply: (m, state) => applyDate(state, { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, false),
  },
  {
    // '01/10/2027': PHP strtotime reads slashes in US order (month first).
    re: new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})${END}`),
    firstOnly: true,
    isDate: true,
    apply: (m, state) => applyDate(state, { year: Number(m[3]), month: Number(m[1]), day: Number(m[2]) }, false),
  },
  {
    // '9am', '9 am', '4:30pm', '4:30:15 p.m.' - before the 24h rule so '4:30 pm' is one token.
    re: new RegExp(`^(\\d{1,2})(?::(\\d{2})(?::(\\d{2}))?)?\\s*([ap])\\.?m\\.?${END}`),
    apply(m, state) {
      const [hour12, minute, second] = [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
      if (hour12 < 1 || hour12 > 12 || minute > 59 || second > 59) return false;
      const hour = (hour12 % 12) + (m[4] === 'p' ? 12 : 0);
      return applyTimeOfDay(state, { hour, minute, second, millisecond: 0 });
    },
  },
  CLOCK_24H,
  {
    // '+5 days', '-2 weeks', '3 hours', '2 days ago', '+ 1 month'.
    re: new RegExp(`^([+-]?)\\s*(\\d{1,9})\\s*([a-z]+)(?:\\s+(ago))?${END}`),
    apply(m, state) {
      let amount = Number(m[2]) * (m[1] === '-' ? -1 : 1);
      if (m[4] === 'ago') amount = -amount;
      return applyRelative(state, amount, m[3] ?? '');
    },
  },
  {
    // 'next wednesday', 'last friday', 'this monday', 'next week', 'last month'.
    re: new RegExp(`^(next|last|previous|this)\\s+([a-z]+)${END}`),
    apply(m, state) {
      const mode = m[1] === 'next' ? 'next' : m[1] === 'this' ? 'this' : 'last';
      const word = m[2] ?? '';
      const weekday = WEEKDAYS.get(word);
      if (weekday !== undefined) return applyWeekday(state, weekday, mode);
      // 'next week' = '+1 week' (clock time kept); 'this week' has no meaning here.
      if (mode === 'this') return false;
      return applyRelative(state, mode === 'next' ? 1 : -1, word);
    },
  },
  {
    re: new RegExp(`^([a-z]+)${END}`),
    apply(m, state) {
      const word = m[1] ?? '';
      switch (word) {
        case 'now':
          state.hasTime = true;
          return true;
        case 'today':
          state.hasTime = false;
          return shiftWall(state, {}, MIDNIGHT);
        case 'tomorrow':
          state.hasTime = false;
          return shiftWall(state, { days: 1 }, MIDNIGHT);
        case 'yesterday':
          state.hasTime = false;
          return shiftWall(state, { days: -1 }, MIDNIGHT);
        // 'midnight' and 'noon' name a time of day, so they count as a time (hasTime true).
        case 'midnight':
          return applyTimeOfDay(state, MIDNIGHT);
        case 'noon':
          return applyTimeOfDay(state, NOON);
      }
      const weekday = WEEKDAYS.get(word);
      return weekday !== undefined && applyWeekday(state, weekday, 'this');
    },
  },
];

/** Results must still fit the 'YYYY-MM-DD HH:MM:SS' storage format. */
function inStorableRange(dt: DateTime): boolean {
  return dt.isValid && dt.year >= 1 && dt.year <= 9999;
}

function parseTimestamp(seconds: number, zone: Zone): ParsedDate | null {
  if (!Number.isFinite(seconds)) return null;
  const dateTime = DateTime.fromMillis(Math.round(seconds * 1000), { zone });
  return inStorableRange(dateTime) ? { dateTime, hasTime: true, hasOffset: true } : null;
}

/**
 * Parses a date parameter the way The Events Calendar does (a PHP strtotime() subset):
 * Unix timestamps (number or digit string, seconds), 'YYYY-MM-DD[( |T)HH:MM[:SS[.fff]]][offset]',
 * 'YYYY/MM/DD' and 'MM/DD/YYYY' (+ time), and relative words ('tomorrow 9am', 'next wednesday 4pm',
 * '+5 days', '2 days ago', '2027-01-10 +1 day'). Tokens apply left to right to a cursor that
 * starts at `now`, so - as in PHP - 'tomorrow 11:00' is 11:00 but '11:00 tomorrow' is 00:00.
 *
 * The result is always in `tz` (throws if tz is invalid). Returns null for anything it cannot
 * read; callers turn that into HTTP 400.
 */
export function parseDateInput(input: unknown, tz: string, now?: DateTime): ParsedDate | null {
  const zone = toZone(tz);
  if (typeof input === 'number') return parseTimestamp(input, zone);
  if (typeof input !== 'string') return null;
  if (input.length > MAX_INPUT_LENGTH || /\p{Cc}/u.test(input)) return null;
  const text = input.trim().toLowerCase();
  if (text === '') return null;
  if (/^-?\d+$/.test(text)) return parseTimestamp(Number(text), zone);
  const plain = parsePlainWall(text, zone);
  return plain !== undefined ? plain : parseTokens(text, zone, now ?? DateTime.now());
}

// 'YYYY-MM-DD', 'YYYY-MM-DD HH:MM' and 'YYYY-MM-DDTHH:MM:SS' (lower-cased): what almost every
// client sends. Their meaning under the token rules below is the date, then the clock time on it.
const PLAIN_WALL_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ t](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The common absolute forms resolved in one step. The token rules give the same result but
 * resolve the wall time twice (the date at midnight, then the time on it) and start from `now`;
 * that was a third of a create's date handling. Returns undefined for anything else, null for an
 * impossible value (the token rules reject the same ones: Feb 30, 24:00, :60).
 */
function parsePlainWall(text: string, zone: Zone): ParsedDate | null | undefined {
  const m = PLAIN_WALL_RE.exec(text);
  if (!m) return undefined;
  const hasTime = m[4] !== undefined;
  const time = { hour: Number(m[4] ?? 0), minute: Number(m[5] ?? 0), second: Number(m[6] ?? 0), millisecond: 0 };
  if (time.hour > 23 || time.minute > 59 || time.second > 59) return null;
  const dateTime = resolveWall({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), ...time }, zone);
  if (!dateTime || !inStorableRange(dateTime)) return null;
  return { dateTime, hasTime, hasOffset: false };
}

/** The general strtotime-like reading: tokens applied left to right to a cursor at `now`. */
export function parseTokens(text: string, zone: Zone, now: DateTime): ParsedDate | null {
  const state: ParseState = {
    zone,
    cursor: now.setZone(zone),
    hasTime: false,
    hasOffset: false,
    pendingDate: null,
    clockRequired: false,
  };
  if (!state.cursor.isValid) return null;

  let rest = text;
  for (let index = 0; rest !== ''; index++) {
    const rule = findRule(rest, index, state.clockRequired);
    if (!rule) return null;
    state.clockRequired = false;
    const keepPending = rule.rule.isDate === true;
    if (!rule.rule.apply(rule.match, state)) return null;
    if (!keepPending) state.pendingDate = null;
    rest = rest.slice(rule.match[0].length).trimStart();
  }
  if (state.clockRequired || !inStorableRange(state.cursor)) return null;
  return { dateTime: state.cursor, hasTime: state.hasTime, hasOffset: state.hasOffset };
}

function findRule(rest: string, index: number, clockRequired: boolean): { rule: Rule; match: RegExpExecArray } | null {
  // After '2027-01-10T' only a 24h clock time may follow.
  const candidates = clockRequired ? [CLOCK_24H] : RULES;
  for (const rule of candidates) {
    if (rule.firstOnly && index > 0) continue;
    const match = rule.re.exec(rest);
    if (match) return { rule, match };
  }
  return null;
}
