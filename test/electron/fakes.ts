// Small fakes of Electron's API objects (a third-party boundary): just enough of App,
// WebContents, BrowserWindow, Session, Shell, Dialog, IpcMain, Menu and crashReporter to drive the
// main-process modules under plain Node. Each records what the module did with it.
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import type {
  BrowserWindowConstructorOptions,
  HandlerDetails,
  MenuItemConstructorOptions,
  MessageBoxOptions,
  Rectangle,
} from 'electron';

export class FakeEvent {
  defaultPrevented = false;
  constructor(
    readonly url = '',
    readonly isMainFrame = true,
  ) {}
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeWebContents extends EventEmitter {
  openHandler?: (details: HandlerDetails) => { action: string };
  reloads = 0;
  sent: [string, unknown][] = [];
  setWindowOpenHandler(handler: (details: HandlerDetails) => { action: string }): void {
    this.openHandler = handler;
  }
  reload(): void {
    this.reloads++;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push([channel, args[0]]);
  }
  printed: unknown[] = [];
  /** Stands in for Chromium's PDF rendering: a PDF's first bytes and the options it was given. */
  async printToPDF(options: unknown): Promise<Buffer> {
    this.printed.push(options);
    return Buffer.from(`%PDF-1.7 fake ${JSON.stringify(options)}`);
  }
  /** Emits a navigation-like event; returns whether the module prevented it. */
  navigate(kind: 'will-navigate' | 'will-redirect' | 'will-frame-navigate', url: string, isMainFrame = true): boolean {
    const event = new FakeEvent(url, isMainFrame);
    this.emit(kind, event);
    return event.defaultPrevented;
  }
}

export class FakeWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  loaded: string[] = [];
  shown = 0;
  maximized = false;
  minimized = false;
  destroyed = false;
  bounds: Rectangle;
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 };
  }
  async loadURL(url: string): Promise<void> {
    this.loaded.push(url);
  }
  show(): void {
    this.shown++;
  }
  maximize(): void {
    this.maximized = true;
  }
  focus(): void {}
  restore(): void {
    this.minimized = false;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  getNormalBounds(): Rectangle {
    return this.bounds;
  }
}

export class FakeShell {
  opened: string[] = [];
  paths: string[] = [];
  async openExternal(url: string): Promise<void> {
    this.opened.push(url);
  }
  async openPath(path: string): Promise<string> {
    this.paths.push(path);
    return '';
  }
}

/** A dialog that answers each message box with the next scripted button index, then with its cancel button. */
export class FakeDialog {
  shown: MessageBoxOptions[] = [];
  /** Where each save dialog answers (then it is cancelled). */
  savePaths: string[] = [];
  saveDialogs: unknown[] = [];
  constructor(private readonly answers: number[] = []) {}
  async showSaveDialog(...args: unknown[]): Promise<{ canceled: boolean; filePath: string }> {
    this.saveDialogs.push(args.length > 1 ? args[1] : args[0]);
    const filePath = this.savePaths.shift();
    return { canceled: filePath === undefined, filePath: filePath ?? '' };
  }
  async showMessageBox(...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> {
    const options = (args.length > 1 ? args[1] : args[0]) as MessageBoxOptions;
    this.shown.push(options);
    const cancel = options.cancelId ?? (options.buttons?.length ?? 1) - 1;
    return { response: this.answers.shift() ?? cancel, checkboxChecked: false };
  }
}

export class FakeSession {
  requestHandler?: (
    contents: unknown,
    permission: string,
    callback: (granted: boolean) => void,
    details: { requestingUrl?: string; isMainFrame: boolean },
  ) => void;
  checkHandler?: (...args: unknown[]) => boolean;
  setPermissionRequestHandler(handler: FakeSession['requestHandler']): void {
    this.requestHandler = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['checkHandler']): void {
    this.checkHandler = handler;
  }
}

export class FakeIpcMain {
  handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown): void {
    this.handlers.set(channel, handler);
  }
  /** Invokes a channel as a frame at `frameUrl` would. */
  async invoke(channel: string, frameUrl: string | null, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, ...args);
  }
}

/** Electron's `app`: its lifecycle events, quit (before-quit and will-quit may hold it), exit and relaunch recorded. */
export class FakeApp extends EventEmitter {
  exits: number[] = [];
  relaunches = 0;
  quitRequests = 0;
  quitted = false;
  paths: Record<string, string>;
  constructor(userData: string) {
    super();
    this.paths = { userData };
  }
  setName(): void {}
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  requestSingleInstanceLock(): boolean {
    return true;
  }
  getVersion(): string {
    return '1.2.3';
  }
  getPath(name: string): string {
    return this.paths[name] ?? join(this.paths.userData!, name);
  }
  setPath(name: string, path: string): void {
    this.paths[name] = path;
  }
  setAboutPanelOptions(): void {}
  /** setAsDefaultProtocolClient's calls: the scheme, then the executable and its arguments if given. */
  protocols: unknown[][] = [];
  setAsDefaultProtocolClient(...args: unknown[]): boolean {
    this.protocols.push(args);
    return true;
  }
  relaunch(): void {
    this.relaunches++;
  }
  exit(code = 0): void {
    this.exits.push(code);
  }
  quit(): void {
    this.quitRequests++;
    const event = new FakeEvent();
    this.emit('before-quit', event);
    if (event.defaultPrevented) return;
    this.quitted = true;
    this.emit('quit');
  }
}

/** Electron's main-process modules as desktop.ts takes them, each a fake that records what it was asked. */
export function fakeElectron(userData: string, answers: number[] = []) {
  const app = new FakeApp(userData);
  const windows: FakeWindow[] = [];
  class BrowserWindow extends FakeWindow {
    constructor(options: BrowserWindowConstructorOptions) {
      super(options);
      windows.push(this);
      app.emit('web-contents-created', new FakeEvent(), this.webContents); // as Electron does for every one
    }
  }
  const dialog = new FakeDialog(answers);
  const shell = new FakeShell();
  const session = { defaultSession: new FakeSession() };
  const ipcMain = new FakeIpcMain();
  const menus: MenuItemConstructorOptions[][] = [];
  const crashReports: unknown[] = [];
  const electron = {
    app,
    BrowserWindow,
    dialog,
    shell,
    session,
    ipcMain,
    Menu: {
      buildFromTemplate: (template: MenuItemConstructorOptions[]) => template,
      setApplicationMenu: (menu: MenuItemConstructorOptions[]) => menus.push(menu),
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] },
    crashReporter: { start: (options: unknown) => crashReports.push(options) },
  };
  return { electron, app, windows, dialog, shell, session: session.defaultSession, ipcMain, menus, crashReports };
}
