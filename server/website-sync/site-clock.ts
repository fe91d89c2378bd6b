// The website's clock, for its modified-since feed. WordPress compares `modified_after` with the
// site-local `post_modified` column (tec-website.md, "core route traps"), so the cursor — the
// newest `modified_gmt` the sync has seen — is sent in the site's local time. Two things move
// local time under a cursor: a clock change (when a zone falls back, an hour of local times comes
// again, and a post modified after the cursor may carry an earlier local time) and writes in the
// same second as the cursor (1-second resolution). So the cursor is turned into local time with
// the smallest offset the zone had between it and now, and moved back by an overlap; what the
// overlap reads again is recognised as already seen (its modified_gmt and content are unchanged).
import { DateTime } from 'luxon';

export interface SiteZone {
  /** WordPress's timezone_string ('' when the site uses a bare offset). */
  timezoneString: string;
  /** WordPress's gmt_offset, in hours. */
  gmtOffset: number;
}

/** The overlap read again at each sync (same-second writes, small clock jumps). */
export const FEED_OVERLAP_MINUTES = 10;

const WALL = 'yyyy-MM-dd HH:mm:ss';

function offsetMinutesAt(zone: SiteZone, instant: DateTime): number {
  if (zone.timezoneString) {
    const local = instant.setZone(zone.timezoneString);
    if (local.isValid) return local.offset;
  }
  return Math.round(zone.gmtOffset * 60);
}

/**
 * `modified_after` for a feed read: the cursor (a UTC wall, `YYYY-MM-DD HH:MM:SS`) in the site's
 * local time, moved back by the overlap and by any clock change since. Undefined: read from the start.
 */
export function modifiedAfter(
  cursorUtc: string | null,
  zone: SiteZone,
  now: DateTime = DateTime.utc(),
): string | undefined {
  if (!cursorUtc) return undefined;
  const cursor = DateTime.fromFormat(cursorUtc, WALL, { zone: 'utc' });
  if (!cursor.isValid) return undefined;
  const from = cursor.minus({ minutes: FEED_OVERLAP_MINUTES });
  // The smallest offset between the cursor and now: sampled every six hours (zones change by whole
  // quarter hours, at most a few times a year; a year back at most, beyond that a full read is due anyway).
  let offset = Math.min(offsetMinutesAt(zone, from), offsetMinutesAt(zone, now));
  const end = DateTime.min(now, from.plus({ days: 366 }));
  for (let at = from; at < end; at = at.plus({ hours: 6 })) offset = Math.min(offset, offsetMinutesAt(zone, at));
  return from.plus({ minutes: offset }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
}

/** The later of two UTC walls (null-safe): the cursor only moves forward. */
export function laterWall(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/** Now as a UTC wall, as WordPress writes `modified_gmt`. */
export const utcWallNow = (now = DateTime.utc()) => now.toFormat(WALL);
