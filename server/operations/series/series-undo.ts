// Undo of a change to a whole series ("all events", "this and following", a delete): before the
// change, every row it may touch is kept (series_undo); undoing deletes what is there now and puts
// those rows back, ids and all, so links to the events (post_parent, calendar apps' names, import
// UIDs) hold again. Kept an hour, the newest twenty per site.
import { randomUUID } from 'node:crypto';
import type { OperationContext } from '../context.ts';
import { OperationError } from '../errors.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import type { SeriesSnapshot } from '../../db/repositories/series-undo.ts';
import { utcWall } from '../../domain/dates.ts';
import { nowUtc } from '../posts/writes.ts';
import { assertMayEdit } from '../events/access.ts';
import { deleteOccurrence } from './occurrences.ts';
import { refreshFirst } from './occurrence-hooks.ts';

const KEPT_MS = 60 * 60 * 1000;

/** What a series change may touch, taken before it. */
export interface UndoPoint {
  seriesIds: number[];
  snapshot: SeriesSnapshot;
}

/** Takes the rows of these series and all their occurrences, before a change. */
export function beforeSeriesChange(ctx: OperationContext, seriesIds: number[]): UndoPoint {
  const postIds = seriesIds.flatMap((id) => ctx.store.series.occurrenceIds(ctx.site.id, id));
  return { seriesIds, snapshot: ctx.store.seriesUndo.take(ctx.site.id, seriesIds, postIds) };
}

/** Keeps the point once the change is done; `created`: series the change made (a split's). */
export function keepUndo(ctx: OperationContext, point: UndoPoint, created: number[] = []): string {
  const token = randomUUID();
  ctx.store.seriesUndo.keep(token, ctx.site.id, utcWall(nowUtc()), {
    seriesIds: point.seriesIds,
    created,
    snapshot: point.snapshot,
  });
  return token;
}

/** Puts the series back as they were before the change `token` names; returns their ids. */
export function undoSeriesChange(ctx: OperationContext, token: string): number[] {
  const found = ctx.store.seriesUndo.find(token);
  const expired = (found: { createdUtc: string }) =>
    Date.parse(`${found.createdUtc.replace(' ', 'T')}Z`) < Date.now() - KEPT_MS;
  if (!found || found.siteId !== ctx.site.id || expired(found))
    throw new OperationError('gone', 'almanac_undo_gone', 'This change can no longer be undone.');
  const { seriesIds, created, snapshot } = found.data as {
    seriesIds: number[];
    created: number[];
    snapshot: SeriesSnapshot;
  };
  const kept = snapshot.posts as unknown as PostRow[];
  // Whoever may edit the series as it was may undo the change.
  const firstIds = new Set(snapshot.series.map((row) => row.first_id as number));
  assertMayEdit(
    ctx,
    kept.find((row) => firstIds.has(row.id)),
  );

  // What is there now: the kept posts (wherever they went), and the series' current occurrences.
  const now = new Set<number>(kept.map((row) => row.id));
  for (const id of [...seriesIds, ...created])
    for (const post of ctx.store.series.occurrenceIds(ctx.site.id, id)) now.add(post);
  const revisions = new Map<number, number>();
  for (const id of now) {
    const row = ctx.store.posts.get(ctx.site.id, id);
    if (!row) continue;
    revisions.set(id, row.revision);
    deleteOccurrence(ctx, row);
  }
  for (const id of [...seriesIds, ...created]) ctx.store.series.remove(ctx.site.id, id);

  // A post back with a revision it never had, so an ETag read before the undo does not match.
  for (const row of snapshot.posts)
    row.revision = Math.max(row.revision as number, revisions.get(row.id as number) ?? 0) + 1;
  ctx.store.seriesUndo.restore(snapshot);
  const published = new Set(kept.filter((row) => row.status === 'publish').map((row) => row.id));
  const counts = new Map<number, number>();
  for (const link of snapshot.terms)
    if (published.has(link.post_id as number))
      counts.set(link.term_id as number, (counts.get(link.term_id as number) ?? 0) + 1);
  for (const [termId, n] of counts) ctx.store.terms.adjustCounts(ctx.site.id, [termId], n);
  ctx.store.seriesUndo.forget(token);
  for (const id of seriesIds) if (ctx.store.series.get(ctx.site.id, id)) refreshFirst(ctx, id);
  return seriesIds.filter((id) => ctx.store.series.get(ctx.site.id, id) !== undefined);
}
