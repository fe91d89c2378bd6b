// Dates and times as people type them, read in the UI's locale: numbers in the locale's order
// (es and en-GB day first, en-US month first), ISO always ("2026-12-05 19:30"), dotted dates day
// first ("5.12.2026"), written months in English or Spanish ("5 dic 2026 19:30", "Dec 5 2026
// 7:30pm", "5 de diciembre"), today / tomorrow / hoy / mañana, and a time alone (which keeps the
// date). A reading the locale's order cannot give but the other order can ("25/12/2026" in en-US)
// is a question, never a silent guess. Values are wall times: 'YYYY-MM-DD HH:MM' ('YYYY-MM-DD' for
// all-day events). Pure (Intl only): unit-tested in test/renderer/.

import { hourCycleFor } from '../../../i18n/dates.ts';

export type DateReading =
  | { kind: 'empty' }
  | { kind: 'date'; value: string }
  /** Readings to choose from: the entry does not say which it is. */
  | { kind: 'ambiguous'; options: string[] }
  | { kind: 'invalid' };

type DateOrder = 'DMY' | 'MDY' | 'YMD';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The order of day, month and year in the locale's numeric dates. */
export function dateOrder(locale: string): DateOrder {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(2026, 11, 5)))
    .map((part) => part.type)
    .filter((type) => type === 'day' || type === 'month' || type === 'year');
  if (parts[0] === 'year') return 'YMD';
  return parts[0] === 'day' ? 'DMY' : 'MDY';
}

const MONTHS: Record<string, number> = {};
[
  ['january', 'jan', 'enero', 'ene'],
  ['february', 'feb', 'febrero'],
  ['march', 'mar', 'marzo'],
  ['april', 'apr', 'abril', 'abr'],
  ['may', 'mayo', 'may'],
  ['june', 'jun', 'junio'],
  ['july', 'jul', 'julio'],
  ['august', 'aug', 'agosto', 'ago'],
  ['september', 'sep', 'sept', 'septiembre', 'setiembre', 'set'],
  ['october', 'oct', 'octubre'],
  ['november', 'nov', 'noviembre'],
  ['december', 'dec', 'diciembre', 'dic'],
].forEach((names, index) => names.forEach((name) => (MONTHS[name] = index + 1)));

const WEEKDAYS = new Set(
  'sunday sun monday mon tuesday tue tues wednesday wed thursday thu thur thurs friday fri saturday sat domingo dom lunes lun martes mar miercoles mie jueves jue viernes vie sabado sab'.split(
    ' ',
  ),
);
/** Words that join a date and a time ("5 de diciembre de 2026 a las 19:30", "Dec 5 at 7pm"). */
const FILLERS = new Set(['de', 'del', 'a', 'las', 'la', 'at', 'on', 'the', 'el', 'of']);
const RELATIVE: Record<string, number> = { today: 0, hoy: 0, tomorrow: 1, manana: 1, yesterday: -1, ayer: -1 };

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 9999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const fullYear = (text: string) => (text.length <= 2 ? 2000 + Number(text) : Number(text));

/** A date without a year: the next one from today on. */
function upcoming(month: number, day: number, today: string): string | undefined {
  const year = Number(today.slice(0, 4));
  for (const candidate of [year, year + 1])
    if (validDate(candidate, month, day) && iso(candidate, month, day) >= today) return iso(candidate, month, day);
  return validDate(year, month, day) ? iso(year, month, day) : undefined;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const TIME = /(?:^|\s)(\d{1,2})(?:[:h.](\d{2}))?\s*(a\.?\s?m\.?|p\.?\s?m\.?|am|pm|h|hrs?)?$/;

/** The time at the end of the text, if it is one: [rest of the text, 'HH:MM'], or invalid. */
function splitTime(text: string): [string, string | undefined] | 'invalid' {
  const match = TIME.exec(text);
  if (!match) return [text, undefined];
  const [whole, hoursText, minutesText, suffix] = match;
  const rest = text.slice(0, text.length - whole.length).trim();
  const meridiem = suffix?.startsWith('a') ? 'am' : suffix?.startsWith('p') ? 'pm' : undefined;
  // A bare number is a time only with am/pm or "h" ("7pm", "19h"); else it is part of the date.
  if (minutesText === undefined && suffix === undefined) return [text, undefined];
  // "19.30" is a time only after a date ("5.12.2026 19.30"): alone, "5.12" is a date.
  if (whole.includes('.') && minutesText !== undefined && !/\s/.test(whole) && rest === '' && !meridiem)
    return [text, undefined];
  let hours = Number(hoursText);
  const minutes = Number(minutesText ?? 0);
  if (minutes > 59) return 'invalid';
  if (meridiem) {
    if (hours < 1 || hours > 12) return 'invalid';
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  } else if (hours > 23) return 'invalid';
  return [rest, `${pad(hours)}:${pad(minutes)}`];
}

/** The date part read: a date, and whether it is a question (the entry does not say it plainly). */
type DayReading = { day: string; question: boolean } | 'invalid' | undefined;

/** The date part: an ISO date, or nothing said (undefined), or nothing understood. */
function readDate(text: string, order: DateOrder, today: string): DayReading {
  if (text === '') return undefined;
  const isWeekday = (word: string) => WEEKDAYS.has(word.replace(/\.$/, '')) && MONTHS[word] === undefined;
  const words = text.split(' ').filter((word) => !FILLERS.has(word) && !isWeekday(word));
  if (words.length === 0) return undefined;
  const joined = words.join(' ');
  const plainly = (day: string | undefined): DayReading => (day ? { day, question: false } : 'invalid');
  if (joined in RELATIVE) return plainly(addDays(today, RELATIVE[joined]!));
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(joined);
  if (match) {
    const [, y, m, d] = match.map(Number) as number[];
    return plainly(validDate(y!, m!, d!) ? iso(y!, m!, d!) : undefined);
  }
  match = /^(\d{1,2})([/.-])(\d{1,2})(?:\2(\d{4}|\d{2}))?$/.exec(joined);
  if (match) {
    const [, a, separator, b, yearText] = match;
    const read = (day: number, month: number) => {
      if (yearText !== undefined) {
        const year = fullYear(yearText);
        return validDate(year, month, day) ? iso(year, month, day) : undefined;
      }
      return upcoming(month, day, today);
    };
    // Dotted dates are day first wherever they are written; slashes and dashes follow the locale.
    const dayFirst = separator === '.' || order === 'DMY';
    const wanted = dayFirst ? read(Number(a), Number(b)) : read(Number(b), Number(a));
    if (wanted) return plainly(wanted);
    const other = dayFirst ? read(Number(b), Number(a)) : read(Number(a), Number(b));
    // Not a date in the locale's order, but one in the other: ask, never guess.
    return other ? { day: other, question: true } : 'invalid';
  }
  // Written months: a month name, a day, maybe a year, in any order ("5 dic 2026", "Dec 5, 2026").
  const tokens = joined.split(/[\s/.-]+/).filter(Boolean);
  let month: number | undefined;
  const numbers: string[] = [];
  for (const token of tokens) {
    if (/^\d+$/.test(token)) numbers.push(token);
    else if (MONTHS[token] !== undefined && month === undefined) month = MONTHS[token];
    else if (!WEEKDAYS.has(token)) return 'invalid';
  }
  if (month === undefined || numbers.length === 0 || numbers.length > 2) return 'invalid';
  const yearIndex = numbers.findIndex((n) => n.length === 4);
  const day = Number(numbers.find((_, index) => index !== (yearIndex >= 0 ? yearIndex : 1)));
  const yearText = yearIndex >= 0 ? numbers[yearIndex] : numbers[1];
  if (yearText === undefined) return plainly(upcoming(month, day, today));
  const year = fullYear(yearText);
  return plainly(validDate(year, month, day) ? iso(year, month, day) : undefined);
}

/**
 * What `text` says, in `locale`. `current` is the field's value now: a time alone keeps its date,
 * a date alone keeps its time. `today` is today's date in the site's zone.
 */
export function readDateInput(
  text: string,
  options: { locale: string; allDay: boolean; current?: string; today: string },
): DateReading {
  const normalized = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/^(\d{4}-\d{1,2}-\d{1,2})t/, '$1 ')
    .replace(/,/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (normalized === '') return { kind: 'empty' };
  const split = splitTime(normalized);
  if (split === 'invalid') return { kind: 'invalid' };
  const [dateText, time] = split;
  const read = readDate(dateText, dateOrder(options.locale), options.today);
  if (read === 'invalid') return { kind: 'invalid' };
  const currentDay = /^\d{4}-\d{2}-\d{2}/.test(options.current ?? '') ? options.current!.slice(0, 10) : undefined;
  // A time alone keeps the field's date (there is none in an empty filter: not a value).
  const day = read?.day ?? currentDay;
  if (!day || (options.allDay && read === undefined)) return { kind: 'invalid' };
  const currentTime = /^\d{4}-\d{2}-\d{2} (\d{2}:\d{2})/.exec(options.current ?? '')?.[1];
  // A date alone keeps the field's time.
  const value = options.allDay ? day : `${day} ${time ?? currentTime ?? '09:00'}`;
  return read?.question ? { kind: 'ambiguous', options: [value] } : { kind: 'date', value };
}

const asDate = (value: string) =>
  new Date(
    Date.UTC(
      +value.slice(0, 4),
      +value.slice(5, 7) - 1,
      +value.slice(8, 10),
      +value.slice(11, 13) || 0,
      +value.slice(14, 16) || 0,
    ),
  );

/** A value in words, as the field says it back: "sáb, 5 dic 2026, 19:30", "Sat, Dec 5, 2026, 7:30 PM". */
export function describeDate(value: string, locale: string, allDay: boolean): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(allDay ? {} : { hour: 'numeric', minute: '2-digit', ...hourCycleFor(locale) }),
    timeZone: 'UTC',
  }).format(asDate(value));
}

/** A value as the field shows it, in the locale's numeric form ("5/12/2026 19:30", "12/5/2026 7:30 PM"). */
export function formatDateInput(value: string, locale: string, allDay: boolean): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const date = asDate(value);
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' })
    .format(date)
    .replace(/[\u200e\u200f]/g, '');
  if (allDay || value.length < 16) return day;
  return `${day} ${timeText(value.slice(11, 16), locale)}`;
}

/** 'HH:MM' as the locale writes a time ("19:30", "7:30 PM"). */
export function timeText(time: string, locale: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    ...hourCycleFor(locale),
    timeZone: 'UTC',
  })
    .format(new Date(Date.UTC(2000, 0, 1, hours, minutes)))
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** The times of a day in 15-minute steps ('00:00' … '23:45'), for the time list. */
export const QUARTER_HOURS = Array.from(
  { length: 96 },
  (_, index) => `${pad(Math.floor(index / 4))}:${pad((index % 4) * 15)}`,
);

const minutesOf = (value: string): number | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/.test(value.slice(0, 16).trim())) return undefined;
  return asDate(value).getTime() / 60_000;
};

/** Minutes from `a` to `b` (wall times or dates), undefined if either is not a value. */
export function minutesBetween(a: string, b: string): number | undefined {
  const from = minutesOf(a);
  const to = minutesOf(b);
  return from === undefined || to === undefined ? undefined : to - from;
}

/** `value` moved by `minutes` (a date moves by whole days). */
export function addMinutes(value: string, minutes: number, allDay = value.length <= 10): string {
  const moved = new Date(asDate(value).getTime() + minutes * 60_000).toISOString();
  return allDay ? moved.slice(0, 10) : `${moved.slice(0, 10)} ${moved.slice(11, 16)}`;
}
