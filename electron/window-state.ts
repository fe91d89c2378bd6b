// The main window's size and position, remembered between launches in the app's user-data folder.
// A saved position is used only when the window would still be visible on one of today's
// displays (a monitor may have been unplugged since); otherwise the OS places it.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Rectangle } from 'electron';

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 840, maximized: false };
export const MIN_WIDTH = 720;
export const MIN_HEIGHT = 480;

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** At least 100 × 50 px of the window's top area (its title bar) on a display's work area. */
function visibleOn(bounds: Rectangle, workAreas: Rectangle[]): boolean {
  return workAreas.some((area) => {
    const overlapX = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const overlapY = Math.min(bounds.y + 50, area.y + area.height) - Math.max(bounds.y, area.y);
    return overlapX >= 100 && overlapY >= 50;
  });
}

/** The saved state, checked against today's displays; the default when missing or unusable. */
export function loadWindowState(file: string, workAreas: Rectangle[]): WindowState {
  let saved: Partial<WindowState>;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<WindowState>;
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
  if (!isFiniteNumber(saved.width) || !isFiniteNumber(saved.height)) return { ...DEFAULT_WINDOW_STATE };
  const largest = workAreas.reduce((max, area) => Math.max(max, area.width, area.height), 0) || Infinity;
  const state: WindowState = {
    width: Math.round(Math.min(Math.max(saved.width, MIN_WIDTH), largest)),
    height: Math.round(Math.min(Math.max(saved.height, MIN_HEIGHT), largest)),
    maximized: saved.maximized === true,
  };
  if (isFiniteNumber(saved.x) && isFiniteNumber(saved.y)) {
    const bounds = { x: Math.round(saved.x), y: Math.round(saved.y), width: state.width, height: state.height };
    if (visibleOn(bounds, workAreas)) Object.assign(state, { x: bounds.x, y: bounds.y });
  }
  return state;
}

export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'close', listener: () => void): unknown;
  isMaximized(): boolean;
  isMinimized(): boolean;
  /** The bounds the window returns to when un-maximized. */
  getNormalBounds(): Rectangle;
}

export function saveWindowState(file: string, window: TrackedWindow): void {
  const bounds = window.getNormalBounds();
  const state: WindowState = { ...bounds, maximized: window.isMaximized() };
  try {
    writeFileSync(file, JSON.stringify(state));
  } catch {
    // Not worth bothering the user: the next launch opens at the default size.
  }
}

/** Saves the state when the window closes, and a second after it stops moving or resizing. */
export function trackWindowState(window: TrackedWindow, file: string): void {
  let timer: NodeJS.Timeout | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!window.isMinimized()) saveWindowState(file, window);
    }, 1000);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', () => {
    clearTimeout(timer);
    saveWindowState(file, window);
  });
}
