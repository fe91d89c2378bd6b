// Recurrence rules (RFC 5545 §3.3.10 RRULE) as Almanac accepts them: read, checked and written
// back. Plain code with no dependency: the server checks every rule with it, the UI checks what an
// organizer types in the Custom… dialog with the very same code, and both say back the rule in
// words with recurrence-text.ts.
//
// What is refused, and why:
// - sub-daily repetition (FREQ=HOURLY/MINUTELY/SECONDLY, BYHOUR, BYMINUTE, BYSECOND): a series has
//   at most one occurrence a day, at the time of its first event, so each occurrence is known by
//   its date (what "this event only" and an excluded date name);
// - unknown or misspelt parts (`UNTL=`), a part given twice, COUNT with UNTIL, values out of range,
//   BY-parts that do not go with the frequency (RFC 5545's table): never ignored, each named.

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/**
 * At most this many occurrences of one series from today through its horizon: what the rule makes
 * of the present and future. Counted from today, never from the series' first date (issue 36: a
 * never-ending series begun in 2020 stopped in 2025 when its first 1,000 were counted).
 */
export const MAX_SERIES_OCCURRENCES = 1000;
/**
 * At most this many occurrences of one series before today: its history, kept whole (a weekly
 * event since 1930, a daily one for 13 years); a series with more starts later, or is refused.
 */
export const MAX_SERIES_HISTORY = 5000;
/** The largest INTERVAL and COUNT accepted (a rule that repeats every 1,000 years is a typo). */
export const MAX_INTERVAL = 999;
export const MAX_COUNT = 9999;

/** A weekday, with its ordinal within the month or year when given (`-1FR`: the last Friday). */
export interface RuleDay {
  day: Weekday;
  ordinal?: number;
}

export interface RecurrenceRule {
  freq: Frequency;
  /** 1 when not given. */
  interval: number;
  /** The last possible start: a date (`2027-06-30`) or a UTC date-time (`2027-06-30T21:59:59Z`). */
  until?: string;
  count?: number;
  byDay?: RuleDay[];
  byMonthDay?: number[];
  byYearDay?: number[];
  byWeekNo?: number[];
  byMonth?: number[];
  bySetPos?: number[];
  wkst?: Weekday;
}

/** One part of the rule that cannot be accepted: `part` names it (FREQ, BYDAY, UNTIL…, or RRULE). */
export interface RuleProblem {
  part: string;
  message: string;
}

export type RuleReading = { rule: RecurrenceRule } | { problems: RuleProblem[] };

const KNOWN_PARTS = [
  'FREQ',
  'UNTIL',
  'COUNT',
  'INTERVAL',
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYDAY',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
];

/** A list of integers, each in ±[1, max] (or [1, max] when `signed` is false). */
function integers(value: string, max: number, signed: boolean): number[] | undefined {
  const items = value.split(',');
  const numbers: number[] = [];
  for (const item of items) {
    if (!/^[+-]?\d{1,4}$/.test(item)) return undefined;
    const n = Number(item);
    if (n === 0 || Math.abs(n) > max || (!signed && n < 0)) return undefined;
    numbers.push(n);
  }
  return numbers;
}

function readDays(value: string): RuleDay[] | undefined {
  const days: RuleDay[] = [];
  for (const item of value.split(',')) {
    const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
    if (!match) return undefined;
    const ordinal = match[1] === undefined ? undefined : Number(match[1]);
    if (ordinal !== undefined && (ordinal === 0 || Math.abs(ordinal) > 53)) return undefined;
    days.push(ordinal === undefined ? { day: match[2] as Weekday } : { day: match[2] as Weekday, ordinal });
  }
  return days;
}

/** `20270630` or `20270630T215959Z` (a local time without Z is accepted and read as UTC is not: refused). */
function readUntil(value: string): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const daysIn = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn) return undefined;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)) return undefined;
  return h === undefined ? `${y}-${mo}-${d}` : `${y}-${mo}-${d}T${h}:${mi}:${s}Z`;
}

/** Reads an RRULE value (`FREQ=WEEKLY;BYDAY=TU`, with or without the `RRULE:` name). */
export function readRecurrenceRule(text: string): RuleReading {
  const problems: RuleProblem[] = [];
  const source = text.trim().replace(/^RRULE:/i, '');
  if (source === '' || source.length > 500)
    return { problems: [{ part: 'RRULE', message: 'The rule is empty or longer than 500 characters.' }] };
  const parts = new Map<string, string>();
  for (const piece of source.split(';')) {
    if (piece === '') continue;
    const at = piece.indexOf('=');
    const name = (at < 0 ? piece : piece.slice(0, at)).trim().toUpperCase();
    const value =
      at < 0
        ? ''
        : piece
            .slice(at + 1)
            .trim()
            .toUpperCase();
    if (!KNOWN_PARTS.includes(name)) {
      problems.push({ part: name || piece, message: `"${name || piece}" is not a part of a recurrence rule.` });
      continue;
    }
    if (parts.has(name)) {
      problems.push({ part: name, message: `${name} is given twice.` });
      continue;
    }
    if (value === '') problems.push({ part: name, message: `${name} has no value.` });
    else parts.set(name, value);
  }

  const freq = parts.get('FREQ');
  if (freq === undefined) {
    if (!problems.some((p) => p.part === 'FREQ'))
      problems.push({ part: 'FREQ', message: 'FREQ is missing: say how often the event repeats.' });
  } else if (['HOURLY', 'MINUTELY', 'SECONDLY'].includes(freq)) {
    problems.push({
      part: 'FREQ',
      message: `FREQ=${freq} is refused: a series repeats at most once a day, at the time of its first event.`,
    });
  } else if (!(FREQUENCIES as readonly string[]).includes(freq)) {
    problems.push({ part: 'FREQ', message: `FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY, not "${freq}".` });
  }
  for (const part of ['BYHOUR', 'BYMINUTE', 'BYSECOND'])
    if (parts.has(part))
      problems.push({
        part,
        message: `${part} is refused: the time of day of every occurrence is the time of the series' first event.`,
      });

  const rule: RecurrenceRule = { freq: (freq ?? 'DAILY') as Frequency, interval: 1 };
  const interval = parts.get('INTERVAL');
  if (interval !== undefined) {
    const n = integers(interval, MAX_INTERVAL, false);
    if (!n || n.length !== 1) problems.push({ part: 'INTERVAL', message: `INTERVAL must be 1 to ${MAX_INTERVAL}.` });
    else rule.interval = n[0]!;
  }
  const count = parts.get('COUNT');
  if (count !== undefined) {
    const n = integers(count, MAX_COUNT, false);
    if (!n || n.length !== 1) problems.push({ part: 'COUNT', message: `COUNT must be 1 to ${MAX_COUNT}.` });
    else rule.count = n[0]!;
  }
  const until = parts.get('UNTIL');
  if (until !== undefined) {
    const value = readUntil(until);
    if (!value)
      problems.push({
        part: 'UNTIL',
        message: 'UNTIL must be a date (20270630) or a UTC date and time (20270630T215959Z).',
      });
    else rule.until = value;
  }
  if (count !== undefined && until !== undefined)
    problems.push({ part: 'COUNT', message: 'COUNT and UNTIL cannot both be given: the series ends one way.' });

  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    const days = readDays(byDay);
    if (!days) problems.push({ part: 'BYDAY', message: 'BYDAY takes weekdays such as TU, MO,WE,FR, 1SA or -1FR.' });
    else {
      rule.byDay = days;
      const ordinals = days.some((d) => d.ordinal !== undefined);
      if (ordinals && rule.freq !== 'MONTHLY' && rule.freq !== 'YEARLY')
        problems.push({
          part: 'BYDAY',
          message: 'A numbered weekday (1SA, -1FR) needs FREQ=MONTHLY or FREQ=YEARLY.',
        });
      if (ordinals && rule.freq === 'YEARLY' && parts.has('BYWEEKNO'))
        problems.push({ part: 'BYDAY', message: 'A numbered weekday cannot go with BYWEEKNO.' });
      // Within a month when BYMONTH narrows a yearly rule (RFC 5545 §3.3.10), else within the year.
      const withinMonth = rule.freq === 'MONTHLY' || parts.has('BYMONTH');
      if (ordinals && days.some((d) => Math.abs(d.ordinal ?? 0) > (withinMonth ? 5 : 53)))
        problems.push({
          part: 'BYDAY',
          message: 'A weekday number must be within the month (±1 to 5) or the year (±1 to 53).',
        });
    }
  }
  const lists: [string, keyof RecurrenceRule, number, boolean][] = [
    ['BYMONTHDAY', 'byMonthDay', 31, true],
    ['BYYEARDAY', 'byYearDay', 366, true],
    ['BYWEEKNO', 'byWeekNo', 53, true],
    ['BYMONTH', 'byMonth', 12, false],
    ['BYSETPOS', 'bySetPos', 366, true],
  ];
  for (const [part, key, max, signed] of lists) {
    const value = parts.get(part);
    if (value === undefined) continue;
    const numbers = integers(value, max, signed);
    if (!numbers)
      problems.push({ part, message: `${part} takes numbers from ${signed ? `-${max} to -1 and ` : ''}1 to ${max}.` });
    else (rule[key] as number[]) = numbers;
  }
  // RFC 5545's table of which BY-parts go with which frequency.
  if (parts.has('BYMONTHDAY') && rule.freq === 'WEEKLY')
    problems.push({ part: 'BYMONTHDAY', message: 'BYMONTHDAY cannot go with FREQ=WEEKLY.' });
  if (parts.has('BYYEARDAY') && rule.freq !== 'YEARLY')
    problems.push({ part: 'BYYEARDAY', message: 'BYYEARDAY needs FREQ=YEARLY.' });
  if (parts.has('BYWEEKNO') && rule.freq !== 'YEARLY')
    problems.push({ part: 'BYWEEKNO', message: 'BYWEEKNO needs FREQ=YEARLY.' });
  if (parts.has('BYSETPOS') && !['BYDAY', 'BYMONTHDAY', 'BYYEARDAY', 'BYWEEKNO', 'BYMONTH'].some((p) => parts.has(p)))
    problems.push({ part: 'BYSETPOS', message: 'BYSETPOS picks among the days another BY-part gives: add one.' });
  const wkst = parts.get('WKST');
  if (wkst !== undefined) {
    if (!(WEEKDAYS as readonly string[]).includes(wkst))
      problems.push({ part: 'WKST', message: 'WKST must be a weekday: MO, TU, WE, TH, FR, SA or SU.' });
    else rule.wkst = wkst as Weekday;
  }
  return problems.length > 0 ? { problems } : { rule };
}

const dayText = (day: RuleDay) => `${day.ordinal ?? ''}${day.day}`;
const compact = (until: string) => until.replace(/[-:]/g, '');

/** The rule as an RRULE value, parts in a fixed order (what is stored and exported). */
export function writeRecurrenceRule(rule: RecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.until !== undefined) parts.push(`UNTIL=${compact(rule.until)}`);
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`);
  if (rule.byMonth) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.byWeekNo) parts.push(`BYWEEKNO=${rule.byWeekNo.join(',')}`);
  if (rule.byYearDay) parts.push(`BYYEARDAY=${rule.byYearDay.join(',')}`);
  if (rule.byMonthDay) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byDay) parts.push(`BYDAY=${rule.byDay.map(dayText).join(',')}`);
  if (rule.bySetPos) parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  if (rule.wkst) parts.push(`WKST=${rule.wkst}`);
  return parts.join(';');
}
