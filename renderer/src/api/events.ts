// Events: the calendar's range feed, the list, one event, and the writes. Every save sends the ETag
// it loaded as If-Match; a 412 reaches the caller as ApiError.isConflict (the editor's conflict
// dialog). Writes invalidate the site's events (feed, lists, items) and, when they touched them,
// the term lists (counts) and venue/organizer lists.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { APP_NS, EVENTS_NS, api, type Answer, type Query } from './client.ts';
import { keys } from './keys.ts';
import { currentSite } from './site.ts';
import type { Event, EventFeed, EventList, EventWrite } from './types.ts';

export function useEventFeed(params: Query, options: { enabled?: boolean } = {}) {
  const site = currentSite();
  return useQuery({
    queryKey: keys.eventFeed(site, params),
    queryFn: async ({ signal }) => (await api.get<EventFeed>(APP_NS, 'event-feed', params, signal)).data,
    // Keep the month on screen while the next one loads: the grid never flashes empty.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useEventList(params: Query, options: { enabled?: boolean } = {}) {
  const site = currentSite();
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: keys.eventList(site, params),
    queryFn: async ({ signal }): Promise<Answer<EventList> | { empty: true }> => {
      try {
        return await api.get<EventList>(EVENTS_NS, 'events', params, signal);
      } catch (error) {
        // /events answers 404 for a page past the last: for a list, that is just an empty page.
        if ((error as { status?: number }).status === 404 && Number(params.page ?? 1) > 1) return { empty: true };
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}

/** One event, with its ETag (the version the editor will send back as If-Match). */
export function useEvent(id: number | null) {
  const site = currentSite();
  return useQuery({
    queryKey: keys.event(site, id ?? 0),
    queryFn: async ({ signal }) => {
      const { data, etag } = await api.get<Event>(EVENTS_NS, `events/${id}`, { context: 'edit' }, signal);
      return { event: data, etag };
    },
    enabled: id !== null,
    // The editor's copy is its own: a background refetch must not change what it compares against.
    staleTime: Infinity,
    gcTime: 0,
  });
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

export interface EventUpdate {
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
      client.setQueryData(keys.event(currentSite(), id), { event: answer.data, etag: answer.etag });
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
