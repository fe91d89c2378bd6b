// Dates are stored and compared as 'YYYY-MM-DD HH:MM:SS' strings, local and UTC. The date parser
// keeps a value's year within 1–9999 in the zone it was read in, but its UTC instant (or its
// wall time in the site's zone) can still cross into year 0 or 10000: '9999-12-31 23:00' in New
// York is 10000-01-01 04:00 UTC. Stored, '10000-01-01 …' sorts before '2027-…', so list filters
// went wrong both ways (found by the schema-driven fuzzer).
import type { DateTime } from 'luxon';
import { formatWall, toZone, utcYear } from '../../domain/dates.ts';

const MIN_STORABLE_WALL = '0001-01-01 00:00:00';
const MAX_STORABLE_WALL = '9999-12-31 23:59:59';

const inRange = (dt: DateTime) => dt.isValid && dt.year >= 1 && dt.year <= 9999;
const utcInRange = (dt: DateTime) => {
  const year = dt.isValid ? utcYear(dt) : NaN;
  return year >= 1 && year <= 9999;
};

/** Whether the instant fits the storage format in UTC and in each of `zones` (its own zone included). */
export function isStorable(dt: DateTime, ...zones: string[]): boolean {
  return inRange(dt) && utcInRange(dt) && zones.every((zone) => inRange(dt.setZone(toZone(zone))));
}

/** The UTC wall time of an instant for comparisons with stored values, clamped to the storable range. */
export function storableUtcWall(dt: DateTime): string {
  const utc = dt.toUTC();
  if (utc.year < 1) return MIN_STORABLE_WALL;
  if (utc.year > 9999) return MAX_STORABLE_WALL;
  return formatWall(utc);
}

export const OUT_OF_RANGE = 'must fall between the years 1 and 9999, in UTC as in the time zone.';
