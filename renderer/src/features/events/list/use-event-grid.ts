// The Events list grid's focus and selection by keyboard and mouse (the rules themselves, pure, are
// grid-navigation.ts). One Tab stop — a roving tabindex: the element last focused in the grid
// (a row, one of its cells, a header) is the one Tab comes back to — and the keys of react-aria's
// grid, which the list used before: arrows, Home/End, PageUp/PageDown, Space ticks, Shift extends
// from the anchor, Ctrl/Cmd+A ticks the page, Escape clears, Enter opens, letters find a title.
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import type { EventSort } from '../../../state/filters.ts';
import { extended, moveFocus, pageToggled, toggled, typedRow, type GridSpot } from './grid-navigation.ts';

export interface GridColumn {
  /** The column a header press sorts by; undefined: not sortable. */
  sort?: EventSort;
  /** The checkbox column. */
  select?: boolean;
}

export interface GridInput {
  /**
   * Which matches the rows are of: new ones start the grid anew (the Tab stop back on the first
   * row, no Shift anchor or typed letters left from rows that are gone); another page, sort or
   * refetch of the same matches keeps them.
   */
  matches?: string;
  /** The page's events, in order: their ids and titles. */
  ids: readonly number[];
  titles: readonly string[];
  columns: readonly GridColumn[];
  selection?: { ids: ReadonlySet<number>; onChange(ids: Set<number>): void };
  onSort?(column: EventSort): void;
  onOpen(id: number): void;
}

/** The grid's element at `spot`: a header cell, a row, or a row's cell. */
function elementAt(table: HTMLTableElement, spot: GridSpot): HTMLElement | undefined {
  if (spot.row < 0) return table.tHead?.rows[0]?.cells[spot.col];
  const row = table.tBodies[0]?.rows[spot.row];
  return spot.col < 0 ? row : row?.cells[spot.col];
}

/** Where `element` (a header cell, a row, a cell, or something inside one) is in the grid. */
function spotOf(table: HTMLTableElement, element: Element | null): GridSpot | undefined {
  const row = element?.closest('tr');
  if (!element || !row || !table.contains(row)) return undefined;
  const cell = element.closest('td, th') as HTMLTableCellElement | null;
  if (row.parentElement === table.tHead) return { row: -1, col: cell?.cellIndex ?? 0 };
  return { row: row.sectionRowIndex, col: element === row || !cell ? -1 : cell.cellIndex };
}

/** The rows one PageDown moves by: those the list's scrolled area (or the window) shows. */
function rowsInView(table: HTMLTableElement): number {
  const rowHeight = table.tBodies[0]?.rows[0]?.getBoundingClientRect().height || 40;
  const area = table.parentElement?.clientHeight ?? window.innerHeight;
  return Math.max(1, Math.floor(Math.min(area, window.innerHeight) / rowHeight) - 1);
}

export function useEventGrid(input: GridInput) {
  const table = useRef<HTMLTableElement>(null);
  // The handlers read the latest props, so they stay the same functions (the rows are memos).
  const latest = useRef(input);
  useLayoutEffect(() => {
    latest.current = input;
  });
  const headerCol = Math.max(
    0,
    input.columns.findIndex((column) => column.sort),
  );
  const [spot, setSpot] = useState<GridSpot>({ row: 0, col: -1 });
  // The row a Shift-click or Shift+arrow extends from, and the selection beside that range; the
  // letters typed to find a title.
  const anchor = useRef<{ id: number; base: ReadonlySet<number> } | null>(null);
  const typed = useRef({ text: '', at: -Infinity });
  // New matches: the state of the rows that are gone goes with them (set while drawing, as React
  // recommends for state that follows a prop: no frame drawn with the old Tab stop).
  const [matchesSeen, setMatchesSeen] = useState(input.matches);
  if (matchesSeen !== input.matches) {
    setMatchesSeen(input.matches);
    setSpot({ row: 0, col: -1 });
  }
  useLayoutEffect(() => {
    anchor.current = null;
    typed.current = { text: '', at: -Infinity };
  }, [input.matches]);
  // The Tab stop: the spot last focused, on this page (the first row when it had fewer rows;
  // the first sortable header when there are none).
  const rows = input.ids.length;
  const stop: GridSpot =
    rows === 0
      ? { row: -1, col: spot.row < 0 ? spot.col : headerCol }
      : { row: Math.min(spot.row, rows - 1), col: spot.col };

  const focus = (target: GridSpot, options?: FocusOptions) => {
    if (table.current) elementAt(table.current, target)?.focus(options);
  };
  const setSelection = (ids: Set<number>) => latest.current.selection?.onChange(ids);

  /** Space, Ctrl-click and the row's box: one row ticked or not; the anchor moves to it. */
  const tick = useCallback((id: number) => {
    const selection = latest.current.selection;
    if (!selection) return;
    const next = toggled(selection.ids, id);
    const base = new Set(next);
    base.delete(id);
    anchor.current = { id, base: next.has(id) ? base : next };
    selection.onChange(next);
  }, []);

  /** Shift-click and Shift+arrows: from the anchor (or `from`, with none yet) to `to`. */
  const extendTo = (to: number, from?: number) => {
    const { selection, ids } = latest.current;
    if (!selection) return;
    if (!anchor.current || !ids.includes(anchor.current.id)) {
      anchor.current = from === undefined ? null : { id: from, base: selection.ids };
    }
    setSelection(extended(ids, anchor.current?.base ?? selection.ids, anchor.current?.id, to));
    if (!anchor.current) anchor.current = { id: to, base: selection.ids };
  };

  const tickPage = () => {
    const { selection, ids } = latest.current;
    if (!selection) return;
    anchor.current = null;
    setSelection(pageToggled(ids, selection.ids));
  };

  const sortBy = (col: number) => {
    const column = latest.current.columns[col];
    if (column?.select) tickPage();
    else if (column?.sort) latest.current.onSort?.(column.sort);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const grid = table.current;
    const from = grid && spotOf(grid, event.target as Element);
    if (!grid || !from || event.altKey) return;
    const { ids, titles, selection, columns } = latest.current;
    const ctrl = event.ctrlKey || event.metaKey;
    const id = from.row >= 0 ? ids[from.row] : undefined;
    const done = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (selection && ctrl && event.key.toLowerCase() === 'a') {
      done();
      anchor.current = null;
      setSelection(new Set(ids));
      return;
    }
    if (selection && event.key === 'Escape' && selection.ids.size > 0) {
      done();
      anchor.current = null;
      setSelection(new Set());
      return;
    }
    if (event.key === ' ' || event.key === 'Enter') {
      if (from.row < 0) {
        done();
        sortBy(from.col);
      } else if (id !== undefined && event.key === 'Enter' && !ctrl && !event.shiftKey) {
        done();
        latest.current.onOpen(id);
      } else if (id !== undefined && event.key === ' ') {
        done();
        if (event.shiftKey) extendTo(id, id);
        else tick(id);
      }
      return;
    }
    const next = moveFocus(
      from,
      { key: event.key, ctrl },
      { rows: ids.length, cols: columns.length, pageRows: rowsInView(grid), headerCol },
    );
    if (next) {
      done();
      focus(next);
      // Shift with a row-to-row move: the range from the anchor to the new row.
      if (event.shiftKey && selection && id !== undefined && next.row >= 0 && next.row !== from.row)
        extendTo(ids[next.row]!, id);
      return;
    }
    // Type-ahead: letters typed within a second of each other find the next title they begin.
    if (event.key.length === 1 && !ctrl && from.row >= 0) {
      const again = event.timeStamp - typed.current.at < 1000;
      typed.current = { text: (again ? typed.current.text : '') + event.key, at: event.timeStamp };
      const found = typedRow(titles, typed.current.text, from.row);
      if (found !== undefined) {
        done();
        focus({ row: found, col: from.col });
      }
    }
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const grid = table.current;
    const target = event.target as HTMLElement;
    const at = grid && spotOf(grid, target);
    if (!grid || !at) return;
    // A box's input (a click on it, a screen reader's cursor): the focus belongs to its row or header.
    if (target instanceof HTMLInputElement) {
      focus(at, { preventScroll: true });
      return;
    }
    setSpot((before) => (before.row === at.row && before.col === at.col ? before : at));
    // The ring for keyboard focus only, as react-aria's data-focus-visible (the list's CSS draws it).
    target.toggleAttribute('data-focus-visible', target.matches(':focus-visible'));
  };

  const onBlur = (event: FocusEvent<HTMLTableElement>) =>
    (event.target as HTMLElement).removeAttribute('data-focus-visible');

  // A press focuses what it lands on (the row, or the header) without selecting text or moving
  // the focus to the cell under the pointer.
  const onMouseDown = (event: MouseEvent<HTMLTableElement>) => {
    const grid = table.current;
    const target = event.target as Element;
    if (!grid || event.button !== 0) return;
    const at = spotOf(grid, target);
    if (!at) return;
    event.preventDefault();
    focus(at.row < 0 ? at : { row: at.row, col: -1 }, { preventScroll: true });
  };

  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    const grid = table.current;
    const target = event.target as Element;
    const at = grid && spotOf(grid, target);
    if (!at || event.button !== 0) return;
    if (at.row < 0) {
      const sort = latest.current.columns[at.col]?.sort;
      if (sort) latest.current.onSort?.(sort);
      return;
    }
    // The box ticks by itself (SelectionBox).
    if (target.closest('.cell-select')) return;
    const { ids, selection } = latest.current;
    const id = ids[at.row]!;
    if (selection && event.shiftKey) extendTo(id);
    else if (selection && (event.ctrlKey || event.metaKey)) tick(id);
    else if (!event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey) latest.current.onOpen(id);
  };

  /** A Shift-click on a row's box: as on the row. */
  const extendToRow = useCallback((id: number) => extendTo(id), []); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    table,
    stop,
    tick,
    extendToRow,
    tickPage,
    handlers: { onKeyDown, onFocus, onBlur, onMouseDown, onClick },
  };
}
