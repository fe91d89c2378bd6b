// almanac/v1/health (server/app-api/health): the background failures the service has seen — a
// backup that failed, a read worker that could not start or died. Asked every minute (and when the
// window regains focus) by the install administrator's window, for its notice.
import { useQuery } from '@tanstack/react-query';
import { APP_NS, api } from './client.ts';
import { keys } from './keys.ts';
import type { Health } from './types.ts';

export const HEALTH_POLL_MS = 60_000;

export function useHealth(enabled: boolean) {
  return useQuery({
    queryKey: keys.health(),
    queryFn: async ({ signal }) => (await api.get<Health>(APP_NS, 'health', {}, signal)).data,
    enabled,
    refetchInterval: HEALTH_POLL_MS,
    // A failing health check must not itself become noise: the next poll tries again.
    retry: false,
  });
}
