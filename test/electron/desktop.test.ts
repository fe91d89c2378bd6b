// The main process as a whole (electron/desktop.ts), with the real service on a temp data dir and
// small fakes of Electron's modules: start-up opens the window on the service, the navigation
// guard is applied once (an external link opens once), the window's page may copy to the
// clipboard, quitting stops the service first; a crash — an exception thrown in the main process,
// a rejection nobody handled, a start-up that threw — stops the service, removes the run file,
// writes the log and asks Restart or Quit; a run that ended without a word is told at the next
// start.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { startDesktop, type Desktop, type ElectronApi } from '../../electron/desktop.ts';
import { IPC } from '../../electron/ipc-channels.ts';
import { isDataDirLocked } from '../../server/data-dir-lock.ts';
import { runFile } from '../../server/run-file.ts';
import { fakeElectron } from './fakes.ts';

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

class FakeProcess extends EventEmitter {
  platform: NodeJS.Platform = 'linux';
  versions = { ...process.versions, electron: '45.5.0' } as NodeJS.ProcessVersions;
  constructor(readonly env: NodeJS.ProcessEnv) {
    super();
  }
}

function launch(answers: number[] = [], prepare: (dataDir: string) => void = () => {}) {
  const base = mkdtempSync(join(tmpdir(), 'almanac-desktop-'));
  dirs.push(base);
  const dataDir = join(base, 'data');
  mkdirSync(dataDir);
  prepare(dataDir);
  const fakes = fakeElectron(join(base, 'user-data'), answers);
  const proc = new FakeProcess({ ALMANAC_DATA_DIR: dataDir, ALMANAC_PORT: '0' });
  const lines: string[] = [];
  const desktop = startDesktop({
    electron: fakes.electron as unknown as ElectronApi,
    updater: undefined,
    process: proc,
    files: { preload: join(base, 'preload.cjs'), renderer: join(base, 'no-ui') },
    serviceOptions: { tuneHeap: false, dailyBackups: false },
    mirrorLog: (line) => lines.push(line),
  });
  const logFile = join(dataDir, 'logs', 'almanac.log');
  return { ...fakes, proc, desktop, dataDir, logFile, lines, log: () => readFileSync(logFile, 'utf8') };
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const running = (desktop: Desktop) => desktop.service()!;

test('start-up: the window opens on the service; the guard is applied once (an external link opens once); the page may copy; quitting stops the service first', async () => {
  const app = launch();
  await app.desktop.ready;
  const service = running(app.desktop);
  assert.ok(existsSync(runFile(app.dataDir)));
  assert.equal(app.windows.length, 1);
  const [window] = app.windows;
  assert.deepEqual(window!.loaded, [`${service.url}/`]);

  // Once: the app-wide guard covers the window (desktop.ts), window.ts does not add its own.
  assert.equal(window!.webContents.listenerCount('will-navigate'), 1);
  assert.equal(window!.webContents.navigate('will-navigate', 'https://example.org/help'), true);
  assert.deepEqual(app.shell.opened, ['https://example.org/help'], 'an external link opens once');
  assert.equal(window!.webContents.openHandler!({ url: 'https://example.org/new' } as never).action, 'deny');
  assert.equal(app.shell.opened.length, 2);

  let granted: boolean | undefined;
  app.session.requestHandler!(null, 'clipboard-sanitized-write', (value) => (granted = value), {
    requestingUrl: `${service.url}/`,
    isMainFrame: true,
  });
  assert.equal(granted, true, 'Copy buttons work in the window');

  // The window's session over IPC works against the API.
  const token = await app.ipcMain.invoke(IPC.getSession, `${service.url}/`);
  const me = await fetch(`${service.url}/almanac/v1/health`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(me.status, 200);
  const menu = app.menus[0]!;
  const help = menu.find((item) => item.role === 'help')!.submenu as MenuItemConstructorOptions[];
  assert.ok(help.some((item) => item.label === 'Check for Updates…'));

  // File → Print… and Export PDF… go to the window, which lays itself out for paper first; the
  // window then asks for the PDF over IPC, and it is written where the user chose.
  const file = menu.find((item) => item.label === '&File')!.submenu as MenuItemConstructorOptions[];
  const contents = app.windows[0]!.webContents;
  for (const label of ['Print…', 'Export PDF…']) (file.find((item) => item.label === label)!.click as () => void)();
  assert.deepEqual(
    contents.sent.filter(([channel]) => channel === IPC.menuCommand).map(([, command]) => command),
    ['print', 'export-pdf'],
  );
  const pdf = join(app.dataDir, 'Next month');
  app.dialog.savePaths.push(pdf);
  assert.equal(await app.ipcMain.invoke(IPC.exportPdf, `${service.url}/`, 'December 2026 / Almanac'), 'saved');
  assert.match(
    readFileSync(`${pdf}.pdf`, 'utf8'),
    /^%PDF-1\.7 fake \{"printBackground":true,"preferCSSPageSize":true\}/,
  );
  assert.match(
    String((app.dialog.saveDialogs[0] as { defaultPath: string }).defaultPath),
    /December 2026 Almanac\.pdf$/,
  );
  assert.equal(
    await app.ipcMain.invoke(IPC.exportPdf, `${service.url}/`, 'x'),
    'cancelled',
    'a cancelled dialog writes nothing',
  );

  assert.ok(existsSync(join(app.dataDir, 'logs', 'running.json')), 'the run is marked while it lasts');
  app.app.quit();
  assert.equal(app.app.quitted, false, 'the quit is held while the service stops');
  await until(() => app.app.quitted, 'the quit');
  assert.equal(existsSync(runFile(app.dataDir)), false, 'the run file is removed');
  assert.equal(isDataDirLocked(app.dataDir), false);
  assert.equal(existsSync(join(app.dataDir, 'logs', 'running.json')), false, 'a clean quit clears the mark');
  assert.match(app.log(), /service started at http:\/\/127\.0\.0\.1:\d+/);
  assert.match(app.log(), /service stopped; quitting/);
});

test('signals quit like the menu, however many come: SIGTERM twice (the process group, and again through npm start) and SIGINT stop the service once, cleanly', async () => {
  const app = launch();
  await app.desktop.ready;
  assert.ok(existsSync(runFile(app.dataDir)));
  // Electron's own handler quits once and then gives the signal back to the system (a second one
  // ends the process); desktop.ts's replace it, so each of these asks for the same quit.
  for (const signal of ['SIGTERM', 'SIGTERM', 'SIGINT', 'SIGHUP'] as const)
    assert.equal(app.proc.emit(signal), true, `${signal} is handled by the app`);
  await until(() => app.app.quitted, 'the quit');
  assert.equal(existsSync(runFile(app.dataDir)), false, 'the run file is removed');
  assert.equal(isDataDirLocked(app.dataDir), false);
  assert.equal(app.log().match(/service stopped; quitting/g)?.length, 1, 'one stop');
  assert.match(app.log(), /SIGTERM: quitting/);
});

test('an exception thrown in the main process: the service stops, the run file goes, the log has it, the user is asked; Restart relaunches', async () => {
  const app = launch([0]); // "Restart Almanac"
  await app.desktop.ready;
  const service = running(app.desktop);
  app.proc.emit('uncaughtException', new Error('injected: a bug in the main process'), 'uncaughtException');
  await until(() => app.app.relaunches === 1, 'the relaunch');
  assert.deepEqual(app.app.exits, [0]);
  assert.equal(existsSync(runFile(app.dataDir)), false, 'the run file is removed');
  assert.equal(isDataDirLocked(app.dataDir), false, 'the data folder is free for the restart');
  await assert.rejects(fetch(`${service.url}/`), 'the service no longer answers');
  const asked = app.dialog.shown.at(-1)!;
  assert.equal(asked.message, 'Almanac ran into a problem and has to close.');
  assert.deepEqual(asked.buttons, ['Restart Almanac', 'Quit']);
  assert.match(String(asked.detail), /injected: a bug in the main process/);
  assert.ok(String(asked.detail).includes(app.logFile), 'the dialog says where the log is');
  const log = app.log();
  assert.match(log, /fatal error \(uncaughtException\): Error: injected: a bug in the main process\n\s+at /);
  assert.match(log, /service stopped after the fatal error/);
  assert.equal(existsSync(join(app.dataDir, 'logs', 'running.json')), false, 'the user was told: no notice next time');
});

test('a rejected promise nobody handled is fatal too; Quit exits with an error code', async () => {
  const app = launch([1]); // "Quit"
  await app.desktop.ready;
  app.proc.emit('unhandledRejection', new Error('injected: nobody awaited this'));
  await until(() => app.app.exits.length === 1, 'the exit');
  assert.deepEqual(app.app.exits, [1]);
  assert.equal(app.app.relaunches, 0);
  assert.equal(existsSync(runFile(app.dataDir)), false);
  assert.match(app.log(), /fatal error \(unhandledRejection\)/);
  assert.match(app.log(), /quitting at the user’s request/);
});

test('a start-up that throws after the service started: it is stopped, the run file removed, the user asked', async () => {
  const app = launch([1]);
  app.electron.Menu.buildFromTemplate = () => {
    throw new Error('injected: the menu could not be built');
  };
  await app.desktop.ready;
  assert.deepEqual(app.app.exits, [1]);
  assert.equal(existsSync(runFile(app.dataDir)), false, 'no run file left behind');
  assert.equal(isDataDirLocked(app.dataDir), false);
  assert.match(String(app.dialog.shown.at(-1)!.detail), /the menu could not be built/);
  assert.match(app.log(), /fatal error \(start-up\)/);
});

test('a run that ended without a word (a native crash, the process killed) is told at the next start, with the log folder', async () => {
  const app = launch([1], (dataDir) => {
    mkdirSync(join(dataDir, 'logs'));
    writeFileSync(
      join(dataDir, 'logs', 'running.json'),
      JSON.stringify({ pid: 4242, started: '2030-01-01T10:00:00Z' }),
    );
  });
  await app.desktop.ready;
  await until(() => app.shell.paths.length > 0, '"Open Log Folder"');
  const told = app.dialog.shown.find((box) => box.message === 'Almanac did not close normally the last time.');
  assert.ok(told);
  assert.ok(String(told.detail).includes(join(app.dataDir, 'logs')));
  assert.deepEqual(app.shell.paths, [join(app.dataDir, 'logs')]);
  assert.match(app.log(), /the previous run \(pid 4242, started 2030-01-01T10:00:00Z\) ended unexpectedly/);
  assert.deepEqual(app.crashReports, [{ uploadToServer: false }], 'native crashes leave a local minidump only');
  assert.equal(app.app.getPath('crashDumps'), join(app.dataDir, 'logs', 'crash-dumps'));
  await running(app.desktop).stop();
});

test('Help → Check for Updates in a build without an update feed says it does not update itself', async () => {
  const app = launch();
  await app.desktop.ready;
  try {
    const help = app.menus[0]!.find((item) => item.role === 'help')!.submenu as MenuItemConstructorOptions[];
    (help.find((item) => item.label === 'Check for Updates…')!.click as () => void)();
    await until(() => app.dialog.shown.length > 0, 'the dialog');
    assert.equal(app.dialog.shown[0]!.message, 'This copy of Almanac does not update itself.');
  } finally {
    await running(app.desktop).stop();
  }
});
