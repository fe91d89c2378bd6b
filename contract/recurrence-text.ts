// A recurrence rule said back in words, in English or Spanish ("Every other Tuesday until 30 June
// 2027", "Cada dos semanas, los martes, hasta el 30 de junio de 2027"): the API answers with both,
// and the UI shows the one of its language while the organizer edits the rule. Rules beyond the
// common shapes are named as custom rather than described wrongly. Dates are written in a locale's
// own style: the API's words in en-GB and es, the UI's in its own locale ("until January 4, 2027"
// beside "Dec 1, 2026" in US English, never "4 January 2027" there: issue 36).
import type { RecurrenceRule, RuleDay, Weekday } from './recurrence.ts';

export type RuleLanguage = 'en' | 'es';

const DAY_NAMES: Record<RuleLanguage, Record<Weekday, string>> = {
  en: {
    MO: 'Monday',
    TU: 'Tuesday',
    WE: 'Wednesday',
    TH: 'Thursday',
    FR: 'Friday',
    SA: 'Saturday',
    SU: 'Sunday',
  },
  es: { MO: 'lunes', TU: 'martes', WE: 'miércoles', TH: 'jueves', FR: 'viernes', SA: 'sábado', SU: 'domingo' },
};
/** "todos los sábados": Spanish weekdays take an -s only when they end in a vowel. */
const ES_PLURAL: Partial<Record<Weekday, string>> = { SA: 'sábados', SU: 'domingos' };

const ORDINALS: Record<RuleLanguage, Record<string, string>> = {
  en: { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '5': 'fifth', '-1': 'last', '-2': 'second to last' },
  es: { '1': 'primer', '2': 'segundo', '3': 'tercer', '4': 'cuarto', '5': 'quinto', '-1': 'último', '-2': 'penúltimo' },
};

const WEEKDAY_ORDER: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const WORKWEEK = 'MO,TU,WE,TH,FR';

/** "a, b and c" / "a, b y c". */
function list(items: string[], language: RuleLanguage): string {
  if (items.length <= 1) return items.join('');
  const and = language === 'en' ? 'and' : 'y';
  return `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

/** The Date of a plain `YYYY-MM-DD` (at UTC midnight, formatted in UTC). */
const utcDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** The locale dates are written in when none is given: the API's (British English, Spanish). */
const defaultDateLocale = (language: RuleLanguage) => (language === 'en' ? 'en-GB' : 'es');

function longDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDate(date));
}

function dayAndMonth(month: number, day: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, month - 1, day)));
}

function monthName(month: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
}

/** The local date of an UNTIL value in the series' zone. */
function untilDate(until: string, timezone: string): string {
  if (!until.includes('T')) return until;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(until));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** "every other", "every 3" — by unit (day, week, month, year). */
function every(interval: number, unit: 'day' | 'week' | 'month' | 'year', language: RuleLanguage): string {
  if (language === 'en') {
    if (interval === 1) return unit === 'day' ? 'Every day' : `Every ${unit}`;
    if (interval === 2) return `Every other ${unit}`;
    return `Every ${interval} ${unit}s`;
  }
  const many = { day: 'días', week: 'semanas', month: 'meses', year: 'años' }[unit];
  if (interval === 1) return unit === 'week' ? 'Todas las semanas' : `Todos los ${many}`;
  return interval === 2 ? `Cada dos ${many}` : `Cada ${interval} ${many}`;
}

function ordinalDay(day: RuleDay, language: RuleLanguage): string | undefined {
  const ordinal = ORDINALS[language][String(day.ordinal)];
  if (!ordinal) return undefined;
  return language === 'en' ? `the ${ordinal} ${DAY_NAMES.en[day.day]}` : `el ${ordinal} ${DAY_NAMES.es[day.day]}`;
}

function monthDay(day: number, language: RuleLanguage): string {
  if (language === 'en') return day === -1 ? 'the last day' : `day ${day}`;
  return day === -1 ? 'el último día' : `el día ${day}`;
}

function weekdayOf(date: string): Weekday {
  return WEEKDAY_ORDER[(utcDate(date).getUTCDay() + 6) % 7]!;
}

/** The repeating part of the sentence, without its end; undefined when the rule is not a common shape. */
function repeating(rule: RecurrenceRule, start: string, language: RuleLanguage, locale: string): string | undefined {
  if (rule.byYearDay || rule.byWeekNo) return undefined;
  const [, month, dayOfMonth] = start.split('-').map(Number) as [number, number, number];
  const days = rule.byDay ?? [];
  const plainDays = days.every((d) => d.ordinal === undefined);
  const en = language === 'en';

  if (rule.freq === 'DAILY' || rule.freq === 'WEEKLY') {
    if (rule.bySetPos || rule.byMonthDay || (rule.byMonth && rule.freq === 'WEEKLY')) return undefined;
    const chosen = rule.freq === 'WEEKLY' && days.length === 0 ? [{ day: weekdayOf(start) }] : days;
    if (rule.byMonth) return undefined;
    if (chosen.length === 0) return every(rule.interval, 'day', language);
    if (!plainDays) return undefined;
    const sorted = WEEKDAY_ORDER.filter((d) => chosen.some((c) => c.day === d));
    if (sorted.join(',') === WORKWEEK && rule.interval === 1)
      return en ? 'Every weekday (Monday to Friday)' : 'Todos los días laborables (de lunes a viernes)';
    if (rule.freq === 'DAILY' && rule.interval !== 1) return undefined;
    if (en) {
      const names = list(
        sorted.map((d) => DAY_NAMES.en[d]),
        'en',
      );
      if (rule.interval === 1) return `Every ${names}`;
      if (rule.interval === 2 && sorted.length === 1) return `Every other ${names}`;
      return `${every(rule.interval, 'week', 'en')} on ${names}`;
    }
    const names = list(
      sorted.map((d) => ES_PLURAL[d] ?? DAY_NAMES.es[d]),
      'es',
    );
    if (rule.interval === 1) return `Todos los ${names}`;
    return `${every(rule.interval, 'week', 'es')}, los ${names}`;
  }

  if (rule.freq === 'MONTHLY') {
    if (rule.byMonth) return undefined;
    let on: string | undefined;
    if (rule.byMonthDay && days.length === 0 && !rule.bySetPos) {
      const each = rule.byMonthDay.map((d) => monthDay(d, language));
      on = en ? `on ${list(each, 'en')}` : list(each, 'es');
    } else if (days.length === 1 && !rule.byMonthDay) {
      const day =
        rule.bySetPos?.length === 1 && plainDays ? { day: days[0]!.day, ordinal: rule.bySetPos[0] } : days[0]!;
      if (rule.bySetPos && !(rule.bySetPos.length === 1 && plainDays)) return undefined;
      const text = day.ordinal === undefined ? undefined : ordinalDay(day, language);
      if (!text) return undefined;
      on = en ? `on ${text}` : text;
    } else if (days.length === 0 && !rule.byMonthDay && !rule.bySetPos) {
      on = en ? `on ${monthDay(dayOfMonth, 'en')}` : monthDay(dayOfMonth, 'es');
    } else return undefined;
    if (en) return `${rule.interval === 1 ? 'Monthly' : every(rule.interval, 'month', 'en')} ${on}`;
    return `${every(rule.interval, 'month', 'es')}, ${on}`;
  }

  // YEARLY
  if (rule.bySetPos) return undefined;
  const months = rule.byMonth ?? [month];
  if (months.length !== 1) return undefined;
  const theMonth = months[0]!;
  let on: string | undefined;
  if (days.length === 0) {
    const dates = rule.byMonthDay ?? [dayOfMonth];
    if (dates.length !== 1 || dates[0]! < 1) return undefined;
    on = en ? `on ${dayAndMonth(theMonth, dates[0]!, locale)}` : `el ${dayAndMonth(theMonth, dates[0]!, locale)}`;
  } else if (days.length === 1 && !rule.byMonthDay && days[0]!.ordinal !== undefined && rule.byMonth) {
    const text = ordinalDay(days[0]!, language);
    if (!text) return undefined;
    on = en ? `on ${text} of ${monthName(theMonth, locale)}` : `${text} de ${monthName(theMonth, locale)}`;
  } else return undefined;
  if (en) return `${rule.interval === 1 ? 'Every year' : every(rule.interval, 'year', 'en')} ${on}`;
  return `${every(rule.interval, 'year', 'es')}, ${on}`;
}

/**
 * The rule in words. `start` is the series' first date (`YYYY-MM-DD`, which a rule without BYDAY
 * or BYMONTHDAY repeats on); `timezone` is where an UNTIL date-time is read; `dateLocale` writes
 * the dates (a locale of `language`: en-US, en-GB, es-MX…; the API's own by default).
 */
export function describeRecurrence(
  rule: RecurrenceRule,
  start: string,
  timezone: string,
  language: RuleLanguage,
  dateLocale: string = defaultDateLocale(language),
): string {
  const en = language === 'en';
  const repeat =
    repeating(rule, start, language, dateLocale) ??
    (en
      ? `Repeats ${{ DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'yearly' }[rule.freq]} by a custom rule`
      : `Se repite ${{ DAILY: 'a diario', WEEKLY: 'cada semana', MONTHLY: 'cada mes', YEARLY: 'cada año' }[rule.freq]} con una regla personalizada`);
  if (rule.until !== undefined) {
    const date = longDate(untilDate(rule.until, timezone), dateLocale);
    return en ? `${repeat} until ${date}` : `${repeat}, hasta el ${date}`;
  }
  if (rule.count !== undefined) {
    if (rule.count === 1) return en ? `${repeat}, once` : `${repeat}, una vez`;
    return en ? `${repeat}, ${rule.count} times` : `${repeat}, ${rule.count} veces`;
  }
  return repeat;
}
