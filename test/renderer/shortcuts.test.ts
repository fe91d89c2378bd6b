// The keyboard shortcuts' rules (renderer/src/features/shortcuts/shortcuts.ts): each key's action,
// and the cases where a key must be left alone — typing in a field, a modifier, an open dialog, an
// arrow key a list or tab strip uses itself.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shortcutFor, type KeyInput } from '../../renderer/src/features/shortcuts/shortcuts.ts';

/** A stand-in for the element the key was pressed in: `matches` lists the selectors it is inside. */
const inside = (...matches: string[]) => ({
  closest: (selector: string) => (selector.split(', ').some((part) => matches.includes(part)) ? {} : null),
});
const press = (key: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target: inside('body'),
  ...extra,
});
const free = { dialogOpen: false };

describe('keyboard shortcuts', () => {
  it('map each key to its action, in either case', () => {
    assert.deepEqual(shortcutFor(press('n'), free), { kind: 'new-event' });
    assert.deepEqual(shortcutFor(press('T'), free), { kind: 'today' });
    assert.deepEqual(shortcutFor(press('m'), free), { kind: 'view', view: 'month' });
    assert.deepEqual(shortcutFor(press('w'), free), { kind: 'view', view: 'week' });
    assert.deepEqual(shortcutFor(press('d'), free), { kind: 'view', view: 'day' });
    assert.deepEqual(shortcutFor(press('l'), free), { kind: 'view', view: 'list' });
    assert.deepEqual(shortcutFor(press('ArrowLeft'), free), { kind: 'step', direction: -1 });
    assert.deepEqual(shortcutFor(press('ArrowRight'), free), { kind: 'step', direction: 1 });
    assert.deepEqual(shortcutFor(press('/'), free), { kind: 'search' });
    assert.deepEqual(shortcutFor(press('?'), free), { kind: 'help' });
    assert.equal(shortcutFor(press('x'), free), null);
  });

  it('never fire while typing in a field', () => {
    for (const field of ['input', 'textarea', 'select', '[contenteditable="true"]', '[role="textbox"]'])
      assert.equal(shortcutFor(press('n', { target: inside(field) }), free), null, field);
  });

  it('leave the browser’s and the system’s own shortcuts alone', () => {
    assert.equal(shortcutFor(press('t', { ctrlKey: true }), free), null);
    assert.equal(shortcutFor(press('l', { metaKey: true }), free), null);
    assert.equal(shortcutFor(press('ArrowLeft', { altKey: true }), free), null);
  });

  it('do nothing while a dialog is open (its keys are its own)', () => {
    assert.equal(shortcutFor(press('n'), { dialogOpen: true }), null);
  });

  it('let lists, grids and tab strips keep their arrow keys', () => {
    assert.equal(shortcutFor(press('ArrowRight', { target: inside('[role="tablist"]') }), free), null);
    assert.equal(shortcutFor(press('ArrowLeft', { target: inside('[role="grid"]') }), free), null);
    assert.equal(shortcutFor(press('ArrowLeft', { defaultPrevented: true }), free), null);
    // Letters still work there: a table row is not a text field.
    assert.deepEqual(shortcutFor(press('n', { target: inside('[role="grid"]') }), free), { kind: 'new-event' });
  });
});
