// The Repeat control's model: the common choices for an event's first date (as Google Calendar
// offers them: daily, weekly on its weekday, monthly on its Nth weekday or its day, yearly, every
// weekday), the Custom… dialog's fields, and the RRULE each makes. Rules are read, written and
// said in words by contract/recurrence*.ts, the same code the service checks them with, so what
// the editor shows is what the service stores. Pure: unit-tested in test/renderer/.
import {
  MAX_COUNT,
  MAX_INTERVAL,
  WEEKDAYS,
  readRecurrenceRule,
  writeRecurrenceRule,
  type Frequency,
  type RecurrenceRule,
  type Weekday,
} from '../../../../contract/recurrence.ts';
import { describeRecurrence, type RuleLanguage } from '../../../../contract/recurrence-text.ts';

export const PRESETS = ['daily', 'weekly', 'monthlyNth', 'monthlyLast', 'monthlyDay', 'yearly', 'weekdays'] as const;
export type Preset = (typeof PRESETS)[number];

const utc = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);
/** The weekday of a `YYYY-MM-DD` date. */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[(utc(date).getUTCDay() + 6) % 7]!;
const dayOfMonth = (date: string) => utc(date).getUTCDate();
const daysInMonth = (date: string) => {
  const d = utc(date);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
};
/** Which of its weekday in the month a date is: 1–4, or -1 for a fifth (always the last). */
export function ordinalOf(date: string): number {
  const n = Math.ceil(dayOfMonth(date) / 7);
  return n >= 5 ? -1 : n;
}
/** Whether the date is the last of its weekday in the month (also when it is the fourth). */
const isLastWeekday = (date: string) => dayOfMonth(date) + 7 > daysInMonth(date);

/** The rule of a preset for an event starting on `start`; undefined when it does not apply. */
export function presetRule(preset: Preset, start: string): string | undefined {
  const day = weekdayOf(start);
  switch (preset) {
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekly':
      return `FREQ=WEEKLY;BYDAY=${day}`;
    case 'monthlyNth':
      return `FREQ=MONTHLY;BYDAY=${ordinalOf(start)}${day}`;
    // A fourth Tuesday that is also the month's last: both are offered, as Google Calendar does.
    case 'monthlyLast':
      return ordinalOf(start) === 4 && isLastWeekday(start) ? `FREQ=MONTHLY;BYDAY=-1${day}` : undefined;
    case 'monthlyDay':
      return `FREQ=MONTHLY;BYMONTHDAY=${dayOfMonth(start)}`;
    case 'yearly':
      return 'FREQ=YEARLY';
    case 'weekdays':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
  }
}

/** The presets that apply to a first date, with their rules. */
export function presetsFor(start: string): { preset: Preset; rule: string }[] {
  return PRESETS.flatMap((preset) => {
    const rule = presetRule(preset, start);
    return rule ? [{ preset, rule }] : [];
  });
}

/** A rule as its canonical text (parts in a fixed order), or undefined when it cannot be read. */
export function canonical(rule: string): string | undefined {
  const reading = readRecurrenceRule(rule);
  return 'rule' in reading ? writeRecurrenceRule(reading.rule) : undefined;
}

/** Which preset a rule is for this first date, 'custom' for any other, 'none' for no rule. */
export function presetOf(rule: string, start: string): Preset | 'none' | 'custom' {
  if (rule.trim() === '') return 'none';
  const text = canonical(rule);
  return presetsFor(start).find((p) => canonical(p.rule) === text)?.preset ?? 'custom';
}

/**
 * The rule after the first date moved from `before` to `after`: a preset follows the date
 * (weekly on Tuesday becomes weekly on Wednesday), as the choices shown are made from it; a
 * custom rule stays as it is.
 */
export function followStart(rule: string, before: string, after: string): string {
  if (before.slice(0, 10) === after.slice(0, 10)) return rule;
  const preset = presetOf(rule, before);
  if (preset === 'none' || preset === 'custom') return rule;
  return presetRule(preset, after) ?? presetRule('monthlyNth', after)!;
}

/**
 * The rule in words in the UI's language, its dates in the UI's locale (as every other date it
 * shows), or undefined when it cannot be read.
 */
export function ruleInWords(
  rule: string,
  start: string,
  timezone: string,
  language: RuleLanguage,
  locale: string,
): string | undefined {
  const reading = readRecurrenceRule(rule);
  if (!('rule' in reading)) return undefined;
  return describeRecurrence(reading.rule, start.slice(0, 10), timezone || 'UTC', language, locale);
}

/** The Custom… dialog's fields. */
export interface CustomRule {
  interval: number;
  freq: Frequency;
  /** Weekly: the days it falls on. */
  weekdays: Weekday[];
  /** Monthly: on a day of the month, or on the Nth (or last) weekday. */
  monthly: 'day' | 'weekday';
  /** 1–31, or -1 for the last day. */
  monthDay: number;
  /** 1–4, or -1 for the last. */
  ordinal: number;
  weekday: Weekday;
  ends: 'never' | 'until' | 'count';
  /** YYYY-MM-DD: the last date it may fall on. */
  until: string;
  count: number;
}

const addMonthsTo = (date: string, months: number) => {
  const d = utc(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

/** The dialog's fields for a rule (or, for no rule or one it cannot show, from the first date). */
export function customFromRule(rule: string, start: string): CustomRule {
  const date = start.slice(0, 10);
  const fields: CustomRule = {
    interval: 1,
    freq: 'WEEKLY',
    weekdays: [weekdayOf(date)],
    monthly: 'day',
    monthDay: dayOfMonth(date),
    ordinal: ordinalOf(date),
    weekday: weekdayOf(date),
    ends: 'never',
    until: addMonthsTo(date, 3),
    count: 10,
  };
  const reading = rule.trim() === '' ? undefined : readRecurrenceRule(rule);
  if (!reading || !('rule' in reading)) return fields;
  const r: RecurrenceRule = reading.rule;
  fields.freq = r.freq;
  fields.interval = r.interval;
  const days = r.byDay ?? [];
  if (r.freq === 'WEEKLY' && days.length > 0) fields.weekdays = WEEKDAYS.filter((d) => days.some((b) => b.day === d));
  if (r.freq === 'MONTHLY') {
    const numbered = days.length === 1 ? (days[0]!.ordinal ?? r.bySetPos?.[0]) : undefined;
    if (numbered !== undefined) {
      fields.monthly = 'weekday';
      fields.ordinal = numbered;
      fields.weekday = days[0]!.day;
    } else if (r.byMonthDay?.length === 1) fields.monthDay = r.byMonthDay[0]!;
  }
  if (r.until !== undefined) {
    fields.ends = 'until';
    fields.until = r.until.slice(0, 10);
  } else if (r.count !== undefined) {
    fields.ends = 'count';
    fields.count = r.count;
  }
  return fields;
}

/** What is wrong with the dialog's fields, by field (none: it makes a rule). */
export type CustomProblem = 'interval' | 'weekdays' | 'until' | 'count';

export function customProblems(fields: CustomRule, start: string): CustomProblem[] {
  const problems: CustomProblem[] = [];
  const whole = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!whole(fields.interval, MAX_INTERVAL)) problems.push('interval');
  if (fields.freq === 'WEEKLY' && fields.weekdays.length === 0) problems.push('weekdays');
  if (fields.ends === 'until' && !(/^\d{4}-\d{2}-\d{2}$/.test(fields.until) && fields.until >= start.slice(0, 10)))
    problems.push('until');
  if (fields.ends === 'count' && !whole(fields.count, MAX_COUNT)) problems.push('count');
  return problems;
}

/** The RRULE the dialog's fields make (check customProblems first). */
export function ruleFromCustom(fields: CustomRule): string {
  const rule: RecurrenceRule = { freq: fields.freq, interval: fields.interval };
  if (fields.freq === 'WEEKLY')
    rule.byDay = WEEKDAYS.filter((d) => fields.weekdays.includes(d)).map((day) => ({ day }));
  if (fields.freq === 'MONTHLY') {
    if (fields.monthly === 'weekday') rule.byDay = [{ day: fields.weekday, ordinal: fields.ordinal }];
    else rule.byMonthDay = [fields.monthDay];
  }
  if (fields.ends === 'until') rule.until = fields.until;
  if (fields.ends === 'count') rule.count = fields.count;
  return writeRecurrenceRule(rule);
}

/**
 * A rule after its occurrences moved by `days` days, one of them to `movedTo` (an occurrence
 * dragged from Tuesday to Wednesday, for all events or this and following), as Google Calendar
 * does it: a weekly rule's weekdays move with them; a monthly or yearly rule on a day of the month
 * takes `movedTo`'s day (the 8th moved a day later is the 9th; the last day stays the last); on an
 * Nth weekday it takes `movedTo`'s weekday and place in its month (the first Saturday moved a day
 * later is the first Sunday, or the second one when that month's first Sunday came before it); a
 * yearly rule takes `movedTo`'s month too. Rules whose days come from the series' first date (no
 * BYDAY or BYMONTHDAY) stay: the new first date moves them. A rule with BYSETPOS, several
 * month days or several Nth weekdays cannot be moved day for day: it stays, and the organizer
 * can change it in Repeat.
 */
export function ruleShiftedBy(rule: string, days: number, movedTo: string): string {
  if (days === 0) return rule;
  const reading = readRecurrenceRule(rule);
  if (!('rule' in reading)) return rule;
  const r = reading.rule;
  const shift = ((days % 7) + 7) % 7;
  const shiftDay = (day: Weekday) => WEEKDAYS[(WEEKDAYS.indexOf(day) + shift) % 7]!;
  const plainDays = r.byDay?.every((d) => d.ordinal === undefined) ?? false;
  if (r.bySetPos || (r.freq !== 'WEEKLY' && r.freq !== 'MONTHLY' && r.freq !== 'YEARLY')) return rule;
  if (r.freq === 'WEEKLY' || (plainDays && !r.byMonthDay)) {
    // Weekdays without a place in the month (weekly; "every Monday of March"): each moves along.
    if (!r.byDay || shift === 0) return rule;
    const moved = new Set(r.byDay.map((d) => shiftDay(d.day)));
    return writeRecurrenceRule({ ...r, byDay: WEEKDAYS.filter((d) => moved.has(d)).map((day) => ({ day })) });
  }
  // A yearly rule is moved only on one month (a weekday's place counts in that month, not the year).
  if (r.freq === 'YEARLY' && r.byMonth?.length !== 1) return rule;
  const byMonth = r.freq === 'YEARLY' ? { byMonth: [Number(movedTo.slice(5, 7))] } : {};
  if (r.byMonthDay && !r.byDay) {
    if (r.byMonthDay.length !== 1) return rule;
    const last = r.byMonthDay[0]! < 0 && dayOfMonth(movedTo) === daysInMonth(movedTo);
    return writeRecurrenceRule({ ...r, ...byMonth, byMonthDay: [last ? -1 : dayOfMonth(movedTo)] });
  }
  if (r.byDay && !r.byMonthDay && r.byDay.length === 1 && r.byDay[0]!.ordinal !== undefined) {
    const ordinal = r.byDay[0]!.ordinal < 0 && isLastWeekday(movedTo) ? -1 : ordinalOf(movedTo);
    return writeRecurrenceRule({ ...r, ...byMonth, byDay: [{ day: weekdayOf(movedTo), ordinal }] });
  }
  return rule;
}
