// When the rows the keyboard is on go away — a search that finds nothing, asked for by ↓ or "Skip to
// the results" before its answer came, or the last row of a page trashed — the focus would fall to
// the page's body, where a keyboard or screen reader user is nowhere. It goes to `target` instead
// (the count of matches, which says why there are no rows).
import { useLayoutEffect, useRef, type FocusEvent } from 'react';

/** Handlers for the element around the rows, and the move once `empty` turns true. */
export function useFocusKeptWhenEmptied(empty: boolean, target: { current: HTMLElement | null }) {
  const inside = useRef(false);
  useLayoutEffect(() => {
    if (!empty || !inside.current) return;
    inside.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body) target.current?.focus();
  }, [empty, target]);
  return {
    onFocus: () => {
      inside.current = true;
    },
    // Left for another element (a removed element blurs with none: that one is kept).
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      if (next !== null && !event.currentTarget.contains(next)) inside.current = false;
    },
  };
}
