// `tribe/events/v1/categories` and `/tags`: term archives that hide unused terms unless
// `hide_empty=false`, name-ordered, 50 a page at most; terms carry no timestamps; DELETE is permanent.
import { can, forbidden } from './auth.ts';
import {
  invalidParams,
  listParam,
  ok,
  parseBool,
  str,
  type Params,
  type RestRequest,
  type Router,
  WpError,
} from './http.ts';
import type { RawTerm, SiteStore } from './store.ts';
import { createTerm, duplicateTerm } from './terms.ts';
import { sanitizeTermName, sanitizeTitle } from './text.ts';
import { termJson, V1 } from './v1-json.ts';
import { pageParams } from './v1-lists.ts';

const KIND = {
  categories: { taxonomy: 'tribe_events_cat', manage: 'publish_tribe_events' },
  tags: { taxonomy: 'post_tag', manage: 'manage_categories' },
} as const;
type Kind = keyof typeof KIND;

function list(store: SiteStore, kind: Kind, { params }: RestRequest) {
  const { page, perPage } = pageParams(params);
  const taxonomy = KIND[kind].taxonomy;
  const bad: Record<string, string> = {};
  const hideEmpty = params.hide_empty === undefined ? true : parseBool(params.hide_empty);
  if (hideEmpty === null) bad.hide_empty = 'hide_empty is not of type boolean.';
  for (const name of ['include', 'exclude'] as const) {
    if (
      params[name] !== undefined &&
      !listParam(params[name]).every((id) => store.terms.get(Number(id))?.taxonomy === taxonomy)
    ) {
      bad[name] = 'Invalid parameter.';
    }
  }
  for (const name of ['order', 'orderby', 'slug', 'post', 'event', 'parent'] as const)
    if (params[name] === '') bad[name] = 'Invalid parameter.';
  if (params.parent !== undefined && !store.terms.get(Number(params.parent))) bad.parent = 'Invalid parameter.';
  const postId = params.event ?? params.post;
  if (postId !== undefined && !store.event(Number(postId)))
    bad[params.event !== undefined ? 'event' : 'post'] = 'Invalid parameter.';
  if (Object.keys(bad).length) throw invalidParams(bad);

  const include = params.include !== undefined ? listParam(params.include).map(Number) : null;
  const exclude = listParam(params.exclude).map(Number);
  const search = params.search !== undefined ? str(params.search).toLowerCase() : null;
  const onPost = postId !== undefined ? store.event(Number(postId)) : undefined;
  const terms = store.termsOf(taxonomy).filter((term) => {
    if (hideEmpty && store.termCount(term) === 0) return false;
    if (include && !include.includes(term.id)) return false;
    if (exclude.includes(term.id)) return false;
    if (params.parent !== undefined && term.parent !== Number(params.parent)) return false;
    if (params.slug !== undefined && term.slug !== str(params.slug)) return false;
    if (search !== null && !term.name.toLowerCase().includes(search) && !term.slug.includes(search)) return false;
    if (onPost && !(taxonomy === 'tribe_events_cat' ? onPost.categoryIds : onPost.tagIds).includes(term.id))
      return false;
    return true;
  });
  const orderby = str(params.orderby ?? 'name');
  const key = (t: RawTerm): string | number =>
    orderby === 'id'
      ? t.id
      : orderby === 'count'
        ? store.termCount(t)
        : orderby === 'slug'
          ? t.slug
          : orderby === 'description'
            ? t.description
            : t.name;
  const direction = params.order === undefined || str(params.order).toLowerCase() === 'asc' ? 1 : -1;
  terms.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (
      direction * (typeof ka === 'number' && typeof kb === 'number' ? ka - kb : String(ka).localeCompare(String(kb)))
    );
  });
  const total = terms.length;
  const totalPages = Math.ceil(total / perPage);
  const base = `${store.url}${V1}/${kind}`;
  const body: Record<string, unknown> = {
    rest_url: `${base}/`,
    total,
    total_pages: totalPages,
    [kind]: terms.slice((page - 1) * perPage, page * perPage).map((t) => termJson(store, t)),
  };
  if (page < totalPages) body.next_rest_url = `${base}/?page=${page + 1}`;
  if (page > 1) body.previous_rest_url = page - 1 === 1 ? `${base}/` : `${base}/?page=${page - 1}`;
  return ok(body, 200, { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) });
}

function termOr400(store: SiteStore, kind: Kind, id: number): RawTerm {
  const term = store.terms.get(id);
  if (!term || term.taxonomy !== KIND[kind].taxonomy) throw invalidParams({ id: 'Invalid parameter.' });
  return term;
}

function checkTermFields(store: SiteStore, kind: Kind, params: Params, create: boolean): void {
  if (create && (params.name === undefined || params.name === null)) {
    throw new WpError(400, 'rest_missing_callback_param', 'Missing parameter(s): name', { params: ['name'] });
  }
  const bad: Record<string, string> = {};
  for (const name of ['name', 'description', 'slug'] as const)
    if (params[name] === '') bad[name] = 'Invalid parameter.';
  if (
    kind === 'categories' &&
    params.parent !== undefined &&
    store.terms.get(Number(params.parent))?.taxonomy !== 'tribe_events_cat'
  ) {
    bad.parent = 'Invalid parameter.';
  }
  if (Object.keys(bad).length) throw invalidParams(bad);
}

export function registerV1Terms(router: Router, store: SiteStore): void {
  for (const kind of Object.keys(KIND) as Kind[]) {
    const base = `/tribe/events/v1/${kind}`;
    const taxonomy = KIND[kind].taxonomy;
    const mayManage = (request: RestRequest): void => {
      if (!can(request.caller.user, 'edit_tribe_events') || !can(request.caller.user, KIND[kind].manage))
        throw forbidden(request.caller);
    };

    router.add(base, ['GET'], (request) => list(store, kind, request));

    router.add(base, ['POST'], (request) => {
      const { params } = request;
      checkTermFields(store, kind, params, true);
      mayManage(request);
      const parent = kind === 'categories' && params.parent !== undefined ? Number(params.parent) : 0;
      const duplicate = duplicateTerm(store, taxonomy, str(params.name), parent);
      if (duplicate) {
        throw new WpError(
          400,
          'term_exists',
          kind === 'categories'
            ? 'A term with the name provided already exists with this parent.'
            : 'A term with the name provided already exists in this taxonomy.',
          { term_id: duplicate.id },
        );
      }
      const term = createTerm(store, taxonomy, {
        name: str(params.name),
        slug: params.slug === undefined ? undefined : str(params.slug),
        description: params.description === undefined ? '' : str(params.description),
        parent,
      });
      return ok(termJson(store, term), 201, {
        Location: `${store.url}/wp-json/wp/v2/${kind === 'tags' ? 'tags' : 'tribe_events_cat'}/${term.id}`,
      });
    });

    router.add(`${base}/(\\d+)`, ['GET'], (_request, match) =>
      ok(termJson(store, termOr400(store, kind, Number(match[1])))),
    );

    router.add(`${base}/(\\d+)`, ['POST', 'PUT', 'PATCH'], (request, match) => {
      const term = termOr400(store, kind, Number(match[1]));
      const { params } = request;
      checkTermFields(store, kind, params, false);
      mayManage(request);
      if (params.name !== undefined) term.name = sanitizeTermName(str(params.name));
      if (params.description !== undefined) term.description = str(params.description);
      if (params.slug !== undefined) {
        const slug = sanitizeTitle(str(params.slug));
        if (store.termsOf(taxonomy).some((t) => t.id !== term.id && t.slug === slug)) {
          throw new WpError(
            500,
            'duplicate_term_slug',
            `The slug &#8220;${slug}&#8221; is already in use by another term.`,
          );
        }
        term.slug = slug;
      }
      if (kind === 'categories' && params.parent !== undefined) term.parent = Number(params.parent);
      return ok(termJson(store, term));
    });

    router.add(`${base}/(\\d+)`, ['DELETE'], (request, match) => {
      const term = termOr400(store, kind, Number(match[1]));
      mayManage(request);
      const previous = termJson(store, term);
      store.forgetTerm(term);
      return ok(previous);
    });
  }
}
