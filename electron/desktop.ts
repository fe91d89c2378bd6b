// The desktop app's main process, wired: crash handling and the log first, then the service (with
// its recovery dialogs), the guards, the window, IPC, the menu and updates. main.ts hands in
// Electron's modules and electron-updater's updater; everything here takes them as arguments, so
// the whole start-up, a quit and a crash run under plain Node with fakes of Electron's objects
// (test/electron/desktop.test.ts) and, in the package's own layout, with a stand-in Electron
// (test/packaging/packaged-app.test.ts).
import type * as ElectronModule from 'electron';
import { join } from 'node:path';
import type { RunningService, ServiceOptions } from '../server/service.ts';
import { STOP_SIGNALS } from '../server/cli-serve.ts';
import { logsDir, openAppLog, type AppLog } from '../server/app-log.ts';
import { fatalErrorHandler, installCrashHandlers, type ProcessEvents } from './crash-handling.ts';
import { IPC, type MenuCommand } from './ipc-channels.ts';
import { exportPdf } from './pdf-export.ts';
import { registerIpc } from './ipc.ts';
import { menuTemplate } from './menu.ts';
import { restartIntoBackup } from './restore.ts';
import { runMarker } from './run-marker.ts';
import { guardSession, guardWebContents, openExternalSafely } from './security.ts';
import { desktopServiceOptions, hostService, QUIT_GRACE_MS, stopServiceOnQuit } from './service-host.ts';
import { UpdateController, type Updater } from './updates.ts';
import { openMainWindow, type MainWindow } from './window.ts';
import { WriteActivity } from './write-activity.ts';
import { KeychainCredentialStore, type SafeStorageLike } from './website-credentials.ts';
import {
  isAlmanacLink,
  linkInArgv,
  PendingAuthorizations,
  websiteAuthorizeLinks,
  type ConnectBody,
} from './website-authorize-link.ts';
import { registerLinkScheme } from './link-scheme.ts';

type Electron = typeof ElectronModule;

/** The parts of Electron the main process uses. */
export type ElectronApi = Pick<
  Electron,
  'app' | 'BrowserWindow' | 'crashReporter' | 'dialog' | 'ipcMain' | 'Menu' | 'screen' | 'session' | 'shell'
> & {
  /** The keychain for website passwords (website-credentials.ts); without it, the data dir's password file. */
  safeStorage?: SafeStorageLike;
};

export interface DesktopEnvironment {
  electron: ElectronApi;
  /** electron-updater's updater, when this is an installed build with an update feed (main.ts decides). */
  updater: Updater | undefined;
  process: ProcessEvents & {
    env: NodeJS.ProcessEnv;
    platform: NodeJS.Platform;
    versions: NodeJS.ProcessVersions;
    /** The first start's arguments: on Windows and Linux an almanac:// link comes in them. */
    argv?: string[];
    execPath?: string;
    /** Started as `electron <app folder>` (npm start), not as an installed app. */
    defaultApp?: boolean;
  };
  /** Files beside the main bundle (scripts/build-app.mjs lays them out). */
  files: { preload: string; renderer: string };
  /** Service options over the desktop's own (tests turn heap tuning and daily backups off). */
  serviceOptions?: Partial<ServiceOptions>;
  /** Where log lines are mirrored besides the log file (default: the console). */
  mirrorLog?: (line: string) => void;
}

export interface Desktop {
  log: AppLog;
  /** The running service, once started. */
  service(): RunningService | undefined;
  /** Resolves once the app is up (or has given up: the user chose to quit). */
  ready: Promise<void>;
  /** Resolves once the almanac:// links received so far are dealt with (website-authorize-link.ts). */
  linksSettled(): Promise<void>;
}

export function startDesktop(env: DesktopEnvironment): Desktop {
  const { app, crashReporter, dialog } = env.electron;
  app.setName('Almanac');
  const options = { ...desktopServiceOptions(env.process.env, env.files.renderer), ...env.serviceOptions };
  if (env.electron.safeStorage && !options.credentials)
    options.credentials = new KeychainCredentialStore(options.dataDir, env.electron.safeStorage);
  const logs = logsDir(options.dataDir);
  const log = openAppLog(logs, { mirror: env.mirrorLog });
  options.log = (line) => log.write(line);
  let service: RunningService | undefined;
  // almanac:// links (WordPress's authorize page returning a password) wait here until the service
  // and the window are up: macOS may send one before 'ready', and the first start may carry one.
  const waitingLinks: string[] = [];
  let takeLink = (link: string): void => {
    waitingLinks.push(link);
  };
  let links: ReturnType<typeof websiteAuthorizeLinks> | undefined;
  const desktop: Desktop = {
    log,
    service: () => service,
    ready: Promise.resolve(),
    linksSettled: () => links?.settled() ?? Promise.resolve(),
  };
  if (!app.requestSingleInstanceLock()) {
    // Another Almanac runs: it gets focused (its 'second-instance', with any link in our argv), this one leaves.
    app.quit();
    return desktop;
  }
  registerLinkScheme(app, env.process, (line) => log.write(line));
  // macOS hands links to the running app (or the one it starts) by this event.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (isAlmanacLink(url)) takeLink(url);
  });
  const firstLink = linkInArgv(env.process.argv ?? []);
  if (firstLink) takeLink(firstLink);
  const marker = runMarker(logs);
  // A native crash of the main process leaves a minidump here (never uploaded anywhere).
  app.setPath('crashDumps', join(logs, 'crash-dumps'));
  crashReporter.start({ uploadToServer: false });
  const fatal = fatalErrorHandler({
    log,
    stopService: async () => {
      if (service) await service.stop({ graceMs: 2000 });
    },
    dialog,
    restart: () => {
      app.relaunch();
      app.exit(0);
    },
    exit: (code) => app.exit(code),
    told: () => marker.clear(),
  });
  installCrashHandlers(env.process, fatal);
  // A signal quits like the menu's Quit (stopServiceOnQuit: one graceful stop, however many quits
  // are asked for). Electron quits on SIGINT and SIGTERM by itself, but once: its handler gives the
  // signal back to the system after one use, so a second one — a signal sent to the process group
  // reaches the app, and through `npm start`'s launcher again — ended it before its service had
  // stopped, leaving server.json behind. These handlers replace Electron's, every time.
  for (const signal of STOP_SIGNALS)
    env.process.on(signal, () => {
      log.write(`${signal}: quitting`);
      app.quit();
    });
  // Helper processes (GPU, network, utilities) that die are restarted by Chromium; the log says so.
  app.on('child-process-gone', (_event, details) =>
    log.write(`${details.type} process gone (${details.reason}, exit code ${details.exitCode})`),
  );
  log.write(
    `Almanac ${app.getVersion()} starting (Electron ${env.process.versions.electron ?? '?'}, data dir ${options.dataDir})`,
  );
  desktop.ready = run().catch((error: unknown) => fatal(error, 'start-up'));
  return desktop;

  async function run(): Promise<void> {
    await app.whenReady();
    const started = await hostService(options, {
      showMessageBox: (box) => dialog.showMessageBox(box),
      openFolder: (path) => void env.electron.shell.openPath(path),
    });
    if (!started) {
      log.write('not started: the user chose to quit');
      app.exit(0);
      return;
    }
    service = started;
    log.write(`service started at ${started.url}`);
    const previousRun = marker.previousRun;
    marker.set();
    stopServiceOnQuit(app, started, {
      log: (line) => log.write(line),
      onStopped: () => {
        log.write('service stopped; quitting');
        marker.clear();
      },
    });
    wire(started);
    if (previousRun) {
      log.write(`the previous run (pid ${previousRun.pid}, started ${previousRun.started}) ended unexpectedly`);
      void dialog
        .showMessageBox({
          type: 'warning',
          title: 'Almanac',
          message: 'Almanac did not close normally the last time.',
          detail:
            'Everything it had saved is in your calendar. If this keeps happening, please report it with ' +
            `the files in ${logs} (the log, and any crash report in crash-dumps).`,
          buttons: ['OK', 'Open Log Folder'],
          defaultId: 0,
          cancelId: 0,
          noLink: true,
        })
        .then(({ response }) => {
          if (response === 1) void env.electron.shell.openPath(logs);
        });
    }
  }

  function wire(running: RunningService): void {
    const { BrowserWindow, ipcMain, Menu, screen, session, shell } = env.electron;
    const appOrigin = running.url;
    const sessionToken = running.createDesktopSession();
    guardSession(session.defaultSession, appOrigin);
    // Every web contents the app creates (the window's included) gets the navigation rules, once.
    app.on('web-contents-created', (_event, contents) => guardWebContents(contents, appOrigin, shell));

    let window: MainWindow | undefined;
    const openWindow = () => {
      window = openMainWindow(
        {
          createWindow: (windowOptions) => new BrowserWindow(windowOptions) as unknown as MainWindow,
          dialog,
          quit: () => app.quit(),
        },
        {
          appUrl: `${appOrigin}/`,
          preloadPath: env.files.preload,
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
    const toWindow = (command: MenuCommand) => {
      focusWindow();
      window?.webContents.send(IPC.menuCommand, command);
    };

    const pendingAuthorizations = new PendingAuthorizations();
    links = websiteAuthorizeLinks({
      pending: pendingAuthorizations,
      connect: (site, body) => connectInProcess(running, sessionToken, site, body),
      focus: focusWindow,
      tell: (box) => void dialog.showMessageBox({ title: 'Almanac', ...box }),
      log: (line) => log.write(line),
    });
    takeLink = (link) => links!.take(link);
    for (const link of waitingLinks.splice(0)) takeLink(link);

    const writes = new WriteActivity(running.listening.app.server);
    const updates = env.updater
      ? new UpdateController({
          updater: env.updater,
          currentVersion: app.getVersion(),
          dialog,
          whenNoWrites: () => writes.whenIdle(),
          stopService: () => running.stop({ graceMs: QUIT_GRACE_MS }),
          log,
        })
      : undefined;
    updates?.scheduleChecks();

    registerIpc(ipcMain, appOrigin, {
      [IPC.getSession]: () => sessionToken,
      [IPC.openExternal]: (url) => openExternalSafely(shell, url),
      [IPC.beginWebsiteAuthorization]: (site, mode, url) => pendingAuthorizations.begin({ site, mode, url }),
      [IPC.revealDataFolder]: () => void shell.openPath(running.dataDir),
      [IPC.restoreBackup]: (name) =>
        restartIntoBackup(running.dataDir, name, {
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
          stopService: () => running.stop({ graceMs: QUIT_GRACE_MS }),
          showError: async (message, detail) => void (await dialog.showMessageBox({ type: 'error', message, detail })),
          relaunch: () => {
            marker.clear();
            app.relaunch();
            app.exit(0);
          },
        }),
      [IPC.exportPdf]: (title) =>
        window && !window.isDestroyed()
          ? exportPdf({ webContents: window.webContents, dialog, folder: app.getPath('documents') }, title)
          : 'cancelled',
      [IPC.appInfo]: () => ({
        version: app.getVersion(),
        dataDir: running.dataDir,
        apiRoot: running.apiRoot,
        platform: env.process.platform,
      }),
    });

    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate(env.process.platform, {
          newEvent: () => toWindow('new-event'),
          // Both go through the window: it lays the view out for paper first (printing.ts).
          print: () => toWindow('print'),
          exportPdf: () => toWindow('export-pdf'),
          apiDocumentation: () => toWindow('api-docs'),
          openDataFolder: () => void shell.openPath(running.dataDir),
          backupNow: () => {
            running.backupNow().then(
              (file) => void dialog.showMessageBox({ type: 'info', message: 'Backup written.', detail: file }),
              (error: Error) =>
                void dialog.showMessageBox({ type: 'error', message: 'The backup failed.', detail: error.message }),
            );
          },
          checkForUpdates: () => {
            if (updates) return void updates.checkNow();
            void dialog.showMessageBox({
              type: 'info',
              title: 'Almanac',
              message: 'This copy of Almanac does not update itself.',
              detail:
                'Only Almanac installed from a release (an installer from the project’s Releases page) checks for updates.',
              buttons: ['OK'],
            });
          },
          about: () =>
            void dialog.showMessageBox({
              type: 'info',
              message: `Almanac ${app.getVersion()}`,
              detail: `Data folder: ${running.dataDir}\nAPI for your tools: ${running.apiRoot}\nLog: ${log.file}\nElectron ${env.process.versions.electron ?? '?'}, Node ${env.process.versions.node}`,
            }),
        }),
      ),
    );
    app.setAboutPanelOptions({ applicationName: 'Almanac', applicationVersion: app.getVersion() });

    // A second launch focuses this window (the single-instance lock sends it here); on Windows and
    // Linux an almanac:// link opened while Almanac runs arrives as that launch's argument.
    app.on('second-instance', (_event, argv: string[]) => {
      const link = linkInArgv(argv ?? []);
      if (link) takeLink(link);
      else focusWindow();
    });
    // macOS: closing the window keeps the app (and the API for scripts) running; the Dock icon reopens it.
    app.on('activate', focusWindow);
    app.on('window-all-closed', () => {
      if (env.process.platform !== 'darwin') app.quit();
    });
    openWindow();
  }
}

/**
 * The website connection an almanac:// link completes, through the service's own route in-process
 * (the window's desktop session: the install's administrator), so it is checked and kept exactly
 * as a typed password is. Resolves to the refusal's words, or null once connected.
 */
async function connectInProcess(
  running: RunningService,
  sessionToken: string,
  site: string,
  body: ConnectBody,
): Promise<string | null> {
  const response = await running.listening.app.inject({
    method: 'PUT',
    url: `/almanac/v1/sites/${encodeURIComponent(site)}/website`,
    headers: { authorization: `Bearer ${sessionToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (response.statusCode === 200) return null;
  const error = response.json() as { message?: string; data?: { params?: Record<string, string> } };
  const params = Object.values(error.data?.params ?? {});
  return params.length ? params.join(' ') : (error.message ?? `The service answered ${response.statusCode}.`);
}
