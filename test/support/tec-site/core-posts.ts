// WordPress core's routes for TEC's post types: `/wp/v2/tribe_events`, `/tribe_venue`, `/tribe_organizer`.
// These have what v1 lacks — `modified_after`/`modified_before`, `orderby=modified`, `status=any|trash`,
// `context=edit` (raw text + meta), `_fields`, up to 100 a page (101 → 400), `X-WP-Total` — with the traps
// of a real site: `modified_after` is compared with the *site-local* `post_modified` column (an offset in
// the value is ignored), and TEC restricts event lists to events that end now or later.
import { can, canOnPost, forbidden, type Caller } from './auth.ts';
import { corePostJson, pickFields, type CorePostType } from './core-json.ts';
import { hasOccurrence } from './v1-events.ts';
import { invalidParams, listParam, ok, str, type Params, type RestRequest, type Router, WpError } from './http.ts';
import { updateFromCore } from './core-writes.ts';
import { setStatus, type SiteStore } from './store.ts';

const TYPES = {
  tribe_events: { cap: 'tribe_events' },
  tribe_venue: { cap: 'tribe_venues' },
  tribe_organizer: { cap: 'tribe_organizers' },
} as const;
type CoreType = keyof typeof TYPES;

const RFC3339 = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.\d+)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?$/;
const ORDERBY = [
  'author',
  'date',
  'id',
  'include',
  'modified',
  'parent',
  'relevance',
  'slug',
  'include_slugs',
  'title',
];
const STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash', 'any'];

function outOfBounds(name: string, message: string): WpError {
  return new WpError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, {
    params: { [name]: message },
    details: { [name]: { code: 'rest_out_of_bounds', message, data: null } },
  });
}

/** The wall-clock digits of an RFC 3339 value: what MySQL compares after WordPress drops the offset. */
function wallDigits(value: string): string {
  const m = RFC3339.exec(value)!;
  return `${m[1]} ${m[2]}`;
}

function checkCoreListParams(params: Params): void {
  const perPage = params.per_page === undefined ? 10 : Number(params.per_page);
  if (!/^\d+$/.test(str(params.per_page ?? '10')) || perPage < 1 || perPage > 100) {
    throw outOfBounds('per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive).');
  }
  if (params.page !== undefined && (!/^\d+$/.test(str(params.page)) || Number(params.page) < 1)) {
    throw outOfBounds('page', 'page must be greater than or equal to 1');
  }
  const bad: Record<string, string> = {};
  for (const name of ['after', 'before', 'modified_after', 'modified_before']) {
    if (params[name] !== undefined && !RFC3339.test(str(params[name]))) bad[name] = 'Invalid date.';
  }
  if (params.orderby !== undefined && !ORDERBY.includes(str(params.orderby)))
    bad.orderby = `orderby is not one of ${ORDERBY.join(', ')}.`;
  if (params.order !== undefined && !['asc', 'desc'].includes(str(params.order)))
    bad.order = 'order is not one of asc and desc.';
  if (params.context !== undefined && !['view', 'embed', 'edit'].includes(str(params.context)))
    bad.context = 'context is not one of view, embed, and edit.';
  if (params.status !== undefined && !listParam(params.status).every((s) => STATUSES.includes(s))) {
    bad.status = `status[0] is not one of ${STATUSES.join(', ')}.`;
  }
  if (Object.keys(bad).length) throw invalidParams(bad);
}

/**
 * sanitize_post_statuses(): other statuses than `publish` need the right to edit this type. It is the
 * `status` argument's sanitize callback, so its refusal comes back as an invalid parameter — a 400,
 * before any permission check (tec-website.md: "status=trash lists work for editors only (anonymous →
 * 400)"): a site that ignores the password answers a sync's first read so.
 */
export function forbiddenStatus(): WpError {
  return new WpError(400, 'rest_invalid_param', 'Invalid parameter(s): status', {
    params: { status: 'Status is forbidden.' },
    details: { status: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: 401 } } },
  });
}

function statusesFor(caller: Caller, type: CoreType, requested: unknown): string[] {
  const statuses = requested === undefined ? ['publish'] : listParam(requested);
  for (const status of statuses) {
    if (status !== 'publish' && !can(caller.user, `edit_${TYPES[type].cap}`)) throw forbiddenStatus();
  }
  return statuses.includes('any') ? ['publish', 'future', 'draft', 'pending', 'private'] : statuses;
}

function editContext(caller: Caller, type: CoreType, params: Params): boolean {
  if (params.context !== 'edit') return false;
  if (!can(caller.user, `edit_${TYPES[type].cap}`)) {
    throw new WpError(
      caller.user ? 403 : 401,
      'rest_forbidden_context',
      'Sorry, you are not allowed to edit posts in this post type.',
    );
  }
  return true;
}

function fieldsParam(params: Params): string[] | null {
  return params._fields === undefined ? null : listParam(params._fields);
}

function postsOf(store: SiteStore, type: CoreType): CorePostType[] {
  return [...store.posts.values()].filter((p): p is CorePostType => p.type === type);
}

function list(store: SiteStore, type: CoreType, { params, caller }: RestRequest) {
  checkCoreListParams(params);
  const statuses = statusesFor(caller, type, params.status);
  const edit = editContext(caller, type, params);
  const perPage = params.per_page === undefined ? 10 : Number(params.per_page);
  const page = params.page === undefined ? 1 : Number(params.page);
  const nowGmt = store.nowGmt();
  const include = params.include !== undefined ? listParam(params.include).map(Number) : null;
  const exclude = listParam(params.exclude).map(Number);
  const search = params.search !== undefined ? str(params.search).toLowerCase() : null;
  const slugs = params.slug !== undefined ? listParam(params.slug) : null;
  const categories = listParam(params.tribe_events_cat).map(Number);
  const tags = listParam(params.tags).map(Number);
  const range = (name: string): string | null => (params[name] !== undefined ? wallDigits(str(params[name])) : null);
  const after = range('after');
  const before = range('before');
  const modifiedAfter = range('modified_after');
  const modifiedBefore = range('modified_before');
  const posts = postsOf(store, type).filter((post) => {
    if (!statuses.includes(post.status)) return false;
    if (post.status !== 'publish' && !canOnPost(caller.user, 'read', post)) return false;
    // TEC: events that ended (and events without an occurrence) are never listed by core.
    if (post.type === 'tribe_events' && (!hasOccurrence(post) || post.utcEndDate < nowGmt)) return false;
    if (modifiedAfter !== null && !(post.modified > modifiedAfter)) return false;
    if (modifiedBefore !== null && !(post.modified < modifiedBefore)) return false;
    if (after !== null && !(post.date > after)) return false;
    if (before !== null && !(post.date < before)) return false;
    if (include && !include.includes(post.id)) return false;
    if (exclude.includes(post.id)) return false;
    if (slugs && !slugs.includes(post.slug)) return false;
    if (search !== null && ![post.title, post.content, post.excerpt].some((t) => t.toLowerCase().includes(search)))
      return false;
    if (post.type === 'tribe_events') {
      if (categories.length && !post.categoryIds.some((id) => categories.includes(id))) return false;
      if (tags.length && !post.tagIds.some((id) => tags.includes(id))) return false;
    }
    return true;
  });
  const orderby = str(params.orderby ?? (search !== null ? 'relevance' : 'date'));
  const key = (p: CorePostType): string | number =>
    orderby === 'modified'
      ? p.modified
      : orderby === 'id'
        ? p.id
        : orderby === 'title'
          ? p.title
          : orderby === 'slug'
            ? p.slug
            : orderby === 'include' && include
              ? include.indexOf(p.id)
              : p.date;
  const direction = str(params.order ?? 'desc') === 'asc' ? 1 : -1;
  posts.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const cmp = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : String(ka).localeCompare(String(kb));
    return direction * (cmp || a.id - b.id);
  });
  const total = posts.length;
  const totalPages = Math.ceil(total / perPage);
  if (page > totalPages && total > 0) {
    throw new WpError(
      400,
      'rest_post_invalid_page_number',
      'The page number requested is larger than the number of pages available.',
    );
  }
  const offset = params.offset !== undefined ? Number(params.offset) : (page - 1) * perPage;
  const fields = fieldsParam(params);
  const body = posts.slice(offset, offset + perPage).map((p) => pickFields(corePostJson(store, p, edit), fields));
  const link = `${store.url}/wp-json/wp/v2/${type}`;
  const links: string[] = [];
  if (page > 1) links.push(`<${link}?page=${page - 1}>; rel="prev"`);
  if (page < totalPages) links.push(`<${link}?page=${page + 1}>; rel="next"`);
  const headers: Record<string, string> = { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) };
  if (links.length) headers.Link = links.join(', ');
  return ok(body, 200, headers);
}

function postOr404(store: SiteStore, type: CoreType, id: number): CorePostType {
  const post = store.posts.get(id);
  if (!post || post.type !== type) throw new WpError(404, 'rest_post_invalid_id', 'Invalid post ID.');
  return post;
}

export function registerCorePosts(router: Router, store: SiteStore): void {
  for (const type of Object.keys(TYPES) as CoreType[]) {
    const base = `/wp/v2/${type}`;
    router.add(base, ['GET'], (request) => list(store, type, request));

    router.add(`${base}/(\\d+)`, ['GET'], ({ params, caller }, match) => {
      const post = postOr404(store, type, Number(match[1]));
      const edit = params.context === 'edit';
      if (edit && !canOnPost(caller.user, 'edit', post)) {
        throw new WpError(
          caller.user ? 403 : 401,
          'rest_forbidden_context',
          'Sorry, you are not allowed to edit this post.',
        );
      }
      if (!canOnPost(caller.user, 'read', post)) throw forbidden(caller);
      return ok(pickFields(corePostJson(store, post, edit), fieldsParam(params)));
    });

    router.add(`${base}/(\\d+)`, ['POST', 'PUT', 'PATCH'], async ({ params, json, caller }, match) => {
      const post = postOr404(store, type, Number(match[1]));
      if (!canOnPost(caller.user, 'edit', post)) {
        throw new WpError(caller.user ? 403 : 401, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
      }
      await updateFromCore(store, caller, post, params, json);
      return ok(corePostJson(store, post, true));
    });

    router.add(`${base}/(\\d+)`, ['DELETE'], ({ params, caller }, match) => {
      const post = postOr404(store, type, Number(match[1]));
      if (!canOnPost(caller.user, 'delete', post)) {
        throw new WpError(
          caller.user ? 403 : 401,
          'rest_cannot_delete',
          'Sorry, you are not allowed to delete this post.',
        );
      }
      if (params.force === true || str(params.force) === 'true' || str(params.force) === '1') {
        const previous = corePostJson(store, post, true);
        store.posts.delete(post.id);
        if (post.type !== 'tribe_events') store.unlinkEverywhere(post.id);
        return ok({ deleted: true, previous });
      }
      if (post.status === 'trash') throw new WpError(410, 'rest_already_trashed', 'The post has already been deleted.');
      setStatus(post, 'trash');
      store.touch(post);
      if (post.type !== 'tribe_events') store.unlinkEverywhere(post.id);
      return ok(corePostJson(store, post, true));
    });
  }
}
