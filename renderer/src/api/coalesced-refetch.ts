// Refetches for the change stream, coalesced: one refetch in flight per query, later changes
// folded into one more after it. A query being fetched when a change arrives may have started
// before the change was committed, so its answer could be stale; it is neither cancelled (a
// script writing 5,000 events once made each window send ~1,600 cancelled refetches in 25 s) nor
// left alone: once it lands, it is fetched once more, however many changes came meanwhile.
// Inactive queries are only marked stale; they refetch when a view shows them again.
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

export class CoalescedRefetch {
  /** Queries fetched while changes arrived: each refetched once more when that fetch lands. */
  private readonly again = new Set<Query>();
  private readonly unsubscribe: () => void;

  constructor(private readonly client: QueryClient) {
    this.unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || !this.again.has(event.query)) return;
      if (event.query.state.fetchStatus !== 'idle') return;
      this.again.delete(event.query);
      this.refetch(event.query);
    });
  }

  /** The queries under `keys` changed on the server. */
  changed(keys: QueryKey[]): void {
    for (const queryKey of keys) {
      void this.client.invalidateQueries({ queryKey, refetchType: 'none' });
      for (const query of this.client.getQueryCache().findAll({ queryKey, type: 'active' })) {
        if (query.state.fetchStatus === 'fetching') this.again.add(query);
        else this.refetch(query);
      }
    }
  }

  stop(): void {
    this.unsubscribe();
    this.again.clear();
  }

  private refetch(query: Query): void {
    // Only while someone shows it: a view closed meanwhile refetches when it is shown again.
    if (!query.isActive()) return;
    void this.client.refetchQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });
  }
}
