// The desktop app's main process: lifecycle only. Everything it wires lives in a module of its
// own (service host, window, security, menu, IPC, start-up dialogs); only this file and the
// preload script load Electron at run time, so the rest is tested under plain Node.
import { app, BrowserWindow, dialog, ipcMain, Menu, screen, session, shell } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IPC } from './ipc-channels.ts';
import { registerIpc } from './ipc.ts';
import { menuTemplate } from './menu.ts';
import { guardSession, guardWebContents, openExternalSafely } from './security.ts';
import { desktopServiceOptions, hostService, QUIT_GRACE_MS, stopServiceOnQuit } from './service-host.ts';
import { openMainWindow, type MainWindow } from './window.ts';
import { restartIntoBackup } from './restore.ts';

// Files next to this bundle (scripts/build-app.mjs lays them out).
const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

app.setName('Almanac');

async function run(): Promise<void> {
  await app.whenReady();
  const options = desktopServiceOptions(process.env, here('./renderer/'));
  const service = await hostService(options, {
    showMessageBox: (box) => dialog.showMessageBox(box),
    openFolder: (path) => void shell.openPath(path),
  });
  if (!service) {
    app.exit(0);
    return;
  }
  stopServiceOnQuit(app, service);
  const appOrigin = service.url;
  const sessionToken = service.createDesktopSession();
  guardSession(session.defaultSession);
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, appOrigin, shell));

  let window: MainWindow | undefined;
  const openWindow = () => {
    window = openMainWindow(
      {
        createWindow: (windowOptions) => new BrowserWindow(windowOptions) as unknown as MainWindow,
        dialog,
        shell,
        quit: () => app.quit(),
      },
      {
        appUrl: `${appOrigin}/`,
        appOrigin,
        preloadPath: here('./preload.cjs'),
        stateFile: join(app.getPath('userData'), 'window-state.json'),
        workAreas: screen.getAllDisplays().map((display) => display.workArea),
      },
    );
  };
  const focusWindow = () => {
    if (!window || window.isDestroyed()) return openWindow();
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  const toWindow = (command: 'new-event' | 'api-docs') => {
    focusWindow();
    window?.webContents.send(IPC.menuCommand, command);
  };

  registerIpc(ipcMain, appOrigin, {
    [IPC.getSession]: () => sessionToken,
    [IPC.openExternal]: (url) => openExternalSafely(shell, url),
    [IPC.revealDataFolder]: () => void shell.openPath(options.dataDir),
    [IPC.restoreBackup]: (name) =>
      restartIntoBackup(options.dataDir, name, {
        confirm: async (backup) =>
          (
            await dialog.showMessageBox({
              type: 'warning',
              message: `Restore the backup of ${new Date(backup.created).toLocaleString()}?`,
              detail:
                'Almanac restarts with your calendars as they were then. What you have now is backed up first, so this can be undone by restoring that backup.',
              buttons: ['Restore and restart', 'Cancel'],
              defaultId: 1,
              cancelId: 1,
            })
          ).response === 0,
        stopService: () => service.stop({ graceMs: QUIT_GRACE_MS }),
        showError: async (message, detail) => void (await dialog.showMessageBox({ type: 'error', message, detail })),
        relaunch: () => {
          app.relaunch();
          app.exit(0);
        },
      }),
    [IPC.appInfo]: () => ({
      version: app.getVersion(),
      dataDir: options.dataDir,
      apiRoot: service.apiRoot,
      platform: process.platform,
    }),
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(process.platform, {
        newEvent: () => toWindow('new-event'),
        apiDocumentation: () => toWindow('api-docs'),
        openDataFolder: () => void shell.openPath(options.dataDir),
        backupNow: () => {
          service.backupNow().then(
            (file) => void dialog.showMessageBox({ type: 'info', message: 'Backup written.', detail: file }),
            (error: Error) =>
              void dialog.showMessageBox({ type: 'error', message: 'The backup failed.', detail: error.message }),
          );
        },
        about: () =>
          void dialog.showMessageBox({
            type: 'info',
            message: `Almanac ${app.getVersion()}`,
            detail: `Data folder: ${options.dataDir}\nAPI for your tools: ${service.apiRoot}\nElectron ${process.versions.electron}, Node ${process.versions.node}`,
          }),
      }),
    ),
  );
  app.setAboutPanelOptions({ applicationName: 'Almanac', applicationVersion: app.getVersion() });

  // A second launch focuses this window (the single-instance lock below sends it here).
  app.on('second-instance', focusWindow);
  // macOS: closing the window keeps the app (and the API for scripts) running; the Dock icon reopens it.
  app.on('activate', focusWindow);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  openWindow();
}

if (app.requestSingleInstanceLock()) {
  run().catch((error: unknown) => {
    dialog.showErrorBox('Almanac could not start', (error as Error).stack ?? String(error));
    app.exit(1);
  });
} else {
  app.quit();
}
