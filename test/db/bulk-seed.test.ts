// The bulk seeder bypasses the API, sets triggers and indexes aside and rebuilds derived data
// itself (server/db/bulk-seed.ts): afterwards the database must be exactly what row-by-row writes
// would have left, and back in its normal settings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSeededStore } from '../support/seeded-store.ts';
import type { Store } from '../../server/db/store.ts';

let store: Store;
withSeededStore({ events: 4000, timezone: 'America/New_York' }, (opened) => (store = opened));

const rows = (sql: string) => store.db.prepare(sql).all();

test('the seeded database is sound and back in its normal settings', () => {
  assert.equal(store.db.pragma('integrity_check', { simple: true }), 'ok');
  assert.deepEqual(rows('PRAGMA foreign_key_check'), []);
  assert.equal(store.db.pragma('journal_mode', { simple: true }), 'wal');
  assert.equal(store.db.pragma('foreign_keys', { simple: true }), 1);
  assert.equal(store.db.pragma('synchronous', { simple: true }), 1); // NORMAL
  assert.equal(store.db.pragma('cache_size', { simple: true }), -8000);
  // Every index and trigger the migrations created is back.
  const names = (
    rows("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL") as {
      name: string;
    }[]
  ).map((r) => r.name);
  for (const name of [
    'events_by_start',
    'events_by_end',
    'term_posts_by_start',
    'event_window_counts_insert',
    'changes_post_insert',
    'changes_term_insert',
    'changes_translation_insert',
  ]) {
    assert.ok(names.includes(name), `${name} missing`);
  }
  assert.equal((rows("SELECT COUNT(*) AS n FROM posts WHERE type = 'event'")[0] as { n: number }).n, 4000);
});

test('derived data equals what the triggers and the repositories keep', () => {
  // terms.count: published events per term.
  assert.deepEqual(
    rows(`SELECT t.id, t.count FROM terms t WHERE t.count <> (
            SELECT COUNT(*) FROM term_posts tp JOIN posts p ON p.site_id = tp.site_id AND p.id = tp.post_id
            WHERE tp.site_id = t.site_id AND tp.term_id = t.id AND p.type = 'event' AND p.status = 'publish')`),
    [],
  );
  assert.ok((rows('SELECT SUM(count) AS n FROM terms')[0] as { n: number }).n >= 4000);
  // term_posts.start_utc: the event's start.
  assert.deepEqual(
    rows(`SELECT tp.post_id FROM term_posts tp JOIN posts p ON p.site_id = tp.site_id AND p.id = tp.post_id
          WHERE tp.start_utc IS NOT p.start_utc`),
    [],
  );
  // event_window_counts: exactly migration 0005's grouping of the listable events.
  const expected = `SELECT site_id, status, COALESCE(featured, 0) AS featured, COALESCE(substr(start_utc, 1, 10), '') AS start_day,
      COALESCE(substr(end_utc, 1, 10), '') AS end_day, COUNT(*) AS n
    FROM posts WHERE type = 'event' AND COALESCE(hide_from_listings, 0) = 0 GROUP BY 1, 2, 3, 4, 5`;
  const stored = 'SELECT site_id, status, featured, start_day, end_day, n FROM event_window_counts WHERE n <> 0';
  assert.deepEqual(rows(`${expected} EXCEPT ${stored}`), []);
  assert.deepEqual(rows(`${stored} EXCEPT ${expected}`), []);
  // The change log: one row saying anything may have changed, not one per seeded row.
  assert.deepEqual(rows("SELECT kind, action FROM changes WHERE kind <> 'site'"), [{ kind: 'all', action: 'update' }]);
});

test('after the seed, ordinary writes keep the derived data (the triggers are live again)', () => {
  const event = rows("SELECT id FROM posts WHERE type = 'event' AND status = 'publish' LIMIT 1")[0] as { id: number };
  const before = (rows('SELECT SUM(n) AS n FROM event_window_counts')[0] as { n: number }).n;
  store.db.prepare("UPDATE posts SET status = 'draft' WHERE id = ?").run(event.id);
  store.db.prepare('DELETE FROM posts WHERE id = ?').run(event.id);
  assert.deepEqual(
    rows(`SELECT action FROM changes WHERE kind = 'event' AND object_id = ${event.id} ORDER BY seq`).map(
      (row) => (row as { action: string }).action,
    ),
    ['update', 'delete'],
  );
  assert.equal((rows('SELECT SUM(n) AS n FROM event_window_counts')[0] as { n: number }).n, before - 1);
});
