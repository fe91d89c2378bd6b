// Whether the page is being printed: from the print dialog and PDF exports (beforeprint /
// afterprint) and from the print media query (a print preview). While printing, <html> carries
// the class `printing`, which the paper styles key on (styles/print.css), and what listens (the
// calendar) lays itself out for paper inside beforeprint (flushSync): FullCalendar places events
// in pixels it measures, so it must measure with the paper styles applied, before the browser
// lays the page out for print. Installed once, at start (main.tsx), for every screen.
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

let printing = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (printing === value) return;
  printing = value;
  document.documentElement.classList.toggle('printing', value);
  flushSync(() => listeners.forEach((listener) => listener()));
}

export function installPrinting(): void {
  const media = window.matchMedia('print');
  window.addEventListener('beforeprint', () => set(true));
  window.addEventListener('afterprint', () => set(media.matches));
  media.addEventListener('change', () => set(media.matches));
  if (media.matches) set(true);
}

/**
 * Runs `render` (the desktop app's Export PDF, which Chromium lays out without a print dialog) with
 * the page in printing mode, as beforeprint / afterprint do for File → Print….
 */
export async function whilePrinting<T>(render: () => Promise<T>): Promise<T> {
  set(true);
  try {
    return await render();
  } finally {
    set(window.matchMedia('print').matches);
  }
}

export function usePrinting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => printing,
  );
}
