// The website's routes the sync uses, each one function over the client: which route, which
// parameters, how to page — and the traps each one has (tec-website.md). Nothing here decides what
// to do with the answers.
import { WebsiteError, type Query, type TecClient } from './tec-client.ts';
import { wall, type Json } from './remote-read.ts';
import type { Body } from './remote-write.ts';

export type LinkedType = 'venue' | 'organizer';
export type CorePostType = 'tribe_events' | 'tribe_venue' | 'tribe_organizer';

export const CORE_TYPE: Record<'event' | LinkedType, CorePostType> = {
  event: 'tribe_events',
  venue: 'tribe_venue',
  organizer: 'tribe_organizer',
};
export const CORE_TAXONOMY = { category: 'tribe_events_cat', tag: 'tags' } as const;
const V1_LINKED = { venue: 'venues', organizer: 'organizers' } as const;

/** Every status but the trash, and the trash: the feed must see trashing and untrashing too. */
const ALL_STATUSES = 'publish,future,draft,pending,private,trash';
/** Core's largest page (101 → 400). */
const CORE_PAGE = 100;
/** v1 clamps every list to 50. */
const V1_PAGE = 50;
/** What core's feed entries carry: enough to tell a change and to read the raw text and TEC's meta. */
const CORE_FIELDS =
  'id,status,date_gmt,modified,modified_gmt,title,content,excerpt,meta,featured_media,tribe_events_cat,tags';

/** Pages through a core list (X-WP-TotalPages). `readAt`: the website's clock at the first page (its Date header). */
async function coreList(
  client: TecClient,
  route: string,
  query: Query,
  readAt?: { utc: string | null },
): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await client.get(route, { ...query, per_page: CORE_PAGE, page });
    if (page === 1 && readAt) readAt.utc = httpDateToWall(answer.headers.get('date'));
    const list = Array.isArray(answer.body) ? (answer.body as Json[]) : [];
    items.push(...list);
    const pages = Number(answer.headers.get('x-wp-totalpages') ?? 1);
    if (page >= pages || list.length < CORE_PAGE) return items;
  }
}

/** An HTTP Date header as a UTC wall (`YYYY-MM-DD HH:MM:SS`), or null. */
function httpDateToWall(header: string | null): string | null {
  const ms = header ? Date.parse(header) : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 19).replace('T', ' ') : null;
}

/**
 * Posts of a type modified after `modifiedAfter` (site-local time: site-clock.ts), oldest change
 * first, every status including the trash, with raw text and meta. Events that already ended are
 * never in it (TEC's filter on core lists): the sweep finds those.
 */
export function coreFeed(
  client: TecClient,
  type: CorePostType,
  modifiedAfter: string | undefined,
  readAt?: { utc: string | null },
): Promise<Json[]> {
  return coreList(
    client,
    `wp/v2/${type}`,
    {
      status: ALL_STATUSES,
      context: 'edit',
      orderby: 'modified',
      order: 'asc',
      modified_after: modifiedAfter,
      _fields: CORE_FIELDS,
    },
    readAt,
  );
}

/** Core entries of these posts (raw text, meta), as many per request as core allows. */
export async function coreByIds(client: TecClient, type: CorePostType, ids: number[]): Promise<Json[]> {
  const items: Json[] = [];
  for (let i = 0; i < ids.length; i += CORE_PAGE) {
    const chunk = ids.slice(i, i + CORE_PAGE);
    items.push(
      ...(await coreList(client, `wp/v2/${type}`, {
        include: chunk,
        status: ALL_STATUSES,
        context: 'edit',
        _fields: CORE_FIELDS,
      })),
    );
  }
  return items;
}

/**
 * The website's publication dates (UTC walls, core's date_gmt) of these posts: a TEC update sent
 * without its date moves it to now (tec-reference.md "Any update resets … the publication date"),
 * so every update carries it. A list per 100; an event that already ended is in no core list and
 * is read alone. A post that cannot be read is left out (its update fails on its own).
 */
export async function publicationDates(
  client: TecClient,
  type: CorePostType,
  ids: number[],
): Promise<Map<number, string>> {
  const dates = new Map<number, string>();
  const fields = 'id,date_gmt';
  for (let i = 0; i < ids.length; i += CORE_PAGE) {
    const chunk = ids.slice(i, i + CORE_PAGE);
    const list = await coreList(client, `wp/v2/${type}`, {
      include: chunk,
      status: ALL_STATUSES,
      context: 'edit',
      _fields: fields,
    });
    for (const entry of list) if (entry.date_gmt) dates.set(Number(entry.id), wall(entry.date_gmt));
  }
  for (const id of ids) {
    if (dates.has(id)) continue;
    try {
      const entry = (await client.get(`wp/v2/${type}/${id}`, { context: 'edit', _fields: fields })).body as Json;
      if (entry.date_gmt) dates.set(id, wall(entry.date_gmt));
    } catch (error) {
      if (!(error instanceof WebsiteError) || error.transient || error.reason === 'auth') throw error;
    }
  }
  return dates;
}

/**
 * One post through core (single reads work for ended events too); undefined when deleted for good;
 * 'forbidden' when this account may not edit it (403: an author's or contributor's read of another
 * user's event, which lists show them — tec-reference.md §"Lists give contributors and authors…").
 */
export async function coreSingle(
  client: TecClient,
  type: CorePostType,
  id: number,
): Promise<Json | undefined | 'forbidden'> {
  try {
    return (await client.get(`wp/v2/${type}/${id}`, { context: 'edit', _fields: CORE_FIELDS })).body as Json;
  } catch (error) {
    if (error instanceof WebsiteError && error.status === 404) return undefined;
    if (error instanceof WebsiteError && error.status === 403) return 'forbidden';
    throw error;
  }
}

export type V1Read = { event: Json } | { trashed: true } | { deleted: true };

/** One event through v1: its structure, or that it is in the trash (403) or gone (404). */
export async function v1Event(client: TecClient, id: number): Promise<V1Read> {
  try {
    return { event: (await client.get(`tribe/events/v1/events/${id}`)).body as Json };
  } catch (error) {
    if (error instanceof WebsiteError && error.code === 'event-no-longer-available') return { trashed: true };
    if (error instanceof WebsiteError && error.status === 404) return { deleted: true };
    throw error;
  }
}

/**
 * Every event v1 lists: all statuses (the user edits events), in a window wide enough for past
 * events (1971: `1970-01-01` parses to 0 and is refused). Events hidden from listings are never
 * in it, whatever is asked.
 */
export async function v1AllEvents(client: TecClient): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await client.get('tribe/events/v1/events', {
      start_date: '1971-01-01',
      end_date: '2999-12-31',
      status: 'publish,future,draft,pending,private',
      per_page: V1_PAGE,
      page,
    });
    const body = answer.body as { events?: Json[]; total_pages?: number };
    const list = body.events ?? [];
    items.push(...list);
    if (list.length < V1_PAGE || page >= Number(body.total_pages ?? page)) return items;
  }
}

/** Every venue or organizer, through core (raw text and meta), the trash included. */
export function coreAllLinked(client: TecClient, type: LinkedType, readAt?: { utc: string | null }): Promise<Json[]> {
  return coreList(
    client,
    `wp/v2/${CORE_TYPE[type]}`,
    { status: ALL_STATUSES, context: 'edit', _fields: CORE_FIELDS },
    readAt,
  );
}

/** Categories or tags: all of them, or only `include` (tags are the whole blog's: never all of them unasked). */
export async function terms(client: TecClient, kind: 'category' | 'tag', include?: number[]): Promise<Json[]> {
  const route = `wp/v2/${CORE_TAXONOMY[kind]}`;
  const fields = 'id,name,description,parent';
  if (include === undefined) return coreList(client, route, { hide_empty: false, _fields: fields });
  const items: Json[] = [];
  for (let i = 0; i < include.length; i += CORE_PAGE) {
    const chunk = include.slice(i, i + CORE_PAGE);
    if (chunk.length === 0) continue;
    items.push(...(await coreList(client, route, { include: chunk, hide_empty: false, _fields: fields })));
  }
  return items;
}

// Writes.

export async function createEvent(client: TecClient, body: Body): Promise<Json> {
  return (await client.send('POST', 'tribe/events/v1/events', body)).body as Json;
}

/** A full update (PUT: the whole event, see remote-write.ts). */
export async function updateEvent(client: TecClient, id: number, body: Body): Promise<Json> {
  return (await client.send('PUT', `tribe/events/v1/events/${id}`, body)).body as Json;
}

/** What v1 cannot clear (an empty description or excerpt, the venue), through core. */
export async function patchCore(client: TecClient, type: CorePostType, id: number, body: Body): Promise<Json> {
  return (await client.send('PATCH', `wp/v2/${type}/${id}`, body, { context: 'edit', _fields: CORE_FIELDS }))
    .body as Json;
}

/** To the website's trash; already there (410) counts as done. */
export async function trashEvent(client: TecClient, id: number): Promise<void> {
  try {
    await client.send('DELETE', `tribe/events/v1/events/${id}`);
  } catch (error) {
    if (error instanceof WebsiteError && (error.status === 410 || error.status === 404)) return;
    throw error;
  }
}

export async function saveLinked(client: TecClient, type: LinkedType, id: number | null, body: Body): Promise<Json> {
  const route = `tribe/events/v1/${V1_LINKED[type]}${id === null ? '' : `/${id}`}`;
  return (await client.send(id === null ? 'POST' : 'PUT', route, body)).body as Json;
}

export async function trashLinked(client: TecClient, type: LinkedType, id: number): Promise<void> {
  try {
    await client.send('DELETE', `tribe/events/v1/${V1_LINKED[type]}/${id}`);
  } catch (error) {
    if (error instanceof WebsiteError && (error.status === 410 || error.status === 404)) return;
    throw error;
  }
}

/**
 * Creates or updates a term through core (v1's term routes refuse an empty description and a
 * parent 0); a create of a name that exists answers term_exists with its id: that term is the one.
 */
export async function saveTerm(
  client: TecClient,
  kind: 'category' | 'tag',
  id: number | null,
  body: Body,
): Promise<Json> {
  const route = `wp/v2/${CORE_TAXONOMY[kind]}${id === null ? '' : `/${id}`}`;
  try {
    return (await client.send(id === null ? 'POST' : 'PUT', route, body)).body as Json;
  } catch (error) {
    const existing = (error as WebsiteError).data as { term_id?: number } | undefined;
    if (id === null && error instanceof WebsiteError && error.code === 'term_exists' && existing?.term_id)
      return (await client.get(`${route}/${existing.term_id}`)).body as Json;
    throw error;
  }
}

/**
 * Who on the website uses this term: `others` — a blog post (tags are the whole site's) or an event
 * `held` does not claim — and the held events that carry it. Core lists every status but not ended
 * events, v1's wide window lists ended ones but not hidden ones: between them, every event but a
 * hidden one that ended.
 */
export async function termUses(
  client: TecClient,
  kind: 'category' | 'tag',
  id: number,
  held: (eventId: number) => boolean,
): Promise<{ others: boolean; heldEvents: Set<number> }> {
  const statuses = 'publish,future,draft,pending,private';
  let others = false;
  const heldEvents = new Set<number>();
  const sort = (list: Json[]) => {
    for (const event of list) {
      const eventId = Number(event.id);
      if (held(eventId)) heldEvents.add(eventId);
      else others = true;
    }
  };
  if (kind === 'tag') {
    const posts = await client.get('wp/v2/posts', { tags: id, status: statuses, per_page: 1, _fields: 'id' });
    if (Number(posts.headers.get('x-wp-total') ?? (Array.isArray(posts.body) ? posts.body.length : 0)) > 0)
      others = true;
  }
  sort(await coreList(client, 'wp/v2/tribe_events', { [CORE_TAXONOMY[kind]]: id, status: statuses, _fields: 'id' }));
  for (let page = 1; ; page++) {
    const answer = await client.get('tribe/events/v1/events', {
      [kind === 'tag' ? 'tags' : 'categories']: id,
      start_date: '1971-01-01',
      end_date: '2999-12-31',
      status: statuses,
      per_page: V1_PAGE,
      page,
    });
    const body = answer.body as { events?: Json[]; total_pages?: number };
    const list = body.events ?? [];
    sort(list);
    if (list.length < V1_PAGE || page >= Number(body.total_pages ?? page)) return { others, heldEvents };
  }
}

/** Terms have no trash: deleted for good (force), as WordPress requires. */
export async function deleteTerm(client: TecClient, kind: 'category' | 'tag', id: number): Promise<void> {
  try {
    await client.send('DELETE', `wp/v2/${CORE_TAXONOMY[kind]}/${id}`, undefined, { force: true });
  } catch (error) {
    if (error instanceof WebsiteError && (error.status === 404 || error.code === 'rest_term_invalid')) return;
    throw error;
  }
}

/** Uploads an image's bytes to the media library; returns the attachment (id, source_url). */
export async function uploadMedia(client: TecClient, bytes: Uint8Array, type: string, fileName: string): Promise<Json> {
  return (await client.upload('wp/v2/media', bytes, type, fileName)).body as Json;
}
