// DURATION values (RFC 5545 §3.3.6), checked before ical.js computes with them. ical.js adds a
// duration to a time one month at a time, so "P999999999999999999W" keeps it busy forever: a
// duration is read here in constant time and refused when no event could last that long.

/** The longest an event (or an RDATE period) may last: anything longer is a broken file. */
export const MAX_DURATION_YEARS = 100;
const MAX_DURATION_SECONDS = MAX_DURATION_YEARS * 366 * 86_400;

/** dur-week, or dur-date with an optional dur-time, or dur-time; signed (ical.js's reading, plus W with days). */
const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i;

export type DurationCheck = { ok: true; seconds: number } | { ok: false; why: 'malformed' | 'too_long' | 'negative' };

/** The signed length of a DURATION value in seconds, or why it cannot be used for an event. */
export function checkDuration(text: string): DurationCheck {
  const value = text.trim();
  const m = DURATION.exec(value);
  // "P" and "PT" alone match the pattern but say nothing.
  if (!m || !/\d/.test(value) || /T$/i.test(value)) return { ok: false, why: 'malformed' };
  const [weeks, days, hours, minutes, seconds] = m.slice(2).map((part) => (part === undefined ? 0 : Number(part)));
  const total =
    (weeks as number) * 604_800 +
    (days as number) * 86_400 +
    (hours as number) * 3600 +
    (minutes as number) * 60 +
    (seconds as number);
  // Numbers of any length parse (to Infinity at worst): the comparison stays constant time.
  if (!(total <= MAX_DURATION_SECONDS)) return { ok: false, why: 'too_long' };
  if (m[1] === '-' && total > 0) return { ok: false, why: 'negative' };
  return { ok: true, seconds: total };
}
