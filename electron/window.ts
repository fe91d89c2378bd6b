// The main window: locked-down web preferences, the app's page from the local service, its size
// and place remembered, and a renderer crash answered by a reload and a notice — never a blank
// window. Its navigation rules are not applied here: main.ts applies security.ts's guard to every
// web contents the app creates (this window's included), once — applied here as well, each
// external link opened twice.
import type { BrowserWindow, BrowserWindowConstructorOptions, Dialog, Rectangle } from 'electron';
import type { GuardedContents } from './security.ts';
import {
  loadWindowState,
  MIN_HEIGHT,
  MIN_WIDTH,
  trackWindowState,
  type TrackedWindow,
  type WindowState,
} from './window-state.ts';

export function mainWindowOptions(state: WindowState, preloadPath: string): BrowserWindowConstructorOptions {
  const options: BrowserWindowConstructorOptions = {
    width: state.width,
    height: state.height,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    title: 'Almanac',
    show: false, // shown once painted: no white flash, no half-drawn window
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: true,
    },
  };
  if (state.x !== undefined && state.y !== undefined) Object.assign(options, { x: state.x, y: state.y });
  return options;
}

/** What of BrowserWindow this module uses (tests pass a small fake). */
export type MainWindow = TrackedWindow &
  Pick<BrowserWindow, 'loadURL' | 'show' | 'maximize' | 'focus' | 'restore' | 'isDestroyed'> & {
    once(event: 'ready-to-show', listener: () => void): unknown;
    webContents: GuardedContents & Pick<BrowserWindow['webContents'], 'reload' | 'send' | 'printToPDF'>;
  };

export interface WindowDeps {
  createWindow(options: BrowserWindowConstructorOptions): MainWindow;
  dialog: Pick<Dialog, 'showMessageBox'>;
  quit(): void;
}

export interface WindowPlan {
  /** The page to load: the service's root. */
  appUrl: string;
  preloadPath: string;
  stateFile: string;
  /** The displays' work areas, to check a remembered position. */
  workAreas: Rectangle[];
}

/** More renderer crashes than this within a minute: stop reloading and let the user decide. */
const CRASHES_BEFORE_ASKING = 3;

export function openMainWindow(deps: WindowDeps, plan: WindowPlan): MainWindow {
  const state = loadWindowState(plan.stateFile, plan.workAreas);
  const window = deps.createWindow(mainWindowOptions(state, plan.preloadPath));
  trackWindowState(window, plan.stateFile);
  window.once('ready-to-show', () => {
    if (state.maximized) window.maximize();
    window.show();
  });
  const crashes: number[] = [];
  window.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit' || window.isDestroyed()) return;
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && now - crashes[0]! > 60_000) crashes.shift();
    if (crashes.length > CRASHES_BEFORE_ASKING) {
      void deps.dialog
        .showMessageBox(window as unknown as BrowserWindow, {
          type: 'error',
          message: 'The Almanac window keeps stopping.',
          detail: `It stopped ${crashes.length} times in the last minute (${details.reason}). Everything that was saved is safe in your data folder.`,
          buttons: ['Reload', 'Quit Almanac'],
          defaultId: 0,
          cancelId: 1,
        })
        .then(({ response }) => (response === 0 ? window.webContents.reload() : deps.quit()));
      return;
    }
    window.webContents.reload();
    void deps.dialog.showMessageBox(window as unknown as BrowserWindow, {
      type: 'warning',
      message: 'The Almanac window stopped unexpectedly and was reloaded.',
      detail: `Reason: ${details.reason}. Everything that was saved is safe; an editor that was open may need its last changes entered again.`,
      buttons: ['OK'],
    });
  });
  void window.loadURL(plan.appUrl);
  return window;
}
