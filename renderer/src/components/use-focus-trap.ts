// A dialog's focus, without a positioning overlay around it: on open the focus moves in (to the
// element marked autoFocus, or the dialog), Tab and Shift+Tab cycle inside, the rest of the page
// is inert (out of reach of the keyboard and of screen readers, as behind a modal), and on close
// the focus goes back to what had it before (the event that was clicked or pressed).
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function useFocusTrap<T extends HTMLElement>(outside: string) {
  const ref = useRef<T>(null);
  // What had the focus, read at the first render: by the time this effect runs, a child's own
  // (react-aria's Dialog focusing itself) may already have moved it inside, and the focus then
  // went back to nothing (the Events list's rows lost it when their card closed).
  const [before] = useState(() => document.activeElement as HTMLElement | null);
  // Before the paint (a layout effect): the page behind turns inert in the same style pass that
  // draws the dialog, not in one more after it.
  useLayoutEffect(() => {
    const container = ref.current;
    const behind = [...document.querySelectorAll<HTMLElement>(outside)].filter((element) => !element.inert);
    for (const element of behind) element.inert = true;
    if (container && !container.contains(document.activeElement)) {
      const wanted = container.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
      (wanted ?? container).focus();
    }
    return () => {
      for (const element of behind) element.inert = false;
    };
  }, [outside]);
  // Back to where it was, if that is still on the page: after the commit (a passive effect), so
  // the focus event reaches its handlers (react-aria's grid keeps its focused row by them; from a
  // layout effect's cleanup, arrows in the Events list then moved nothing).
  // Not when another dialog has come in its place (the card's Edit opens the editor): that one
  // holds the focus now, and gives it back itself.
  useEffect(
    () => () => {
      if (before?.isConnected && !document.querySelector('[role="dialog"], [role="alertdialog"]')) before.focus();
    },
    [before],
  );
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null,
    );
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable.at(-1)!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return [ref, onKeyDown] as const;
}
