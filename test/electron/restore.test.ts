// Settings → Backups → Restore in the desktop app (electron/restore.ts), with the real service on a
// temp data dir and Electron's dialog and relaunch as small fakes: the running service is stopped
// before the file is replaced, the current data is backed up first, and the app comes back on
// the backup's data. Cancelling, or naming anything but a backup of the folder, changes nothing.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { restartIntoBackup, type RestoreDeps } from '../../electron/restore.ts';
import { startService, type RunningService } from '../../server/service.ts';
import { databaseFile } from '../../server/data-dir.ts';
import { listBackups } from '../../server/db/backup.ts';
import { openStore } from '../../server/db/store.ts';

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function serviceWithTwoEvents() {
  const dataDir = mkdtempSync(join(tmpdir(), 'almanac-restore-'));
  dirs.push(dataDir);
  const start = () =>
    startService({ dataDir, port: 0, app: 'desktop', tuneHeap: false, dailyBackups: false, timezone: 'UTC' });
  const service = await start();
  const token = service.createDesktopSession();
  const create = (title: string) =>
    fetch(`${service.apiRoot}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title, start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' }),
    });
  assert.equal((await create('Before the backup')).status, 201);
  const backup = basename(await service.backupNow());
  assert.equal((await create('After the backup')).status, 201);
  return { dataDir, service, backup, start };
}

const titles = (dataDir: string) => {
  const store = openStore(databaseFile(dataDir));
  try {
    return store.db.prepare("SELECT title FROM posts WHERE type = 'event' ORDER BY id").pluck().all();
  } finally {
    store.close();
  }
};

function fakes(service: RunningService, answer: boolean) {
  const calls: string[] = [];
  const deps: RestoreDeps = {
    confirm: async (backup) => {
      calls.push(`confirm ${backup.reason}`);
      return answer;
    },
    stopService: async () => {
      calls.push('stop');
      await service.stop();
    },
    showError: async (message) => void calls.push(`error ${message}`),
    relaunch: () => void calls.push('relaunch'),
  };
  return { calls, deps };
}

test('confirmed: the service stops, the current data is backed up, the app restarts on the backup', async () => {
  const { dataDir, service, backup, start } = await serviceWithTwoEvents();
  const { calls, deps } = fakes(service, true);
  assert.equal(await restartIntoBackup(dataDir, backup, deps), 'restarting');
  assert.deepEqual(calls, ['confirm manual', 'stop', 'relaunch']);
  assert.deepEqual(titles(dataDir), ['Before the backup']);
  // What was there is kept as a backup of its own.
  const safety = listBackups(databaseFile(dataDir)).find((each) => each.reason === 'before-restore');
  assert.ok(safety, 'a before-restore backup');
  // The relaunched app starts on it.
  const again = await start();
  try {
    const list = await (await fetch(`${again.apiRoot}/events?start_date=2029-01-01&end_date=2031-01-01`)).json();
    assert.deepEqual(
      list.events.map((event: { title: string }) => event.title),
      ['Before the backup'],
    );
  } finally {
    await again.stop();
  }
});

test('cancelled, or not a backup of the folder: nothing stops, nothing changes', async () => {
  const { dataDir, service, backup } = await serviceWithTwoEvents();
  try {
    const { calls, deps } = fakes(service, false);
    assert.equal(await restartIntoBackup(dataDir, backup, deps), 'cancelled');
    for (const name of ['../almanac.sqlite', 'almanac.sqlite', join(dataDir, 'backups', backup), 'nope.sqlite']) {
      await assert.rejects(restartIntoBackup(dataDir, name, deps), /no backup named/);
    }
    assert.deepEqual(calls, ['confirm manual']);
    assert.equal((await fetch(`${service.apiRoot}/`)).status, 200, 'still serving');
    assert.deepEqual(titles(dataDir), ['Before the backup', 'After the backup']);
  } finally {
    await service.stop();
  }
});
