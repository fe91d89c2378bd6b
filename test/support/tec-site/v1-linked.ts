// `tribe/events/v1/venues` and `/organizers`: archives (newest first, 50 a page at most), single reads,
// creates that de-duplicate by name, updates, and deletes that trash and silently unlink.
import { checkArgs } from './args.ts';
import { can, canOnPost, forbidden } from './auth.ts';
import { invalidParams, listParam, ok, str, type RestRequest, type Router, WpError } from './http.ts';
import {
  linkedNotFound,
  organizerArgs,
  saveOrganizer,
  saveVenue,
  trashLinked,
  updateOrganizer,
  updateVenue,
  venueArgs,
} from './linked-writes.ts';
import type { RawOrganizer, RawVenue, SiteStore } from './store.ts';
import { organizerJson, V1, venueJson } from './v1-json.ts';
import { archiveResponse, pageParams } from './v1-lists.ts';
import { POST_STATUSES } from './args.ts';

type Kind = 'venue' | 'organizer';
type Linked = RawVenue | RawOrganizer;

const KIND = {
  venue: { plural: 'venues', type: 'tribe_venue', caps: 'tribe_venues' },
  organizer: { plural: 'organizers', type: 'tribe_organizer', caps: 'tribe_organizers' },
} as const;

function all(store: SiteStore, kind: Kind): Linked[] {
  return kind === 'venue' ? store.venues() : store.organizers();
}

function find(store: SiteStore, kind: Kind, id: number): Linked {
  const post = kind === 'venue' ? store.venue(id) : store.organizer(id);
  if (!post) throw linkedNotFound();
  return post;
}

function json(store: SiteStore, post: Linked, single = false): Record<string, unknown> {
  return post.type === 'tribe_venue' ? venueJson(store, post, single) : organizerJson(store, post, single);
}

function list(store: SiteStore, kind: Kind, { params, caller }: RestRequest) {
  const { page, perPage } = pageParams(params);
  const editor = can(caller.user, `edit_${KIND[kind].caps}`);
  let statuses = editor ? ['publish', 'future', 'draft', 'pending', 'private'] : ['publish'];
  if (params.status !== undefined) {
    const asked = listParam(params.status);
    if (asked.some((s) => !POST_STATUSES.includes(s)) || (!editor && asked.some((s) => s !== 'publish'))) {
      throw invalidParams({ status: 'Invalid parameter.' });
    }
    statuses = asked;
  }
  if (params.search === '') throw invalidParams({ search: 'Invalid parameter.' });
  if (params.event !== undefined && !store.event(Number(params.event)))
    throw invalidParams({ event: 'Invalid parameter.' });
  const search = params.search !== undefined ? str(params.search).toLowerCase() : null;
  const linkedTo = (post: Linked) =>
    store.events().filter((e) => (kind === 'venue' ? e.venueIds : e.organizerIds).includes(post.id));
  const posts = all(store, kind).filter((post) => {
    if (!statuses.includes(post.status)) return false;
    if (post.status !== 'publish' && !canOnPost(caller.user, 'read', post)) return false;
    if (params.event !== undefined && !linkedTo(post).some((e) => e.id === Number(params.event))) return false;
    if (params.has_events !== undefined) {
      const hasEvents = linkedTo(post).some((e) => !['draft', 'pending', 'trash'].includes(e.status));
      if (hasEvents !== ['1', 'true', 'yes'].includes(str(params.has_events))) return false;
    }
    if (search !== null) {
      const haystack =
        post.type === 'tribe_venue'
          ? [
              post.title,
              post.content,
              post.excerpt,
              post.address,
              post.city,
              post.province,
              post.state,
              post.stateprovince,
              post.zip,
              post.phone,
            ]
          : [post.title, post.content, post.excerpt, post.phone, post.email, post.website];
      if (!haystack.some((t) => t.toLowerCase().includes(search))) return false;
    }
    return true;
  });
  posts.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  const echoed: [string, string][] = [
    ['status', params.status !== undefined ? listParam(params.status).join(',') : editor ? 'any' : 'publish'],
  ];
  if (params.event !== undefined) echoed.push(['event', str(params.event)]);
  return archiveResponse(
    KIND[kind].plural,
    `${store.url}${V1}/${KIND[kind].plural}`,
    posts,
    (p) => json(store, p),
    page,
    perPage,
    echoed,
  );
}

export function registerV1Linked(router: Router, store: SiteStore): void {
  for (const kind of ['venue', 'organizer'] as const) {
    const base = `/tribe/events/v1/${KIND[kind].plural}`;
    const args = (create: boolean) => (kind === 'venue' ? venueArgs(store, create) : organizerArgs(store, create));

    router.add(base, ['GET'], (request) => list(store, kind, request));

    router.add(base, ['POST'], async ({ params, caller }) => {
      checkArgs(params, args(true));
      if (!can(caller.user, `edit_${KIND[kind].caps}`)) throw forbidden(caller);
      const saved =
        kind === 'venue'
          ? (await saveVenue(store, caller, params)).venue
          : (await saveOrganizer(store, caller, params)).organizer;
      // An identical one answers 201 too, with the existing post (nothing overwritten).
      return ok(json(store, saved), 201);
    });

    router.add(`${base}/(\\d+)`, ['GET'], ({ caller }, match) => {
      const post = find(store, kind, Number(match[1]));
      if (!canOnPost(caller.user, 'read', post)) {
        throw new WpError(403, `${kind}-not-accessible`, `The requested ${kind} is not accessible`);
      }
      return ok(json(store, post, true));
    });

    router.add(`${base}/(\\d+)`, ['POST', 'PUT', 'PATCH'], async ({ params, caller }, match) => {
      checkArgs(params, args(false), false);
      const post = find(store, kind, Number(match[1]));
      if (!canOnPost(caller.user, 'edit', post)) throw forbidden(caller);
      if (post.type === 'tribe_venue') await updateVenue(store, caller, post, params);
      else await updateOrganizer(store, caller, post, params);
      return ok(json(store, post));
    });

    router.add(`${base}/(\\d+)`, ['DELETE'], ({ caller }, match) => {
      const post = find(store, kind, Number(match[1]));
      if (!canOnPost(caller.user, 'delete', post)) throw forbidden(caller);
      if (post.status === 'trash') throw new WpError(410, `${kind}-is-in-trash`, `The ${kind} is already trashed`);
      trashLinked(store, post);
      return ok(json(store, post));
    });

    router.add(`${base}/by-slug/([^/]+)`, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], async (request, match) => {
      const slug = decodeURIComponent(match[1]!);
      const post = all(store, kind).find((p) => p.slug === slug && slug !== '');
      if (!post) throw invalidParams({ slug: 'Invalid parameter.' });
      const byId = router.find(request.method, `${base}/${post.id}`);
      return byId.handler(request, byId.match);
    });
  }
}
