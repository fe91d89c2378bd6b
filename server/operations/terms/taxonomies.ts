// Categories and tags are one engine (list, create, read, update, delete, translations) with two
// settings each: the taxonomy, its collection name, whether it nests, and who may manage it
// (authors for categories, editors for tags, as the reference).
import type { Taxonomy } from '../../db/repositories/terms.ts';
import { can, type Actor } from '../../domain/roles.ts';

export interface TaxonomyConfig {
  taxonomy: Taxonomy;
  collection: 'categories' | 'tags';
  noun: string;
  hierarchical: boolean;
  mayManage: (actor: Actor | null) => boolean;
}

export const TAXONOMIES: Record<Taxonomy, TaxonomyConfig> = {
  category: {
    taxonomy: 'category',
    collection: 'categories',
    noun: 'category',
    hierarchical: true,
    mayManage: can.manageCategories,
  },
  tag: { taxonomy: 'tag', collection: 'tags', noun: 'tag', hierarchical: false, mayManage: can.manageTags },
};
