// The slots of a series: the dates its rule (plus its extra dates, minus its excluded ones) gives,
// each with the occurrence's wall times and UTC instants. The rule is worked out on local dates
// (domain/recurrence-dates.ts, which agrees with python-dateutil), which is what RFC 5545 means by
// a rule in the event's zone: "every Tuesday at 10:00" stays 10:00 across a DST change. Each wall
// time is then placed in the zone by the same rule every event write uses (domain/dates.ts: a time
// skipped by DST moves forward).
import { DateTime } from 'luxon';
import type { RecurrenceRule } from '../../../contract/recurrence.ts';
import { formatWall, placeWall, toZone, utcWallOfMillis } from '../../domain/dates.ts';
import { ruleDates } from '../../domain/recurrence-dates.ts';

/** What a series is, as far as its dates go. */
export interface SeriesShape {
  rule: RecurrenceRule;
  /** The first slot's wall start and end, `YYYY-MM-DD HH:MM:SS`: every occurrence's time and length. */
  startLocal: string;
  endLocal: string;
  allDay: boolean;
  timezone: string;
  /** Extra and excluded dates, `YYYY-MM-DD`. */
  rdates: readonly string[];
  exdates: readonly string[];
}

export interface Slot {
  /** The local date the slot is known by (an occurrence's RECURRENCE-ID date). */
  date: string;
  startLocal: string;
  endLocal: string;
  startUtc: string;
  endUtc: string;
}

export interface SlotList {
  slots: Slot[];
  /** The rule goes on past `through` (or past the limit): a series that would need its horizon moved. */
  more: boolean;
}

/**
 * Candidate days the rule may examine (a rule whose BY-parts rarely match, from centuries ago): a
 * YEARLY rule examines every day of each year it covers, so this is ~550 years of one. The walk
 * also ends at UNTIL and at the last date asked for, so only such rules come near it.
 */
export const MAX_STEPS = 200_000;

const dateOf = (wall: string) => wall.slice(0, 10);
const wallMs = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`);
const msWall = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The wall time (in the series' zone) of an UNTIL value: a date means to the end of that local day. */
function untilWall(until: string, timezone: string): string {
  if (!until.includes('T')) return `${until} 23:59:59`;
  return formatWall(DateTime.fromISO(until, { zone: 'utc' }).setZone(toZone(timezone)));
}

/** The slot of `date`, with the series' time of day and length. */
export function slotOn(shape: SeriesShape, date: string): Slot {
  const lengthMs = wallMs(shape.endLocal) - wallMs(shape.startLocal);
  const startLocal = `${date} ${shape.allDay ? '00:00:00' : shape.startLocal.slice(11)}`;
  let endLocal = msWall(wallMs(startLocal) + lengthMs);
  if (shape.allDay) endLocal = `${endLocal.slice(0, 10)} 23:59:59`;
  const start = placeWall(startLocal, shape.timezone);
  // A start that DST skipped moved forward: the occurrence keeps its length rather than its end.
  const end =
    start.wall === startLocal || shape.allDay
      ? placeWall(endLocal, shape.timezone)
      : placeWall(msWall(wallMs(start.wall) + lengthMs), shape.timezone);
  return {
    date,
    startLocal: start.wall,
    endLocal: end.wall,
    startUtc: utcWallOfMillis(start.utcMs),
    endUtc: utcWallOfMillis(end.utcMs),
  };
}

/**
 * The slots from `from` through `through` (local dates, inclusive), in date order, at most `limit`:
 * the dates the rule gives from the series' start (RFC 5545: COUNT counts from there), its extra
 * dates, less its excluded ones.
 */
export function slotsOf(shape: SeriesShape, from: string, through: string, limit: number): SlotList {
  const allDay = shape.allDay;
  const walk = ruleDates(shape.rule, {
    start: dateOf(shape.startLocal),
    time: allDay ? '00:00:00' : shape.startLocal.slice(11, 19),
    until: shape.rule.until === undefined ? undefined : untilWall(shape.rule.until, shape.timezone),
    through,
    maxCandidates: MAX_STEPS,
  });
  const excluded = new Set(shape.exdates);
  const dates = new Set<string>();
  const extra = [...new Set(shape.rdates)].filter((date) => date >= dateOf(shape.startLocal)).sort();
  let more = false;
  for (;;) {
    const date = walk.next();
    if (date === undefined) {
      more = walk.gaveUp || walk.reachedThrough;
      break;
    }
    if (date > through) {
      more = true;
      break;
    }
    if (date < from) continue; // stepped over: before the part asked for (COUNT still counts it)
    dates.add(date);
    if (dates.size > limit + extra.length) break;
  }
  for (const date of extra) if (date >= from && date <= through) dates.add(date);
  const sorted = [...dates].filter((date) => date >= from && !excluded.has(date)).sort();
  if (sorted.length > limit) {
    more = true;
    sorted.length = limit;
  }
  return { slots: sorted.map((date) => slotOn(shape, date)), more };
}
