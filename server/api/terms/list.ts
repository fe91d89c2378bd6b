// GET /categories and /tags: the reference's list (filters, order, envelope, X-TEC-Total).
import type { HandlerInput, ApiResult } from '../../http/route.ts';
import type { ParamErrors } from '../../operations/errors.ts';
import type { TermListFilter, TermOrderBy } from '../../db/repositories/term-list.ts';
import { termName } from '../../domain/html.ts';
import { MAX_PER_PAGE } from '../../../contract/constants.ts';
import { restUrl } from '../shared/urls.ts';
import { ORDER_BY } from '../../../contract/terms.ts';
import { present } from './present-term.ts';
import type { TaxonomyConfig } from '../../operations/terms/taxonomies.ts';

const translationOf = (a: Record<string, unknown>) => a.translation_language as string | undefined;

export function validateTermList(
  r: TaxonomyConfig,
  { ctx, args: a }: HandlerInput<Record<string, unknown>>,
  errors: ParamErrors,
): TermListFilter & { page: number } {
  const perPageValue = Math.min((a.per_page as number | undefined) ?? ctx.site.perPage, MAX_PER_PAGE);
  const pageNumber = (a.page as number | undefined) ?? 1;
  for (const name of ['include', 'exclude'] as const) {
    for (const id of (a[name] as number[] | undefined) ?? []) {
      if (ctx.store.terms.get(ctx.site.id, id)?.taxonomy !== r.taxonomy)
        errors.add(name, `${name}: ${id} is not an existing ${r.noun}.`);
    }
  }
  if (
    typeof a.parent === 'number' &&
    a.parent !== 0 &&
    ctx.store.terms.get(ctx.site.id, a.parent)?.taxonomy !== r.taxonomy
  )
    errors.add('parent', 'parent is not an existing category.');
  const postParam = a.event !== undefined ? 'event' : 'post';
  const postIdValue = (a.event ?? a.post) as number | undefined;
  if (postIdValue !== undefined && ctx.store.posts.get(ctx.site.id, postIdValue)?.type !== 'event')
    errors.add(postParam, `${postParam} is not a valid event ID.`);
  // The reference sorts descending for any order value other than "asc".
  const descending = a.order !== undefined && String(a.order).toLowerCase() !== 'asc';
  return {
    siteId: ctx.site.id,
    taxonomy: r.taxonomy,
    // Names are stored escaped (termName): "Sports & Games" finds "Sports &amp; Games".
    search: a.search === undefined ? undefined : termName(a.search as string) || (a.search as string),
    searchLanguage: translationOf(a),
    include: a.include as number[] | undefined,
    exclude: a.exclude as number[] | undefined,
    parent: a.parent as number | undefined,
    postId: postIdValue,
    slug: a.slug as string | undefined,
    hideEmpty: (a.hide_empty as boolean | undefined) ?? true,
    orderBy: (ORDER_BY as readonly string[]).includes(String(a.orderby)) ? (a.orderby as TermOrderBy) : 'name',
    descending,
    limit: perPageValue,
    offset: (pageNumber - 1) * perPageValue,
    page: pageNumber,
  };
}

export function listTerms(
  r: TaxonomyConfig,
  { ctx, args: a, prepared }: HandlerInput<Record<string, unknown>>,
): ApiResult {
  const filter = prepared as TermListFilter & { page: number };
  const { rows, total } = ctx.store.termList.page(filter);
  const totalPages = total === 0 ? 0 : Math.ceil(total / filter.limit);
  const base = `${restUrl(ctx, r.collection)}/`;
  const body: Record<string, unknown> = {
    rest_url: base,
    total,
    total_pages: totalPages,
    [r.collection]: rows.map(({ count, ...term }) => present(ctx, term, translationOf(a), count)),
  };
  if (filter.page < totalPages) body.next_rest_url = `${base}?page=${filter.page + 1}`;
  if (filter.page > 1) body.previous_rest_url = filter.page - 1 === 1 ? base : `${base}?page=${filter.page - 1}`;
  return { body, headers: { 'X-TEC-Total': total, 'X-TEC-TotalPages': totalPages } };
}
