// Term `count` = published events using the term, stored on the term and adjusted by every event
// write: snapshot the event's counting state before the write, compare after, apply the difference.
import type { OperationContext } from '../context.ts';
import type { PostRow } from '../../db/repositories/posts.ts';

interface TermCountSnapshot {
  counted: boolean;
  terms: number[];
}

/** `row`: the event as stored now, when the caller has just read it (saves reading it again). */
export function termCountSnapshot(
  ctx: OperationContext,
  eventId: number | undefined,
  row?: PostRow,
): TermCountSnapshot {
  if (eventId === undefined) return { counted: false, terms: [] };
  const current = row ?? ctx.store.posts.get(ctx.site.id, eventId);
  if (!current || current.type !== 'event') return { counted: false, terms: [] };
  return { counted: current.status === 'publish', terms: ctx.store.terms.termIdsOf(ctx.site.id, eventId) };
}

/** Applies the change between two snapshots of the same event (in the write's transaction). */
export function syncTermCounts(ctx: OperationContext, before: TermCountSnapshot, after: TermCountSnapshot): void {
  const delta = new Map<number, number>();
  if (before.counted) for (const id of before.terms) delta.set(id, (delta.get(id) ?? 0) - 1);
  if (after.counted) for (const id of after.terms) delta.set(id, (delta.get(id) ?? 0) + 1);
  for (const [id, change] of delta) if (change !== 0) ctx.store.terms.adjustCounts(ctx.site.id, [id], change);
}
