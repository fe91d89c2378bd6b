// Checks DATE and DATE-TIME values (RFC 5545 §3.3.4, §3.3.5) before ical.js sees them: ical.js
// accepts "20261345" and quietly rolls it over into February 2027, and fails with a message that
// names no line on text such as "2026-13-45". A bad date skips its event with the line to fix.

export type DateKind = 'date' | 'date-time';

const DATE_OR_DATE_TIME = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 'date', 'date-time', or null when the text is not a real calendar date (or time of day). */
export function dateKind(text: string): DateKind | null {
  const m = DATE_OR_DATE_TIME.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  // Year 0 does not exist in the Gregorian calendar (nor in the API's range, 0001–9999).
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (m[4] === undefined) return 'date';
  // Second 60 is a leap second, which RFC 5545 allows.
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 60) return null;
  return 'date-time';
}

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number);
}
