// The UI's preferences, kept by the service for the signed-in user (almanac/v1/preferences): the
// page's own storage is per origin, and the desktop window's origin is http://127.0.0.1:<port>, the
// port 8940 only when it is free — preferences kept there were lost whenever it changed. Read once
// the session is known (they replace the page's copy), written whole whenever one changes.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUi } from '../state/ui-store.ts';
import { APP_NS, api } from './client.ts';
import { keys } from './keys.ts';
import type { Session } from './types.ts';

interface PreferencesBody {
  preferences: Record<string, string | number | boolean | null>;
}

export function useSavedPreferences(session: Session | undefined): void {
  const user = session?.signed_in ? String(session.user?.id ?? '') : '';
  const saved = useQuery({
    queryKey: keys.preferences(user),
    queryFn: async ({ signal }) => (await api.get<PreferencesBody>(APP_NS, 'preferences', {}, signal)).data,
    enabled: user !== '',
    staleTime: Infinity,
  });
  const loaded = saved.data !== undefined;
  useEffect(() => {
    // Nothing saved yet (a first start, or preferences kept only by this page before): keep the
    // page's and let the next change save them.
    if (saved.data && Object.keys(saved.data.preferences).length > 0)
      useUi.getState().applySavedPreferences(saved.data.preferences);
  }, [saved.data]);
  useEffect(() => {
    if (!loaded) return undefined;
    return useUi.subscribe((state, previous) => {
      if (state.preferences === previous.preferences) return;
      // Saved best effort: a failure leaves this page's copy, and the next change tries again.
      api.put(APP_NS, 'preferences', { preferences: state.preferences }).catch(() => {});
    });
  }, [loaded, user]);
}
