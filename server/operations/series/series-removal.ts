// Deleting series: all of it (to the trash, whence it comes back whole, or for good), or an
// occurrence and those after it (the series ends before it). Deleting one occurrence on its own is
// an event delete (operations/events/access.ts), which excludes its date.
import type { OperationContext } from '../context.ts';
import { OperationError, ParamErrors } from '../errors.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import type { SeriesRow } from '../../db/repositories/series.ts';
import { utcWall } from '../../domain/dates.ts';
import { nowUtc } from '../posts/writes.ts';
import { trashOrDeleteEvent } from '../events/access.ts';
import { applyEventWrite, prepareEventWrite } from '../events/writes.ts';
import { writeRecurrenceRule } from '../../../contract/recurrence.ts';
import { dateList, joinDates, shapeOf } from './series-state.ts';
import { deleteOccurrence, detachOccurrence } from './occurrences.ts';
import { refreshFirst } from './occurrence-hooks.ts';

/** Every occurrence to the trash, and the series with them (a second time is `gone`). */
export function trashSeries(ctx: OperationContext, series: SeriesRow): void {
  if (series.status === 'trash')
    throw new OperationError('gone', 'almanac_series_in_trash', 'The series is already in the trash.');
  for (const row of ctx.store.series.occurrences(ctx.site.id, series.id))
    if (row.status !== 'trash') trashOrDeleteEvent(ctx, row, false, { asSeries: true });
  ctx.store.series.update(ctx.site.id, series.id, { status: 'trash', modified_utc: utcWall(nowUtc()) });
}

/** Back from the trash: the series and the occurrences that went with it (not those deleted on their own). */
export function restoreSeries(ctx: OperationContext, series: SeriesRow): void {
  if (series.status !== 'trash')
    throw new OperationError('invalid', 'almanac_series_not_in_trash', 'The series is not in the trash.');
  const excluded = new Set(dateList(series.exdates));
  ctx.store.series.update(ctx.site.id, series.id, { status: 'active', modified_utc: utcWall(nowUtc()) });
  for (const row of ctx.store.series.occurrences(ctx.site.id, series.id)) {
    if (row.status !== 'trash' || excluded.has(row.recurrence ?? '')) continue;
    const input = { status: (row.trashed_status ?? 'draft') as 'draft' };
    const errors = new ParamErrors();
    const prepared = prepareEventWrite(ctx, input, row, errors);
    applyEventWrite(ctx, input, prepared, row, { asSeries: true });
  }
  refreshFirst(ctx, series.id);
}

/** The series and every occurrence, gone for good. */
export function deleteSeries(ctx: OperationContext, series: SeriesRow): void {
  for (const row of ctx.store.series.occurrences(ctx.site.id, series.id)) deleteOccurrence(ctx, row);
  ctx.store.series.remove(ctx.site.id, series.id);
}

/**
 * "This and following": the series ends the day before `occurrence`, which and every later one
 * leave it for the trash (each restorable as a single event). From the first occurrence, the
 * whole series goes to the trash. With `keepIt`, `occurrence` itself stays, a single event.
 */
export function trashFollowing(ctx: OperationContext, series: SeriesRow, occurrence: PostRow, keepIt = false): void {
  const date = occurrence.recurrence!;
  const occurrences = ctx.store.series.occurrences(ctx.site.id, series.id);
  if (!occurrences.some((row) => (row.recurrence ?? '') < date && row.status !== 'trash')) {
    if (keepIt) detachOccurrence(ctx, occurrence);
    trashSeries(ctx, series);
    return;
  }
  for (const row of occurrences) {
    if ((row.recurrence ?? '') < date) continue;
    if (row.status !== 'trash' && !(keepIt && row.id === occurrence.id))
      trashOrDeleteEvent(ctx, row, false, { asSeries: true });
    detachOccurrence(ctx, row);
  }
  const shape = shapeOf(series);
  const until = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  ctx.store.series.update(ctx.site.id, series.id, {
    rule: writeRecurrenceRule(Object.assign({}, shape.rule, { until, count: undefined })),
    rdates: joinDates(shape.rdates.filter((d) => d < date)),
    exdates: joinDates(shape.exdates.filter((d) => d < date)),
    never_ends: 0,
    modified_utc: utcWall(nowUtc()),
  });
  refreshFirst(ctx, series.id);
}

/**
 * "Does not repeat", chosen in an occurrence's editor: it stays, a single event. With 'following'
 * the series ends before it and the later occurrences go to the trash (as "delete this and
 * following", each restorable); with 'all' every other occurrence goes too, and the series with
 * them. (issue 36: an occurrence's Repeat list had no "Does not repeat".)
 */
export function stopRepeating(
  ctx: OperationContext,
  series: SeriesRow,
  occurrence: PostRow,
  scope: 'following' | 'all',
): void {
  if (scope === 'following') return trashFollowing(ctx, series, occurrence, true);
  detachOccurrence(ctx, occurrence);
  trashSeries(ctx, series);
}
