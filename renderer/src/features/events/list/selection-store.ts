// The Events list's selection (UI state): the rows picked, on any page, or every event the list's
// query matches ("select all N that match"). It belongs to one set of matches: turning pages,
// sorting or changing the page size keeps it (as Gmail does: pick on page 1, then on page 2, act
// on both); a change of what matches (a filter, the search, one row per series) starts over, and
// the list says so, so an action never reaches rows nobody can see chosen.
import { create } from 'zustand';

interface SelectionState {
  /** The matches the selection was made in (the filters without page, page size and sort, as JSON). */
  scope: string;
  ids: ReadonlySet<number>;
  /** Every event the query matches, on every page. */
  allMatching: boolean;
  /** Starts over when `scope` is not the current one; true when that dropped a selection. */
  follow(scope: string): boolean;
  /** What the table says is ticked on the page shown: the other pages' picks stay. */
  setOnPage(pageIds: readonly number[], ticked: ReadonlySet<number>): void;
  selectAllMatching(): void;
  clear(): void;
}

const NONE: ReadonlySet<number> = new Set();

export const useEventSelection = create<SelectionState>()((set, get) => ({
  scope: '',
  ids: NONE,
  allMatching: false,
  follow: (scope) => {
    const current = get();
    if (current.scope === scope) return false;
    set({ scope, ids: NONE, allMatching: false });
    // The first scope (the screen opening) drops nothing anyone chose.
    return current.scope !== '' && (current.ids.size > 0 || current.allMatching);
  },
  // Unticking a row leaves "all that match" for what is ticked.
  setOnPage: (pageIds, ticked) => {
    const page = new Set(pageIds);
    const next = new Set([...get().ids].filter((id) => !page.has(id)));
    for (const id of ticked) if (page.has(id)) next.add(id);
    set({ ids: next, allMatching: false });
  },
  selectAllMatching: () => set({ allMatching: true }),
  clear: () => set({ ids: NONE, allMatching: false }),
}));

/** The part of the list's filters that decides what matches (the selection's scope). */
export function selectionScope<T extends { page: number; perPage: number; sort: string; order: string }>(
  filters: T,
  extra: unknown,
): string {
  const { page: _page, perPage: _perPage, sort: _sort, order: _order, ...matching } = filters;
  return JSON.stringify([matching, extra]);
}

const NOTHING_TICKED: ReadonlySet<number> = new Set();

/**
 * The page's rows that `selection` ticks, or — while nothing is ticked, or the selection belongs to
 * other matches (`sameScope` false: it is about to start over) — one unchanging empty set: the
 * table is drawn again only when what it shows ticked changes.
 */
export function tickedOnPage(
  pageIds: readonly number[],
  selection: Pick<SelectionState, 'ids' | 'allMatching'>,
  sameScope: boolean,
): ReadonlySet<number> {
  const { ids, allMatching } = selection;
  if (!sameScope || (!allMatching && ids.size === 0)) return NOTHING_TICKED;
  return new Set(pageIds.filter((id) => allMatching || ids.has(id)));
}
