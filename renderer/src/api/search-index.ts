// almanac/v1/search-index (server/app-api/search-index): how far the search index of a calendar
// from before it is built. Asked once at start; while it is being built, every second, until ready.
import { useQuery } from '@tanstack/react-query';
import { APP_NS, api } from './client.ts';
import { keys } from './keys.ts';
import type { SearchIndexProgress } from './types.ts';

export const SEARCH_INDEX_POLL_MS = 1_000;

export function useSearchIndexProgress() {
  return useQuery({
    queryKey: keys.searchIndex(),
    queryFn: async ({ signal }) => (await api.get<SearchIndexProgress>(APP_NS, 'search-index', {}, signal)).data,
    refetchInterval: (query) => (query.state.data?.ready === false ? SEARCH_INDEX_POLL_MS : false),
    staleTime: Infinity,
    retry: false,
  });
}
