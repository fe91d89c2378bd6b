// Emptying the trash: every trashed event, venue or organizer of one kind that the caller may
// delete, gone for good, each through its own delete rule (term counts, links, a series' dates).
import type { OperationContext } from './context.ts';
import { OperationError } from './errors.ts';
import { can } from '../domain/roles.ts';
import { assertMayEdit, trashOrDeleteEvent } from './events/access.ts';
import { authorizeLinkedWrite, trashOrDeleteLinked } from './linked/access.ts';

export type TrashKind = 'event' | 'venue' | 'organizer';

/** Deletes for good what the caller may delete; returns how many went and how many stay. */
export function emptyTrash(ctx: OperationContext, kind: TrashKind): { deleted: number; kept: number } {
  const authorId = can.editOthers(ctx.actor) ? null : (ctx.actor?.userId ?? 0);
  let deleted = 0;
  let kept = 0;
  const series = new Set<number>();
  for (const id of ctx.store.trash.ids(ctx.site.id, kind, authorId)) {
    const row = ctx.store.posts.get(ctx.site.id, id);
    if (!row || row.status !== 'trash') continue;
    try {
      if (kind === 'event') {
        assertMayEdit(ctx, row);
        if (row.series_id !== null) series.add(row.series_id);
        // An occurrence deleted from the trash keeps its date excluded, as a trashed one did.
        trashOrDeleteEvent(ctx, row, true);
      } else {
        authorizeLinkedWrite(ctx, Object.assign({}, row, { status: row.trashed_status ?? 'draft' }));
        trashOrDeleteLinked(ctx, row, true);
      }
      deleted++;
    } catch (error) {
      if (!(error instanceof OperationError)) throw error;
      kept++;
    }
  }
  // A series in the trash with no occurrence left is gone too.
  for (const id of series) {
    const row = ctx.store.series.get(ctx.site.id, id);
    if (row?.status === 'trash' && ctx.store.series.occurrenceIds(ctx.site.id, id).length === 0)
      ctx.store.series.remove(ctx.site.id, id);
  }
  return { deleted, kept };
}
