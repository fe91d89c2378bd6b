// CalDAV for calendar apps (server/app-api/caldav): the address to give them, and "Share on my
// network" (install administrator) with its addresses and certificate fingerprint.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_NS, api } from './client.ts';
import { keys } from './keys.ts';
import type { CalDavNetwork, CalDavSettings } from '../../../contract/app/caldav.ts';

export function useCalDav() {
  return useQuery({
    queryKey: keys.caldav(),
    queryFn: async ({ signal }) => (await api.get<CalDavSettings>(APP_NS, 'caldav', {}, signal)).data,
  });
}

export function useShareOnNetwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) => (await api.post<CalDavNetwork>(APP_NS, 'caldav/network', { enabled })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.caldav() }),
  });
}
