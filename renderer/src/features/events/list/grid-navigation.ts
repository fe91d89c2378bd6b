// The Events list grid's keyboard and selection rules, pure (the hook in use-event-grid.ts applies
// them to the page): where a key moves the focus, and what a Shift-, Ctrl- or plain press does to
// the selection. As react-aria's grid did, as Thunderbird's and GNOME's lists do: the rows are
// the stops of ArrowUp/Down, a row's cells are reached with ArrowRight, the header row is above
// the first row.

/**
 * A place the focus can be. `row` -1 is the header row (always a header cell: `col` ≥ 0); in a
 * body row, `col` -1 is the row itself and ≥ 0 one of its cells.
 */
export interface GridSpot {
  row: number;
  col: number;
}

export interface GridShape {
  rows: number;
  cols: number;
  /** Rows a PageUp/PageDown moves by (those in view, at least 1). */
  pageRows: number;
  /** The header cell ArrowUp from the first row lands on (the first sortable one). */
  headerCol: number;
}

export interface GridKey {
  key: string;
  ctrl?: boolean;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** Where `key` moves the focus from `from`; undefined when the key is not a move. */
export function moveFocus(from: GridSpot, { key, ctrl = false }: GridKey, shape: GridShape): GridSpot | undefined {
  const { rows, cols, pageRows, headerCol } = shape;
  const lastRow = rows - 1;
  const lastCol = cols - 1;
  if (from.row < 0) {
    // The header row: its cells, left and right; down to the first row (the row, as Tab gives it).
    switch (key) {
      case 'ArrowLeft':
        return { row: -1, col: clamp(from.col - 1, 0, lastCol) };
      case 'ArrowRight':
        return { row: -1, col: clamp(from.col + 1, 0, lastCol) };
      case 'Home':
        return ctrl && rows > 0 ? { row: 0, col: -1 } : { row: -1, col: 0 };
      case 'End':
        return ctrl && rows > 0 ? { row: lastRow, col: -1 } : { row: -1, col: lastCol };
      case 'ArrowDown':
      case 'PageDown':
        if (rows === 0) return from;
        return { row: key === 'PageDown' ? clamp(pageRows - 1, 0, lastRow) : 0, col: -1 };
      case 'ArrowUp':
      case 'PageUp':
        return from;
      default:
        return undefined;
    }
  }
  const inCell = from.col >= 0;
  switch (key) {
    case 'ArrowDown':
      return { row: clamp(from.row + 1, 0, lastRow), col: from.col };
    case 'ArrowUp':
      return from.row === 0 ? { row: -1, col: inCell ? from.col : headerCol } : { row: from.row - 1, col: from.col };
    case 'PageDown':
      return { row: clamp(from.row + pageRows, 0, lastRow), col: from.col };
    case 'PageUp':
      return { row: clamp(from.row - pageRows, 0, lastRow), col: from.col };
    case 'Home':
      // In a cell, Home is the row's first cell (Ctrl+Home the first row), as in a spreadsheet.
      return inCell && !ctrl ? { row: from.row, col: 0 } : { row: 0, col: from.col };
    case 'End':
      return inCell && !ctrl ? { row: from.row, col: lastCol } : { row: lastRow, col: from.col };
    case 'ArrowRight':
      return { row: from.row, col: clamp(from.col + 1, -1, lastCol) };
    case 'ArrowLeft':
      // From the first cell back to the row itself.
      return { row: from.row, col: clamp(from.col - 1, -1, lastCol) };
    default:
      return undefined;
  }
}

/** `ids` with `id` ticked if it was not, unticked if it was. */
export function toggled(ids: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(ids);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * The rows from `anchor` to `to` (in the page's order, either way) ticked, added to `base` — the
 * selection as it was when the anchor was set, so a second Shift-click or Shift+arrow replaces the
 * first one's range instead of adding to it (as react-aria, Finder and Thunderbird do). Without an
 * anchor on the page, the range starts at `to`.
 */
export function extended(
  order: readonly number[],
  base: ReadonlySet<number>,
  anchor: number | undefined,
  to: number,
): Set<number> {
  const end = order.indexOf(to);
  const start = anchor === undefined ? -1 : order.indexOf(anchor);
  const next = new Set(base);
  if (end < 0) return next;
  const from = start < 0 ? end : start;
  for (let index = Math.min(from, end); index <= Math.max(from, end); index++) next.add(order[index]!);
  return next;
}

/** What the header's box does: ticks every row of the page, or — when all are — none. */
export function pageToggled(order: readonly number[], ids: ReadonlySet<number>): Set<number> {
  return order.length > 0 && order.every((id) => ids.has(id)) ? new Set() : new Set(order);
}

/** The header box's state: none, some (indeterminate) or all of the page's rows ticked. */
export function pageTicked(order: readonly number[], ids: ReadonlySet<number>): 'none' | 'some' | 'all' {
  const ticked = order.filter((id) => ids.has(id)).length;
  if (ticked === 0) return 'none';
  return ticked === order.length ? 'all' : 'some';
}

/**
 * Type-ahead: the first row from `from` on (wrapping, itself last when the word is one key typed
 * again) whose title starts with `typed`, case and accents aside; undefined when none does.
 */
export function typedRow(titles: readonly string[], typed: string, from: number): number | undefined {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trimStart();
  const word = fold(typed);
  if (!word || titles.length === 0) return undefined;
  // A single letter pressed again moves on to the next title with that letter.
  const again = [...word].every((letter) => letter === word[0]);
  const start = again ? from + 1 : from;
  for (let step = 0; step < titles.length; step++) {
    const index = (((start + step) % titles.length) + titles.length) % titles.length;
    const title = fold(titles[index]!);
    if (title.startsWith(word) || (again && title.startsWith(word[0]!))) return index;
  }
  return undefined;
}
