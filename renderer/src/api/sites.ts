// The install's sites, for the site switcher (almanac/v1/sites).
import { useQuery } from '@tanstack/react-query';
import { APP_NS, api } from './client.ts';
import { keys } from './keys.ts';
import type { SiteSummary } from './types.ts';

export function useSites() {
  return useQuery({
    queryKey: keys.sites(),
    queryFn: async () => (await api.get<SiteSummary[]>(APP_NS, 'sites')).data,
    staleTime: 60_000,
  });
}
