// startService (server/service.ts), the one way the CLI and the desktop app run the service: the
// lock, the run file, a real HTTP server, a graceful stop that loses nothing acknowledged, and
// start-up failures explained in words a user can act on.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import Database from 'better-sqlite3';
import { startService, type ServiceOptions } from '../../server/service.ts';
import { isDataDirLocked } from '../../server/data-dir-lock.ts';
import { databaseFile, openDataDir } from '../../server/data-dir.ts';
import { runFile } from '../../server/run-file.ts';
import { StartupError } from '../../server/startup-errors.ts';
import { backupsDir, validateBackup } from '../../server/db/backup.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-service-'));
  dirs.push(dir);
  return dir;
}
const start = (dataDir: string, options: Partial<ServiceOptions> = {}) =>
  startService({ dataDir, port: 0, tuneHeap: false, dailyBackups: false, timezone: 'UTC', ...options });

test('starts on a new data dir, serves over HTTP, writes the run file, and undoes it all on stop', async () => {
  const dataDir = newDataDir();
  const service = await start(dataDir, { app: 'desktop' });
  assert.match(service.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(service.apiRoot, `${service.url}/svc/events/v1`);
  const info = JSON.parse(readFileSync(runFile(dataDir), 'utf8'));
  assert.deepEqual(
    { pid: info.pid, port: info.port, api_root: info.api_root, app: info.app },
    { pid: process.pid, port: service.port, api_root: service.apiRoot, app: 'desktop' },
  );
  assert.equal(isDataDirLocked(dataDir), true);
  const response = await fetch(`${service.apiRoot}/events`);
  assert.equal(response.status, 200);

  await service.stop();
  assert.equal(existsSync(runFile(dataDir)), false);
  assert.equal(isDataDirLocked(dataDir), false);
  const wal = `${databaseFile(dataDir)}-wal`;
  assert.ok(!existsSync(wal) || statSync(wal).size === 0, 'the WAL was checkpointed into the database');
  await assert.rejects(fetch(`${service.apiRoot}/events`), 'no longer listening');
});

test('the desktop session token signs in as the install administrator; nothing else knows it', async () => {
  const dataDir = newDataDir();
  const service = await start(dataDir);
  try {
    const token = service.createDesktopSession();
    assert.match(token, /^alms_[A-Za-z0-9_-]{43}$/, '256 random bits');
    const created = await fetch(`${service.apiRoot}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'From the window', start_date: '2027-01-02 10:00', end_date: '2027-01-02 11:00' }),
    });
    assert.equal(created.status, 201);
    const session = await (
      await fetch(`${service.url}/almanac/v1/session`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    assert.equal(session.method, 'desktop');
    assert.equal(session.role, 'administrator');
    assert.equal(session.user.login, 'admin');
    const forged = await fetch(`${service.apiRoot}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer alms_${'A'.repeat(43)}`, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(forged.status, 401);
    // Never on disk: the database holds no trace of it.
    const db = new Database(databaseFile(dataDir), { readonly: true });
    const dump = db.prepare('SELECT group_concat(hex(id_hash)) FROM ui_sessions').pluck().get();
    db.close();
    assert.equal(dump, null);
    assert.equal(readFileSync(databaseFile(dataDir)).includes(Buffer.from(token)), false);
  } finally {
    await service.stop();
  }
});

test('stop lets an in-flight write finish before it closes: the acknowledged write is stored', async () => {
  const dataDir = newDataDir();
  const service = await start(dataDir);
  const token = service.createDesktopSession();
  // A write whose body is still arriving when stop() begins: it must complete and be stored.
  const body = JSON.stringify({ title: 'Mid-stop', start_date: '2027-02-01 10:00', end_date: '2027-02-01 11:00' });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      `${service.apiRoot}/events`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 10));
    setTimeout(() => request.end(body.slice(10)), 300);
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const stopped = service.stop();
  const result = await answer;
  await stopped;
  assert.equal(result.status, 201, result.text);
  const store = openDataDir(dataDir);
  const titles = store.db.prepare("SELECT title FROM posts WHERE type = 'event'").pluck().all();
  store.close();
  assert.deepEqual(titles, ['Mid-stop']);
});

test('backupNow writes a valid backup on a worker thread', async () => {
  const dataDir = newDataDir();
  const service = await start(dataDir);
  try {
    const file = await service.backupNow();
    assert.ok(file.startsWith(backupsDir(databaseFile(dataDir))));
    validateBackup(file);
  } finally {
    await service.stop();
  }
});

test('start-up failures say what is wrong, and leave the data dir unlocked', async (t) => {
  await t.test('a second service on the same data dir: locked, naming the first', async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    try {
      const error = await start(dataDir).catch((e: unknown) => e);
      assert.ok(error instanceof StartupError);
      assert.equal(error.problem, 'locked');
      assert.equal(error.owner?.pid, process.pid);
      assert.ok(error.message.includes(first.url), error.message);
    } finally {
      await first.stop();
    }
  });
  await t.test('the data dir is a file: not writable', async () => {
    const parent = newDataDir();
    const dataDir = join(parent, 'file');
    writeFileSync(dataDir, 'not a folder');
    const error = await start(dataDir).catch((e: unknown) => e);
    assert.ok(error instanceof StartupError);
    assert.equal(error.problem, 'not-writable');
    assert.match(error.message, /cannot write its data folder/);
  });
  await t.test('a damaged database: corrupt', async () => {
    const dataDir = newDataDir();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(databaseFile(dataDir), 'this is not a SQLite database, it is a shopping list');
    const error = await start(dataDir).catch((e: unknown) => e);
    assert.ok(error instanceof StartupError);
    assert.equal(error.problem, 'corrupt');
    assert.equal(isDataDirLocked(dataDir), false);
  });
  await t.test('a database from a newer Almanac: newer-schema', async () => {
    const dataDir = newDataDir();
    openDataDir(dataDir).close();
    const db = new Database(databaseFile(dataDir));
    db.prepare("INSERT INTO schema_migrations VALUES (9999, '9999-future', 'x', '2030-01-01')").run();
    db.close();
    const error = await start(dataDir).catch((e: unknown) => e);
    assert.ok(error instanceof StartupError);
    assert.equal(error.problem, 'newer-schema');
    assert.match(error.message, /newer version of Almanac/);
    assert.equal(isDataDirLocked(dataDir), false);
  });
  await t.test('no port can be bound: no-port', async () => {
    const dataDir = newDataDir();
    const error = await start(dataDir, { port: 70000 }).catch((e: unknown) => e);
    assert.ok(error instanceof StartupError);
    assert.equal(error.problem, 'no-port');
    assert.equal(isDataDirLocked(dataDir), false);
    assert.equal(existsSync(runFile(dataDir)), false);
  });
});
