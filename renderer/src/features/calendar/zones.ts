// Time zone helpers for the UI. The service accepts IANA names and `UTC`, `UTC+5`, `UTC-3:30`;
// Intl and Temporal take the offset forms as `+05:00`, `-03:30`.

// intlZone and wallFieldsIn live with the month grid's day cut, which the service runs too.
import { intlZone, wallFieldsIn } from '../../../../contract/day-cap.ts';

export { intlZone, wallFieldsIn };

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in `zone`. */
export function todayIn(zone: string, now = new Date()): string {
  try {
    // One formatter a zone: making one costs more than formatting with it (the card asks on open).
    let format = dayFormats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone: intlZone(zone),
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      dayFormats.set(zone, format);
    }
    return format.format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/** `instant` as 'YYYY-MM-DD HH:MM' on the wall clock of `zone` (the computer's if Intl does not know it). */
export function wallTimeIn(zone: string, instant: Date): string {
  const wall = wallFieldsIn(zone, instant);
  return `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)} ${two(wall.hour)}:${two(wall.minute)}`;
}

/** The short name of `zone` at `date` ("PST", "GMT+1"), in the given locale. */
export function zoneAbbreviation(zone: string, date: Date, locale: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: intlZone(zone), timeZoneName: 'short' }).formatToParts(
      date,
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/** The place a zone names, as people say it: "Europe/Berlin" → "Berlin", "America/New_York" → "New York". */
export const zonePlace = (zone: string) => (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');

/** The zone's offset from UTC at `instant`, in minutes. */
function offsetAt(zone: string, instant: number): number {
  const wall = wallFieldsIn(zone, instant);
  return Math.round((Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - instant) / 60_000);
}

/**
 * Whether two zones show the same clock now and half a year from now (names aside: Detroit and
 * New York do; Berlin and London do not, nor Berlin and New York at either time of year).
 */
export function sameClock(a: string, b: string, now = Date.now()): boolean {
  if (a === b) return true;
  const later = now + 182 * 86_400_000;
  return offsetAt(a, now) === offsetAt(b, now) && offsetAt(a, later) === offsetAt(b, later);
}

/** The zone of the computer the UI runs on (undefined if the browser does not say). */
export function computerZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
