// "A server owns this data dir" is an operating-system lock (server/data-dir-lock.ts). Regression
// for the data-loss defect: a second server on the same data dir used to start, delete the first
// one's run file when it stopped, and `restore` then swapped the database under the live first
// server, whose next acknowledged writes were lost. Two real processes here.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireDataDirLock, DataDirLockedError, isDataDirLocked } from '../../server/data-dir-lock.ts';
import { openDataDir } from '../../server/data-dir.ts';
import { runFile } from '../../server/run-file.ts';
import { REPO_ROOT, startChildServer } from './child-server.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-lock-'));
  dirs.push(dir);
  return dir;
}

const cli = (dataDir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/almanac.ts', ...args, '--data-dir', dataDir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 30_000,
  });

function token(dataDir: string): string {
  const result = cli(dataDir, 'token', 'create', '--user', 'admin', '--name', 'lock-test');
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim().split('\n').at(-1)!;
}

async function createEvent(apiRoot: string, bearer: string, title: string): Promise<number> {
  const response = await fetch(`${apiRoot}/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title, start_date: '2027-05-01 10:00', end_date: '2027-05-01 11:00' }),
  });
  return response.status;
}

test('a second server on a data dir is refused, names the first, and leaves its run file alone', async () => {
  const dataDir = newDataDir();
  const first = await startChildServer(dataDir);
  try {
    const url = first.apiRoot.replace(/\/svc\/events\/v1$/, '');
    const second = cli(dataDir, 'serve', '--port', '0');
    assert.equal(second.status, 1, second.stdout + second.stderr);
    assert.match(second.stderr, /already running/);
    assert.ok(second.stderr.includes(`pid ${first.pid}`), second.stderr);
    assert.ok(second.stderr.includes(url), second.stderr);

    const info = JSON.parse(readFileSync(runFile(dataDir), 'utf8'));
    assert.equal(info.pid, first.pid, 'the run file still names the running server');
    assert.equal(info.api_root, first.apiRoot);

    // restore is refused while the first server runs, and says who runs.
    const backup = cli(dataDir, 'backup', '--to', join(dataDir, 'copy.sqlite'));
    assert.equal(backup.status, 0, backup.stderr);
    const restore = cli(dataDir, 'restore', join(dataDir, 'copy.sqlite'));
    assert.equal(restore.status, 1);
    assert.ok(restore.stderr.includes(`pid ${first.pid}`), restore.stderr);

    // …so every write the first server acknowledges stays in its database.
    const bearer = token(dataDir);
    assert.equal(await createEvent(first.apiRoot, bearer, 'After the refused restore'), 201);
  } finally {
    await first.stop();
  }
  assert.equal(existsSync(runFile(dataDir)), false, 'the owner removes its run file when it stops');
  assert.equal(isDataDirLocked(dataDir), false);
  const store = openDataDir(dataDir);
  const titles = store.db.prepare("SELECT title FROM posts WHERE type = 'event'").pluck().all();
  store.close();
  assert.deepEqual(titles, ['After the refused restore']);
});

test('the lock dies with its process: after SIGKILL a new server starts at once', async () => {
  const dataDir = newDataDir();
  const first = await startChildServer(dataDir);
  await first.stop('SIGKILL');
  assert.equal(isDataDirLocked(dataDir), false, 'the kernel released the lock');
  const second = await startChildServer(dataDir);
  try {
    const info = JSON.parse(readFileSync(runFile(dataDir), 'utf8'));
    assert.equal(info.pid, second.pid, 'the stale run file was replaced');
  } finally {
    await second.stop();
  }
});

test('in one process, a second acquire is refused until the first is released', () => {
  const dataDir = newDataDir();
  const lock = acquireDataDirLock(dataDir);
  assert.throws(() => acquireDataDirLock(dataDir), DataDirLockedError);
  assert.equal(isDataDirLocked(dataDir), true);
  lock.release();
  assert.equal(isDataDirLocked(dataDir), false);
  acquireDataDirLock(dataDir).release();
});
