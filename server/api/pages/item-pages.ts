// The `url` of an event, venue or organizer is its page on the site (contract §3): a small,
// readable HTML page, so links in responses lead somewhere. Everything is escaped.
import { postBySlug } from '../../operations/posts/slug-lookup.ts';
import type { FastifyInstance } from 'fastify';
import type { PostType } from '../../db/repositories/posts.ts';
import { can } from '../../domain/roles.ts';
import { autop, escapeHtml, filterHtml } from '../../domain/html.ts';
import { ApiError } from '../../http/errors.ts';

const KINDS: PostType[] = ['event', 'venue', 'organizer'];

export function registerPermalinkPages(app: FastifyInstance, prefix: string): void {
  for (const kind of KINDS) {
    app.get(`${prefix}/${kind}/:slug`, async (request, reply) => {
      const { ctx } = request;
      const { slug } = request.params as { slug: string };
      const row = postBySlug(ctx, kind, slug);
      if (!row || row.status === 'trash' || !can.readPost(ctx.actor, row) || row.password !== '') {
        throw new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
      }
      const when =
        kind === 'event' ? `<p>${escapeHtml(`${row.start_local} – ${row.end_local} (${row.timezone})`)}</p>` : '';
      // The description is HTML: shown as HTML, through the strictest filter (what a contributor
      // may store), whoever wrote it; the page's CSP allows no script anyway.
      const body = row.password === '' ? filterHtml(null, autop(row.content), 'content') : '';
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="${escapeHtml(ctx.site.language)}"><head><meta charset="utf-8"><title>${escapeHtml(row.title)}</title></head><body><h1>${escapeHtml(row.title)}</h1>${when}${body}</body></html>`;
    });
  }
}
