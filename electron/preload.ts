// The preload bridge: the only door between the sandboxed window and the main process. It exposes
// a few typed functions (DesktopBridge), never ipcRenderer itself, so page code cannot send
// arbitrary messages. Bundled to CommonJS (scripts/build-app.mjs): a sandboxed preload cannot
// load other files.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC, type DesktopBridge, type IpcRequests, type MenuCommand } from './ipc-channels.ts';

function invoke<C extends keyof IpcRequests>(channel: C, ...args: IpcRequests[C]['args']) {
  return ipcRenderer.invoke(channel, ...args) as Promise<IpcRequests[C]['result']>;
}

const bridge: DesktopBridge = {
  getSession: () => invoke(IPC.getSession),
  openExternal: (url) => invoke(IPC.openExternal, String(url)),
  beginWebsiteAuthorization: (site, mode, url) =>
    invoke(IPC.beginWebsiteAuthorization, String(site), String(mode), String(url)),
  revealDataFolder: () => invoke(IPC.revealDataFolder),
  appInfo: () => invoke(IPC.appInfo),
  restoreBackup: (name) => invoke(IPC.restoreBackup, String(name)),
  exportPdf: (title) => invoke(IPC.exportPdf, String(title)),
  onMenuCommand(listener) {
    const handler = (_event: IpcRendererEvent, command: MenuCommand) => listener(command);
    ipcRenderer.on(IPC.menuCommand, handler);
    return () => ipcRenderer.off(IPC.menuCommand, handler);
  },
};

contextBridge.exposeInMainWorld('almanacDesktop', bridge);
