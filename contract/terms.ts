// The term routes' arguments (one source of truth: they validate, type the handlers and document
// the routes in the index and /doc).
import { Type, type TObject } from '@sinclair/typebox';
import { idList, page, pathId, perPage, postId, text, translationLanguage } from './args.ts';

interface TermShape {
  collection: 'categories' | 'tags';
  noun: string;
  hierarchical: boolean;
}

const O = Type.Optional;

export const ORDER_BY = ['id', 'include', 'name', 'slug', 'term_group', 'description', 'count'] as const;

function termArgs(r: TermShape) {
  const parent = {
    parent: O(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'The parent category ID (0: a top-level category).',
      }),
    ),
  };
  const fields = {
    name: text(`The ${r.noun} name.`, { min: 1, max: 200 }),
    description: O(text(`The ${r.noun} description.`, { max: 10000 })),
    slug: O(text(`The ${r.noun} slug; made unique when taken.`, { min: 1, max: 200 })),
    ...(r.hierarchical ? parent : {}),
  };
  return {
    list: Type.Object({
      page: O(page),
      per_page: O(perPage(r.collection)),
      search: O(text('Terms whose name or slug contains this text.', { min: 1, max: 200 })),
      exclude: O(idList('Leave out these term IDs.')),
      include: O(idList('Only these term IDs.')),
      order: O(text('Sort direction: asc or desc.', { min: 1, max: 10 })),
      // Any value: one the reference does not know sorts by name, as WordPress falls back (issue 21).
      orderby: O(text('The term attribute to sort by (default: name).', { min: 1, max: 50 })),
      hide_empty: O(Type.Boolean({ default: true, description: 'Hide terms that no published event uses.' })),
      ...(r.hierarchical
        ? {
            parent: O(
              Type.Integer({
                minimum: 0,
                maximum: Number.MAX_SAFE_INTEGER,
                description: 'Only terms with this parent (0: top-level terms).',
              }),
            ),
          }
        : {}),
      post: O(postId('Only terms assigned to this event.')),
      event: O(postId('Alias of post; wins when both are given.')),
      slug: O(text('Only the term with this slug.', { min: 1, max: 200 })),
      translation_language: O(translationLanguage),
    }),
    create: Type.Object({ ...fields, translation_language: O(translationLanguage) }),
    update: Type.Object({
      id: pathId(`The ${r.noun} ID.`),
      ...fields,
      name: O(fields.name),
      translation_language: O(translationLanguage),
    }),
    read: Type.Object({ id: pathId(`The ${r.noun} ID.`), translation_language: O(translationLanguage) }),
    remove: Type.Object({
      id: pathId(`The ${r.noun} ID.`),
      force: O(Type.Boolean({ description: 'Ignored: terms are always deleted permanently.' })),
      translation_language: O(translationLanguage),
    }),
  } satisfies Record<string, TObject>;
}

export const CategoryArgs = termArgs({ collection: 'categories', noun: 'category', hierarchical: true });
export const TagArgs = termArgs({ collection: 'tags', noun: 'tag', hierarchical: false });
