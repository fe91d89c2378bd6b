// Core's term routes, `/wp/v2/tribe_events_cat` and `/wp/v2/tags`: unlike v1 they list unused terms too
// (`hide_empty` defaults to false), allow 100 a page and send X-WP-Total; terms have no timestamps, so
// there is no "changed since" here either; DELETE needs `force=true`.
import { can, forbidden } from './auth.ts';
import { coreTermJson, pickFields } from './core-json.ts';
import { invalidParams, listParam, ok, parseBool, str, type Router, WpError } from './http.ts';
import type { RawTerm, SiteStore } from './store.ts';
import { createTerm, duplicateTerm } from './terms.ts';
import { sanitizeTermName, sanitizeTitle } from './text.ts';

const ROUTES = {
  tribe_events_cat: { taxonomy: 'tribe_events_cat', manage: 'publish_tribe_events' },
  tags: { taxonomy: 'post_tag', manage: 'manage_categories' },
} as const;

export function registerCoreTerms(router: Router, store: SiteStore): void {
  for (const [rest, { taxonomy, manage }] of Object.entries(ROUTES)) {
    const base = `/wp/v2/${rest}`;
    const find = (id: number): RawTerm => {
      const term = store.terms.get(id);
      if (!term || term.taxonomy !== taxonomy) throw new WpError(404, 'rest_term_invalid', 'Term does not exist.');
      return term;
    };

    router.add(base, ['GET'], ({ params }) => {
      const perPage = params.per_page === undefined ? 10 : Number(params.per_page);
      if (!/^\d+$/.test(str(params.per_page ?? '10')) || perPage < 1 || perPage > 100) {
        const message = 'per_page must be between 1 (inclusive) and 100 (inclusive).';
        throw new WpError(400, 'rest_invalid_param', 'Invalid parameter(s): per_page', {
          params: { per_page: message },
          details: { per_page: { code: 'rest_out_of_bounds', message, data: null } },
        });
      }
      const page = params.page === undefined ? 1 : Number(params.page);
      const hideEmpty = params.hide_empty === undefined ? false : parseBool(params.hide_empty);
      if (hideEmpty === null) throw invalidParams({ hide_empty: 'hide_empty is not of type boolean.' });
      const include = params.include !== undefined ? listParam(params.include).map(Number) : null;
      const search = params.search !== undefined ? str(params.search).toLowerCase() : null;
      const terms = store
        .termsOf(taxonomy)
        .filter(
          (t) =>
            (!hideEmpty || store.termCount(t) > 0) &&
            (!include || include.includes(t.id)) &&
            (params.parent === undefined || t.parent === Number(params.parent)) &&
            (search === null || t.name.toLowerCase().includes(search) || t.slug.includes(search)) &&
            (params.slug === undefined || listParam(params.slug).includes(t.slug)),
        )
        .sort(
          (a, b) =>
            (str(params.orderby) === 'id' ? a.id - b.id : a.name.localeCompare(b.name)) *
            (str(params.order) === 'desc' ? -1 : 1),
        );
      const totalPages = Math.ceil(terms.length / perPage);
      if (page > totalPages && terms.length > 0) {
        throw new WpError(
          400,
          'rest_term_invalid_page_number',
          'The page number requested is larger than the number of pages available.',
        );
      }
      const fields = params._fields === undefined ? null : listParam(params._fields);
      return ok(
        terms.slice((page - 1) * perPage, page * perPage).map((t) => pickFields(coreTermJson(store, t), fields)),
        200,
        { 'X-WP-Total': String(terms.length), 'X-WP-TotalPages': String(totalPages) },
      );
    });

    router.add(`${base}/(\\d+)`, ['GET'], (_request, match) => ok(coreTermJson(store, find(Number(match[1])))));

    router.add(base, ['POST'], ({ params, caller }) => {
      if (!can(caller.user, manage))
        throw forbidden(caller, 'Sorry, you are not allowed to create terms in this taxonomy.');
      if (!params.name)
        throw new WpError(400, 'rest_missing_callback_param', 'Missing parameter(s): name', { params: ['name'] });
      const parent = taxonomy === 'tribe_events_cat' ? Number(params.parent ?? 0) : 0;
      const duplicate = duplicateTerm(store, taxonomy, str(params.name), parent);
      if (duplicate)
        throw new WpError(400, 'term_exists', 'A term with the name provided already exists with this parent.', {
          term_id: duplicate.id,
        });
      const term = createTerm(store, taxonomy, {
        name: str(params.name),
        slug: params.slug === undefined ? undefined : str(params.slug),
        description: str(params.description ?? ''),
        parent,
      });
      return ok(coreTermJson(store, term), 201);
    });

    router.add(`${base}/(\\d+)`, ['POST', 'PUT', 'PATCH'], ({ params, caller }, match) => {
      const term = find(Number(match[1]));
      if (!can(caller.user, manage)) throw forbidden(caller, 'Sorry, you are not allowed to edit this term.');
      // wp_update_term(): a name another term of the taxonomy has (get_term_by('name'), any parent),
      // without a new slug or parent, is "duplicate_term_slug" — an error with no status: a 500.
      const sameParent = params.parent === undefined || Number(params.parent) === term.parent;
      if (params.name !== undefined && params.slug === undefined && sameParent) {
        const name = sanitizeTermName(str(params.name)).toLowerCase();
        if (store.termsOf(taxonomy).some((t) => t.id !== term.id && t.name.toLowerCase() === name))
          throw new WpError(
            500,
            'duplicate_term_slug',
            `The slug &#8220;${term.slug}&#8221; is already in use by another term.`,
          );
      }
      if (params.name !== undefined) term.name = sanitizeTermName(str(params.name));
      if (params.description !== undefined) term.description = str(params.description);
      if (params.slug !== undefined)
        term.slug = store.uniqueTermSlug(sanitizeTitle(str(params.slug)), taxonomy, term.id);
      if (params.parent !== undefined && taxonomy === 'tribe_events_cat') term.parent = Number(params.parent);
      return ok(coreTermJson(store, term));
    });

    router.add(`${base}/(\\d+)`, ['DELETE'], ({ params, caller }, match) => {
      const term = find(Number(match[1]));
      if (!can(caller.user, manage)) throw forbidden(caller, 'Sorry, you are not allowed to delete this term.');
      if (!['true', '1'].includes(str(params.force))) {
        throw new WpError(
          501,
          'rest_trash_not_supported',
          "Terms do not support trashing. Set 'force=true' to delete.",
        );
      }
      const previous = coreTermJson(store, term);
      store.forgetTerm(term);
      return ok({ deleted: true, previous });
    });
  }
}
