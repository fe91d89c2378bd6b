// The desktop app's service host (electron/service-host.ts) with the real service on temp data
// dirs: the recovery dialogs on start-up failures (with a real restore), and a quit that stops
// the service gracefully before the app exits.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostService, stopServiceOnQuit } from '../../electron/service-host.ts';
import { recoveryPlan } from '../../electron/startup-dialogs.ts';
import { databaseFile, openDataDir } from '../../server/data-dir.ts';
import { rotatingBackup } from '../../server/db/backup.ts';
import { isDataDirLocked } from '../../server/data-dir-lock.ts';
import { runFile } from '../../server/run-file.ts';
import { startService, type ServiceOptions } from '../../server/service.ts';
import { StartupError } from '../../server/startup-errors.ts';
import { FakeDialog } from './fakes.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-host-'));
  dirs.push(dir);
  return dir;
}
const options = (dataDir: string): ServiceOptions => ({
  dataDir,
  port: 0,
  app: 'desktop',
  tuneHeap: false,
  dailyBackups: false,
});

test('a damaged database: the dialog offers the latest backup, and restoring it starts the app', async () => {
  const dataDir = newDataDir();
  const store = openDataDir(dataDir, { timezone: 'UTC', title: 'Before the damage' });
  rotatingBackup(store.db, databaseFile(dataDir), 'daily');
  store.close();
  writeFileSync(databaseFile(dataDir), 'garbage where the calendar was');
  const dialog = new FakeDialog([0]); // "Restore Latest Backup"
  const opened: string[] = [];
  const service = await hostService(options(dataDir), {
    showMessageBox: (box) => dialog.showMessageBox(box),
    openFolder: (path) => opened.push(path),
  });
  assert.ok(service, 'started after the restore');
  try {
    assert.equal(dialog.shown.length, 1);
    assert.equal(dialog.shown[0]!.message, 'The calendar file is damaged.');
    assert.deepEqual(dialog.shown[0]!.buttons, ['Restore Latest Backup', 'Open Data Folder', 'Quit']);
    const site = await (await fetch(`${service.url}/`)).json();
    assert.equal(site.name, 'Before the damage');
  } finally {
    await service.stop();
  }
});

test('"Open Data Folder" opens it and asks again; "Quit" gives up cleanly', async () => {
  const dataDir = newDataDir();
  openDataDir(dataDir).close();
  writeFileSync(databaseFile(dataDir), 'garbage');
  const dialog = new FakeDialog([0, 1]); // no backup: [Open Data Folder, Quit]
  const opened: string[] = [];
  const service = await hostService(options(dataDir), {
    showMessageBox: (box) => dialog.showMessageBox(box),
    openFolder: (path) => opened.push(path),
  });
  assert.equal(service, undefined);
  assert.deepEqual(opened, [dataDir]);
  assert.equal(dialog.shown.length, 2);
  assert.match(String(dialog.shown[0]!.detail), /No backup that this version can open/);
  assert.equal(isDataDirLocked(dataDir), false);
});

test('another server on the data dir: the dialog names it; "Try Again" starts once it has gone', async () => {
  const dataDir = newDataDir();
  const other = await startService(options(dataDir));
  const dialog = new FakeDialog([0]);
  let asked!: () => void;
  const askedOnce = new Promise<void>((resolve) => (asked = resolve));
  const hosting = hostService(options(dataDir), {
    showMessageBox: async (box) => {
      asked();
      await other.stop(); // the user quits the other one, then presses Try Again
      return dialog.showMessageBox(box);
    },
    openFolder: () => {},
  });
  await askedOnce;
  const service = await hosting;
  assert.ok(service);
  try {
    assert.equal(dialog.shown[0]!.message, 'Almanac is already running on this calendar.');
    assert.ok(String(dialog.shown[0]!.detail).includes(other.url), String(dialog.shown[0]!.detail));
  } finally {
    await service.stop();
  }
});

test('every start-up problem has a message and a way out', () => {
  for (const problem of [
    'locked',
    'not-writable',
    'corrupt',
    'newer-schema',
    'changed-schema',
    'no-port',
    'unknown',
  ] as const) {
    const plan = recoveryPlan(new StartupError(problem, 'detail', '/data', {}), '/data/backups/b.sqlite');
    assert.ok(plan.message.length > 10, problem);
    assert.ok(
      plan.choices.some((choice) => choice.action === 'quit'),
      `${problem} can quit`,
    );
    assert.ok(plan.choices.length >= 2, `${problem} offers more than quitting`);
  }
  const newer = recoveryPlan(new StartupError('newer-schema', 'x', '/d', {}), '/d/backups/b.sqlite');
  assert.deepEqual(
    newer.choices.map((choice) => choice.action),
    ['restore-backup', 'open-folder', 'quit'],
  );
});

test('quitting holds the quit until the service has stopped, then quits for real', async () => {
  const dataDir = newDataDir();
  const service = await startService(options(dataDir));
  const app = new (class extends EventEmitter {
    quits = 0;
    quit() {
      this.quits++;
      const event = { prevented: false, preventDefault() {} };
      event.preventDefault = () => (event.prevented = true);
      this.emit('before-quit', event);
      if (!event.prevented) this.emit('quit-now');
    }
  })();
  const quitNow = new Promise((resolve) => app.once('quit-now', resolve));
  stopServiceOnQuit(app, service);
  app.quit();
  assert.equal(existsSync(runFile(dataDir)), true, 'still running while the quit is held');
  app.quit(); // a second Cmd+Q while stopping changes nothing
  await quitNow;
  assert.equal(app.quits, 3, 'the service host quits again once stopped');
  assert.equal(existsSync(runFile(dataDir)), false);
  assert.equal(isDataDirLocked(dataDir), false);
});
