// Carries out the keyboard shortcuts (shortcuts.ts decides which key means what). One listener on
// the window for the whole app, so every screen has the same keys.
import { useEffect } from 'react';
import type { Session } from '../../api/types.ts';
import { useUi } from '../../state/ui-store.ts';
import { step } from '../../state/calendar-range.ts';
import { todayIn } from '../calendar/zones.ts';
import { canEdit } from '../session/permissions.ts';
import { shortcutFor, type ShortcutAction } from './shortcuts.ts';

/** Focuses the screen's search field; on a screen without one, the events list's. */
function focusSearch() {
  const field = () => document.querySelector<HTMLInputElement>('main input[type="search"]');
  if (field()) return field()!.focus();
  useUi.getState().setScreen('events');
  // The list is a lazy screen: wait (a few frames at most) for its field to exist.
  let frames = 0;
  const wait = () => {
    if (field()) field()!.focus();
    else if (++frames < 120) requestAnimationFrame(wait);
  };
  requestAnimationFrame(wait);
}

function run(action: ShortcutAction, session: Session) {
  const ui = useUi.getState();
  switch (action.kind) {
    case 'new-event':
      if (canEdit(session)) ui.openEditor({ kind: 'event', id: null });
      return;
    case 'today':
      ui.setCalendar(ui.calendarView, todayIn(session.site.timezone));
      ui.setScreen('calendar');
      return;
    case 'view':
      ui.setCalendar(action.view, ui.calendarDate);
      ui.setScreen('calendar');
      return;
    case 'step':
      if (ui.screen === 'calendar')
        ui.setCalendar(ui.calendarView, step(ui.calendarView, ui.calendarDate, action.direction));
      return;
    case 'search':
      focusSearch();
      return;
    case 'help':
      ui.setShortcutsOpen(true);
      return;
  }
}

export function useShortcuts(session: Session | undefined) {
  useEffect(() => {
    if (!session) return;
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutFor(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          defaultPrevented: event.defaultPrevented,
          target: event.target instanceof Element ? event.target : null,
        },
        { dialogOpen: document.querySelector('[role="dialog"], [role="alertdialog"]') !== null },
      );
      if (!action) return;
      // Only the step is not about the current screen's keys ("/" would otherwise type itself).
      event.preventDefault();
      run(action, session);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session]);
}
