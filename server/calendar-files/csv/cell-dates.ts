// Dates and times as people type them into spreadsheets, read into wall-time parts. Plain string
// work, no luxon: it runs for every cell of files with tens of thousands of rows.
//
// Which order a date's numbers are in follows TEC's importer (PHP strtotime): slashes are US
// month/day/year (TEC's default, "05/06/2016" is May 6th), hyphens and dots after a day-month pair
// are day-first ("05-06-2016", "05.06.2016" are June 5th), and year-first is always year-month-day.
// Unlike strtotime, a file whose slash dates cannot be month-first (a 13th month) is read day-first
// throughout, see sniffSlashOrder().

export interface CellDate {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM:SS', when the cell had a time of day too. */
  time?: string;
  /** Minutes east of UTC, when the cell named its own offset ('…T10:00:00Z', '…+02:00'). */
  offsetMinutes?: number;
}

/** How dd/dd/yyyy is read: month first (TEC, US) or day first. */
export type SlashOrder = 'mdy' | 'dmy';

const MONTHS = new Map<string, number>();
[
  ['january', 'jan'],
  ['february', 'feb'],
  ['march', 'mar'],
  ['april', 'apr'],
  ['may'],
  ['june', 'jun'],
  ['july', 'jul'],
  ['august', 'aug'],
  ['september', 'sep', 'sept'],
  ['october', 'oct'],
  ['november', 'nov'],
  ['december', 'dec'],
].forEach((names, index) => names.forEach((name) => MONTHS.set(name, index + 1)));

// Each date pattern is anchored at the start; what follows the date (a time, an offset) is read
// from the rest of the cell. A weekday may lead ("Sat, 1 March 2025").
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/;
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?!\d)/;
const DAY_FIRST = /^(\d{1,2})[-.](\d{1,2})[-.](\d{4}|\d{2})(?!\d)/;
const DAY_MONTH_NAME = /^(?:[a-z]+\.?,?\s+)?(\d{1,2})(?:st|nd|rd|th)?\.?[\s-]+([a-z]+)\.?,?[\s-]+(\d{4}|\d{2})(?!\d)/;
const MONTH_NAME_DAY = /^(?:[a-z]+\.?,?\s+)?([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)/;

// '14:30', '14:30:15', '14:30:15.250', '2:30 pm', '2pm', '2:30 p.m.', '14.30', '14h30'.
const TIME = /^(\d{1,2})(?:[:.h](\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(?:([ap])\.?\s?m\.?)?$/;
const OFFSET = /^(?:z|utc|gmt|([+-])(\d{2}):?(\d{2})?)$/;

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** PHP's rule for two-digit years: 00–69 → 2000s, 70–99 → 1900s. */
function fullYear(text: string): number {
  const year = Number(text);
  if (text.length > 2) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

function formatDate(year: number, month: number, day: number): string | null {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** A time-of-day cell → 'HH:MM:SS', or null. */
export function parseTimeCell(text: string): string | null {
  const m = TIME.exec(text.trim().toLowerCase());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const second = Number(m[3] ?? 0);
  const meridiem = m[4];
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (m[2] === undefined) {
    return null; // a bare "14" is a number, not a time
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return `${pad2(hour)}:${pad2(minute)}:${pad2(second)}`;
}

/** The date at the start of `text` (lower-cased, trimmed) and the length it took, or null. */
function matchDate(text: string, order: SlashOrder): { date: string | null; length: number } | null {
  let m = YEAR_FIRST.exec(text);
  if (m) return { date: formatDate(Number(m[1]), Number(m[2]), Number(m[3])), length: m[0].length };
  m = SLASHED.exec(text);
  if (m) {
    const [first, second] = [Number(m[1]), Number(m[2])];
    const year = fullYear(m[3]!);
    const date = order === 'mdy' ? formatDate(year, first, second) : formatDate(year, second, first);
    return { date, length: m[0].length };
  }
  m = DAY_FIRST.exec(text);
  if (m) return { date: formatDate(fullYear(m[3]!), Number(m[2]), Number(m[1])), length: m[0].length };
  m = DAY_MONTH_NAME.exec(text);
  if (m && MONTHS.has(m[2]!)) {
    return { date: formatDate(fullYear(m[3]!), MONTHS.get(m[2]!)!, Number(m[1])), length: m[0].length };
  }
  m = MONTH_NAME_DAY.exec(text);
  if (m && MONTHS.has(m[1]!)) {
    return { date: formatDate(Number(m[3]), MONTHS.get(m[1]!)!, Number(m[2])), length: m[0].length };
  }
  return null;
}

/**
 * A date cell, with an optional time of day and UTC offset after it: '2025-03-01',
 * '03/01/2025 2:30 pm', '01.03.2025 14:30', '2025-03-01T14:30:00Z'. Null when it is no date, or
 * names an impossible one (February 30th).
 */
export function parseDateCell(text: string, order: SlashOrder = 'mdy'): CellDate | null {
  const value = text.trim().toLowerCase();
  const matched = matchDate(value, order);
  if (!matched?.date) return null;
  let rest = value.slice(matched.length);
  if (rest === '') return { date: matched.date };
  // Date and time are separated by 'T', spaces, or a comma ("March 1, 2025, 2:30 PM").
  const separator = /^(?:t|,?\s+|,)/.exec(rest);
  if (!separator) return null;
  rest = rest.slice(separator[0].length);

  // An offset glued to the time ('14:30:00z', '14:30+02:00') or after a space ('14:30 UTC').
  let offsetMinutes: number | undefined;
  const tail = /\s*(z|utc|gmt|[+-]\d{2}:?(?:\d{2})?)$/.exec(rest);
  if (tail) {
    const o = OFFSET.exec(tail[1]!);
    if (!o) return null;
    const hours = Number(o[2] ?? 0);
    const minutes = Number(o[3] ?? 0);
    if (hours > 14 || minutes > 59) return null;
    offsetMinutes = (o[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
    rest = rest.slice(0, tail.index);
  }
  const time = parseTimeCell(rest);
  if (!time) return null;
  return offsetMinutes === undefined ? { date: matched.date, time } : { date: matched.date, time, offsetMinutes };
}

/**
 * TEC reads 05/06/2016 as May 6th, and so do we, unless the file itself shows otherwise: when some
 * slashed date has a first number above 12 and none has a second number above 12, every slashed
 * date in the file is day-first (a file is written with one convention). Mixed evidence keeps
 * month-first, and the impossible dates are reported per row.
 */
export function sniffSlashOrder(values: Iterable<string>): SlashOrder {
  const sniffer = new SlashOrderSniffer();
  for (const value of values) if (sniffer.add(value)) break;
  return sniffer.order;
}

/** sniffSlashOrder a value at a time (a file read as it comes): `add` says when it is decided. */
export class SlashOrderSniffer {
  private dayFirst = false;
  private decided = false;

  /** Takes a cell; true once the order is known whatever follows (a second number above 12). */
  add(value: string): boolean {
    if (this.decided) return true;
    const m = SLASHED.exec(value.trim());
    if (!m) return false;
    if (Number(m[2]) > 12) return (this.decided = true);
    if (Number(m[1]) > 12) this.dayFirst = true;
    return false;
  }

  get order(): SlashOrder {
    return this.decided || !this.dayFirst ? 'mdy' : 'dmy';
  }
}
