// Events: the calendar's range feed, the list, one event, and the writes. Every save sends the ETag
// it loaded as If-Match; a 412 reaches the caller as ApiError.isConflict (the editor's conflict
// dialog). Writes invalidate the site's events (feed, lists, items) and, when they touched them,
// the term lists (counts) and venue/organizer lists.
import { useEffect } from 'react';
import {
  hashKey,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { afterPaint } from '../components/after-paint.ts';
import { APP_NS, EVENTS_NS, api, type Answer, type Query } from './client.ts';
import { keys, type EventContext } from './keys.ts';
import { eventWithTextNames } from './term-names.ts';
import { currentSite } from './site.ts';
import type { Event, EventFeed, EventList, EventWrite } from './types.ts';

const feedQuery = (site: string, params: Query) => ({
  queryKey: keys.eventFeed(site, params),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await api.get<EventFeed>(APP_NS, 'event-feed', params, signal)).data,
});

export function useEventFeed(params: Query, options: { enabled?: boolean } = {}) {
  const site = currentSite();
  return useQuery({
    ...feedQuery(site, params),
    // Keep the month on screen while the next one loads: the grid never flashes empty.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/**
 * Loads these ranges (the neighbouring months or weeks) as soon as the current one is on screen
 * (after its frame is painted), one after the other, so Previous / Next draw from the cache
 * instead of waiting for the service — also for someone clicking Next in quick succession (at
 * idle, as before, the next range was often not there yet on a busy machine).
 */
export function usePrefetchEventFeeds(ranges: Query[], enabled: boolean) {
  const client = useQueryClient();
  const site = currentSite();
  const wanted = JSON.stringify(ranges);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const run = async () => {
      for (const params of JSON.parse(wanted) as Query[]) {
        if (cancelled) return;
        await client.prefetchQuery(feedQuery(site, params));
      }
    };
    const cancel = afterPaint(() => void run());
    return () => {
      cancelled = true;
      cancel();
    };
  }, [client, site, wanted, enabled]);
}

/** The page of events `params` asks for: the query useEventList shows and prefetchEventList starts. */
function eventListQueryOptions(site: string, params: Query, app: boolean) {
  return {
    queryKey: keys.eventList(site, app ? { ...params, _app: true } : params),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Answer<EventList> | { empty: true }> => {
      try {
        const answer = app
          ? await api.get<EventList>(APP_NS, 'event-list', params, signal)
          : await api.get<EventList>(EVENTS_NS, 'events', params, signal);
        return { ...answer, data: { ...answer.data, events: answer.data.events.map(eventWithTextNames) } };
      } catch (error) {
        // /events answers 404 for a page past the last: for a list, that is just an empty page.
        if ((error as { status?: number }).status === 404 && Number(params.page ?? 1) > 1) return { empty: true };
        throw error;
      }
    },
  };
}

/**
 * A page of events: svc/events/v1's /events, or with `app` almanac/v1/event-list (the same page,
 * plus what only the app's list asks for: sorting by title or venue, one row per series).
 */
export function useEventList(params: Query, options: { enabled?: boolean; app?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    ...eventListQueryOptions(currentSite(), params, options.app ?? false),
    placeholderData: keepPreviousData,
  });
}

/**
 * Runs `run` once no page of the events list is being fetched: at once when none is, else when the
 * one on its way has its answer (or is given up). Returns what cancels the wait. The search box
 * asks for what was typed meanwhile then, as one request (EventFilters.tsx).
 */
export function whenEventListIdle(client: QueryClient, run: () => void): () => void {
  const lists = [...keys.events(currentSite()), 'list'];
  const idle = () => client.isFetching({ queryKey: lists }) === 0;
  if (idle()) {
    run();
    return () => {};
  }
  let cancelled = false;
  // The cache tells its listeners inside its own update: the next request starts after it.
  const unsubscribe = client.getQueryCache().subscribe(() => {
    if (!idle()) return;
    unsubscribe();
    queueMicrotask(() => {
      if (!cancelled) run();
    });
  });
  return () => {
    cancelled = true;
    unsubscribe();
  };
}

/**
 * Starts asking for the app's page (almanac/v1/event-list) a filter change wants as the change is
 * made, before the screen is drawn again with it (useEventList then finds the request under way).
 * A change that asks for the same page (a space after the search word) asks nothing; the page
 * asked for before, if still under way and no screen shows it, is given up (a keystroke each).
 */
export function prefetchEventList(client: QueryClient, params: Query, before: Query) {
  const site = currentSite();
  const wanted = eventListQueryOptions(site, params, true);
  const { queryKey: previous } = eventListQueryOptions(site, before, true);
  const previousHash = hashKey(previous);
  if (hashKey(wanted.queryKey) === previousHash) return;
  // Found by its hash, not with a filter: `find` and `cancelQueries` hash the key again for every
  // query in the cache (after a few months of the calendar, ~1 ms of each keystroke, issue 39).
  const pageBefore = client.getQueryCache().get(previousHash);
  if (pageBefore && pageBefore.getObserversCount() === 0) void pageBefore.cancel({ revert: true });
  void client.prefetchQuery(wanted);
}

const eventQuery = (site: string, id: number, context: EventContext) => ({
  queryKey: keys.eventRead(site, id, context),
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const { data, etag } = await api.get<Event>(
      EVENTS_NS,
      `events/${id}`,
      context === 'edit' ? { context: 'edit' } : {},
      signal,
    );
    return { event: eventWithTextNames(data), etag };
  },
});

/**
 * One event, with its ETag (the version the editor will send back as If-Match): as those who may
 * edit read it (`context=edit`, the card and the editor share that copy), or as a visitor does.
 */
export function useEvent(id: number | null, context: EventContext = 'edit') {
  const site = currentSite();
  return useQuery({
    ...eventQuery(site, id ?? 0, context),
    enabled: id !== null,
    // The editor's copy is its own: a background refetch must not change what it compares against.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * Starts loading an event before its card or editor opens (pointed at, focused, clicked), so it
 * usually finds it loaded. Kept a few seconds for them to pick up; they keep it no longer. Within
 * two seconds the same event is not asked for again (a pointer crossing events back and forth).
 * Safe against staleness: a save sends this copy's ETag, and a change since then is a 412 and the
 * conflict dialog, never an overwrite.
 */
export function prefetchEvent(client: QueryClient, id: number, context: EventContext) {
  void client.prefetchQuery({ ...eventQuery(currentSite(), id, context), gcTime: 5_000, staleTime: 2_000 });
}

function touched(write: EventWrite): { terms: boolean; linked: boolean } {
  return {
    terms: 'categories' in write || 'tags' in write,
    linked: 'venue' in write || 'organizer' in write,
  };
}

export function invalidateAfterEventWrite(client: QueryClient, write: EventWrite | 'all') {
  const site = currentSite();
  void client.invalidateQueries({ queryKey: keys.events(site) });
  void client.invalidateQueries({ queryKey: keys.trash(site) });
  const { terms, linked } = write === 'all' ? { terms: true, linked: true } : touched(write);
  if (terms) {
    void client.invalidateQueries({ queryKey: keys.terms(site, 'categories') });
    void client.invalidateQueries({ queryKey: keys.terms(site, 'tags') });
  }
  if (linked) {
    void client.invalidateQueries({ queryKey: keys.venues(site) });
    void client.invalidateQueries({ queryKey: keys.organizers(site) });
  }
}

export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (write: EventWrite) => api.post<Event>(EVENTS_NS, 'events', write),
    onSuccess: (_answer, write) => invalidateAfterEventWrite(client, write),
  });
}

interface EventUpdate {
  id: number;
  write: EventWrite;
  /** The ETag the change is based on; null: overwrite whatever is there (the user chose "Keep mine"). */
  etag: string | null;
}

export function useUpdateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, write, etag }: EventUpdate) =>
      api.patch<Event>(EVENTS_NS, `events/${id}`, write, { ifMatch: etag }),
    onSuccess: (answer, { id, write }) => {
      client.setQueryData(keys.eventRead(currentSite(), id, 'edit'), {
        event: eventWithTextNames(answer.data),
        etag: answer.etag,
      });
      invalidateAfterEventWrite(client, write);
    },
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, force = false, etag }: { id: number; force?: boolean; etag?: string | null }) =>
      api.delete<Event>(EVENTS_NS, `events/${id}`, { query: force ? { force: true } : {}, ifMatch: etag }),
    onSuccess: () => invalidateAfterEventWrite(client, 'all'),
  });
}
