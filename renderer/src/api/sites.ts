// The install's sites (server/app-api/sites): the list for the site switcher and Settings, create
// (the install administrator) and edit (a site's administrator).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_NS, api } from './client.ts';
import { keys } from './keys.ts';
import { currentSite } from './site.ts';
import type { SiteSummary } from './types.ts';

export function useSites() {
  return useQuery({
    queryKey: keys.sites(),
    queryFn: async () => (await api.get<SiteSummary[]>(APP_NS, 'sites')).data,
    staleTime: 60_000,
  });
}

export interface SiteWrite {
  code?: string;
  title?: string;
  language?: string;
  timezone?: string;
  per_page?: number;
  currency_symbol?: string;
  currency_position?: 'prefix' | 'postfix';
  currency_code?: string;
}

export function useCreateSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (site: SiteWrite) => (await api.post<SiteSummary>(APP_NS, 'sites', site)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.sites() }),
  });
}

export function useUpdateSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, ...changes }: SiteWrite & { code: string }) =>
      (await api.patch<SiteSummary>(APP_NS, `sites/${code}`, changes)).data,
    onSuccess: (site) => {
      void client.invalidateQueries({ queryKey: keys.sites() });
      // This site's title and zone are in the session (the window title, new events' zone).
      if (site.code === currentSite()) void client.invalidateQueries({ queryKey: keys.session(site.code) });
    },
  });
}
