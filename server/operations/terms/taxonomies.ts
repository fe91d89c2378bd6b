// The term engine's configuration: categories and tags are one engine (list, create, read, update,
// delete, translations) with two settings each — the taxonomy, its collection name, whether it
// nests, and who may manage it (authors for categories, editors for tags, as the reference).
import type { Taxonomy } from '../../db/repositories/terms.ts';
import { can, type Actor } from '../../domain/roles.ts';
import { CategoryArgs, TagArgs, type TermArgs } from '../../../contract/terms.ts';

export interface TermResource {
  taxonomy: Taxonomy;
  collection: 'categories' | 'tags';
  noun: string;
  hierarchical: boolean;
  mayManage: (actor: Actor | null) => boolean;
  /** The routes' arguments (contract/terms.ts). */
  args: TermArgs;
}

export const TERM_RESOURCES: Record<Taxonomy, TermResource> = {
  category: {
    taxonomy: 'category',
    collection: 'categories',
    noun: 'category',
    hierarchical: true,
    mayManage: can.manageCategories,
    args: CategoryArgs,
  },
  tag: {
    taxonomy: 'tag',
    collection: 'tags',
    noun: 'tag',
    hierarchical: false,
    mayManage: can.manageTags,
    args: TagArgs,
  },
};

/** The variant a request asks for (`translation_language`), if any. */
export const translationOf = (a: Record<string, unknown>) => a.translation_language as string | undefined;
