// Regression (creates spent a fifth of their time committing): every page a write changes is a
// WAL frame (two writes of the file at commit, copied again at the next checkpoint). A create
// with a category wrote ~16.7 frames at 100k events; migration 0006 took out the two avoidable
// ones (term_posts_by_start entered under a NULL start then moved; terms_by_count). This counts
// the frames of real creates over HTTP, so a new index or trigger on the write path shows up here.
// Migration 0009's change log (the live stream) costs one page per write (14.7 → 15.7 frames):
// the new row has to be written somewhere; AUTOINCREMENT would have cost a second one.
// Migration 0019's search queue costs one more (15.7 → 16.9): the post's key, folded into the
// index later in batches. Writing the index itself from the trigger cost ~9 (FTS5 writes a
// segment, its structure and averages records for every statement that touches it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { databaseFile } from '../../server/data-dir.ts';
import { bulkSeed } from '../../scripts/seed/bulk-seed.ts';
import { API, startServer } from '../support/server.ts';

const CREATES = 200;

test('a create with a category writes at most 17 pages to the WAL', async () => {
  const server = await startServer({ timezone: 'UTC' });
  try {
    bulkSeed(server.store, 'default', 5000, server.userIds.administrator);
    const category = server.store.db.prepare("SELECT id FROM terms WHERE taxonomy = 'category' LIMIT 1").pluck().get();
    // Start from an empty WAL and keep every frame in it while counting.
    server.store.db.pragma('wal_autocheckpoint = 0');
    server.store.db.pragma('wal_checkpoint(TRUNCATE)');
    const wal = `${databaseFile(server.dataDir)}-wal`;
    const before = statSync(wal).size;
    for (let i = 0; i < CREATES; i++) {
      const response = await server.admin('POST', `${API}/events`, {
        json: {
          title: `Page count ${i}`,
          start_date: '2027-05-01 10:00',
          end_date: '2027-05-01 12:00',
          categories: [category],
        },
      });
      assert.equal(response.status, 201, response.text);
    }
    const pageSize = server.store.db.pragma('page_size', { simple: true }) as number;
    const frames = (statSync(wal).size - before) / (24 + pageSize) / CREATES;
    assert.ok(frames <= 17, `${frames.toFixed(2)} WAL frames per create`);
    // The category's assignments carry their event's start (the index term_posts_by_start needs).
    const missing = server.store.db.prepare('SELECT COUNT(*) FROM term_posts WHERE start_utc IS NULL').pluck().get();
    assert.equal(missing, 0);
  } finally {
    await server.close();
  }
});
