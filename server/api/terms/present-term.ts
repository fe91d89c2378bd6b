// A term as the reference shows it (term-json.ts), with its archive path, count and variant;
// single answers add WordPress's `_links` (links.ts).
import type { RequestContext } from '../../http/context.ts';
import type { TermRow } from '../../db/repositories/terms.ts';
import { presentTerm } from './term-json.ts';
import { overlayTerms, servedLanguage } from '../../operations/translations.ts';
import { termLinks } from './links.ts';
import type { TaxonomyConfig } from '../../operations/terms/taxonomies.ts';

/** A category's archive page path nests its ancestors' slugs, as WordPress permalinks do. */
function archivePath(ctx: RequestContext, term: TermRow): string {
  if (term.taxonomy === 'tag') return `/tag/${term.slug}/`;
  const slugs = [term.slug];
  let parent = term.parent;
  for (let depth = 0; parent !== 0 && depth < 20; depth++) {
    const up = ctx.store.terms.get(ctx.site.id, parent);
    if (!up) break;
    slugs.unshift(up.slug);
    parent = up.parent;
  }
  return `/events/category/${slugs.join('/')}/`;
}

export function present(ctx: RequestContext, term: TermRow, translation?: string, count?: number) {
  const n = count ?? ctx.store.terms.counts(ctx.site.id, [term.id]).get(term.id) ?? 0;
  const { terms, translated } = overlayTerms(ctx, [term], translation);
  return presentTerm(ctx, terms[0]!, n, archivePath(ctx, term), servedLanguage(ctx, translation, translated, term.id));
}

/** A single term's answer (create, read, update, delete): the term and WordPress's `_links`. */
export function presentSingle(ctx: RequestContext, r: TaxonomyConfig, term: TermRow, translation?: string) {
  return Object.assign(present(ctx, term, translation), { _links: termLinks(ctx, term, r.mayManage(ctx.actor)) });
}
