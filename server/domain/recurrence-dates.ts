// The dates a recurrence rule (RFC 5545 §3.3.10) gives, as the series model accepts rules
// (contract/recurrence.ts: at most one occurrence a day, at the series' time of day). Written after
// python-dateutil's rrule (dateutil/rrule.py, _iter and _iterinfo), the reference most calendar
// code is checked against, so that the two agree date for date (test/series/rules-vs-dateutil).
//
// Why not ical.js, which did this before (issue 36): it builds the day a rule names before checking
// that the day exists, and moves it — a yearly series from 29 February 2028 had an occurrence on
// 1 March 2029, where RFC 5545 says a date that does not exist is no occurrence — and it ignores
// BYWEEKNO (a yearly rule limited to ISO week 1 made an occurrence every week).
//
// How: the rule's periods (years, months, weeks or days, INTERVAL apart) are walked from the
// start; in each, every day is a candidate, kept when it passes every BY-part given; BYSETPOS then
// picks among the kept days of the period. A date before the start is no occurrence; COUNT counts
// the occurrences from the start. Where RFC 5545 leaves a choice, dateutil's is taken: the first
// week of a WEEKLY rule runs from the start to the next week start (WKST), so BYSETPOS counts
// within those days; a rule's start that the rule does not give is no occurrence (the series model
// names such a start as an extra date, series-writes.ts).
import type { RecurrenceRule, Weekday } from '../../contract/recurrence.ts';
import { WEEKDAYS } from '../../contract/recurrence.ts';

const DAY_MS = 86_400_000;

/** Day number (days since 1970-01-01) of a date. */
const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY_MS;
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** Monday 0 … Sunday 6, as dateutil counts weekdays. */
const weekdayOf = (dayNo: number) => (((dayNo + 3) % 7) + 7) % 7;

function isoDate(dayNo: number): string {
  return new Date(dayNo * DAY_MS).toISOString().slice(0, 10);
}

/** What a year looks like to the rule: each day's month, day of month (from the start and the end) and weekday. */
class YearInfo {
  year = 0;
  month = 0;
  yearLength = 0;
  nextYearLength = 0;
  /** Day number of 1 January. */
  firstDay = 0;
  /** Per day of the year, and 7 days into the next (a week that crosses the new year). */
  monthOf: number[] = [];
  monthDay: number[] = [];
  negativeMonthDay: number[] = [];
  weekday: number[] = [];
  /** The first day of each month (index 12: the year's length). */
  monthStarts: number[] = [];
  /** Days in a BYWEEKNO week (dateutil's wnomask). */
  weekNoMask: Uint8Array | null = null;
  /** Days that are a numbered weekday of the period (dateutil's nwdaymask). */
  nthWeekdayMask: Uint8Array | null = null;

  constructor(private readonly rule: Prepared) {}

  rebuild(year: number, month: number): void {
    const rule = this.rule;
    if (year !== this.year) {
      this.yearLength = isLeap(year) ? 366 : 365;
      this.nextYearLength = isLeap(year + 1) ? 366 : 365;
      this.firstDay = dayNumber(year, 1, 1);
      const length = this.yearLength + 7;
      this.monthOf = new Array<number>(length);
      this.monthDay = new Array<number>(length);
      this.negativeMonthDay = new Array<number>(length);
      this.weekday = new Array<number>(length);
      this.monthStarts = [];
      let index = 0;
      for (let m = 1; m <= 13 && index < length; m++) {
        const y = m === 13 ? year + 1 : year;
        const mm = m === 13 ? 1 : m;
        if (m <= 12) this.monthStarts.push(index);
        const days = daysInMonth(y, mm);
        for (let d = 1; d <= days && index < length; d++, index++) {
          this.monthOf[index] = mm;
          this.monthDay[index] = d;
          this.negativeMonthDay[index] = d - days - 1;
          this.weekday[index] = weekdayOf(this.firstDay + index);
        }
      }
      this.monthStarts.push(this.yearLength);
      this.weekNoMask = rule.byWeekNo ? this.weekNumbers(year) : null;
    }
    if (rule.byNthWeekday && (month !== this.month || year !== this.year)) this.nthWeekdays(month);
    this.year = year;
    this.month = month;
  }

  /** dateutil's wnomask: the days of the year in the BYWEEKNO weeks (weeks start on WKST; week 1 has 4 days or more). */
  private weekNumbers(year: number): Uint8Array {
    const rule = this.rule;
    const wkst = rule.wkst;
    const byWeekNo = rule.byWeekNo!;
    const mask = new Uint8Array(this.yearLength + 7);
    const yearWeekday = this.weekday[0]!;
    const firstWkst = (7 - yearWeekday + wkst) % 7;
    let no1wkst = firstWkst;
    let weekYearLength: number;
    if (no1wkst >= 4) {
      no1wkst = 0;
      weekYearLength = this.yearLength + ((yearWeekday - wkst + 7) % 7);
    } else weekYearLength = this.yearLength - no1wkst;
    const numWeeks = Math.floor(weekYearLength / 7) + Math.floor((weekYearLength % 7) / 4);
    const markWeek = (from: number) => {
      let i = from;
      for (let j = 0; j < 7; j++) {
        mask[i] = 1;
        i++;
        if (this.weekday[i] === wkst) break;
      }
    };
    for (const given of byWeekNo) {
      const n = given < 0 ? given + numWeeks + 1 : given;
      if (!(n > 0 && n <= numWeeks)) continue;
      let i: number;
      if (n > 1) {
        i = no1wkst + (n - 1) * 7;
        if (no1wkst !== firstWkst) i -= 7 - firstWkst;
      } else i = no1wkst;
      markWeek(i);
    }
    if (byWeekNo.includes(1)) {
      // Week 1 of the next year may begin in this one.
      let i = no1wkst + numWeeks * 7;
      if (no1wkst !== firstWkst) i -= 7 - firstWkst;
      if (i < this.yearLength) markWeek(i);
    }
    if (no1wkst) {
      // The first days of the year may belong to the last week of the year before.
      let lastWeeks: number;
      if (!byWeekNo.includes(-1)) {
        const lastYearWeekday = weekdayOf(dayNumber(year - 1, 1, 1));
        const lastNo1wkst = (7 - lastYearWeekday + wkst) % 7;
        const lastYearLength = isLeap(year - 1) ? 366 : 365;
        if (lastNo1wkst >= 4) {
          lastWeeks = 52 + Math.floor(((lastYearLength + ((lastYearWeekday - wkst + 7) % 7)) % 7) / 4);
        } else lastWeeks = 52 + Math.floor(((this.yearLength - no1wkst) % 7) / 4);
      } else lastWeeks = -1;
      if (byWeekNo.includes(lastWeeks)) for (let i = 0; i < no1wkst; i++) mask[i] = 1;
    }
    return mask;
  }

  /** dateutil's nwdaymask: "the 2nd Tuesday", "the last Friday" within each month (or year) the rule covers. */
  private nthWeekdays(month: number): void {
    const rule = this.rule;
    const ranges: [number, number][] = [];
    if (rule.freq === 'YEARLY') {
      if (rule.byMonth) for (const m of rule.byMonth) ranges.push([this.monthStarts[m - 1]!, this.monthStarts[m]!]);
      else ranges.push([0, this.yearLength]);
    } else if (rule.freq === 'MONTHLY') ranges.push([this.monthStarts[month - 1]!, this.monthStarts[month]!]);
    if (ranges.length === 0) {
      this.nthWeekdayMask = null;
      return;
    }
    const mask = new Uint8Array(this.yearLength);
    for (const [first, end] of ranges) {
      const last = end - 1;
      for (const { weekday, n } of rule.byNthWeekday!) {
        let i: number;
        if (n < 0) {
          i = last + (n + 1) * 7;
          i -= (((this.weekday[i]! - weekday) % 7) + 7) % 7;
        } else {
          i = first + (n - 1) * 7;
          i += (((7 - this.weekday[i]! + weekday) % 7) + 7) % 7;
        }
        if (first <= i && i <= last) mask[i] = 1;
      }
    }
    this.nthWeekdayMask = mask;
  }
}

/** The rule with dateutil's defaults filled in (what a rule without BY-parts takes from its start). */
interface Prepared {
  freq: RecurrenceRule['freq'];
  interval: number;
  wkst: number;
  count?: number;
  byMonth?: number[];
  byWeekNo?: number[];
  byYearDay?: number[];
  byMonthDay: number[];
  byNegativeMonthDay: number[];
  byWeekday?: number[];
  byNthWeekday?: { weekday: number; n: number }[];
  bySetPos?: number[];
}

const weekdayIndex = (day: Weekday) => WEEKDAYS.indexOf(day);

function prepare(rule: RecurrenceRule, year: number, month: number, day: number): Prepared {
  const prepared: Prepared = {
    freq: rule.freq,
    interval: rule.interval,
    wkst: rule.wkst ? weekdayIndex(rule.wkst) : 0,
    byMonthDay: [],
    byNegativeMonthDay: [],
  };
  if (rule.count !== undefined) prepared.count = rule.count;
  let byMonth = rule.byMonth;
  let byMonthDay = rule.byMonthDay;
  let byDay = rule.byDay;
  if (!rule.byWeekNo && !rule.byYearDay && !rule.byMonthDay && !rule.byDay) {
    // RFC 5545: what the rule does not say is taken from its start.
    if (rule.freq === 'YEARLY') {
      byMonth ??= [month];
      byMonthDay = [day];
    } else if (rule.freq === 'MONTHLY') byMonthDay = [day];
    else if (rule.freq === 'WEEKLY') byDay = [{ day: WEEKDAYS[weekdayOf(dayNumber(year, month, day))]! }];
  }
  if (byMonth) prepared.byMonth = [...new Set(byMonth)].sort((a, b) => a - b);
  if (rule.byWeekNo) prepared.byWeekNo = [...new Set(rule.byWeekNo)];
  if (rule.byYearDay) prepared.byYearDay = [...new Set(rule.byYearDay)];
  for (const n of new Set(byMonthDay ?? [])) (n > 0 ? prepared.byMonthDay : prepared.byNegativeMonthDay).push(n);
  if (byDay) {
    const plain = new Set<number>();
    const nth: { weekday: number; n: number }[] = [];
    for (const { day: name, ordinal } of byDay) {
      // A numbered weekday in a WEEKLY or DAILY rule is the weekday (the model refuses it anyway).
      if (!ordinal || (rule.freq !== 'MONTHLY' && rule.freq !== 'YEARLY')) plain.add(weekdayIndex(name));
      else if (!nth.some((x) => x.weekday === weekdayIndex(name) && x.n === ordinal))
        nth.push({ weekday: weekdayIndex(name), n: ordinal });
    }
    if (plain.size > 0) prepared.byWeekday = [...plain];
    if (nth.length > 0) prepared.byNthWeekday = nth;
  }
  if (rule.bySetPos) prepared.bySetPos = rule.bySetPos;
  return prepared;
}

export interface RuleDatesOptions {
  /** The first occurrence's date, `YYYY-MM-DD` (DTSTART). */
  start: string;
  /** The occurrences' time of day, `HH:MM:SS` ('00:00:00' for all-day): compared with `until`. */
  time: string;
  /** The rule's UNTIL as a local wall time `YYYY-MM-DD HH:MM:SS` in the series' zone, if any. */
  until?: string | undefined;
  /** The last date asked for: the walk ends once a period begins after it (`reachedThrough`). */
  through?: string;
  /** Candidate days the walk may examine before it gives up (a rule that (almost) never matches). */
  maxCandidates: number;
}

export interface RuleDateWalk {
  /** The next date, `YYYY-MM-DD`, or undefined when the rule has no more (or the walk gave up). */
  next(): string | undefined;
  /** The walk stopped at `maxCandidates`, not at the rule's end. */
  readonly gaveUp: boolean;
  /** The walk stopped past `through`, not at the rule's end (the rule may give more dates). */
  readonly reachedThrough: boolean;
  /** Candidate days examined so far (what the walk cost). */
  readonly examined: number;
}

/** The dates `rule` gives from `options.start` on, in order (see the top of this file). */
export function ruleDates(rule: RecurrenceRule, options: RuleDatesOptions): RuleDateWalk {
  let [year, month, day] = options.start.split('-').map(Number) as [number, number, number];
  const startDay = dayNumber(year, month, day);
  const prepared = prepare(rule, year, month, day);
  const info = new YearInfo(prepared);
  info.rebuild(year, month);
  let weekday = weekdayOf(startDay);
  let count = prepared.count;
  let examined = 0;
  let gaveUp = false;
  let reachedThrough = false;
  let ended = false;
  const queue: string[] = [];

  const passes = (i: number): boolean => {
    const p = prepared;
    if (p.byMonth && !p.byMonth.includes(info.monthOf[i]!)) return false;
    if (info.weekNoMask && !info.weekNoMask[i]) return false;
    if (p.byWeekday && !p.byWeekday.includes(info.weekday[i]!)) return false;
    if (info.nthWeekdayMask && !info.nthWeekdayMask[i]) return false;
    if (
      (p.byMonthDay.length > 0 || p.byNegativeMonthDay.length > 0) &&
      !p.byMonthDay.includes(info.monthDay[i]!) &&
      !p.byNegativeMonthDay.includes(info.negativeMonthDay[i]!)
    )
      return false;
    if (p.byYearDay) {
      const length = info.yearLength;
      if (i < length) {
        if (!p.byYearDay.includes(i + 1) && !p.byYearDay.includes(-length + i)) return false;
      } else if (!p.byYearDay.includes(i + 1 - length) && !p.byYearDay.includes(-info.nextYearLength + i - length))
        return false;
    }
    return true;
  };

  /** The period's candidate days (indexes into the year), dateutil's ydayset/mdayset/wdayset/ddayset. */
  const period = (): [number, number] => {
    const index = dayNumber(year, month, day) - info.firstDay;
    switch (prepared.freq) {
      case 'YEARLY':
        return [0, info.yearLength];
      case 'MONTHLY':
        return [info.monthStarts[month - 1]!, info.monthStarts[month]!];
      case 'WEEKLY': {
        let end = index;
        for (let j = 0; j < 7; j++) {
          end++;
          if (info.weekday[end] === prepared.wkst) break;
        }
        return [index, end];
      }
      default:
        return [index, index + 1];
    }
  };

  /** Moves to the next period (dateutil's "handle frequency and interval"). */
  const advance = (): boolean => {
    let fixDay = false;
    switch (prepared.freq) {
      case 'YEARLY':
        year += prepared.interval;
        if (year > 9999) return false;
        info.rebuild(year, month);
        break;
      case 'MONTHLY':
        month += prepared.interval;
        if (month > 12) {
          year += Math.floor((month - 1) / 12);
          month = ((month - 1) % 12) + 1;
          if (year > 9999) return false;
        }
        info.rebuild(year, month);
        break;
      case 'WEEKLY':
        if (prepared.wkst > weekday) day += -(weekday + 1 + (6 - prepared.wkst)) + prepared.interval * 7;
        else day += -(weekday - prepared.wkst) + prepared.interval * 7;
        weekday = prepared.wkst;
        fixDay = true;
        break;
      default:
        day += prepared.interval;
        fixDay = true;
    }
    if (fixDay && day > 28) {
      let length = daysInMonth(year, month);
      if (day > length) {
        while (day > length) {
          day -= length;
          month++;
          if (month === 13) {
            month = 1;
            year++;
            if (year > 9999) return false;
          }
          length = daysInMonth(year, month);
        }
        info.rebuild(year, month);
      }
    }
    return true;
  };

  /** Fills the queue with the next period's occurrences; false when the rule has ended. */
  const fill = (): boolean => {
    const [from, to] = period();
    // A period that begins after UNTIL (or after the dates asked for) has no date to give: a rule
    // that matches nothing must not be walked to its candidate limit.
    const first = isoDate(info.firstDay + from);
    if (options.until !== undefined && `${first} ${options.time}` > options.until) return false;
    if (options.through !== undefined && first > options.through) {
      reachedThrough = true;
      return false;
    }
    const kept: number[] = [];
    for (let i = from; i < to; i++) if (passes(i)) kept.push(i);
    examined += to - from;
    let chosen = kept;
    if (prepared.bySetPos) {
      const picked = new Set<number>();
      for (const pos of prepared.bySetPos) {
        const at = pos > 0 ? pos - 1 : kept.length + pos;
        const i = kept[at];
        if (i !== undefined) picked.add(i);
      }
      chosen = [...picked].sort((a, b) => a - b);
    }
    for (const i of chosen) {
      const dayNo = info.firstDay + i;
      const date = isoDate(dayNo);
      if (options.until !== undefined && `${date} ${options.time}` > options.until) return false;
      if (dayNo < startDay) continue;
      if (count !== undefined && --count < 0) return false;
      queue.push(date);
    }
    return advance();
  };

  return {
    next() {
      while (queue.length === 0 && !ended) {
        if (examined >= options.maxCandidates) {
          gaveUp = true;
          ended = true;
          break;
        }
        if (!fill()) ended = true;
      }
      return queue.shift();
    },
    get gaveUp() {
      return gaveUp;
    },
    get reachedThrough() {
      return reachedThrough;
    },
    get examined() {
      return examined;
    },
  };
}
