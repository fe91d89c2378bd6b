// Who the UI is signed in as, and signing in and out (server/app-api/session).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_NS, api, apiUrl } from './client.ts';
import { desktopBridge, getCredentials, setCredentials } from './auth.ts';
import { keys } from './keys.ts';
import { currentSite } from './site.ts';
import type { Session } from './types.ts';

/**
 * Settles the credentials before the first request: the desktop window asks the main process for
 * its session; a browser asks the service whether its cookie is a session, and takes its nonce.
 */
async function startSession(): Promise<Session> {
  const desktop = desktopBridge();
  if (desktop) setCredentials({ kind: 'desktop', token: await desktop.getSession() });
  const { data } = await api.get<Session>(APP_NS, 'session');
  if (getCredentials().kind !== 'desktop')
    setCredentials(data.signed_in && data.nonce ? { kind: 'cookie', nonce: data.nonce } : { kind: 'anonymous' });
  return data;
}

export function useSession() {
  return useQuery({
    queryKey: keys.session(currentSite()),
    queryFn: startSession,
    staleTime: Infinity,
  });
}

/** Sign in with an API token made by `almanac token create`: the service opens a cookie session. */
export function useTokenSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const response = await fetch(apiUrl(APP_NS, 'session'), {
        method: 'POST',
        headers: { Accept: 'application/json', Authorization: `Bearer ${token.trim()}` },
        credentials: 'same-origin',
      });
      const body = (await response.json()) as Session & { code?: string; message?: string };
      if (!response.ok) throw Object.assign(new Error(body.message ?? 'Sign-in failed.'), { status: response.status });
      return body;
    },
    onSuccess: (session) => {
      setCredentials(session.nonce ? { kind: 'cookie', nonce: session.nonce } : { kind: 'anonymous' });
      // Everything may look different signed in (drafts, private events): refetch it all.
      void client.resetQueries();
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Session>(APP_NS, 'session'),
    onSuccess: () => {
      setCredentials({ kind: 'anonymous' });
      void client.resetQueries();
    },
  });
}
