// Single-event rules: finding an event by id or slug with the reference's error codes, read
// access (trash, status, password), edit/delete permission, trash and permanent delete.
import { postBySlug } from '../posts/slug-lookup.ts';
import type { OperationContext } from '../context.ts';
import { forbidden, invalidParam, OperationError } from '../errors.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import { can } from '../../domain/roles.ts';
import { safeEqual } from '../../domain/secrets.ts';
import { syncTermCounts, termCountSnapshot } from './term-counts.ts';
import { nowUtc, trashedSlug } from '../posts/writes.ts';
import { utcWall } from '../../domain/dates.ts';
import { occurrenceRemoved } from '../series/occurrence-hooks.ts';

export function findEvent(ctx: OperationContext, id: number): PostRow {
  const row = id > 0 ? ctx.store.posts.get(ctx.site.id, id) : undefined;
  if (!row) throw new OperationError('not_found', 'rest-event-not-found', `Event with ID ${id} does not exist.`);
  if (row.type !== 'event')
    throw new OperationError('invalid', 'rest-invalid-event-id', 'The specified ID is not a valid event.');
  return row;
}

/** by-slug routes resolve the slug, then behave as by-id; an unknown slug is a 400 on `slug`. */
export function findEventBySlug(ctx: OperationContext, slug: string): PostRow {
  const row = postBySlug(ctx, 'event', slug);
  if (!row) throw invalidParam('slug', 'No event has this slug.');
  return row;
}

/** Whether a password-protected event is unlocked: the right password, or context=edit by someone who may edit it. */
export function isUnlocked(
  ctx: OperationContext,
  row: PostRow,
  password: string | undefined,
  context?: string,
): boolean {
  if (row.password === '') return true;
  if (context === 'edit' && can.editPost(ctx.actor, row)) return true;
  return password !== undefined && safeEqual(password, row.password);
}

export function assertReadable(
  ctx: OperationContext,
  row: PostRow,
  password: string | undefined,
  context?: string,
): void {
  if (row.status === 'trash')
    throw new OperationError('forbidden', 'event-no-longer-available', 'This event is no longer available');
  if (!can.readPost(ctx.actor, row))
    throw new OperationError('forbidden', 'event-not-accessible', 'The requested event is not accessible');
  if (!isUnlocked(ctx, row, password, context)) {
    throw new OperationError(
      'forbidden',
      'event-password-protected',
      'The requested event is not accessible without a password',
    );
  }
}

/** Permission for update/delete: the post's own rule when it exists, else the create right (then 404). */
export function assertMayEdit(ctx: OperationContext, row: PostRow | undefined): void {
  // WordPress judges a trashed post by the status it had before (_wp_trash_meta_status): without
  // this a contributor who trashed their own draft got 403 on restoring it, on deleting it for
  // good, and on a second DELETE (instead of 410).
  const judged =
    row?.status === 'trash' && row.trashed_status ? Object.assign({}, row, { status: row.trashed_status }) : row;
  const allowed = judged && judged.type === 'event' ? can.editPost(ctx.actor, judged) : can.createPosts(ctx.actor);
  if (!allowed) throw forbidden(ctx.actor !== null);
}

/**
 * To the trash (a second time is `gone`), or with `force` gone for good; term counts follow. An
 * occurrence of a series removed on its own has its date excluded from the series.
 */
export function trashOrDeleteEvent(
  ctx: OperationContext,
  row: PostRow,
  force: boolean,
  /** The series operations remove occurrences as the rule says: no date is excluded. */
  options: { asSeries?: boolean } = {},
): void {
  const before = termCountSnapshot(ctx, row.id, row);
  if (force) {
    ctx.store.posts.unlinkEverywhere(ctx.site.id, row.id);
    ctx.store.posts.remove(ctx.site.id, row.id);
  } else {
    if (row.status === 'trash') throw new OperationError('gone', 'event-is-in-trash', 'The event is already trashed');
    ctx.store.posts.update(ctx.site.id, row.id, {
      status: 'trash',
      trashed_status: row.status,
      trashed_utc: utcWall(nowUtc()),
      slug: trashedSlug(ctx, row),
    });
  }
  syncTermCounts(ctx, before, termCountSnapshot(ctx, row.id));
  if (row.series_id !== null && !options.asSeries) occurrenceRemoved(ctx, row);
}
