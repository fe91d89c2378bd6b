// Time as WordPress + TEC keep it: MySQL `Y-m-d H:i:s` strings with 1-second resolution, in the site's
// zone (`post_modified`, `_EventStartDate`) or in UTC (`post_modified_gmt`, `_EventStartDateUTC`).
// Event zones are IANA names or TEC's `UTC±N` offsets (N may be fractional: `UTC+5.5`).
import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon';

export const MYSQL = 'yyyy-MM-dd HH:mm:ss';

const zones = new Map<string, Zone | null>();

/** A zone TEC accepts: an IANA name, `UTC`, or `UTC±N` / `UTC±H:MM`. Null when it is none of these. */
export function zoneFor(name: string): Zone | null {
  // Checking an IANA name builds an Intl formatter (~1 ms): remember each answer.
  if (!zones.has(name)) zones.set(name, findZone(name));
  return zones.get(name)!;
}

function findZone(name: string): Zone | null {
  const offset = /^UTC(?:([+-])(\d{1,2})(?:(?:\.(\d+))|(?::(\d{2})))?)?$/i.exec(name.trim());
  if (offset) {
    if (!offset[1]) return FixedOffsetZone.utcInstance;
    const hours = Number(offset[2]);
    const minutes = offset[3] ? Math.round(Number(`0.${offset[3]}`) * 60) : Number(offset[4] ?? 0);
    const total = (hours * 60 + minutes) * (offset[1] === '-' ? -1 : 1);
    return total > 14 * 60 || total < -12 * 60 ? null : FixedOffsetZone.instance(total);
  }
  // PHP knows these names; luxon/ICU know a superset, which is close enough for a stand-in.
  return IANAZone.isValidZone(name) && name.includes('/')
    ? IANAZone.create(name)
    : name === 'UTC'
      ? FixedOffsetZone.utcInstance
      : null;
}

export function isUtcOffsetName(name: string): boolean {
  return /^UTC[+-]/i.test(name);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `Y-m-d H:i:s` of a DateTime in its own zone (luxon's toFormat() is slow on a hot path). */
export function mysql(at: DateTime): string {
  return `${pad(at.year, 4)}-${pad(at.month)}-${pad(at.day)} ${pad(at.hour)}:${pad(at.minute)}:${pad(at.second)}`;
}

/** `Y-m-d H:i:s` of an instant in a zone. */
export function mysqlIn(instant: DateTime, zone: Zone): string {
  return mysql(instant.setZone(zone));
}

/** The instant of a wall-clock `Y-m-d H:i:s` in a zone. */
export function instantOf(wall: string, zone: Zone): DateTime {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return DateTime.invalid('not Y-m-d H:i:s');
  const [, year, month, day, hour, minute, second] = m.map(Number) as number[];
  return DateTime.fromObject({ year, month, day, hour, minute, second }, { zone });
}

/** Converts a wall clock from one zone to another (e.g. an event's local start to UTC). */
export function convertWall(wall: string, from: Zone, to: Zone): string {
  return mysql(instantOf(wall, from).setZone(to));
}

/**
 * The abbreviation PHP prints for a zone at a date (`EST`, `CET`); ICU only knows some of them in each
 * locale, so en-US is tried, then en-GB, then PHP's numeric fallback (`+03`). Offset zones print their name.
 */
const abbreviations = new Map<string, string>();

export function zoneAbbreviation(zoneName: string, wall: string): string {
  const key = `${zoneName} ${wall.slice(0, 13)}`;
  if (!abbreviations.has(key)) abbreviations.set(key, findAbbreviation(zoneName, wall));
  return abbreviations.get(key)!;
}

function findAbbreviation(zoneName: string, wall: string): string {
  if (isUtcOffsetName(zoneName)) return zoneName;
  const zone = zoneFor(zoneName);
  if (!zone) return '';
  if (zoneName === 'UTC') return 'UTC';
  const instant = instantOf(wall, zone);
  for (const locale of ['en-US', 'en-GB']) {
    const short = instant.setLocale(locale).toFormat('ZZZZ');
    if (!/^(GMT|UTC)[+-]/.test(short)) return short === 'GMT' && zoneName !== 'Europe/London' ? 'GMT' : short;
  }
  const minutes = instant.offset;
  const sign = minutes < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const mm = Math.abs(minutes) % 60;
  return `${sign}${hh}${mm ? String(mm).padStart(2, '0') : ''}`;
}

/** The date-details object TEC prints: a plain split of the string, zero-padded strings. */
export function dateDetails(wall: string): Record<string, string> {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wall) ?? [
    '',
    '1970',
    '01',
    '01',
    '00',
    '00',
    '00',
  ];
  return { year: m[1]!, month: m[2]!, day: m[3]!, hour: m[4]!, minutes: m[5]!, seconds: m[6]! };
}

export interface ParsedTime {
  /** Wall-clock digits as PHP would format them after parsing (offsets are kept as written, not converted). */
  wall: string;
  /** The instant the string means, read in `zone` (or its own offset). */
  instant: DateTime;
  /** Whether the string carried a time of day. */
  hasTime: boolean;
}

/**
 * A subset of PHP's strtotime() big enough for what clients send: ISO dates with or without time and
 * offset, `Y-m-d H:i(:s)`, Unix timestamps, and a few relative words (`now`, `today`, `tomorrow 9am`,
 * `+3 days`). Returns null where strtotime() fails. `now` is the site clock.
 */
export function parseTime(value: unknown, zone: Zone, now: DateTime): ParsedTime | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()))) {
    // PHP renders '@<timestamp>' in UTC whatever the requested zone.
    const instant = DateTime.fromSeconds(Math.trunc(Number(value)), { zone: 'UTC' });
    return { wall: mysql(instant), instant, hasTime: true };
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const iso =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ Tt](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/.exec(
      text,
    );
  if (iso) {
    const [, y, mo, d, h, mi, s, off] = iso;
    const parts = {
      year: Number(y),
      month: Number(mo),
      day: Number(d),
      hour: Number(h ?? 0),
      minute: Number(mi ?? 0),
      second: Number(s ?? 0),
    };
    if (
      parts.month < 1 ||
      parts.month > 12 ||
      parts.day < 1 ||
      parts.day > 31 ||
      parts.hour > 24 ||
      parts.minute > 59 ||
      parts.second > 59
    ) {
      return null;
    }
    const own = off ? offsetZone(off) : zone;
    const instant = DateTime.fromObject(parts, { zone: own });
    if (!instant.isValid) return null;
    return { wall: mysql(instant), instant, hasTime: h !== undefined };
  }
  const relative = relativeTime(text.toLowerCase(), now.setZone(zone));
  return relative ? { wall: mysql(relative), instant: relative, hasTime: true } : null;
}

function offsetZone(text: string): Zone {
  if (/^(z|utc|gmt)$/i.test(text)) return FixedOffsetZone.utcInstance;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text)!;
  return FixedOffsetZone.instance((Number(m[2]) * 60 + Number(m[3] ?? 0)) * (m[1] === '-' ? -1 : 1));
}

function relativeTime(text: string, now: DateTime): DateTime | null {
  const words = text.split(/\s+/).filter(Boolean);
  let at: DateTime = now;
  let i = 0;
  const base: Record<string, () => DateTime> = {
    now: () => now,
    today: () => now.startOf('day'),
    midnight: () => now.startOf('day'),
    tomorrow: () => now.plus({ days: 1 }).startOf('day'),
    yesterday: () => now.minus({ days: 1 }).startOf('day'),
  };
  if (words[0] && base[words[0]]) {
    at = base[words[0]]!();
    i = 1;
  }
  for (; i < words.length; i++) {
    const word = words[i]!;
    const amount = /^([+-]?\d+)$/.exec(word);
    const unit = words[i + 1]?.replace(/s$/, '');
    if (amount && unit && ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'].includes(unit)) {
      at = at.plus({ [`${unit}s`]: Number(amount[1]) });
      i++;
      continue;
    }
    const glued = /^([+-]\d+)(second|minute|hour|day|week|month|year)s?$/.exec(word);
    if (glued) {
      at = at.plus({ [`${glued[2]}s`]: Number(glued[1]) });
      continue;
    }
    const clock = /^(\d{1,2})(?::(\d{2}))?(am|pm)?$/.exec(word);
    if (clock && (clock[2] || clock[3])) {
      let hour = Number(clock[1]);
      if (clock[3] === 'pm' && hour < 12) hour += 12;
      if (clock[3] === 'am' && hour === 12) hour = 0;
      at = at.set({ hour, minute: Number(clock[2] ?? 0), second: 0, millisecond: 0 });
      continue;
    }
    return null;
  }
  return i === 0 ? null : at.set({ millisecond: 0 });
}

/**
 * WordPress validates dates with strtotime(), under PHP's zone, which WordPress always sets to UTC: a date
 * that lands on the epoch itself returns 0, which is falsy, so `1970-01-01` is refused (a numeric 0 is not).
 */
export function isStrtotimeFalsy(value: unknown, now: DateTime): boolean {
  if (typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(String(value).trim())) return false;
  const parsed = parseTime(value, FixedOffsetZone.utcInstance, now);
  return parsed === null || parsed.instant.toSeconds() === 0;
}
