// A recurring event (RRULE/RDATE with EXDATEs and overridden instances) → single events, because
// Almanac stores no recurrence rules. ical.js does the expansion (ICAL.Event's iterator honours
// EXDATE and RDATE, getOccurrenceDetails applies RECURRENCE-ID overrides); this module decides
// which occurrences are kept:
//  - those whose original start lies within the window (a year back to two years ahead of `now`):
//    enough for a calendar's past and planned events without turning "every day, forever" into
//    thousands of rows;
//  - at most 1,000 per series, the present and future first: beyond, the oldest are left out (then
//    `truncated` and a `series_truncated` warning saying which), and at most 100,000 for the whole
//    file (a 100 KB file of "every day" rules must not become a gigabyte);
//  - an override with STATUS:CANCELLED removes its occurrence (counted as a `cancelled` skip).
// ical.js looks for a rule's next occurrence in a loop with no end of its own ("every day in
// February that is the 30th" never finds one): an ExpansionBudget counts the dates it examines and
// stops a series, and then the file, that would cost more than any real calendar does.

import ICAL from 'ical.js';
import { CalendarFileError } from '../imported-event.ts';
import type {
  ExpandedSeries,
  FileSeries,
  ImportedEvent,
  ImportSkip,
  ImportWarning,
  NoteParams,
} from '../imported-event.ts';
import type { ScannedEvent } from './calendar-scanner.ts';
import { copyFields, readEventFields } from './event-fields.ts';
import type { EventFields } from './event-fields.ts';
import { fileSeriesOf, type FileSeriesInput } from './file-series.ts';
import { messageOf } from './parse-event.ts';
import { eventTimes, instantMs, recurrenceKey } from './wall-times.ts';
import { wallToDateTime } from '../../domain/dates.ts';
import type { ZoneContext } from './zone-context.ts';
import { backstopMs } from '../backstop.ts';

export const MAX_INSTANCES = 1000;
/** Events all the series of one file may become together. */
export const MAX_FILE_INSTANCES = 100_000;
/** Occurrences before the window that we step over before giving up (~10 µs each in ical.js). */
const MAX_SKIPPED_BEFORE_WINDOW = 50_000;
/**
 * Dates ical.js may examine for one series (1–20 µs each: it builds a new time object for most of
 * them): a real rule examines a few per occurrence, and the rules that start long ago are
 * fast-forwarded (below), so anything near this is a rule that (almost) never matches — a daily
 * rule with a COUNT from 1970 would need 20,000. A bound of a few tenths of a second.
 */
export const SERIES_CANDIDATES = 20_000;
/**
 * Dates the whole file may cost: a base (two or three seconds at worst), and one more per two
 * characters, so that a long file (which holds more series) may cost in proportion: ~8 s per MB
 * for a file of nothing but costly rules (reading a real export costs 1–3 s per MB), where a real
 * 1.6 MB export with 500 series needs a tenth of its allowance.
 */
const FILE_CANDIDATES_BASE = 150_000;
const FILE_CANDIDATES_PER_CHAR = 0.5;

/** Thrown out of ical.js's iterator when a budget is spent. */
class BudgetSpent extends Error {
  constructor(readonly scope: 'series' | 'file') {
    super(`expansion budget spent (${scope})`);
  }
}

interface RuleIterator {
  rule: ICAL.Recur;
  check_contracting_rules(): boolean;
}

/**
 * Time a series' expansion, and a file's, may take in any case: the backstop of the counts above
 * (which decide, the same on every machine, for all but a pathological file).
 */
const SERIES_MS = backstopMs(2_000);
const FILE_MS = backstopMs(20_000);

/**
 * What one date examined costs, in units of the cheapest (~1–2 µs on a quiet machine): measured on
 * ical.js 2.2, a monthly rule with BYDAY builds each day of the month as a time object for each
 * date it tests, and BYSETPOS every candidate of the month as well.
 */
export function weightOf(rule: ICAL.Recur): number {
  const parts = rule.parts;
  let weight = 1;
  if (rule.freq === 'MONTHLY' || rule.freq === 'YEARLY') {
    if ('BYDAY' in parts) weight += 10;
    if ('BYSETPOS' in parts) weight += 30;
  }
  return weight;
}

/** The work and the events one file's series may cost (see the constants above). */
export class ExpansionBudget {
  private candidatesLeft = FILE_CANDIDATES_BASE;
  private eventsLeft = MAX_FILE_INSTANCES;
  /** When the file's expansions must have ended (set by the first series). */
  private fileDeadline: number | undefined;

  /** Sets the file's allowance once its length is known. */
  allowFor(chars: number): void {
    this.candidatesLeft = FILE_CANDIDATES_BASE + FILE_CANDIDATES_PER_CHAR * chars;
  }

  /** Events the file may still get from series. */
  get events(): number {
    return this.eventsLeft;
  }

  spendEvent(): void {
    this.eventsLeft--;
  }

  /** An event worked out and then left out (a series' oldest, past its cap). */
  refundEvent(): void {
    this.eventsLeft++;
  }

  /**
   * Makes every date ical.js examines for this series' rules cost its weight: its iterators test
   * each candidate with check_contracting_rules, the one call inside the loops that can run
   * forever. A clock backs the count: the weights are a measure of ical.js's costs, not the costs.
   */
  watch(expansion: ICAL.RecurExpansion): void {
    let seriesLeft = SERIES_CANDIDATES;
    const now = performance.now();
    this.fileDeadline ??= now + FILE_MS;
    const deadline = Math.min(now + SERIES_MS, this.fileDeadline);
    const iterators = (expansion as unknown as { ruleIterators?: RuleIterator[] }).ruleIterators ?? [];
    for (const iterator of iterators) {
      const weight = weightOf(iterator.rule);
      const check = iterator.check_contracting_rules.bind(iterator);
      iterator.check_contracting_rules = () => {
        if ((seriesLeft -= weight) < 0) throw new BudgetSpent('series');
        if ((this.candidatesLeft -= weight) < 0) throw new BudgetSpent('file');
        if (performance.now() > deadline) throw new BudgetSpent(deadline === this.fileDeadline ? 'file' : 'series');
        return check();
      };
    }
  }
}

/** A VEVENT parsed and given its zones. */
export interface ParsedEvent {
  scanned: ScannedEvent;
  component: ICAL.Component;
}

export interface SeriesContext {
  zones: ZoneContext;
  /** Today (the import's now): a series' cap keeps the occurrences from here on first. */
  nowMs: number;
  windowStartMs: number;
  windowEndMs: number;
  warn(warning: ImportWarning): void;
  skipped: ImportSkip[];
  budget: ExpansionBudget;
}

export interface SeriesResult {
  events: ImportedEvent[];
  /** Null when no occurrence fell in the window (then a skip says so). */
  series: ExpandedSeries | null;
  /** The same repeating event as one series (file-series.ts), when it made events. */
  file?: FileSeries;
}

export function expandSeries(
  uid: string,
  master: ParsedEvent,
  overrides: ParsedEvent[],
  ctx: SeriesContext,
): SeriesResult {
  const line = master.scanned.line;
  const periodEnds = periodsToStarts(master.component);
  startIsAnOccurrence(master.component);
  const event = new ICAL.Event(master.component, { exceptions: [] });
  const fields = readEventFields(master.component, line, ctx.warn);
  matchDateKinds(event, overrides, ctx.zones);
  const overrideOf = relateOverrides(event, uid, overrides, ctx);
  const events: ImportedEvent[] = [];
  const used = new Set<ICAL.Event>();
  const overrideFields = new Map<ICAL.Event, EventFields>();

  const selected = rolledOverFilter(event);
  const start = fastForward(event, ctx.windowStartMs);
  const iterator = event.iterator(start ?? undefined);
  ctx.budget.watch(iterator);
  let truncated = start !== null;
  let capped = false;
  /** Why the expansion stopped before the rule's end, the window or the series' cap. */
  let stopped: { why: 'too_often' | 'too_costly' | 'file_cap'; message: string } | null = null;
  let skippedBefore = 0;
  /** Occurrences within the window left out by the cap, before the first one kept. */
  let leftOutBefore = 0;
  const produced = new Set<string>();
  for (;;) {
    let next: ICAL.Time | undefined;
    try {
      next = iterator.next();
    } catch (error) {
      if (error instanceof BudgetSpent) {
        stopped = {
          why: 'too_costly',
          message:
            error.scope === 'series'
              ? 'its rule takes too long to work out (it matches too rarely among the dates it allows)'
              : "the file's repeating events together take too long to work out",
        };
        break;
      }
      throw new CalendarFileError(line, 'invalid_rrule', `The recurrence cannot be worked out (${messageOf(error)}).`, {
        why: 'unreadable',
        detail: messageOf(error),
      });
    }
    if (!next) break;
    // An RDATE of another kind than DTSTART (a date in a timed series): ical.js hands it on as is.
    if (!(next instanceof ICAL.Time)) continue;
    const at = instantMs(next);
    if (at > ctx.windowEndMs) {
      truncated = true;
      break;
    }
    if (!selected(next)) continue;
    if (at < ctx.windowStartMs) {
      truncated = true;
      if (++skippedBefore > MAX_SKIPPED_BEFORE_WINDOW) {
        stopped = { why: 'too_often', message: 'it repeats too often before the import window' };
        break;
      }
      continue;
    }
    const key = recurrenceKey(next);
    // Two RRULEs (or an RDATE on a rule's date) give one date twice: it is one occurrence.
    if (produced.has(key)) continue;
    produced.add(key);
    const details = event.getOccurrenceDetails(next);
    const override = details.item !== event ? overrideOf.get(details.item) : undefined;
    if (override) used.add(details.item);
    const instanceUid = `${uid}/${key}`;
    if (override?.scanned.cancelled) {
      ctx.skipped.push(cancelledInstance(override, instanceUid, fields.title));
      continue;
    }
    if (events.length === MAX_INSTANCES) {
      // The cap keeps the present and future: the oldest past occurrence makes way, else (all of
      // them are today's or later) the series stops here.
      truncated = true;
      if (eventMs(events[0]!) >= ctx.nowMs) {
        capped = true;
        break;
      }
      events.shift();
      ctx.budget.refundEvent();
      leftOutBefore++;
    }
    if (ctx.budget.events <= 0) {
      truncated = true;
      stopped = {
        why: 'file_cap',
        message: `the file's repeating events already make ${MAX_FILE_INSTANCES.toLocaleString('en-US')} events`,
      };
      break;
    }
    let own = fields;
    if (override) {
      own = overrideFields.get(details.item) ?? readEventFields(override.component, override.scanned.line, ctx.warn);
      overrideFields.set(details.item, own);
    }
    // An RDATE period is an occurrence with its own end (unless an override moved it).
    const periodEnd = override ? undefined : periodEnds.get(recurrenceKey(next));
    ctx.budget.spendEvent();
    events.push(
      instance(
        instanceUid,
        override?.scanned.line ?? line,
        copyFields(own),
        eventTimes(details.startDate, periodEnd ?? details.endDate, ctx.zones),
      ),
    );
  }

  if (capped || leftOutBefore > 0) {
    const from = events[0]!.start.slice(0, 10);
    const to = events.at(-1)!.start.slice(0, 10);
    ctx.warn({
      line,
      code: 'series_truncated',
      message: `The series "${fields.title}" has more than ${MAX_INSTANCES.toLocaleString('en-US')} occurrences in the import window; the ${MAX_INSTANCES.toLocaleString('en-US')} nearest today are imported, ${from} to ${to}${leftOutBefore > 0 ? ` (${leftOutBefore.toLocaleString('en-US')} before ${from} are left out)` : ''}.`,
      params: { title: fields.title, why: 'capped', max: MAX_INSTANCES, from, to, before: leftOutBefore },
    });
  }
  if (stopped && events.length > 0) {
    ctx.warn({
      line,
      code: 'series_truncated',
      message: `The series "${fields.title}" was cut short: ${stopped.message}. The ${events.length.toLocaleString('en-US')} events worked out so far are imported.`,
      params: { title: fields.title, why: stopped.why, max: MAX_FILE_INSTANCES },
    });
  }

  // Overrides of occurrences the rule no longer produces (the series was edited after the instance
  // was moved): calendars still show them, so they are kept as the single events they are.
  for (const [item, override] of overrideOf) {
    if (used.has(item) || capped || stopped) continue;
    const at = instantMs(item.recurrenceId);
    if (at < ctx.windowStartMs || at > ctx.windowEndMs) continue;
    if (override.scanned.cancelled) continue;
    events.push(standalone(override, `${uid}/${recurrenceKey(item.recurrenceId)}`, ctx));
  }

  // The same repeating event as one series (file-series.ts), for the series model: also when none
  // of its occurrences falls in the window, but not when working it out was too costly to give any.
  const file =
    stopped && events.length === 0
      ? undefined
      : tryFileSeries(
          {
            uid,
            master,
            event,
            fields,
            overrides: [...overrideOf.values()],
            hasPeriods: periodEnds.size > 0,
            tooCostly: stopped !== null,
            // Its fields were read (and warned about) already, or it lies outside the window.
            readOverride: (override, instanceUid) =>
              standalone(override, instanceUid, Object.assign({}, ctx, { warn() {} })),
          },
          ctx,
        );
  if (events.length === 0) {
    const skip = (code: string, reason: string, params: NoteParams): ImportSkip => ({
      line,
      uid,
      title: fields.title,
      code,
      reason,
      params,
    });
    if (stopped) {
      ctx.skipped.push(
        skip('series_too_costly', `The series was left out: ${stopped.message}.`, {
          why: stopped.why,
          max: MAX_FILE_INSTANCES,
        }),
      );
      return { events, series: null };
    }
    const outside = skip(
      'outside_window',
      'None of its occurrences falls between a year ago and two years from now, the window recurring events are imported for as single events.',
      {},
    );
    // An old series that ended (a weekly event of 2016–2018): the series model holds it whole, as
    // the history it is; only if it cannot be one series is it left out, and the plan says so.
    if (!file || file.unfit) {
      ctx.skipped.push(outside);
      return { events, series: null };
    }
    file.outsideWindow = outside;
    return { events, series: { uid, title: fields.title, line, instances: 0, truncated }, file };
  }
  for (const made of events) made.seriesUid = uid;
  return { events, series: { uid, title: fields.title, line, instances: events.length, truncated }, file };
}

/** An event's start as an instant (its wall time in its zone). */
function eventMs(event: ImportedEvent): number {
  return wallToDateTime(event.start, event.timezone).toMillis();
}

/** The series as a file holds it; undefined when a date of it cannot be read (then it is expanded only). */
function tryFileSeries(input: FileSeriesInput, ctx: SeriesContext): FileSeries | undefined {
  try {
    return fileSeriesOf(input, ctx);
  } catch {
    return undefined;
  }
}

/**
 * ical.js builds the day a rule names before checking that it exists, and rolls it over: "every
 * February 30" (BYMONTH=2;BYMONTHDAY=30) gave March 2 each year, where RFC 5545 says a day that
 * does not exist is no occurrence. Returns a test that an occurrence from the rule(s) really falls
 * in a BYMONTH month and on a BYMONTHDAY day (DTSTART and RDATEs are occurrences of their own).
 */
function rolledOverFilter(event: ICAL.Event): (time: ICAL.Time) => boolean {
  const rules = event.component
    .getAllProperties('rrule')
    .map((property) => property.getFirstValue() as ICAL.Recur)
    .map((rule) => ({ months: numbers(rule.parts.BYMONTH), days: numbers(rule.parts.BYMONTHDAY) }));
  // A rule that names neither months nor days may give any date (two RRULEs, RFC 2445 style).
  if (rules.length === 0 || !rules.every((rule) => rule.months || rule.days)) return () => true;
  const own = new Set<string>([recurrenceKey(event.startDate)]);
  for (const property of event.component.getAllProperties('rdate'))
    for (const value of property.getValues()) if (value instanceof ICAL.Time) own.add(recurrenceKey(value));
  return (time) => {
    if (own.has(recurrenceKey(time))) return true;
    const length = ICAL.Time.daysInMonth(time.month, time.year);
    return rules.some(
      ({ months, days }) =>
        (!months || months.includes(time.month)) &&
        (!days || days.some((day) => (day > 0 ? day : length + day + 1) === time.day)),
    );
  };
}

function numbers(values: unknown): number[] | null {
  if (values === undefined || values === null) return null;
  return (Array.isArray(values) ? values : [values]).map(Number);
}

/**
 * DTSTART is the first occurrence of every recurrence set (RFC 5545 §3.8.5.2). ical.js returns it
 * first for an RRULE, but a series of RDATEs alone began at its first RDATE: DTSTART is added to
 * them (once) so that it is not lost.
 */
function startIsAnOccurrence(component: ICAL.Component): void {
  if (component.hasProperty('rrule')) return;
  const start = component.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time)) return;
  const key = recurrenceKey(start);
  for (const property of component.getAllProperties('rdate'))
    for (const value of property.getValues()) if (value instanceof ICAL.Time && recurrenceKey(value) === key) return;
  const property = component.addPropertyWithValue('rdate', start.clone());
  if (start.isDate) property.resetType('date');
}

/**
 * RDATE;VALUE=PERIOD (RFC 5545 §3.3.9): each period becomes its start, for ical.js's iterator (which
 * hands periods on as they are, and nothing downstream can place a period); returns each period's
 * end by the key of its start, so that the occurrence keeps its own end.
 */
function periodsToStarts(component: ICAL.Component): Map<string, ICAL.Time> {
  const ends = new Map<string, ICAL.Time>();
  for (const property of component.getAllProperties('rdate')) {
    const values = property.getValues() as unknown[];
    if (!values.some((value) => value instanceof ICAL.Period)) continue;
    const starts = values.map((value) => {
      if (!(value instanceof ICAL.Period)) return value;
      ends.set(recurrenceKey(value.start), value.getEnd());
      return value.start;
    });
    property.removeParameter('value');
    property.resetType('date-time');
    property.setValues(starts as ICAL.Time[]);
  }
  return ends;
}

/**
 * Outlook and Exchange write the RECURRENCE-ID (and EXDATE) of an all-day series' occurrence as a
 * date-time ("RECURRENCE-ID;TZID=W. Europe Standard Time:20270112T000000"), old Google exports too;
 * some tools write a date for a timed series. ical.js matches neither to the occurrence, so the
 * moved occurrence was imported beside the original. Each is rewritten in the series' own kind:
 * a date-time becomes its date (in its own zone; a UTC one in the calendar's), a date becomes that
 * day at the series' time of day.
 */
function matchDateKinds(event: ICAL.Event, overrides: ParsedEvent[], zones: ZoneContext): void {
  const start = event.startDate;
  const convert = (time: ICAL.Time): ICAL.Time | null => {
    if (time.isDate === start.isDate) return null;
    if (start.isDate) {
      const wall = time.zone === ICAL.Timezone.utcTimezone ? time.convertToZone(zones.floatingZone) : time;
      return ICAL.Time.fromData({ year: wall.year, month: wall.month, day: wall.day, isDate: true });
    }
    const moved = start.clone();
    moved.year = time.year;
    moved.month = time.month;
    moved.day = time.day;
    return moved;
  };
  const rewrite = (property: ICAL.Property) => {
    const values = property.getValues() as unknown[];
    const converted = values.map((value) => (value instanceof ICAL.Time ? (convert(value) ?? value) : value));
    if (converted.every((value, index) => value === values[index])) return;
    property.removeParameter('tzid');
    property.removeParameter('value');
    property.resetType(start.isDate ? 'date' : 'date-time');
    if (property.isMultiValue) property.setValues(converted as ICAL.Time[]);
    else property.setValue(converted[0] as ICAL.Time);
  };
  for (const property of event.component.getAllProperties('exdate')) rewrite(property);
  for (const override of overrides) {
    const property = override.component.getFirstProperty('recurrence-id');
    if (property) rewrite(property);
  }
}

/**
 * Overrides whose series is not in the file: each one is an event of its own; one that cannot be
 * read is handed to `unreadable` and costs only itself.
 */
export function orphanOverrides(
  uid: string,
  overrides: ParsedEvent[],
  ctx: SeriesContext,
  unreadable: (override: ParsedEvent, error: unknown) => void,
): ImportedEvent[] {
  const events: ImportedEvent[] = [];
  const seen = new Set<string>();
  for (const override of sortBySequence(overrides)) {
    const recurrenceId = override.component.getFirstPropertyValue('recurrence-id') as ICAL.Time;
    const instanceUid = `${uid}/${recurrenceKey(recurrenceId)}`;
    if (seen.has(instanceUid)) {
      ctx.skipped.push(duplicateInstance(override, instanceUid));
      continue;
    }
    seen.add(instanceUid);
    if (override.scanned.cancelled) {
      ctx.skipped.push(cancelledInstance(override, instanceUid, override.scanned.summary));
      continue;
    }
    try {
      events.push(standalone(override, instanceUid, ctx));
    } catch (error) {
      unreadable(override, error);
    }
  }
  return events;
}

/**
 * Ties each override to the series. ical.js keys overrides by the text of RECURRENCE-ID, which
 * misses when the override writes it in UTC and the series in its zone (or the other way round);
 * adding the UTC key as well makes the match independent of how it is written. Two overrides of
 * one occurrence: the higher SEQUENCE (else the later one) wins, the other is a duplicate.
 */
function relateOverrides(
  event: ICAL.Event,
  uid: string,
  overrides: ParsedEvent[],
  ctx: SeriesContext,
): Map<ICAL.Event, ParsedEvent> {
  const result = new Map<ICAL.Event, ParsedEvent>();
  const seen = new Set<string>();
  for (const override of sortBySequence(overrides)) {
    const recurrenceId = override.component.getFirstPropertyValue('recurrence-id') as ICAL.Time;
    const key = recurrenceKey(recurrenceId);
    if (seen.has(key)) {
      ctx.skipped.push(duplicateInstance(override, `${uid}/${key}`));
      continue;
    }
    seen.add(key);
    event.relateException(override.component);
    // Typed as an array, but ical.js keeps a dictionary there.
    const exceptions = event.exceptions as unknown as Record<string, ICAL.Event>;
    const related = exceptions[recurrenceId.toString()] as ICAL.Event;
    if (!recurrenceId.isDate) exceptions[recurrenceId.convertToZone(ICAL.Timezone.utcTimezone).toString()] = related;
    result.set(related, override);
  }
  return result;
}

/** Highest SEQUENCE first; for equal ones, the later in the file first. */
function sortBySequence(overrides: ParsedEvent[]): ParsedEvent[] {
  const sequence = (p: ParsedEvent): number => Number(p.component.getFirstPropertyValue('sequence') ?? 0) || 0;
  return [...overrides].sort((a, b) => sequence(b) - sequence(a) || b.scanned.line - a.scanned.line);
}

function standalone(override: ParsedEvent, instanceUid: string, ctx: SeriesContext): ImportedEvent {
  const item = new ICAL.Event(override.component, { exceptions: [] });
  const fields = readEventFields(override.component, override.scanned.line, ctx.warn);
  return instance(instanceUid, override.scanned.line, fields, eventTimes(item.startDate, item.endDate, ctx.zones));
}

function instance(uid: string, line: number, fields: EventFields, times: ReturnType<typeof eventTimes>): ImportedEvent {
  const event: ImportedEvent = Object.assign({ uid, line }, fields, times);
  return event;
}

function cancelledInstance(override: ParsedEvent, uid: string, title: string | undefined): ImportSkip {
  const skip: ImportSkip = {
    line: override.scanned.line,
    uid,
    code: 'cancelled',
    reason: 'This occurrence of a recurring event is cancelled (STATUS:CANCELLED).',
    params: { of: 'occurrence' },
  };
  const name = override.scanned.summary || title;
  if (name) skip.title = name;
  return skip;
}

function duplicateInstance(override: ParsedEvent, uid: string): ImportSkip {
  const skip: ImportSkip = {
    line: override.scanned.line,
    uid,
    code: 'duplicate_uid',
    reason: 'Another override of the same occurrence (same UID and RECURRENCE-ID) takes precedence.',
    params: { kind: 'override' },
  };
  if (override.scanned.summary) skip.title = override.scanned.summary;
  return skip;
}

const STEP_SECONDS: Partial<Record<string, number>> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 604_800,
};

/**
 * For a rule without COUNT that began long before the window, a start close to the window, a whole
 * number of its periods (times INTERVAL) later, so that ical.js does not step through years of
 * occurrences one by one (a monthly "first Tuesday" rule from 2012 cost 14 years of ical.js's
 * most expensive steps). BY… parts are fine: they select within each period, and whole periods
 * keep their phase. That start itself is returned by ical.js as an occurrence whether or not the
 * BY… parts select it, but it lies before the window (a period and two hours of margin), where
 * occurrences are dropped. Null when the rule is not such a rule.
 */
function fastForward(event: ICAL.Event, windowStartMs: number): ICAL.Time | null {
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1) return null;
  const rule = rules[0]?.getFirstValue() as ICAL.Recur;
  if (rule.count) return null;
  const interval = rule.interval || 1;
  const start = event.startDate;
  // Two hours of margin: the steps are taken in wall time, which daylight saving time shifts by an hour.
  const span = windowStartMs - 2 * 3_600_000 - instantMs(start);
  const step = STEP_SECONDS[rule.freq];
  if (step) {
    const steps = Math.floor(span / (step * interval * 1000));
    if (steps < 2) return null;
    const moved = start.clone();
    if (step >= 86_400) moved.adjust((steps * interval * step) / 86_400, 0, 0, 0);
    else moved.adjust(0, 0, 0, steps * interval * step);
    return moved;
  }
  const months = rule.freq === 'MONTHLY' ? 1 : rule.freq === 'YEARLY' ? 12 : 0;
  if (!months) return null;
  // Whole periods, one fewer than fit: the moved start stays a period short of the window.
  const periods = Math.floor(span / (months * interval * 31 * 86_400_000)) - 1;
  if (periods < 2) return null;
  // A day that every month (year) has, when the rule picks its own days; when it takes DTSTART's
  // day (a plain "monthly on the 31st"), that day must stay as it is.
  const picksDays = ['BYDAY', 'BYMONTHDAY', 'BYYEARDAY', 'BYWEEKNO'].some((part) => part in rule.parts);
  if (!picksDays && start.day > 28) return null;
  const moved = start.clone();
  const total = moved.month - 1 + periods * interval * months;
  moved.year += Math.floor(total / 12);
  moved.month = (total % 12) + 1;
  if (picksDays) moved.day = Math.min(moved.day, 28);
  return moved;
}
