// Finding the venue or organizer a caller names (by id or by slug), whether they may read or
// change it, and trashing or deleting it.
import type { OperationContext } from '../context.ts';
import { forbidden, invalidParam, OperationError } from '../errors.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import { can } from '../../domain/roles.ts';
import { postBySlug } from '../posts/slug-lookup.ts';
import { nowUtc, trashedSlug } from '../posts/writes.ts';
import { utcWall } from '../../domain/dates.ts';
import type { LinkedType } from './writes.ts';

/** What a by-id or by-slug call names. */
export type PostTarget = { id?: number; slug?: string };

/** The stored post the target names, of whatever type (undefined: none). */
export function lookupLinked(ctx: OperationContext, type: LinkedType, target: PostTarget): PostRow | undefined {
  if (target.id === undefined && target.slug !== undefined) return postBySlug(ctx, type, target.slug);
  return target.id ? ctx.store.posts.get(ctx.site.id, target.id) : undefined;
}

/** The item itself; unknown ones are 400 on the param (as the reference). */
export function requireLinked(type: LinkedType, target: PostTarget, row: PostRow | undefined): PostRow {
  if (target.id === undefined && target.slug !== undefined) {
    if (!row) throw invalidParam('slug', `No ${type} has this slug.`);
    return row;
  }
  if (!row || row.type !== type) throw invalidParam('id', `Invalid ${type} ID.`);
  return row;
}

/** Looked up now (in the caller's transaction). */
export const findLinked = (ctx: OperationContext, type: LinkedType, target: PostTarget): PostRow =>
  requireLinked(type, target, lookupLinked(ctx, type, target));

export function assertLinkedReadable(ctx: OperationContext, row: PostRow & { type: string }): void {
  if (!can.readPost(ctx.actor, row))
    throw new OperationError('forbidden', `${row.type}-not-accessible`, `The requested ${row.type} is not accessible`);
}

/** Create (no `current`) or change `current`: rest_forbidden unless the caller's role allows it. */
export function authorizeLinkedWrite(ctx: OperationContext, current: PostRow | undefined): void {
  const allowed = current ? can.editPost(ctx.actor, current) : can.createPosts(ctx.actor);
  if (!allowed) throw forbidden(ctx.actor !== null);
}

/**
 * To the trash, or with `force` gone for good. Either way it is unlinked from its events first (as
 * the reference); a second trash is `gone`.
 */
export function trashOrDeleteLinked(ctx: OperationContext, row: PostRow, force: boolean): void {
  if (!force && row.status === 'trash')
    throw new OperationError('gone', `${row.type}-is-in-trash`, `The ${row.type} is already trashed`);
  ctx.store.posts.unlinkEverywhere(ctx.site.id, row.id);
  if (force) ctx.store.posts.remove(ctx.site.id, row.id);
  else
    ctx.store.posts.update(ctx.site.id, row.id, {
      status: 'trash',
      trashed_status: row.status,
      trashed_utc: utcWall(nowUtc()),
      slug: trashedSlug(ctx, row),
    });
}
