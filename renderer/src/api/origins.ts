// The web origins allowed to call the API from a browser (server/app-api/origins).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_NS, api } from './client.ts';
import { keys } from './keys.ts';
import type { OriginList } from './types.ts';

export function useOrigins() {
  return useQuery({
    queryKey: keys.origins(),
    queryFn: async ({ signal }) => (await api.get<OriginList>(APP_NS, 'origins', {}, signal)).data.origins,
  });
}

export function useChangeOrigin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ origin, allow }: { origin: string; allow: boolean }) =>
      allow
        ? (await api.post<OriginList>(APP_NS, 'origins', { origin })).data
        : (await api.delete<OriginList>(APP_NS, 'origins', { query: { origin } })).data,
    onSuccess: (list) => client.setQueryData(keys.origins(), list.origins),
  });
}
