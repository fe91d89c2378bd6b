// Keyboard shortcuts, as calendar users know them from GNOME Calendar and Thunderbird: N new event,
// T today, M/W/D/L the views, ←/→ previous/next, / the search field, ? this list (Esc closes any
// dialog: react-aria does that). Which key does what, and when a key must be left alone, is decided
// here, in plain functions (unit-tested in test/renderer/); use-shortcuts.ts carries them out.
import type { CalendarView } from '../../state/calendar-range.ts';

export type ShortcutAction =
  | { kind: 'new-event' }
  | { kind: 'today' }
  | { kind: 'view'; view: CalendarView }
  | { kind: 'step'; direction: 1 | -1 }
  | { kind: 'search' }
  | { kind: 'help' };

/** The shortcuts in the order the help lists them, with the message key of each description. */
export const SHORTCUTS = [
  { keys: ['N'], label: 'shortcuts.newEvent' },
  { keys: ['T'], label: 'shortcuts.today' },
  { keys: ['M'], label: 'shortcuts.month' },
  { keys: ['W'], label: 'shortcuts.week' },
  { keys: ['D'], label: 'shortcuts.day' },
  { keys: ['L'], label: 'shortcuts.list' },
  { keys: ['←', '→'], label: 'shortcuts.step' },
  { keys: ['/'], label: 'shortcuts.search' },
  { keys: ['↓'], label: 'shortcuts.toResults' },
  { keys: ['Ctrl+Z', '⌘Z'], label: 'shortcuts.undo' },
  { keys: ['Esc'], label: 'shortcuts.close' },
  { keys: ['?'], label: 'shortcuts.help' },
] as const;

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** A control already handled the key (react-aria's lists, tabs, grids move with the arrows). */
  defaultPrevented: boolean;
  /** The element the key was pressed in. */
  target: { closest(selector: string): unknown } | null;
}

/** Fields where keys are text, not commands. */
const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"]';
/** Controls whose arrow keys move inside them. */
const ARROW_OWNERS =
  '[role="grid"], [role="radiogroup"], [role="tablist"], [role="listbox"], [role="menu"], [role="tree"], [role="slider"]';

/**
 * What a key press means, or null when it must be left alone: while typing in a field, with a
 * modifier (the browser's and the OS's own shortcuts), or while a dialog is open (its keys are its
 * own; Esc closes it).
 */
export function shortcutFor(input: KeyInput, context: { dialogOpen: boolean }): ShortcutAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey || input.defaultPrevented) return null;
  if (input.target?.closest(TYPING)) return null;
  if (context.dialogOpen) return null;
  switch (input.key) {
    case 'n':
    case 'N':
      return { kind: 'new-event' };
    case 't':
    case 'T':
      return { kind: 'today' };
    case 'm':
    case 'M':
      return { kind: 'view', view: 'month' };
    case 'w':
    case 'W':
      return { kind: 'view', view: 'week' };
    case 'd':
    case 'D':
      return { kind: 'view', view: 'day' };
    case 'l':
    case 'L':
      return { kind: 'view', view: 'list' };
    case 'ArrowLeft':
    case 'ArrowRight':
      if (input.target?.closest(ARROW_OWNERS)) return null;
      return { kind: 'step', direction: input.key === 'ArrowLeft' ? -1 : 1 };
    case '/':
      return { kind: 'search' };
    case '?':
      return { kind: 'help' };
    default:
      return null;
  }
}
