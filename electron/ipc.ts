// Registers the IPC handlers of ipc-channels.ts. Every handler first checks that the message comes
// from a frame showing the app's own origin: a page that somehow got into the window (or a
// subframe) cannot ask for the session or open things.
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { IPC, type IpcRequests } from './ipc-channels.ts';
import { isAppUrl } from './security.ts';

export type IpcHandlers = {
  [C in keyof IpcRequests]: (
    ...args: IpcRequests[C]['args']
  ) => IpcRequests[C]['result'] | Promise<IpcRequests[C]['result']>;
};

/** Whether an IPC message comes from the app's own page. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, appOrigin: string): boolean {
  const url = event.senderFrame?.url;
  return typeof url === 'string' && isAppUrl(url, appOrigin);
}

export function registerIpc(ipcMain: Pick<IpcMain, 'handle'>, appOrigin: string, handlers: IpcHandlers): void {
  for (const channel of Object.values(IPC)) {
    if (channel === IPC.menuCommand) continue; // main → window only
    const handler = handlers[channel] as (...args: unknown[]) => unknown;
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, appOrigin)) throw new Error(`IPC ${channel} refused: not the app's page`);
      return handler(...args);
    });
  }
}
