// Creating, updating and deleting categories and tags: WordPress's rules (a name unique under its
// parent, slugs made unique, a category never under itself, children moved up on delete), and
// variants through translation_language. `prepareTermWrite` runs in the validation phase
// (collecting every bad parameter); the others in the caller's write transaction.
import type { OperationContext } from '../context.ts';
import { forbidden, invalidParam, OperationError, said, type ParamErrors } from '../errors.ts';
import type { TermRow } from '../../db/repositories/terms.ts';
import { sanitizeSlug, uniqueSlug } from '../../domain/slug.ts';
import { filterHtml, termName } from '../../domain/html.ts';
import { saveVariant, splitVariant, TRANSLATABLE_TERM_COLUMNS, variantLanguage } from '../translations.ts';
import type { TaxonomyConfig } from './taxonomies.ts';

export interface PreparedTermWrite {
  name?: string;
  slug?: string;
  description?: string;
  parent?: number;
}

export function prepareTermWrite(
  ctx: OperationContext,
  r: TaxonomyConfig,
  args: Record<string, unknown>,
  errors: ParamErrors,
): PreparedTermWrite {
  const prepared: PreparedTermWrite = {};
  if (typeof args.name === 'string') {
    const name = termName(args.name);
    if (name === '') errors.add('name', said('empty', 'name must not be empty.'));
    else prepared.name = name;
  }
  if (typeof args.slug === 'string') {
    const slug = sanitizeSlug(args.slug);
    if (slug === '') errors.add('slug', said('slug_letters', 'slug must contain letters or digits.'));
    else prepared.slug = slug;
  }
  if (typeof args.description === 'string') prepared.description = filterHtml(ctx.actor, args.description, 'content');
  if (typeof args.parent === 'number') {
    const parent = args.parent === 0 ? undefined : ctx.store.terms.get(ctx.site.id, args.parent);
    if (args.parent !== 0 && (!parent || parent.taxonomy !== r.taxonomy))
      errors.add('parent', said('not_found', 'parent is not an existing category.'));
    else prepared.parent = args.parent;
  }
  return prepared;
}

const uniqueTermSlug = (r: TaxonomyConfig, ctx: OperationContext, base: string, selfId = 0) =>
  uniqueSlug(base || r.noun, (s) => {
    const other = ctx.store.terms.bySlug(ctx.site.id, r.taxonomy, s);
    return other !== undefined && other.id !== selfId;
  });

const termExists = (r: TaxonomyConfig, existing: TermRow) =>
  new OperationError(
    'invalid',
    'term_exists',
    r.hierarchical
      ? 'A term with the name provided already exists with this parent.'
      : 'A term with the name provided already exists in this taxonomy.',
    { term_id: existing.id },
    // WordPress's terms controller adds the term id to an error that already carried it: the
    // first copy moves to additional_data (WP_Error::add_data), which clients read.
    { additional_data: [existing.id] },
  );

/** Throws rest_forbidden (401/403) unless the caller may manage terms of this taxonomy. */
export function authorizeTermWrite(ctx: OperationContext, r: TaxonomyConfig): void {
  if (!r.mayManage(ctx.actor)) throw forbidden(ctx.actor !== null);
}

/** Stores a new term; `language`: the translation_language the values are written in. */
export function createTerm(
  ctx: OperationContext,
  r: TaxonomyConfig,
  p: PreparedTermWrite,
  language: string | undefined,
): TermRow {
  const parent = p.parent ?? 0;
  const existing = ctx.store.terms.sameName(ctx.site.id, r.taxonomy, p.name!, parent);
  if (existing) throw termExists(r, existing);
  const row: TermRow = {
    site_id: ctx.site.id,
    id: ctx.store.sites.nextTermId(ctx.site.id),
    taxonomy: r.taxonomy,
    name: p.name!,
    slug: uniqueTermSlug(r, ctx, p.slug ?? sanitizeSlug(p.name!)),
    description: p.description ?? '',
    parent,
  };
  ctx.store.terms.insert(row);
  // A create in a language is also the base text; the variant is stored as well.
  const variant = variantLanguage(ctx, language);
  if (variant) saveVariant(ctx, 'term', row.id, variant, splitVariant({ ...row }, TRANSLATABLE_TERM_COLUMNS, true));
  return row;
}

/** Applies a partial update to `current` and returns the term as stored. */
export function updateTerm(
  ctx: OperationContext,
  r: TaxonomyConfig,
  current: TermRow,
  p: PreparedTermWrite,
  language: string | undefined,
): TermRow {
  // With translation_language, name and description go to that language's variant only.
  const variant = variantLanguage(ctx, language);
  const texts: Record<string, unknown> = {};
  if (p.name) texts.name = p.name;
  if (p.description !== undefined) texts.description = p.description;
  if (variant) saveVariant(ctx, 'term', current.id, variant, splitVariant(texts, TRANSLATABLE_TERM_COLUMNS, false));
  const next: TermRow = Object.assign({}, current, texts as Partial<TermRow>);
  if (p.parent !== undefined) {
    // A category cannot become its own ancestor.
    const descendants = ctx.store.terms.withDescendants(ctx.site.id, r.taxonomy, [current.id]);
    if (descendants.includes(p.parent))
      throw invalidParam('parent', said('parent_cycle', 'A category cannot be moved under itself or its descendants.'));
    next.parent = p.parent;
  }
  if (p.slug !== undefined && p.slug !== current.slug) {
    const other = ctx.store.terms.bySlug(ctx.site.id, r.taxonomy, p.slug);
    if (other && other.id !== current.id) {
      throw new OperationError(
        'invalid',
        'duplicate_term_slug',
        `The slug "${p.slug}" is already in use by another term.`,
      );
    }
    next.slug = p.slug;
  }
  const clash = ctx.store.terms.sameName(ctx.site.id, r.taxonomy, next.name, next.parent, current.id);
  if (clash) throw termExists(r, clash);
  ctx.store.terms.update(next);
  return next;
}

/** Deletes a term for good (terms have no trash); its children move up to its parent. */
export function deleteTerm(ctx: OperationContext, r: TaxonomyConfig, term: TermRow): void {
  ctx.store.terms.reparentChildren(ctx.site.id, r.taxonomy, term.id, term.parent);
  ctx.store.terms.remove(ctx.site.id, term.id);
}
