// A recurring event (RRULE/RDATE with EXDATEs and overridden instances) → single events, because
// Almanac stores no recurrence rules. ical.js does the expansion (ICAL.Event's iterator honours
// EXDATE and RDATE, getOccurrenceDetails applies RECURRENCE-ID overrides); this module decides
// which occurrences are kept:
//  - those whose original start lies within the window (a year back to two years ahead of `now`):
//    enough for a calendar's past and planned events without turning "every day, forever" into
//    thousands of rows;
//  - at most 1,000 per series (then `truncated` and a `series_truncated` warning);
//  - an override with STATUS:CANCELLED removes its occurrence (counted as a `cancelled` skip).

import ICAL from 'ical.js';
import { CalendarFileError } from '../imported-event.ts';
import type { ExpandedSeries, ImportedEvent, ImportSkip, ImportWarning } from '../imported-event.ts';
import type { ScannedEvent } from './calendar-scanner.ts';
import { copyFields, readEventFields } from './event-fields.ts';
import type { EventFields } from './event-fields.ts';
import { messageOf } from './parse-event.ts';
import { eventTimes, instantMs, recurrenceKey } from './wall-times.ts';
import type { ZoneContext } from './zone-context.ts';

export const MAX_INSTANCES = 1000;
/** Occurrences before the window that we step over before giving up (~10 µs each in ical.js). */
const MAX_SKIPPED_BEFORE_WINDOW = 50_000;

/** A VEVENT parsed and given its zones. */
export interface ParsedEvent {
  scanned: ScannedEvent;
  component: ICAL.Component;
}

export interface SeriesContext {
  zones: ZoneContext;
  windowStartMs: number;
  windowEndMs: number;
  warnings: ImportWarning[];
  skipped: ImportSkip[];
}

export interface SeriesResult {
  events: ImportedEvent[];
  /** Null when no occurrence fell in the window (then a skip says so). */
  series: ExpandedSeries | null;
}

export function expandSeries(
  uid: string,
  master: ParsedEvent,
  overrides: ParsedEvent[],
  ctx: SeriesContext,
): SeriesResult {
  const event = new ICAL.Event(master.component, { exceptions: [] });
  const fields = readEventFields(master.component, master.scanned.line, ctx.warnings);
  const overrideOf = relateOverrides(event, uid, overrides, ctx);
  const events: ImportedEvent[] = [];
  const used = new Set<ICAL.Event>();
  const overrideFields = new Map<ICAL.Event, EventFields>();

  const start = fastForward(event, ctx.windowStartMs);
  const iterator = event.iterator(start ?? undefined);
  let truncated = start !== null;
  let capped = false;
  let skippedBefore = 0;
  for (;;) {
    let next: ICAL.Time | undefined;
    try {
      next = iterator.next();
    } catch (error) {
      throw new CalendarFileError(
        master.scanned.line,
        'invalid_rrule',
        `Line ${master.scanned.line}: the recurrence of "${fields.title}" cannot be expanded (${messageOf(error)}).`,
      );
    }
    if (!next) break;
    const at = instantMs(next);
    if (at < ctx.windowStartMs) {
      truncated = true;
      if (++skippedBefore > MAX_SKIPPED_BEFORE_WINDOW) {
        ctx.warnings.push({
          line: master.scanned.line,
          code: 'series_truncated',
          message: `The series "${fields.title}" repeats too often before the import window to be expanded; it was left out.`,
          params: { title: fields.title, why: 'too_often' },
        });
        break;
      }
      continue;
    }
    if (at > ctx.windowEndMs) {
      truncated = true;
      break;
    }
    const details = event.getOccurrenceDetails(next);
    const override = details.item !== event ? overrideOf.get(details.item) : undefined;
    if (override) used.add(details.item);
    const instanceUid = `${uid}/${recurrenceKey(next)}`;
    if (override?.scanned.cancelled) {
      ctx.skipped.push(cancelledInstance(override, instanceUid, fields.title));
      continue;
    }
    if (events.length === MAX_INSTANCES) {
      truncated = true;
      capped = true;
      break;
    }
    let own = fields;
    if (override) {
      own =
        overrideFields.get(details.item) ?? readEventFields(override.component, override.scanned.line, ctx.warnings);
      overrideFields.set(details.item, own);
    }
    events.push(
      instance(
        instanceUid,
        override?.scanned.line ?? master.scanned.line,
        copyFields(own),
        eventTimes(details.startDate, details.endDate, ctx.zones),
      ),
    );
  }

  if (capped) {
    ctx.warnings.push({
      line: master.scanned.line,
      code: 'series_truncated',
      message: `The series "${fields.title}" has more than ${MAX_INSTANCES.toLocaleString('en-US')} occurrences in the import window; only the first ${MAX_INSTANCES.toLocaleString('en-US')} are imported.`,
      params: { title: fields.title, why: 'capped', max: MAX_INSTANCES },
    });
  }

  // Overrides of occurrences the rule no longer produces (the series was edited after the instance
  // was moved): calendars still show them, so they are kept as the single events they are.
  for (const [item, override] of overrideOf) {
    if (used.has(item) || capped) continue;
    const at = instantMs(item.recurrenceId);
    if (at < ctx.windowStartMs || at > ctx.windowEndMs) continue;
    if (override.scanned.cancelled) continue;
    events.push(standalone(override, `${uid}/${recurrenceKey(item.recurrenceId)}`, ctx));
  }

  if (events.length === 0) {
    ctx.skipped.push({
      line: master.scanned.line,
      uid,
      title: fields.title,
      code: 'outside_window',
      reason:
        'None of its occurrences falls between a year ago and two years from now, the window recurring events are imported for.',
      params: {},
    });
    return { events, series: null };
  }
  return {
    events,
    series: { uid, title: fields.title, line: master.scanned.line, instances: events.length, truncated },
  };
}

/** Overrides whose series is not in the file: each one is an event of its own. */
export function orphanOverrides(uid: string, overrides: ParsedEvent[], ctx: SeriesContext): ImportedEvent[] {
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
    if (override.scanned.cancelled)
      ctx.skipped.push(cancelledInstance(override, instanceUid, override.scanned.summary));
    else events.push(standalone(override, instanceUid, ctx));
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
  const fields = readEventFields(override.component, override.scanned.line, ctx.warnings);
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
 * For a plain rule (one RRULE, no COUNT, no BY… parts, a fixed step) that began long before the
 * window, a start close to the window that is still one of its occurrences, so that ical.js does not
 * step through years of occurrences one by one. Null when the rule is not that simple.
 */
function fastForward(event: ICAL.Event, windowStartMs: number): ICAL.Time | null {
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1 || event.component.hasProperty('rdate')) return null;
  const rule = rules[0]?.getFirstValue() as ICAL.Recur;
  const step = STEP_SECONDS[rule.freq];
  if (!step || rule.count || Object.keys(rule.parts).length > 0) return null;
  const interval = rule.interval || 1;
  const start = event.startDate;
  // Two hours of margin: the steps are taken in wall time, which daylight saving time shifts by an hour.
  const steps = Math.floor((windowStartMs - 2 * 3_600_000 - instantMs(start)) / (step * interval * 1000));
  if (steps < 2) return null;
  const moved = start.clone();
  if (step >= 86_400) moved.adjust((steps * interval * step) / 86_400, 0, 0, 0);
  else moved.adjust(0, 0, 0, steps * interval * step);
  return moved;
}
