// Venues and organizers: the same hooks for both (as on the server, two configurations of one
// engine). Lists with search / has events / upcoming and paging; one item with its ETag; writes.
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS_NS, api, type Answer, type Query } from './client.ts';
import { keys } from './keys.ts';
import { currentSite } from './site.ts';
import type { Organizer, OrganizerWrite, Venue, VenueWrite } from './types.ts';

export type LinkedKind = 'venues' | 'organizers';
type Item<K extends LinkedKind> = K extends 'venues' ? Venue : Organizer;
type Write<K extends LinkedKind> = K extends 'venues' ? VenueWrite : OrganizerWrite;
type LinkedList<K extends LinkedKind> = { total: number; total_pages: number } & {
  [P in K]: Item<K>[];
};

const listKey = (kind: LinkedKind, site: string, params: Query) =>
  kind === 'venues' ? keys.venueList(site, params) : keys.organizerList(site, params);
const itemKey = (kind: LinkedKind, site: string, id: number) =>
  kind === 'venues' ? keys.venue(site, id) : keys.organizer(site, id);
const allKey = (kind: LinkedKind, site: string) => (kind === 'venues' ? keys.venues(site) : keys.organizers(site));

export function useLinkedList<K extends LinkedKind>(kind: K, params: Query, options: { enabled?: boolean } = {}) {
  const site = currentSite();
  return useQuery({
    queryKey: listKey(kind, site, params),
    queryFn: async ({ signal }): Promise<Answer<LinkedList<K>> | { empty: true }> => {
      try {
        return await api.get<LinkedList<K>>(EVENTS_NS, kind, params, signal);
      } catch (error) {
        // A page past the last (or an empty search) is 404 for venues and organizers: an empty list.
        if ((error as { status?: number }).status === 404) return { empty: true };
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useLinkedItem<K extends LinkedKind>(kind: K, id: number | null) {
  const site = currentSite();
  return useQuery({
    queryKey: itemKey(kind, site, id ?? 0),
    queryFn: async ({ signal }) => {
      const { data, etag } = await api.get<Item<K>>(EVENTS_NS, `${kind}/${id}`, {}, signal);
      return { item: data, etag };
    },
    enabled: id !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** The names of the given venues or organizers (for filter chips restored from a URL). */
export function useLinkedNames(kind: LinkedKind, ids: string[]): Record<string, string> {
  const site = currentSite();
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: itemKey(kind, site, Number(id)),
      queryFn: async () => {
        const { data, etag } = await api.get<Venue | Organizer>(EVENTS_NS, `${kind}/${id}`);
        return { item: data, etag };
      },
      staleTime: 60_000,
    })),
  });
  const names: Record<string, string> = {};
  results.forEach((result, index) => {
    const item = result.data?.item as (Venue & Organizer) | undefined;
    if (item) names[ids[index]!] = String(kind === 'venues' ? item.venue : item.organizer);
  });
  return names;
}

function useInvalidate(kind: LinkedKind) {
  const client = useQueryClient();
  return () => {
    const site = currentSite();
    void client.invalidateQueries({ queryKey: allKey(kind, site) });
    // Events embed their venue and organizers: their lists and items show the new names.
    void client.invalidateQueries({ queryKey: keys.events(site) });
    void client.invalidateQueries({ queryKey: keys.trash(site) });
  };
}

export function useCreateLinked<K extends LinkedKind>(kind: K) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: (write: Write<K>) => api.post<Item<K>>(EVENTS_NS, kind, write),
    onSuccess: invalidate,
  });
}

export function useUpdateLinked<K extends LinkedKind>(kind: K) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: ({ id, write, etag }: { id: number; write: Write<K>; etag: string | null }) =>
      api.patch<Item<K>>(EVENTS_NS, `${kind}/${id}`, write, { ifMatch: etag }),
    onSuccess: invalidate,
  });
}

export function useDeleteLinked(kind: LinkedKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: ({ id, force = false }: { id: number; force?: boolean }) =>
      api.delete<unknown>(EVENTS_NS, `${kind}/${id}`, { query: force ? { force: true } : {} }),
    onSuccess: invalidate,
  });
}
