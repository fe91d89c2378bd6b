// API tokens for external tools (server/app-api/tokens): list, make (the answer carries the secret,
// this once), revoke. Tokens belong to the install, not to a site: one key for all sites.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_NS, api } from './client.ts';
import { keys } from './keys.ts';
import type { TokenCreated, TokenList } from './types.ts';

export function useTokens() {
  return useQuery({
    queryKey: keys.tokens(),
    queryFn: async ({ signal }) => (await api.get<TokenList>(APP_NS, 'tokens', {}, signal)).data.tokens,
  });
}

export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await api.post<TokenCreated>(APP_NS, 'tokens', { name })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.tokens() }),
  });
}

export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(APP_NS, `tokens/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.tokens() }),
  });
}
