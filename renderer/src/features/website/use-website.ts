// The site's website sync over almanac/v1/sites/{code}/website (server/app-api/website), typed by
// contract/app/website.ts: the state (kept live by the change stream: `website` changes mark
// [site, 'website'] stale, api/change-keys.ts), connect, sync now, disconnect, resolve a conflict,
// retry a failure, WordPress's authorize page, and an event's "not on the website" marks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { APP_NS, api } from '../../api/client.ts';
import { currentSite } from '../../api/site.ts';
import { desktopBridge } from '../../api/auth.ts';
import type {
  WebsiteAuthorization,
  WebsiteConnectArgs,
  WebsiteEventState,
  WebsiteState,
  WebsiteSyncOutcome,
} from '../../../../contract/app/website.ts';

export type { WebsiteConflict, WebsiteFailure, WebsiteState } from '../../../../contract/app/website.ts';
export type WebsiteMode = NonNullable<WebsiteConnectArgs['mode']>;
export type WebsiteNotOnWebsite = WebsiteEventState['not_on_website'][number];

/** Every query of this feature starts with [site, 'website']: what the change stream marks stale. */
export const websiteKeys = {
  all: (site: string) => [site, 'website'] as const,
  state: (site: string) => [site, 'website', 'state'] as const,
  event: (site: string, id: number) => [site, 'website', 'event', id] as const,
};

const path = (site: string, rest = '') => `sites/${site}/website${rest}`;

export function useWebsiteState(enabled = true) {
  const site = currentSite();
  return useQuery({
    queryKey: websiteKeys.state(site),
    queryFn: async ({ signal }) => (await api.get<WebsiteState>(APP_NS, path(site), {}, signal)).data,
    enabled,
  });
}

/** After a write: the answer is the new state; the event marks may have moved too. */
function useSettled() {
  const client = useQueryClient();
  const site = currentSite();
  return (state?: WebsiteState) => {
    if (state) client.setQueryData(websiteKeys.state(site), state);
    void client.invalidateQueries({ queryKey: websiteKeys.all(site) });
  };
}

export function useConnectWebsite() {
  const settled = useSettled();
  const site = currentSite();
  return useMutation({
    mutationFn: async (values: Omit<WebsiteConnectArgs, 'code'>) =>
      (await api.put<WebsiteState & { site_name: string; limits: string[] }>(APP_NS, path(site), values)).data,
    onSuccess: (state) => settled(state),
  });
}

export function useDisconnectWebsite() {
  const settled = useSettled();
  const site = currentSite();
  return useMutation({
    mutationFn: async () => (await api.delete<WebsiteState>(APP_NS, path(site))).data,
    onSuccess: (state) => settled(state),
  });
}

export function useSyncNow() {
  const settled = useSettled();
  const site = currentSite();
  return useMutation({
    mutationFn: async () => (await api.post<WebsiteSyncOutcome>(APP_NS, path(site, '/sync'), {})).data,
    onSuccess: (outcome) => settled(outcome.state),
  });
}

export function useResolveConflict() {
  const settled = useSettled();
  const site = currentSite();
  return useMutation({
    mutationFn: async ({ id, keep }: { id: number; keep: 'mine' | 'theirs' }) =>
      (await api.post<WebsiteState>(APP_NS, path(site, `/conflicts/${id}`), { keep })).data,
    onSuccess: (state) => settled(state),
  });
}

export function useRetryFailure() {
  const settled = useSettled();
  const site = currentSite();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post<WebsiteState>(APP_NS, path(site, `/failures/${id}/retry`), {})).data,
    onSuccess: (state) => settled(state),
  });
}

/** WordPress's authorize-application page; without a return address WordPress shows the new password. */
/**
 * WordPress's authorize page for the website at `url`. In the desktop app it returns the new
 * password to Almanac itself (success_url almanac://…, electron/website-authorize-link.ts), which
 * connects with `mode`; in a browser, WordPress shows the password for the user to copy.
 */
export function useAuthorizePage() {
  const site = currentSite();
  return useMutation({
    mutationFn: async ({ url, mode }: { url: string; mode: WebsiteMode }) => {
      const bridge = desktopBridge();
      const successUrl = bridge ? await bridge.beginWebsiteAuthorization(site, mode, url) : undefined;
      const query = successUrl ? { url, success_url: successUrl } : { url };
      const { data } = await api.get<Static<typeof WebsiteAuthorization>>(APP_NS, path(site, '/authorize'), query);
      return { ...data, returnsToApp: successUrl !== undefined };
    },
  });
}

/** An event's place on the website, asked only while the site is connected. */
export function useWebsiteEvent(id: number | null, connected: boolean) {
  const site = currentSite();
  return useQuery({
    queryKey: websiteKeys.event(site, id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<WebsiteEventState>(APP_NS, path(site, `/events/${id}`), {}, signal)).data,
    enabled: connected && id !== null,
  });
}
