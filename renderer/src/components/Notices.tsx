// Short notices ("Moved “Jazz night”.", "Saved.") in a polite live region, so screen readers
// announce them, with an optional action (Undo). They fade after a few seconds.
import { create } from 'zustand';
import { useEffect } from 'react';
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

export function Notices() {
  const notices = useNotices((state) => state.notices);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </div>
  );
}
