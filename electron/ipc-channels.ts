// The IPC contract between the main process and the window, typed once and used by both sides
// (ipc.ts registers the handlers, preload.ts exposes them, the renderer imports the types only).
// IPC carries only what needs the operating system or the launch itself — the window's session,
// opening a link in the OS browser, revealing the data folder, menu commands. Calendar data never
// goes over IPC: the window uses the HTTP API like any other client.

export const IPC = {
  getSession: 'almanac:get-session',
  openExternal: 'almanac:open-external',
  beginWebsiteAuthorization: 'almanac:begin-website-authorization',
  revealDataFolder: 'almanac:reveal-data-folder',
  appInfo: 'almanac:app-info',
  restoreBackup: 'almanac:restore-backup',
  exportPdf: 'almanac:export-pdf',
  /** main → window: a menu item the window handles (New event, API documentation). */
  menuCommand: 'almanac:menu-command',
} as const;

export interface AppInfo {
  version: string;
  dataDir: string;
  /** The default site's svc/events/v1 root, for external tools. */
  apiRoot: string;
  platform: string;
}

export type MenuCommand = 'new-event' | 'api-docs' | 'print' | 'export-pdf';

/** Request channels: arguments and result of each `ipcRenderer.invoke`. */
export interface IpcRequests {
  [IPC.getSession]: { args: []; result: string };
  [IPC.openExternal]: { args: [url: string]; result: boolean };
  [IPC.beginWebsiteAuthorization]: { args: [site: string, mode: string, url: string]; result: string };
  [IPC.revealDataFolder]: { args: []; result: void };
  [IPC.appInfo]: { args: []; result: AppInfo };
  [IPC.restoreBackup]: { args: [name: string]; result: 'cancelled' | 'restarting' };
  [IPC.exportPdf]: { args: [title: string]; result: 'saved' | 'cancelled' };
}

/** What the preload script exposes to the window as `window.almanacDesktop`. */
export interface DesktopBridge {
  /** The per-launch bearer token of the desktop session (kept in memory by the window). */
  getSession(): Promise<string>;
  /** Opens an http(s) URL in the OS browser; false when refused (any other scheme). */
  openExternal(url: string): Promise<boolean>;
  /**
   * Before opening WordPress's authorize-application page for a site: the success_url that brings
   * the new password back to this app (almanac://website-authorized?…, with a one-time state), so
   * the connection completes by itself with this mode and the address the user typed.
   */
  beginWebsiteAuthorization(site: string, mode: string, url: string): Promise<string>;
  revealDataFolder(): Promise<void>;
  appInfo(): Promise<AppInfo>;
  /**
   * Restarts the app into a backup of the backups folder (by file name), after the user confirms
   * in a native dialog. The OS restarts the window, so 'restarting' is rarely seen.
   */
  restoreBackup(name: string): Promise<'cancelled' | 'restarting'>;
  /**
   * Saves the window's view as a PDF (File → Export PDF…): asks where, then renders it with the
   * print stylesheet. The window must be in printing mode while this runs.
   */
  exportPdf(title: string): Promise<'saved' | 'cancelled'>;
  /** Subscribes to menu commands; returns the unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}
