// The venue or organizer a request names, read once for its checks, and presented as the reference does.
import type { RequestContext } from '../../http/context.ts';
import { memoized, type HandlerInput } from '../../http/route.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import { lookupLinked, type PostTarget } from '../../operations/linked/access.ts';
import { overlayPosts, servedLanguage } from '../../operations/translations.ts';
import type { LinkedResource } from './resource.ts';

/** Read once for the checks before the handler: validation, permission, If-Match. */
export const storedTarget = (input: HandlerInput<Record<string, unknown>>, resource: LinkedResource) =>
  memoized(input, 'target', () => lookupLinked(input.ctx, resource.type, input.args as PostTarget));

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
