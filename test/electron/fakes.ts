// Small fakes of Electron's API objects (a third-party boundary): just enough of WebContents,
// BrowserWindow, Session, Shell, Dialog and IpcMain to drive the main-process modules under plain
// Node. Each records what the module did with it.
import { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions, HandlerDetails, MessageBoxOptions, Rectangle } from 'electron';

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
  async openExternal(url: string): Promise<void> {
    this.opened.push(url);
  }
}

/** A dialog that answers each message box with the next scripted button index, then with its cancel button. */
export class FakeDialog {
  shown: MessageBoxOptions[] = [];
  constructor(private readonly answers: number[] = []) {}
  async showMessageBox(...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> {
    const options = (args.length > 1 ? args[1] : args[0]) as MessageBoxOptions;
    this.shown.push(options);
    const cancel = options.cancelId ?? (options.buttons?.length ?? 1) - 1;
    return { response: this.answers.shift() ?? cancel, checkboxChecked: false };
  }
}

export class FakeSession {
  requestHandler?: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
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
