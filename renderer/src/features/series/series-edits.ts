// What a change of one occurrence means for its series, when the organizer answers "All events"
// or "This and following events": the series' new time, length and first date, and its rule's
// weekdays moved with it. An occurrence moved from Tuesday 10:00 to Wednesday 10:30 moves every
// occurrence a day later to 10:30 — the series' first date too, not to this occurrence's date.
// Wall times in the event's zone ('YYYY-MM-DD HH:MM', or 'YYYY-MM-DD' all day), as the editor
// holds them. Pure: unit-tested in test/renderer/.
import type { EventWrite } from '../../api/types.ts';
import { addDays, addMinutes, minutesBetween } from '../events/editor/date-input.ts';
import { wallTimeIn } from '../calendar/zones.ts';
import { ruleShiftedBy } from './repeat-rule.ts';

export type Scope = 'this' | 'following' | 'all';

export interface Times {
  start: string;
  end: string;
  allDay: boolean;
}

const dateOf = (wall: string) => wall.slice(0, 10);
const timeOf = (wall: string) => wall.slice(11, 16);
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${dateOf(b)}T00:00:00Z`) - Date.parse(`${dateOf(a)}T00:00:00Z`)) / 86_400_000);

/** The series as this needs it: its first occurrence's start (wall time) and its rule. */
export interface SeriesBasis {
  start: string;
  rule: string;
}

/**
 * The schedule part of a series change (start_date, end_date, all_day) and its rule, from one
 * occurrence moved from `before` to `after`. `rule` is the rule the organizer chose (undefined:
 * the series' own, whose weekdays then follow the move).
 */
export function seriesSchedule(
  scope: Exclude<Scope, 'this'>,
  series: SeriesBasis,
  before: Times,
  after: Times,
  rule?: string,
): { changes: EventWrite; rule?: string } {
  const days = daysBetween(before.start, after.start);
  const movedRule = rule ?? (days !== 0 ? ruleShiftedBy(series.rule, days, dateOf(after.start)) : undefined);
  const changes: EventWrite = { all_day: after.allDay };
  if (scope === 'following') {
    // The new series starts at this occurrence: its times are this occurrence's.
    Object.assign(changes, { start_date: after.start, end_date: after.end });
  } else {
    const first = addDays(dateOf(series.start), days);
    if (after.allDay) {
      Object.assign(changes, { start_date: first, end_date: addDays(first, daysBetween(after.start, after.end)) });
    } else {
      const start = `${first} ${timeOf(after.start)}`;
      Object.assign(changes, {
        start_date: start,
        end_date: addMinutes(start, minutesBetween(after.start, after.end) ?? 60),
      });
    }
  }
  return movedRule !== undefined && movedRule !== series.rule ? { changes, rule: movedRule } : { changes };
}

/**
 * The body of "all events" or "this and following" from an occurrence's edit: its changed fields
 * (`write`, as the event editor would send them to the occurrence), with the dates turned into
 * the series' schedule; `rule` when the organizer changed it.
 */
export function seriesChangeFrom(
  scope: Exclude<Scope, 'this'>,
  series: SeriesBasis,
  write: EventWrite,
  before: Times,
  after: Times,
  rule: string | undefined,
  includeDetached: boolean,
): { rule?: string; changes: EventWrite; include_detached: boolean } {
  const changes: EventWrite = { ...write };
  // The occurrence's own dates mean nothing to the series: its schedule is made from the move.
  delete changes.start_date;
  delete changes.end_date;
  delete changes.all_day;
  if (!timesChanged(before, after))
    return { ...(rule !== undefined ? { rule } : {}), changes, include_detached: includeDetached };
  const schedule = seriesSchedule(scope, series, before, after, rule);
  return {
    ...(schedule.rule !== undefined ? { rule: schedule.rule } : {}),
    changes: { ...changes, ...schedule.changes },
    include_detached: includeDetached,
  };
}

/** Whether the times differ (what makes a change a schedule change). */
export const timesChanged = (a: Times, b: Times) => a.start !== b.start || a.end !== b.end || a.allDay !== b.allDay;

/** What a drop or resize in the calendar made of an occurrence, as wall times in its own zone. */
export function placedTimes(
  placed: { allDay: boolean; start: Date | null; end: Date | null; startStr: string; endStr: string },
  feed: { start: string; end: string; start_utc: string; all_day: boolean; timezone: string },
): Times {
  if (placed.allDay) {
    const start = placed.startStr.slice(0, 10);
    const endExclusive = placed.endStr ? placed.endStr.slice(0, 10) : addDays(start, 1);
    return { start, end: addDays(endExclusive, -1), allDay: true };
  }
  const startMs = placed.start!.getTime();
  const endMs = placed.end?.getTime() ?? startMs + 3_600_000;
  // A timed occurrence: the move on the calendar's clock, applied to its own wall time (its zone
  // kept). An all-day one dropped into the hours: the time the grid showed, in its zone.
  const start = feed.all_day
    ? wallTimeIn(feed.timezone, placed.start!)
    : addMinutes(feed.start.slice(0, 16), Math.round((startMs - Date.parse(feed.start_utc)) / 60_000), false);
  return { start, end: addMinutes(start, Math.round((endMs - startMs) / 60_000), false), allDay: false };
}

/** An occurrence's times as the feed has them. */
export const feedTimes = (feed: { start: string; end: string; all_day: boolean }): Times =>
  feed.all_day
    ? { start: dateOf(feed.start), end: dateOf(feed.end), allDay: true }
    : { start: feed.start.slice(0, 16), end: feed.end.slice(0, 16), allDay: false };
