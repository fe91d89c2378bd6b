// Regression (every statement ~3–5x slower than it should be): better-sqlite3 builds SQLite with
// STAT4, and with index samples in sqlite_stat4 (or a bound post type next to posts' partial
// indexes) SQLite plans a statement again on every run. A slug lookup took 12–18 µs instead of 3–4,
// and creates spent 450 µs in SQL instead of 230. See server/db/planner-stats.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile, openDataDir } from '../../server/data-dir.ts';
import { bulkSeed } from '../../scripts/seed/bulk-seed.ts';

function withDataDir(run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-stats-'));
  try {
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const count = (db: Database.Database, table: string) =>
  db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;

test('seeding keeps the per-index row statistics and drops the samples', () => {
  withDataDir((dir) => {
    const store = openDataDir(dir, { timezone: 'UTC' });
    bulkSeed(store, 'default', 500, 1);
    assert.ok(count(store.db, 'sqlite_stat1') > 10, 'sqlite_stat1 is filled');
    assert.equal(count(store.db, 'sqlite_stat4'), 0);
    store.close();
  });
});

test('opening a database drops samples an older version (or a manual ANALYZE) left', () => {
  withDataDir((dir) => {
    openDataDir(dir, { timezone: 'UTC' }).close();
    const raw = new Database(databaseFile(dir));
    raw.exec('ANALYZE');
    const samples = count(raw, 'sqlite_stat4');
    raw.close();
    assert.ok(samples > 0, 'the setup left samples to drop');
    const store = openDataDir(dir, { timezone: 'UTC' });
    assert.equal(count(store.db, 'sqlite_stat4'), 0);
    assert.ok(count(store.db, 'sqlite_stat1') > 0, 'the row statistics stay');
    store.close();
  });
});

test('no statement binds the post type (posts has partial indexes on it)', () => {
  const dir = join(import.meta.dirname, '../../server/db/repositories');
  const offenders = readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) =>
      readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .map((line, index) => ({ where: `${file}:${index + 1}`, line }))
        .filter(({ line }) => /\btype\s*=\s*(\?|[@:]\w|\$[A-Za-z_])/.test(line)),
    );
  assert.deepEqual(offenders, []);
});
