// The trash (almanac/v1/trash), restoring or deleting for good through svc/events/v1, and emptying
// a whole trash (DELETE almanac/v1/trash).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_NS, EVENTS_NS, api } from './client.ts';
import { keys } from './keys.ts';
import { currentSite } from './site.ts';
import type { TrashEmptied, TrashPage } from '../../../contract/app/trash.ts';

export type TrashKind = 'events' | 'venues' | 'organizers';
export type { TrashPage };

export function useTrash(kind: TrashKind, page: number, options: { enabled?: boolean } = {}) {
  const site = currentSite();
  return useQuery({
    queryKey: [...keys.trash(site), kind, page],
    queryFn: async ({ signal }) =>
      (await api.get<TrashPage>(APP_NS, 'trash', { type: kind, page, per_page: 20 }, signal)).data,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

function useInvalidate(kind: TrashKind) {
  const client = useQueryClient();
  return () => {
    const site = currentSite();
    void client.invalidateQueries({ queryKey: keys.trash(site) });
    void client.invalidateQueries({ queryKey: keys.events(site) });
    if (kind !== 'events')
      void client.invalidateQueries({ queryKey: kind === 'venues' ? keys.venues(site) : keys.organizers(site) });
  };
}

/** Restore: an update that sets the status the item had before (the contract's restore). */
export function useRestore(kind: TrashKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: string }) =>
      api.patch<unknown>(EVENTS_NS, `${kind}/${id}`, { status }),
    onSuccess: invalidate,
  });
}

export function useDeleteForever(kind: TrashKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(EVENTS_NS, `${kind}/${id}`, { query: { force: true } }),
    onSuccess: invalidate,
  });
}

/** Empty trash: every item of this kind deleted for good (others' the caller may not delete stay). */
export function useEmptyTrash(kind: TrashKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: async () => (await api.delete<TrashEmptied>(APP_NS, 'trash', { query: { type: kind } })).data,
    onSuccess: invalidate,
  });
}
