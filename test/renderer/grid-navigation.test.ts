// The Events list grid's keyboard and selection rules (renderer/src/features/events/list/
// grid-navigation.ts), as react-aria's grid had them: arrows between rows and into a row's cells,
// the header row above the first row, Home/End, PageUp/PageDown; Shift extends from an anchor and a
// second extension replaces the first one's range; the header box ticks the page or none;
// type-ahead by title.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  extended,
  moveFocus,
  pageTicked,
  pageToggled,
  toggled,
  typedRow,
  type GridShape,
} from '../../renderer/src/features/events/list/grid-navigation.ts';

const SHAPE: GridShape = { rows: 25, cols: 7, pageRows: 10, headerCol: 1 };
const row = (index: number) => ({ row: index, col: -1 });
const move = (from: { row: number; col: number }, key: string, ctrl = false, shape = SHAPE) =>
  moveFocus(from, { key, ctrl }, shape);

describe('grid focus', () => {
  it('ArrowUp/Down move between rows, stopping at the last; from the first row up to the header', () => {
    assert.deepEqual(move(row(0), 'ArrowDown'), row(1));
    assert.deepEqual(move(row(24), 'ArrowDown'), row(24));
    assert.deepEqual(move(row(5), 'ArrowUp'), row(4));
    // The first sortable header (Title, after the checkbox column).
    assert.deepEqual(move(row(0), 'ArrowUp'), { row: -1, col: 1 });
    assert.deepEqual(move({ row: -1, col: 3 }, 'ArrowDown'), row(0));
    assert.deepEqual(move({ row: -1, col: 3 }, 'ArrowUp'), { row: -1, col: 3 });
  });

  it('Home/End: the first and last row; in a cell, the row’s first and last cell (Ctrl: the rows)', () => {
    assert.deepEqual(move(row(7), 'Home'), row(0));
    assert.deepEqual(move(row(7), 'End'), row(24));
    assert.deepEqual(move({ row: 7, col: 3 }, 'Home'), { row: 7, col: 0 });
    assert.deepEqual(move({ row: 7, col: 3 }, 'End'), { row: 7, col: 6 });
    assert.deepEqual(move({ row: 7, col: 3 }, 'End', true), { row: 24, col: 3 });
    assert.deepEqual(move({ row: -1, col: 3 }, 'End'), { row: -1, col: 6 });
  });

  it('PageUp/PageDown move by the rows in view, clamped to the page', () => {
    assert.deepEqual(move(row(0), 'PageDown'), row(10));
    assert.deepEqual(move(row(20), 'PageDown'), row(24));
    assert.deepEqual(move(row(12), 'PageUp'), row(2));
    assert.deepEqual(move(row(3), 'PageUp'), row(0));
  });

  it('ArrowRight goes from the row into its cells, ArrowLeft from the first cell back to the row', () => {
    assert.deepEqual(move(row(2), 'ArrowRight'), { row: 2, col: 0 });
    assert.deepEqual(move({ row: 2, col: 0 }, 'ArrowRight'), { row: 2, col: 1 });
    assert.deepEqual(move({ row: 2, col: 6 }, 'ArrowRight'), { row: 2, col: 6 });
    assert.deepEqual(move({ row: 2, col: 0 }, 'ArrowLeft'), row(2));
    assert.deepEqual(move(row(2), 'ArrowLeft'), row(2));
    // A cell keeps its column from row to row.
    assert.deepEqual(move({ row: 2, col: 4 }, 'ArrowDown'), { row: 3, col: 4 });
    assert.deepEqual(move({ row: 0, col: 4 }, 'ArrowUp'), { row: -1, col: 4 });
  });

  it('with no rows, the header row keeps the focus; other keys are not moves', () => {
    const empty = { ...SHAPE, rows: 0 };
    assert.deepEqual(move({ row: -1, col: 2 }, 'ArrowDown', false, empty), { row: -1, col: 2 });
    assert.equal(move(row(2), 'a'), undefined);
    assert.equal(move(row(2), 'Enter'), undefined);
  });
});

describe('grid selection', () => {
  const order = [11, 12, 13, 14, 15, 16];
  it('toggled ticks or unticks one row', () => {
    assert.deepEqual([...toggled(new Set([11]), 12)], [11, 12]);
    assert.deepEqual([...toggled(new Set([11, 12]), 11)], [12]);
  });

  it('extended ticks from the anchor to the row, either way, beside the base; none: the row alone', () => {
    assert.deepEqual([...extended(order, new Set(), 12, 14)].sort(), [12, 13, 14]);
    assert.deepEqual([...extended(order, new Set(), 14, 12)].sort(), [12, 13, 14]);
    assert.deepEqual([...extended(order, new Set([16]), 12, 13)].sort(), [12, 13, 16]);
    assert.deepEqual([...extended(order, new Set(), undefined, 13)], [13]);
    // A row not on the page: nothing added.
    assert.deepEqual([...extended(order, new Set([11]), 12, 99)], [11]);
  });

  it('a second Shift-click replaces the first one’s range (it is added to the base, not to it)', () => {
    const base = new Set<number>();
    const first = extended(order, base, 12, 15);
    assert.deepEqual([...first].sort(), [12, 13, 14, 15]);
    assert.deepEqual([...extended(order, base, 12, 13)].sort(), [12, 13]);
  });

  it('the header box: the page, or none when all are ticked; its state', () => {
    assert.deepEqual([...pageToggled(order, new Set([11]))], order);
    assert.deepEqual([...pageToggled(order, new Set(order))], []);
    assert.equal(pageTicked(order, new Set()), 'none');
    assert.equal(pageTicked(order, new Set([11, 99])), 'some');
    assert.equal(pageTicked(order, new Set(order)), 'all');
  });
});

describe('type-ahead', () => {
  const titles = ['Opera night', 'Jazz brunch', 'Ópera matinée', 'jam session', 'Yoga'];
  it('finds the next title that begins with what was typed, case and accents aside', () => {
    assert.equal(typedRow(titles, 'ja', 0), 1);
    assert.equal(typedRow(titles, 'jam', 1), 3);
    assert.equal(typedRow(titles, 'opera m', 0), 2);
    assert.equal(typedRow(titles, 'x', 0), undefined);
  });

  it('one letter pressed again moves on to the next title with it, wrapping', () => {
    assert.equal(typedRow(titles, 'o', 0), 2);
    assert.equal(typedRow(titles, 'oo', 2), 0);
    assert.equal(typedRow(titles, 'y', 4), 4);
  });
});
