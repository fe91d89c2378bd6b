// Short notices ("Moved “Jazz night”.", "Saved.") in a polite live region, so screen readers
// announce them, with an optional action (Undo). They fade after a few seconds.
// At the window's bottom right they stood over an open dialog's Save and Cancel (issue 36's walk),
// outside the dialog, where the keyboard (the dialog keeps the focus inside) could not reach their
// Undo and screen readers were told to ignore them (a modal hides the rest of the page). While a
// dialog is open they are drawn inside it instead, above its buttons (NoticeSlot), in its Tab order.
import { create } from 'zustand';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './Button.tsx';

interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'error';
  action?: { label: string; run(): void };
}

interface NoticeStore {
  notices: Notice[];
  show(text: string, options?: { tone?: Notice['tone']; action?: Notice['action'] }): number;
  dismiss(id: number): void;
}

let next = 1;
const useNotices = create<NoticeStore>()((set, get) => ({
  notices: [],
  show(text, options = {}) {
    const notice: Notice = { id: next++, text, tone: options.tone ?? 'info', action: options.action };
    set({ notices: [...get().notices.slice(-2), notice] });
    return notice.id;
  },
  dismiss(id) {
    set({ notices: get().notices.filter((notice) => notice.id !== id) });
  },
}));

/** Shows a notice; its id, to withdraw it early. */
export const notify = (text: string, options?: Parameters<NoticeStore['show']>[1]): number =>
  useNotices.getState().show(text, options);

/**
 * Takes a notice away before its time: one whose action was done another way ("Moved … Undo" once
 * Ctrl+Z undid the move: it stood beside "Move undone", offering an Undo already done).
 */
export const withdrawNotice = (id: number) => useNotices.getState().dismiss(id);

function NoticeItem({ notice }: { notice: Notice }) {
  const dismiss = useNotices((state) => state.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(notice.id), notice.action ? 8000 : 5000);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  return (
    <div className={`notice notice-${notice.tone}`}>
      <span>{notice.text}</span>
      {notice.action && (
        <Button
          variant="quiet"
          onPress={() => {
            notice.action!.run();
            dismiss(notice.id);
          }}
        >
          {notice.action.label}
        </Button>
      )}
    </div>
  );
}

/** The open dialogs' places for notices, the topmost (the last opened) last. */
const useSlots = create<{ slots: HTMLElement[] }>()(() => ({ slots: [] }));

/** Where a dialog shows the notices while it is open: above its buttons, inside it. */
export function NoticeSlot() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const slot = ref.current!;
    useSlots.setState(({ slots }) => ({ slots: [...slots, slot] }));
    return () => useSlots.setState(({ slots }) => ({ slots: slots.filter((each) => each !== slot) }));
  }, []);
  return <div ref={ref} className="notice-slot" />;
}

export function Notices() {
  const notices = useNotices((state) => state.notices);
  const slot = useSlots((state) => state.slots.at(-1));
  const region = (
    <div className={slot ? 'notices is-in-dialog' : 'notices'} role="status" aria-live="polite">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </div>
  );
  return slot ? createPortal(region, slot) : region;
}
