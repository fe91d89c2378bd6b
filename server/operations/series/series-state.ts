// A stored series as the operations read it: its shape (rule, time, length, zone, dates), its
// horizon, and the lookups every series operation starts with.
import { DateTime } from 'luxon';
import type { OperationContext } from '../context.ts';
import { OperationError } from '../errors.ts';
import type { SeriesRow } from '../../db/repositories/series.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import { readRecurrenceRule, type RecurrenceRule } from '../../../contract/recurrence.ts';
import { formatWall, toZone } from '../../domain/dates.ts';
import type { SeriesShape } from './slots.ts';

/** `a,b,c` ↔ a sorted list of distinct dates. */
export const dateList = (text: string): string[] => (text === '' ? [] : text.split(','));
export const joinDates = (dates: Iterable<string>): string => [...new Set(dates)].sort().join(',');

/** The stored rule (always one contract/recurrence.ts wrote). */
export function storedRule(row: SeriesRow): RecurrenceRule {
  const reading = readRecurrenceRule(row.rule);
  if ('problems' in reading) throw new Error(`series ${row.id} has an unreadable rule: ${row.rule}`);
  return reading.rule;
}

export function shapeOf(row: SeriesRow): SeriesShape {
  return {
    rule: storedRule(row),
    startLocal: row.start_local,
    endLocal: row.end_local,
    allDay: row.all_day === 1,
    timezone: row.timezone,
    rdates: dateList(row.rdates),
    exdates: dateList(row.exdates),
  };
}

/** Today's date in the site's zone. */
export function today(ctx: OperationContext, now = DateTime.utc()): string {
  return formatWall(now.setZone(toZone(ctx.site.timezone))).slice(0, 10);
}

/** The last date occurrences exist for: the site's horizon (24 months by default) from today. */
export function horizonOf(ctx: OperationContext, now = DateTime.utc()): string {
  return formatWall(now.setZone(toZone(ctx.site.timezone)).plus({ months: ctx.site.seriesHorizonMonths })).slice(0, 10);
}

/**
 * How far a series' occurrences go: the site's horizon, and for a series that starts later than
 * today, as far past its start (a series planned for next year exists whole, not as its first
 * occurrence only).
 */
export function horizonFor(ctx: OperationContext, startDate: string): string {
  const site = horizonOf(ctx);
  const fromStart = DateTime.fromISO(startDate, { zone: 'utc' })
    .plus({ months: ctx.site.seriesHorizonMonths })
    .toISODate()!;
  return fromStart > site ? fromStart : site;
}

export function findSeries(ctx: OperationContext, id: number): SeriesRow {
  const row = id > 0 ? ctx.store.series.get(ctx.site.id, id) : undefined;
  if (!row) throw new OperationError('not_found', 'almanac_series_not_found', `There is no series with ID ${id}.`);
  return row;
}

/** An occurrence of `series`, by its event id (a 400 on `param` otherwise). */
export function findOccurrence(ctx: OperationContext, series: SeriesRow, id: number, param: string): PostRow {
  const row = ctx.store.posts.get(ctx.site.id, id);
  if (!row || row.type !== 'event' || row.series_id !== series.id)
    throw new OperationError('invalid', 'rest_invalid_param', `Invalid parameter(s): ${param}`, {
      params: { [param]: `Event ${id} is not an occurrence of series ${series.id}.` },
      details: [],
    });
  return row;
}

/** The occurrence new ones are copied from: the latest not changed on its own, else the first. */
export function templateOf(occurrences: PostRow[], series: SeriesRow): PostRow | undefined {
  const live = occurrences.filter((row) => row.status !== 'trash');
  return (
    [...live].reverse().find((row) => row.detached === 0) ??
    live.find((row) => row.id === series.first_id) ??
    live[0] ??
    occurrences.find((row) => row.id === series.first_id)
  );
}
