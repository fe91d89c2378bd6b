// Which series each row's event is an occurrence of, for the Events list's series marks — kept
// beside the table rather than handed to it: the marks are asked for once a page's rows are in,
// and arrive after them. As a prop of the table (and one of its rows' dependencies) their arrival
// drew every row of the page again, twice (react-aria redraws the table with its old collection,
// then with the rebuilt one): ~25 rows of cells for the few marks that changed, holding up the next
// keystroke's rows. Here each row's mark subscribes to its own event's entry: only the rows whose
// mark comes or goes are drawn again.
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

export interface SeriesMarks {
  /** The series `id` is an occurrence of (null: none; undefined: not known yet). */
  get(id: number): number | null | undefined;
  has(id: number): boolean;
  subscribe(listener: () => void): () => void;
}

type SeriesOf = ReadonlyMap<number, number | null> | undefined;

function createSeriesMarks(initial: SeriesOf): SeriesMarks & { set(next: SeriesOf): void } {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: (id) => current?.get(id),
    has: (id) => current?.has(id) ?? false,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (next === current) return;
      current = next;
      for (const listener of listeners) listener();
    },
  };
}

/** One store for the screen's life, holding `seriesOf` as it is now (set before the paint). */
export function useSeriesMarks(seriesOf: SeriesOf): SeriesMarks {
  // The first draw has the marks known then (a page shown again from the cache has them at once).
  const [marks] = useState(() => createSeriesMarks(seriesOf));
  useLayoutEffect(() => marks.set(seriesOf), [marks, seriesOf]);
  return marks;
}

/** Whether the row of `id` carries the series mark: drawn again only when that answer changes. */
export function useIsOccurrence(marks: SeriesMarks | undefined, id: number): boolean {
  return useSyncExternalStore(marks?.subscribe ?? noSubscription, () => typeof marks?.get(id) === 'number');
}
const noSubscription = () => () => {};
