// by-slug routes: the exact slug first, then the slug as WordPress would sanitize it
// (`/events/by-slug/Basic-Event` finds `basic-event`, as the reference's get_page_by_path does).
import type { OperationContext } from '../context.ts';
import type { PostRow, PostType } from '../../db/repositories/posts.ts';
import { sanitizeSlug } from '../../domain/slug.ts';

export function postBySlug(ctx: OperationContext, type: PostType, slug: string): PostRow | undefined {
  const exact = ctx.store.posts.bySlug(ctx.site.id, type, slug);
  if (exact) return exact;
  const clean = sanitizeSlug(slug);
  return clean !== '' && clean !== slug ? ctx.store.posts.bySlug(ctx.site.id, type, clean) : undefined;
}
