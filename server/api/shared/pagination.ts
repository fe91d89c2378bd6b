// Collection envelopes of events, venues and organizers: rest_url, next/previous rules,
// X-TEC-Total headers, 404 for an empty page past the first (tec-reference §2).
import type { RequestContext } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { ApiResult } from '../../http/route.ts';
import { MAX_PER_PAGE } from '../../../contract/constants.ts';
import { collectionUrl } from './urls.ts';

export function pageSize(ctx: RequestContext, perPage: number | undefined): number {
  return Math.min(perPage ?? ctx.site.perPage, MAX_PER_PAGE);
}

interface PostCollection {
  key: 'events' | 'venues' | 'organizers';
  singular: 'event' | 'venue' | 'organizer';
  items: unknown[];
  total: number;
  page: number;
  perPage: number;
  /** The effective query, without page and per_page, in rest_url order. */
  query: [string, string | number][];
}

export function postCollectionResult(ctx: RequestContext, c: PostCollection): ApiResult {
  const totalPages = c.total === 0 ? 0 : Math.ceil(c.total / c.perPage);
  if (c.page > 1 && c.items.length === 0) {
    throw new ApiError(
      404,
      `${c.singular}-archive-page-not-found`,
      `The requested ${c.singular} archive page does not exist`,
    );
  }
  const base: [string, string | number][] = [['per_page', c.perPage], ...c.query];
  const body: Record<string, unknown> = {
    [c.key]: c.items,
    rest_url: collectionUrl(ctx, c.key, [['page', c.page], ...base]),
  };
  if (c.page < totalPages) body.next_rest_url = collectionUrl(ctx, c.key, [...base, ['page', c.page + 1]]);
  if (c.page > 1 && c.page - 1 <= totalPages) {
    body.previous_rest_url = collectionUrl(ctx, c.key, c.page - 1 === 1 ? base : [...base, ['page', c.page - 1]]);
  }
  body.total = c.total;
  body.total_pages = totalPages;
  return { body, headers: { 'X-TEC-Total': c.total, 'X-TEC-TotalPages': totalPages } };
}
