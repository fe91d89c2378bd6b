// What happens to a series when one of its occurrences is changed through the event operations —
// by svc/events/v1, the importer, CalDAV or the UI's "this event only": the occurrence becomes an
// exception the series' later edits leave alone; deleting it excludes its date; restoring it brings
// the date back. Called by operations/events/ (so this file imports nothing of it).
import type { OperationContext } from '../context.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import { dateList, joinDates } from './series-state.ts';

/** The series' first live occurrence becomes every other one's parent (post_parent). */
export function refreshFirst(ctx: OperationContext, seriesId: number): void {
  const series = ctx.store.series.get(ctx.site.id, seriesId);
  if (!series) return;
  const occurrences = ctx.store.series.occurrences(ctx.site.id, seriesId);
  const first = occurrences.find((row) => row.status !== 'trash') ?? occurrences[0];
  if (!first) return;
  if (first.id !== series.first_id) ctx.store.series.update(ctx.site.id, seriesId, { first_id: first.id });
  ctx.store.series.setParents(ctx.site.id, seriesId, first.id);
}

function setExcluded(ctx: OperationContext, row: PostRow, excluded: boolean): void {
  if (row.series_id === null || row.recurrence === null) return;
  const series = ctx.store.series.get(ctx.site.id, row.series_id);
  if (!series) return;
  const dates = new Set(dateList(series.exdates));
  if (excluded) dates.add(row.recurrence);
  else dates.delete(row.recurrence);
  const exdates = joinDates(dates);
  if (exdates !== series.exdates) ctx.store.series.update(ctx.site.id, series.id, { exdates });
}

/** An occurrence went to the trash or was deleted: its date is excluded from the series. */
export function occurrenceRemoved(ctx: OperationContext, row: PostRow): void {
  if (row.series_id === null) return;
  setExcluded(ctx, row, true);
  refreshFirst(ctx, row.series_id);
}

/** An occurrence came back from the trash: its date is the series' again. */
export function occurrenceRestored(ctx: OperationContext, row: PostRow): void {
  if (row.series_id === null) return;
  setExcluded(ctx, row, false);
  refreshFirst(ctx, row.series_id);
}
