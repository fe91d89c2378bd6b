// One change to many events at once, as the Events list's selection asks for it: every event is
// checked first (it exists, the caller may change it), then all are written through the event
// operations in the caller's transaction — all of them or none.
import type { OperationContext } from '../context.ts';
import { forbidden, ParamErrors, said } from '../errors.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import type { BulkArgs, BulkResult } from '../../../contract/app/bulk.ts';
import { assertMayEdit, trashOrDeleteEvent } from './access.ts';
import { applyEventWrite, prepareEventWrite, type EventWriteInput } from './writes.ts';

/** The events of a bulk action, each checked; unknown ids are named in `errors`. */
export function prepareBulk(ctx: OperationContext, args: BulkArgs, errors: ParamErrors): PostRow[] {
  const rows: PostRow[] = [];
  const missing: number[] = [];
  for (const id of new Set(args.ids)) {
    const row = ctx.store.posts.get(ctx.site.id, id);
    if (!row || row.type !== 'event') missing.push(id);
    else rows.push(row);
  }
  // Most often events deleted for good since the caller listed them (an Undo after Empty trash).
  if (missing.length > 0)
    errors.add(
      'ids',
      said('not_events', `These are not events: ${missing.slice(0, 20).join(', ')}.`, { count: missing.length }),
    );
  if (args.action === 'add_categories' && !args.categories?.length)
    errors.add('categories', 'add_categories needs the categories to add.');
  if (args.action === 'add_tags' && !args.tags?.length) errors.add('tags', 'add_tags needs the tags to add.');
  if (args.action === 'set_venue') {
    const venue = args.venue === undefined ? undefined : ctx.store.posts.get(ctx.site.id, args.venue);
    if (args.venue === undefined) errors.add('venue', 'set_venue needs the venue (0: none).');
    else if (args.venue !== 0 && venue?.type !== 'venue') errors.add('venue', `Venue ${args.venue} does not exist.`);
  }
  return rows;
}

/** rest_forbidden naming the events the caller may not change, if any. */
export function authorizeBulk(ctx: OperationContext, rows: PostRow[]): void {
  const denied = rows.filter((row) => {
    try {
      assertMayEdit(ctx, row);
      return false;
    } catch {
      return true;
    }
  });
  if (denied.length > 0)
    throw forbidden(
      ctx.actor !== null,
      `Sorry, you are not allowed to change these events: ${denied
        .slice(0, 20)
        .map((row) => row.id)
        .join(', ')}.`,
    );
}

/** The event write one event takes for the action (undefined: nothing to change). */
function writeFor(ctx: OperationContext, args: BulkArgs, row: PostRow): EventWriteInput | undefined {
  switch (args.action) {
    case 'restore':
      // The Undo of a bulk trash: back to the status each had (draft when unknown), as a restore is.
      return row.status === 'trash' ? { status: row.trashed_status ?? 'draft' } : undefined;
    case 'publish':
    case 'draft':
      return row.status === args.action ? undefined : { status: args.action };
    case 'set_venue': {
      const current = ctx.store.posts.links(ctx.site.id, row.id, 'venue');
      const wanted = args.venue === 0 ? [] : [args.venue!];
      return JSON.stringify(current) === JSON.stringify(wanted) ? undefined : { venue: wanted };
    }
    case 'add_categories':
    case 'add_tags': {
      const taxonomy = args.action === 'add_categories' ? 'category' : 'tag';
      const field = args.action === 'add_categories' ? 'categories' : 'tags';
      const own = ctx.store.terms
        .termIdsOf(ctx.site.id, row.id)
        .filter((id) => ctx.store.terms.get(ctx.site.id, id)?.taxonomy === taxonomy);
      return { [field]: [...own, ...(args[field] ?? [])] };
    }
    default:
      return undefined;
  }
}

/** Applies the action to every event (checked by prepareBulk and authorizeBulk). */
export function applyBulk(ctx: OperationContext, args: BulkArgs, rows: PostRow[]): BulkResult {
  const changed: number[] = [];
  const unchanged: number[] = [];
  for (const row of rows) {
    if (args.action === 'trash') {
      if (row.status === 'trash') unchanged.push(row.id);
      else {
        trashOrDeleteEvent(ctx, row, false);
        changed.push(row.id);
      }
      continue;
    }
    const input = writeFor(ctx, args, row);
    if (!input) {
      unchanged.push(row.id);
      continue;
    }
    const errors = new ParamErrors();
    const prepared = prepareEventWrite(ctx, input, row, errors);
    errors.throwIfAny();
    applyEventWrite(ctx, input, prepared, row);
    changed.push(row.id);
  }
  return { changed, unchanged };
}
