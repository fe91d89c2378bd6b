// WordPress's own blog posts, `/wp/v2/posts`: only what a calendar partner may ask of them — which posts
// carry a site-wide tag (`tags=`), by status, with `X-WP-Total`. Statuses other than `publish` need the
// right to edit posts (sanitize_post_statuses: a 400), as on core's other post routes.
import { can } from './auth.ts';
import { forbiddenStatus } from './core-posts.ts';
import { listParam, ok, WpError, type Router } from './http.ts';
import type { SiteStore } from './store.ts';

export function registerBlogPosts(router: Router, store: SiteStore): void {
  router.add('/wp/v2/posts', ['GET'], ({ params, caller }) => {
    const statuses = params.status === undefined ? ['publish'] : listParam(params.status);
    if (statuses.some((status) => status !== 'publish') && !can(caller.user, 'edit_posts')) throw forbiddenStatus();
    const perPage = params.per_page === undefined ? 10 : Number(params.per_page);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
      throw new WpError(400, 'rest_invalid_param', 'Invalid parameter(s): per_page', {
        params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive).' },
      });
    const page = params.page === undefined ? 1 : Number(params.page);
    const tags = listParam(params.tags).map(Number);
    const all = statuses.includes('any') ? ['publish', 'future', 'draft', 'pending', 'private'] : statuses;
    const posts = [...store.blogPosts.values()].filter(
      (post) => all.includes(post.status) && (tags.length === 0 || post.tagIds.some((id) => tags.includes(id))),
    );
    const body = posts
      .slice((page - 1) * perPage, page * perPage)
      .map((post) => ({ id: post.id, status: post.status, title: { rendered: post.title }, tags: post.tagIds }));
    return ok(body, 200, {
      'X-WP-Total': String(posts.length),
      'X-WP-TotalPages': String(Math.ceil(posts.length / perPage)),
    });
  });
}
