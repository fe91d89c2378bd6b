// How many events fit in a day of the month grid at the window's height (six weeks of rows, one
// line each, plus the day number and the "+N more" line); follows resizes.
import { useSyncExternalStore } from 'react';

const ROW_PX = 22;
const CHROME_PX = 170; // toolbar, weekday header, margins

export function monthRowsFor(height: number): number {
  const perCell = (height - CHROME_PX) / 6;
  return Math.min(8, Math.max(1, Math.floor(perCell / ROW_PX) - 2));
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

export function useMonthRows(): number {
  return useSyncExternalStore(subscribe, () => monthRowsFor(window.innerHeight));
}
