// Finding the venue or organizer a request names, and presenting it as the reference does.
import { postBySlug } from '../shared/slug-lookup.ts';
import type { RequestContext } from '../../http/context.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import { memoized, type HandlerInput } from '../../http/route.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import { can } from '../../domain/roles.ts';
import { overlayPosts, servedLanguage } from '../shared/translations.ts';
import type { LinkedResource } from './resource.ts';

/** What a by-id or by-slug request names. */
export type Target = { id?: number; slug?: string };

/** The stored post a by-id/by-slug request names, of whatever type (undefined: none). */
export function lookupLinked(ctx: RequestContext, resource: LinkedResource, args: Target): PostRow | undefined {
  if (args.id === undefined && args.slug !== undefined) return postBySlug(ctx, resource.type, args.slug);
  return args.id ? ctx.store.posts.get(ctx.site.id, args.id) : undefined;
}

/** The item itself; unknown ones are 400 on the param (as the reference). */
export function requireLinked(resource: LinkedResource, args: Target, row: PostRow | undefined): PostRow {
  if (args.id === undefined && args.slug !== undefined) {
    if (!row) throw invalidParam('slug', `No ${resource.type} has this slug.`);
    return row;
  }
  if (!row || row.type !== resource.type) throw invalidParam('id', `Invalid ${resource.type} ID.`);
  return row;
}

/** Read now (in a handler's transaction). */
export const findLinked = (ctx: RequestContext, resource: LinkedResource, args: Target): PostRow =>
  requireLinked(resource, args, lookupLinked(ctx, resource, args));

/** Read once for the checks before the handler: validation, permission, If-Match. */
export const storedTarget = (input: HandlerInput<Record<string, unknown>>, resource: LinkedResource) =>
  memoized(input, 'target', () => lookupLinked(input.ctx, resource, input.args as Target));

export function present(
  ctx: RequestContext,
  resource: LinkedResource,
  row: PostRow,
  single: boolean,
  translation?: string,
) {
  const images = row.image_id ? ctx.store.posts.getMany(ctx.site.id, [row.image_id]) : undefined;
  const { rows, translated } = overlayPosts(ctx, [row], translation);
  return resource.present(ctx, rows[0]!, {
    single,
    images,
    translation: servedLanguage(ctx, translation, translated, row.id),
    locked: row.password !== '',
  });
}

export function assertReadable(ctx: RequestContext, resource: LinkedResource, row: PostRow): void {
  if (!can.readPost(ctx.actor, row)) {
    throw new ApiError(403, `${resource.type}-not-accessible`, `The requested ${resource.type} is not accessible`);
  }
}
