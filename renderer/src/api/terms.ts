// Categories and tags: lists with counts, and the writes (server: term engine, spec §4.5–4.6).
// Terms are never trashed: DELETE removes them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS_NS, api } from './client.ts';
import { keys } from './keys.ts';
import { currentSite } from './site.ts';
import type { Taxonomy, Term, TermWrite } from './types.ts';
import { withTextNames } from './term-names.ts';

/** A page of /categories or /tags: the reference's envelope. */
type TermList = { total: number; total_pages: number } & Partial<Record<Taxonomy, Term[]>>;

/** A whole taxonomy (every term, 50 a page, all pages): pickers and the category tree need them all. */
export function useAllTerms(taxonomy: Taxonomy, options: { enabled?: boolean } = {}) {
  const site = currentSite();
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: keys.termList(site, taxonomy, { all: true }),
    queryFn: async ({ signal }) => {
      const terms: Term[] = [];
      for (let page = 1; ; page++) {
        const answer = await api.get<TermList>(
          EVENTS_NS,
          taxonomy,
          { per_page: 50, page, hide_empty: false, orderby: 'name' },
          signal,
        );
        terms.push(...withTextNames(answer.data[taxonomy] ?? []));
        if (page >= (answer.totalPages ?? 1)) break;
      }
      return terms;
    },
    staleTime: 30_000,
  });
}

function useInvalidate(taxonomy: Taxonomy) {
  const client = useQueryClient();
  return () => {
    const site = currentSite();
    void client.invalidateQueries({ queryKey: keys.terms(site, taxonomy) });
    // Events embed their terms (names, and the calendar's colours by category).
    void client.invalidateQueries({ queryKey: keys.events(site) });
  };
}

export function useCreateTerm(taxonomy: Taxonomy) {
  const invalidate = useInvalidate(taxonomy);
  return useMutation({
    mutationFn: async (write: TermWrite) => (await api.post<Term>(EVENTS_NS, taxonomy, write)).data,
    onSuccess: invalidate,
  });
}

export function useUpdateTerm(taxonomy: Taxonomy) {
  const invalidate = useInvalidate(taxonomy);
  return useMutation({
    mutationFn: async ({ id, write }: { id: number; write: TermWrite }) =>
      (await api.patch<Term>(EVENTS_NS, `${taxonomy}/${id}`, write)).data,
    onSuccess: invalidate,
  });
}

export function useDeleteTerm(taxonomy: Taxonomy) {
  const invalidate = useInvalidate(taxonomy);
  return useMutation({
    mutationFn: async (id: number) => api.delete<unknown>(EVENTS_NS, `${taxonomy}/${id}`, { query: { force: true } }),
    onSuccess: invalidate,
  });
}
