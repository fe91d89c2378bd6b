// The Events list's selection (UI state): the rows picked on the page shown, or every event the
// list's query matches ("select all N that match"). It belongs to one query: a change of filter,
// sort, page or page size starts over, so an action never reaches rows nobody can see chosen.
import { create } from 'zustand';

interface SelectionState {
  /** The query the selection was made in (its JSON). */
  scope: string;
  ids: ReadonlySet<number>;
  /** Every event the query matches, on every page. */
  allMatching: boolean;
  /** Starts over when `scope` is not the current one. */
  follow(scope: string): void;
  set(ids: Set<number>): void;
  selectAllMatching(): void;
  clear(): void;
}

const NONE: ReadonlySet<number> = new Set();

export const useEventSelection = create<SelectionState>()((set, get) => ({
  scope: '',
  ids: NONE,
  allMatching: false,
  follow: (scope) => {
    if (get().scope !== scope) set({ scope, ids: NONE, allMatching: false });
  },
  // Unticking a row leaves "all that match" for what is ticked.
  set: (ids) => set({ ids, allMatching: false }),
  selectAllMatching: () => set({ allMatching: true }),
  clear: () => set({ ids: NONE, allMatching: false }),
}));
