// Terms as WordPress keeps them: names stored escaped, slugs from sanitize_title() made unique, no
// timestamps, permanent deletes. TEC resolves an event's `categories`/`tags` by ID (unknown IDs skipped),
// then slug, then name, creating what it does not find.
import type { RawTerm, SiteStore } from './store.ts';
import { sanitizeTermName, sanitizeTitle } from './text.ts';

export function findTerm(store: SiteStore, taxonomy: RawTerm['taxonomy'], ref: string): RawTerm | undefined {
  if (/^\d+$/.test(ref)) {
    const term = store.terms.get(Number(ref));
    return term?.taxonomy === taxonomy ? term : undefined;
  }
  const name = sanitizeTermName(ref);
  const terms = store.termsOf(taxonomy);
  return terms.find((t) => t.slug === ref) ?? terms.find((t) => t.name.toLowerCase() === name.toLowerCase());
}

export function createTerm(
  store: SiteStore,
  taxonomy: RawTerm['taxonomy'],
  fields: { name: string; slug?: string; description?: string; parent?: number },
): RawTerm {
  const name = sanitizeTermName(fields.name);
  const id = store.newTermId();
  const term: RawTerm = {
    id,
    taxonomy,
    name,
    slug: store.uniqueTermSlug(sanitizeTitle(fields.slug || name) || String(id), taxonomy, id),
    description: fields.description ?? '',
    parent: taxonomy === 'tribe_events_cat' ? (fields.parent ?? 0) : 0,
  };
  store.terms.set(id, term);
  return term;
}

/** Tribe__Terms::translate_terms_to_ids(): IDs kept when they exist, names and slugs found or created. */
export function termIdsFor(store: SiteStore, taxonomy: RawTerm['taxonomy'], refs: string[]): number[] {
  const ids: number[] = [];
  for (const ref of refs) {
    const found = findTerm(store, taxonomy, ref);
    if (found) ids.push(found.id);
    else if (!/^\d+$/.test(ref)) ids.push(createTerm(store, taxonomy, { name: ref }).id);
  }
  return [...new Set(ids)];
}

/** A term name already used by another term (with the same parent, for categories): WordPress's `term_exists`. */
export function duplicateTerm(
  store: SiteStore,
  taxonomy: RawTerm['taxonomy'],
  name: string,
  parent: number,
  exceptId = 0,
): RawTerm | undefined {
  const stored = sanitizeTermName(name).toLowerCase();
  return store
    .termsOf(taxonomy)
    .find(
      (t) => t.id !== exceptId && t.name.toLowerCase() === stored && (taxonomy === 'post_tag' || t.parent === parent),
    );
}
