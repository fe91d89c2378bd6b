// Categories and tags (spec §4.5–4.6): one term engine, two configurations. Categories are
// hierarchical and managed by authors and up; tags are flat and managed by editors and up.
import { Type, type TObject } from '@sinclair/typebox';
import type { RequestContext } from '../../http/context.ts';
import { ApiError, forbidden, invalidParam, type ParamErrors } from '../../http/errors.ts';
import { EDITABLE, endpoint, type HandlerInput, type RouteSpec } from '../../http/route.ts';
import type { Taxonomy, TermRow } from '../../db/repositories/terms.ts';
import type { TermListFilter, TermOrderBy } from '../../db/repositories/term-list.ts';
import type { Actor } from '../../domain/roles.ts';
import { can } from '../../domain/roles.ts';
import { sanitizeSlug, uniqueSlug } from '../../domain/slug.ts';
import { filterHtml, termName } from '../../domain/html.ts';
import { MAX_PER_PAGE, idList, page, pathId, perPage, postId, text, translationLanguage } from './args.ts';
import { ErrorBody, Term } from './representations.ts';
import { presentTerm } from './present.ts';
import { termLinks } from './term-links.ts';
import { restUrl } from './urls.ts';
import { termEtag } from './etag.ts';
import {
  overlayTerms,
  saveVariant,
  servedLanguage,
  splitVariant,
  TRANSLATABLE_TERM_COLUMNS,
  variantLanguage,
} from './translations.ts';

const O = Type.Optional;

interface TermResource {
  taxonomy: Taxonomy;
  collection: 'categories' | 'tags';
  noun: string;
  hierarchical: boolean;
  mayManage: (actor: Actor | null) => boolean;
}

const RESOURCES: Record<Taxonomy, TermResource> = {
  category: {
    taxonomy: 'category',
    collection: 'categories',
    noun: 'category',
    hierarchical: true,
    mayManage: can.manageCategories,
  },
  tag: { taxonomy: 'tag', collection: 'tags', noun: 'tag', hierarchical: false, mayManage: can.manageTags },
};

const ORDER_BY = ['id', 'include', 'name', 'slug', 'term_group', 'description', 'count'] as const;

function argsFor(r: TermResource) {
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

function findTerm(ctx: RequestContext, r: TermResource, id: unknown): TermRow {
  const term = typeof id === 'number' && id > 0 ? ctx.store.terms.get(ctx.site.id, id) : undefined;
  if (!term || term.taxonomy !== r.taxonomy) throw invalidParam('id', `Invalid ${r.noun} ID.`);
  return term;
}

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

function present(ctx: RequestContext, term: TermRow, translation?: string, count?: number) {
  const n = count ?? ctx.store.terms.counts(ctx.site.id, [term.id]).get(term.id) ?? 0;
  const { terms, translated } = overlayTerms(ctx, [term], translation);
  return presentTerm(ctx, terms[0]!, n, archivePath(ctx, term), servedLanguage(ctx, translation, translated, term.id));
}

/** A single term's answer (create, read, update, delete): the term and WordPress's `_links`. */
function presentSingle(ctx: RequestContext, r: TermResource, term: TermRow, translation?: string) {
  return { ...present(ctx, term, translation), _links: termLinks(ctx, term, r.mayManage(ctx.actor)) };
}

interface PreparedTermWrite {
  name?: string;
  slug?: string;
  description?: string;
  parent?: number;
}

function prepareWrite(
  ctx: RequestContext,
  r: TermResource,
  args: Record<string, unknown>,
  errors: ParamErrors,
): PreparedTermWrite {
  const prepared: PreparedTermWrite = {};
  if (typeof args.name === 'string') {
    const name = termName(args.name);
    if (name === '') errors.add('name', 'name must not be empty.');
    else prepared.name = name;
  }
  if (typeof args.slug === 'string') {
    const slug = sanitizeSlug(args.slug);
    if (slug === '') errors.add('slug', 'slug must contain letters or digits.');
    else prepared.slug = slug;
  }
  if (typeof args.description === 'string') prepared.description = filterHtml(ctx.actor, args.description, 'content');
  if (typeof args.parent === 'number') {
    const parent = args.parent === 0 ? undefined : ctx.store.terms.get(ctx.site.id, args.parent);
    if (args.parent !== 0 && (!parent || parent.taxonomy !== r.taxonomy))
      errors.add('parent', 'parent is not an existing category.');
    else prepared.parent = args.parent;
  }
  return prepared;
}

export function termRoutes(taxonomy: Taxonomy): RouteSpec[] {
  const r = RESOURCES[taxonomy];
  const args = argsFor(r);
  const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });
  const item = { description: `The ${r.noun}.`, schema: Type.Ref(Term) };
  const translationOf = (a: Record<string, unknown>) => a.translation_language as string | undefined;
  const permit = ({ ctx }: HandlerInput<Record<string, unknown>>) => {
    if (!r.mayManage(ctx.actor)) throw forbidden(ctx.actor !== null);
  };

  const uniqueTermSlug = (ctx: RequestContext, base: string, selfId = 0) =>
    uniqueSlug(base || r.noun, (s) => {
      const other = ctx.store.terms.bySlug(ctx.site.id, taxonomy, s);
      return other !== undefined && other.id !== selfId;
    });

  const termExists = (existing: TermRow) =>
    new ApiError(
      400,
      'term_exists',
      r.hierarchical
        ? 'A term with the name provided already exists with this parent.'
        : 'A term with the name provided already exists in this taxonomy.',
      { term_id: existing.id },
      // WordPress's terms controller adds the term id to an error that already carried it: the
      // first copy moves to additional_data (WP_Error::add_data), which clients read.
      { additional_data: [existing.id] },
    );

  const listValidate = (
    { ctx, args: a }: HandlerInput<Record<string, unknown>>,
    errors: ParamErrors,
  ): TermListFilter & { page: number } => {
    const perPageValue = Math.min((a.per_page as number | undefined) ?? ctx.site.perPage, MAX_PER_PAGE);
    const pageNumber = (a.page as number | undefined) ?? 1;
    for (const name of ['include', 'exclude'] as const) {
      for (const id of (a[name] as number[] | undefined) ?? []) {
        if (ctx.store.terms.get(ctx.site.id, id)?.taxonomy !== taxonomy)
          errors.add(name, `${name}: ${id} is not an existing ${r.noun}.`);
      }
    }
    if (
      typeof a.parent === 'number' &&
      a.parent !== 0 &&
      ctx.store.terms.get(ctx.site.id, a.parent)?.taxonomy !== taxonomy
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
      taxonomy,
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
  };

  const list = ({ ctx, args: a, prepared }: HandlerInput<Record<string, unknown>>) => {
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
  };

  const create = ({ ctx, args: a, prepared }: HandlerInput<Record<string, unknown>>) => {
    const p = prepared as PreparedTermWrite;
    const term = ctx.store.transaction(() => {
      const parent = p.parent ?? 0;
      const existing = ctx.store.terms.sameName(ctx.site.id, taxonomy, p.name!, parent);
      if (existing) throw termExists(existing);
      const row: TermRow = {
        site_id: ctx.site.id,
        id: ctx.store.sites.nextTermId(ctx.site.id),
        taxonomy,
        name: p.name!,
        slug: uniqueTermSlug(ctx, p.slug ?? sanitizeSlug(p.name!)),
        description: p.description ?? '',
        parent,
      };
      ctx.store.terms.insert(row);
      // A create in a language is also the base text; the variant is stored as well.
      const language = variantLanguage(ctx, translationOf(a));
      if (language)
        saveVariant(ctx, 'term', row.id, language, splitVariant({ ...row }, TRANSLATABLE_TERM_COLUMNS, true));
      return row;
    });
    return {
      status: 201,
      body: presentSingle(ctx, r, term, translationOf(a)),
      headers: { Location: restUrl(ctx, r.collection, term.id) },
      etag: termEtag(term),
    };
  };

  const update = ({ ctx, args: a, prepared }: HandlerInput<Record<string, unknown>>) => {
    const p = prepared as PreparedTermWrite;
    const term = ctx.store.transaction(() => {
      const current = findTerm(ctx, r, a.id);
      // With translation_language, name and description go to that language's variant only.
      const language = variantLanguage(ctx, translationOf(a));
      const texts: Record<string, unknown> = {
        ...(p.name ? { name: p.name } : {}),
        ...(p.description !== undefined ? { description: p.description } : {}),
      };
      if (language)
        saveVariant(ctx, 'term', current.id, language, splitVariant(texts, TRANSLATABLE_TERM_COLUMNS, false));
      const next: TermRow = { ...current, ...(texts as Partial<TermRow>) };
      if (p.parent !== undefined) {
        // A category cannot become its own ancestor.
        const descendants = ctx.store.terms.withDescendants(ctx.site.id, taxonomy, [current.id]);
        if (descendants.includes(p.parent))
          throw invalidParam('parent', 'A category cannot be moved under itself or its descendants.');
        next.parent = p.parent;
      }
      if (p.slug !== undefined && p.slug !== current.slug) {
        const other = ctx.store.terms.bySlug(ctx.site.id, taxonomy, p.slug);
        if (other && other.id !== current.id) {
          throw new ApiError(400, 'duplicate_term_slug', `The slug "${p.slug}" is already in use by another term.`);
        }
        next.slug = p.slug;
      }
      const clash = ctx.store.terms.sameName(ctx.site.id, taxonomy, next.name, next.parent, current.id);
      if (clash) throw termExists(clash);
      ctx.store.terms.update(next);
      return next;
    });
    return { body: presentSingle(ctx, r, term, translationOf(a)) };
  };

  const remove = ({ ctx, args: a }: HandlerInput<Record<string, unknown>>) =>
    ctx.store.transaction(() => {
      const term = findTerm(ctx, r, a.id);
      const before = presentSingle(ctx, r, term, translationOf(a));
      ctx.store.terms.reparentChildren(ctx.site.id, taxonomy, term.id, term.parent);
      ctx.store.terms.remove(ctx.site.id, term.id);
      return { body: before };
    });

  const etag = ({ ctx, args: a }: HandlerInput<Record<string, unknown>>) => {
    const term = typeof a.id === 'number' ? ctx.store.terms.get(ctx.site.id, a.id) : undefined;
    return term?.taxonomy === taxonomy ? termEtag(term) : undefined;
  };
  const validateTarget = ({ ctx, args: a }: HandlerInput<Record<string, unknown>>) => {
    findTerm(ctx, r, a.id);
  };

  return [
    {
      path: `/${r.collection}`,
      tag: r.collection,
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: args.list,
          summary: `List ${r.collection}`,
          responses: {
            200: {
              description: `A page of ${r.collection}.`,
              schema: Type.Object({
                rest_url: Type.String(),
                total: Type.Integer(),
                total_pages: Type.Integer(),
                [r.collection]: Type.Array(Type.Ref(Term)),
                next_rest_url: O(Type.String()),
                previous_rest_url: O(Type.String()),
              }),
            },
            400: error('Invalid parameters.'),
          },
          validate: listValidate,
          handler: list,
        }),
        endpoint({
          methods: ['POST'],
          args: args.create,
          summary: `Create a ${r.noun}`,
          responses: {
            201: item,
            400: error('Invalid parameters, or the name exists (term_exists).'),
            401: error('No credentials.'),
            403: error('Not allowed.'),
          },
          validate: ({ ctx, args: a }, errors) => prepareWrite(ctx, r, a, errors),
          permission: permit,
          handler: create,
        }),
      ],
    },
    {
      path: `/${r.collection}/{id}`,
      tag: r.collection,
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: args.read,
          summary: `Read one ${r.noun}`,
          responses: { 200: item, 400: error(`Unknown ${r.noun} ID.`) },
          validate: validateTarget,
          etag,
          handler: ({ ctx, args: a }) => ({ body: presentSingle(ctx, r, findTerm(ctx, r, a.id), translationOf(a)) }),
        }),
        endpoint({
          methods: EDITABLE,
          args: args.update,
          summary: `Update one ${r.noun} (partial)`,
          responses: {
            200: item,
            400: error('Invalid parameters or unknown ID.'),
            401: error('No credentials.'),
            403: error('Not allowed.'),
            412: error('If-Match does not match the current ETag.'),
          },
          validate: (input, errors) => {
            validateTarget(input);
            return prepareWrite(input.ctx, r, input.args, errors);
          },
          permission: permit,
          etag,
          handler: update,
        }),
        endpoint({
          methods: ['DELETE'],
          args: args.remove,
          summary: `Delete one ${r.noun} permanently (returns it as it was)`,
          responses: {
            200: item,
            400: error(`Unknown ${r.noun} ID.`),
            401: error('No credentials.'),
            403: error('Not allowed.'),
            412: error('If-Match does not match the current ETag.'),
          },
          validate: validateTarget,
          permission: permit,
          etag,
          handler: remove,
        }),
      ],
    },
  ];
}
