// Translated content (contract §1). A write with translation_language=L (L not the site's own
// language) stores the translatable fields it carries as the L variant; a create with L also uses
// them as the base text. A read with L serves each item's L variant where one exists and the base
// text otherwise, and says which it served in `translation_language`.
import type { OperationContext } from './context.ts';
import type { PostRow } from '../db/repositories/posts.ts';
import type { TermRow } from '../db/repositories/terms.ts';
import type { TranslationKind } from '../db/repositories/translations.ts';
import { TRANSLATABLE_FIELDS } from '../../contract/constants.ts';

/** The column of a post's translatable API field (the name fields and description are renamed). */
const POST_COLUMN: Record<string, string> = { venue: 'title', organizer: 'title', description: 'content' };
const postColumns = (fields: readonly string[]) => fields.map((field) => POST_COLUMN[field] ?? field);

/** Translatable columns by post type, from the contract's translatable fields. */
export const TRANSLATABLE_POST_COLUMNS: Record<string, readonly string[]> = {
  event: postColumns(TRANSLATABLE_FIELDS.event),
  venue: postColumns(TRANSLATABLE_FIELDS.venue),
  organizer: postColumns(TRANSLATABLE_FIELDS.organizer),
  image: [],
};
/** Term columns carry the API's names. */
export const TRANSLATABLE_TERM_COLUMNS = TRANSLATABLE_FIELDS.term;

/** The language a write's translatable fields go to, or undefined when they go to the base record. */
export function variantLanguage(ctx: OperationContext, language: string | undefined): string | undefined {
  return language !== undefined && language !== ctx.site.language ? language : undefined;
}

/**
 * Moves the translatable values out of `columns` into a variant. On create they stay in the base
 * too (a first write in a language is also the base text).
 */
export function splitVariant(
  columns: Record<string, unknown>,
  translatable: readonly string[],
  keepInBase: boolean,
): Record<string, string> {
  const variant: Record<string, string> = {};
  for (const column of translatable) {
    if (typeof columns[column] !== 'string') continue;
    variant[column] = columns[column] as string;
    if (!keepInBase) delete columns[column];
  }
  return variant;
}

export function saveVariant(
  ctx: OperationContext,
  kind: TranslationKind,
  id: number,
  language: string | undefined,
  variant: Record<string, string>,
): void {
  if (language && Object.keys(variant).length > 0)
    ctx.store.translations.save(ctx.site.id, kind, id, language, variant);
}

/** Items with their L variant laid over the base text, and the ids that had one. */
function overlay<T extends { id: number }>(
  ctx: OperationContext,
  kind: TranslationKind,
  items: T[],
  language: string | undefined,
): { items: T[]; translated: Set<number> } {
  const translated = new Set<number>();
  if (!language) return { items, translated };
  const variants = ctx.store.translations.load(
    ctx.site.id,
    kind,
    items.map((item) => item.id),
    language,
  );
  return {
    items: items.map((item) => {
      const variant = variants.get(item.id);
      if (!variant) return item;
      translated.add(item.id);
      return Object.assign({}, item, variant);
    }),
    translated,
  };
}

export function overlayPosts(ctx: OperationContext, rows: PostRow[], language: string | undefined) {
  const { items, translated } = overlay(ctx, 'post', rows, language);
  return { rows: items, translated };
}

export function overlayTerms(ctx: OperationContext, terms: TermRow[], language: string | undefined) {
  const { items, translated } = overlay(ctx, 'term', terms, language);
  return { terms: items, translated };
}

/** The value of an item's `translation_language`: the variant served, else the site's own language. */
export function servedLanguage(
  ctx: OperationContext,
  language: string | undefined,
  translated: Set<number>,
  id: number,
) {
  if (!language) return undefined;
  return translated.has(id) ? language : ctx.site.language;
}
