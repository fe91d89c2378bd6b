// Backups and restore through the real CLI: manual backups, rotation, refusing a file that is not
// our database, refusing while a server runs, and all-or-nothing restore.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  existsSync,
  copyFileSync,
  utimesSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDataDir, databaseFile } from '../../server/data-dir.ts';
import {
  rotatingBackup,
  rotatingBackupInWorker,
  validateBackup,
  KEEP_BACKUPS,
  backupsDir,
} from '../../server/db/backup.ts';
import { writeRunFile } from '../../server/run-file.ts';
import { acquireDataDirLock } from '../../server/data-dir-lock.ts';

// Every data dir this suite makes is removed when it ends (159 were left in /tmp before).
const dataDirs: string[] = [];
after(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-backup-'));
  dataDirs.push(dir);
  return dir;
}

const cli = (dataDir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/almanac.ts', ...args, '--data-dir', dataDir], {
    encoding: 'utf8',
  });

function eventTitles(dataDir: string): string[] {
  const db = new Database(databaseFile(dataDir), { readonly: true });
  try {
    return (db.prepare("SELECT title FROM posts WHERE type = 'event' ORDER BY id").all() as { title: string }[]).map(
      (r) => r.title,
    );
  } finally {
    db.close();
  }
}

function seedEvent(dataDir: string, title: string): void {
  const store = openDataDir(dataDir, { timezone: 'UTC' });
  const site = store.sites.byCode('default')!;
  const id = store.sites.nextPostId(site.id);
  store.posts.insert(site.id, id, 'event', {
    title,
    status: 'publish',
    date_local: '2027-01-01 00:00:00',
    date_utc: '2027-01-01 00:00:00',
    modified_local: '2027-01-01 00:00:00',
    modified_utc: '2027-01-01 00:00:00',
  });
  store.close();
}

test('backup, change, restore: the data is back as it was, and the replaced database is kept', () => {
  const dataDir = newDataDir();
  seedEvent(dataDir, 'Before');
  const file = join(dataDir, 'copy.sqlite');
  const backup = cli(dataDir, 'backup', '--to', file);
  assert.equal(backup.status, 0, backup.stderr);
  seedEvent(dataDir, 'After');
  assert.deepEqual(eventTitles(dataDir), ['Before', 'After']);
  const restore = cli(dataDir, 'restore', file);
  assert.equal(restore.status, 0, restore.stderr);
  assert.deepEqual(eventTitles(dataDir), ['Before']);
  const safety = readdirSync(backupsDir(databaseFile(dataDir))).filter((f) => f.includes('before-restore'));
  assert.equal(safety.length, 1);
});

test('restore refuses a file that is not a valid Almanac database, and changes nothing', () => {
  const dataDir = newDataDir();
  seedEvent(dataDir, 'Kept');
  const garbage = join(dataDir, 'garbage.sqlite');
  writeFileSync(garbage, 'not a database at all');
  const other = join(dataDir, 'other.sqlite');
  new Database(other).exec('CREATE TABLE notes (x)').close();
  const truncated = join(dataDir, 'truncated.sqlite');
  copyFileSync(databaseFile(dataDir), truncated);
  writeFileSync(truncated, Buffer.alloc(512)); // header gone
  for (const file of [garbage, other, truncated, join(dataDir, 'missing.sqlite')]) {
    const result = cli(dataDir, 'restore', file);
    assert.notEqual(result.status, 0, `${file} must be refused`);
    assert.match(result.stderr, /not|does not exist/);
  }
  assert.deepEqual(eventTitles(dataDir), ['Kept']);
});

test('restore refuses to run while a server serves the data dir', () => {
  const dataDir = newDataDir();
  seedEvent(dataDir, 'Live');
  const file = join(dataDir, 'copy.sqlite');
  execFileSync(process.execPath, [
    '--import',
    'tsx',
    'server/almanac.ts',
    'backup',
    '--to',
    file,
    '--data-dir',
    dataDir,
  ]);
  // This test process stands in for a live server: it holds the lock and wrote the run file.
  const lock = acquireDataDirLock(dataDir);
  try {
    writeRunFile(dataDir, {
      pid: process.pid,
      port: 1,
      url: 'http://127.0.0.1:1',
      api_root: 'http://127.0.0.1:1/svc/events/v1',
      app: 'serve',
      started: new Date().toISOString(),
    });
    const result = cli(dataDir, 'restore', file);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, new RegExp(`already running .*pid ${process.pid}, http://127\\.0\\.0\\.1:1\\)`));
  } finally {
    lock.release();
  }
  assert.deepEqual(eventTitles(dataDir), ['Live'], 'nothing was restored');
});

test('rotating backups keep the newest seven; opening an old database with pending migrations backs it up first', () => {
  const dataDir = newDataDir();
  const store = openDataDir(dataDir, { timezone: 'UTC' });
  for (let i = 0; i < KEEP_BACKUPS + 3; i++)
    rotatingBackup(store.db, databaseFile(dataDir), `test-${String(i).padStart(2, '0')}`);
  store.close();
  const kept = readdirSync(backupsDir(databaseFile(dataDir)));
  assert.equal(kept.length, KEEP_BACKUPS);

  // Simulate a database from before migration 0003: forget it was applied, then reopen.
  const db = new Database(databaseFile(dataDir));
  db.exec(
    'DELETE FROM schema_migrations WHERE version = 3; DROP INDEX IF EXISTS terms_by_count; ALTER TABLE terms DROP COLUMN count;',
  );
  db.exec('DROP INDEX events_by_start; DROP INDEX events_by_end;');
  db.exec(
    "CREATE INDEX events_by_start ON posts (site_id, type, status, start_utc, id) WHERE type = 'event'; CREATE INDEX events_by_end ON posts (site_id, type, status, end_utc) WHERE type = 'event';",
  );
  db.close();
  openDataDir(dataDir).close();
  const names = readdirSync(backupsDir(databaseFile(dataDir)));
  assert.ok(
    names.some((name) => name.includes('before-migration')),
    names.join(', '),
  );
  assert.ok(existsSync(databaseFile(dataDir)));
});

test('half-written backups left by a killed process are cleaned up by the next backup', () => {
  const dataDir = newDataDir();
  const store = openDataDir(dataDir, { timezone: 'UTC' });
  const dir = backupsDir(databaseFile(dataDir));
  rotatingBackup(store.db, databaseFile(dataDir), 'first');
  const stale = join(dir, 'almanac-20260101T000000Z-daily.sqlite.partial');
  const fresh = join(dir, 'almanac-20260101T000001Z-daily.sqlite.partial');
  writeFileSync(stale, 'debris');
  writeFileSync(`${stale}-journal`, 'debris');
  writeFileSync(fresh, 'maybe another process writing right now');
  const old = new Date(Date.now() - 60 * 60 * 1000);
  utimesSync(stale, old, old);
  utimesSync(`${stale}-journal`, old, old);
  rotatingBackup(store.db, databaseFile(dataDir), 'second');
  store.close();
  const names = readdirSync(dir);
  assert.equal(names.includes('almanac-20260101T000000Z-daily.sqlite.partial'), false);
  assert.equal(names.includes('almanac-20260101T000000Z-daily.sqlite.partial-journal'), false);
  assert.ok(names.includes('almanac-20260101T000001Z-daily.sqlite.partial'), 'a recent one may be in progress');
});

test('the backup written on a worker thread while serving is a valid, restorable copy', async () => {
  const dataDir = newDataDir();
  seedEvent(dataDir, 'Online');
  const store = openDataDir(dataDir, { timezone: 'UTC' });
  const file = await rotatingBackupInWorker(databaseFile(dataDir), 'daily');
  store.close();
  assert.doesNotThrow(() => validateBackup(file));
  const copy = new Database(file, { readonly: true });
  assert.deepEqual(copy.prepare("SELECT title FROM posts WHERE type = 'event'").pluck().all(), ['Online']);
  copy.close();
});

test('restore over a database that cannot be opened keeps the damaged file aside, byte for byte', () => {
  const dataDir = newDataDir();
  seedEvent(dataDir, 'Good');
  const file = join(dataDir, 'good.sqlite');
  execFileSync(process.execPath, [
    '--import',
    'tsx',
    'server/almanac.ts',
    'backup',
    '--to',
    file,
    '--data-dir',
    dataDir,
  ]);
  writeFileSync(databaseFile(dataDir), 'damaged beyond reading');
  const result = cli(dataDir, 'restore', file);
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(eventTitles(dataDir), ['Good']);
  const kept = readdirSync(backupsDir(databaseFile(dataDir))).filter((name) => name.endsWith('-damaged.sqlite.kept'));
  assert.equal(kept.length, 1, 'the damaged file was kept');
  assert.equal(readFileSync(join(backupsDir(databaseFile(dataDir)), kept[0]!), 'utf8'), 'damaged beyond reading');
});
