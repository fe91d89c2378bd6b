// The desktop app's main process entry: hands Electron's modules (and, in an installed build with
// an update feed, electron-updater's updater) to desktop.ts, which wires everything — or, started
// with a command (`Almanac restore FILE`), runs that command and exits (cli-mode.ts). Only this file
// and the preload script load Electron at run time, so the rest is tested under plain Node.
import {
  app,
  BrowserWindow,
  crashReporter,
  dialog,
  ipcMain,
  Menu,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import electronUpdater from 'electron-updater';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDesktop } from './desktop.ts';
import { commandLineArguments, desktopCliCommand, runCommandLine } from './cli-mode.ts';

// Files next to this bundle (scripts/build-app.mjs lays them out).
const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

// electron-builder writes app-update.yml into an installed build's resources when it has a
// release feed (the release workflow's builds); a build from the sources or `npm run dist` without
// one has none, and does not update itself.
const hasUpdateFeed = app.isPackaged && existsSync(join(process.resourcesPath, 'app-update.yml'));

const command = commandLineArguments(process.argv, process.defaultApp === true);
if (command) {
  void runCommandLine(command, (code) => app.exit(code));
} else {
  startDesktop({
    electron: { app, BrowserWindow, crashReporter, dialog, ipcMain, Menu, safeStorage, screen, session, shell },
    updater: hasUpdateFeed ? electronUpdater.autoUpdater : undefined,
    process,
    files: { preload: here('./preload.cjs'), renderer: here('./renderer/') },
    serviceOptions: { cliCommand: desktopCliCommand(app.isPackaged, process, here('.')) },
  });
}
