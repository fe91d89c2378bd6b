// The response cache's memory bounds, on a real database connection (server/http/response-cache.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase, type Db } from '../../server/db/open.ts';
import { ResponseCache } from '../../server/http/response-cache.ts';

let dir: string;
let db: Db;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'almanac-cache-'));
  db = openDatabase(join(dir, 'almanac.sqlite'));
});
after(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (i: number) => ({ status: 200, body: `{"page":${i}}`.padEnd(30_000, ' '), headers: {} });

// Regression: expired entries stayed until the same URL was asked again or a write cleared the
// cache, so a tool paging once through a calendar left up to 64 MB of dead pages in the process.
test('expired entries are dropped even when no request follows', async () => {
  const cache = new ResponseCache(db, true, 50);
  for (let i = 0; i < 100; i++) cache.set(`page-${i}`, page(i));
  assert.equal(cache.size.entries, 100);
  assert.equal(cache.get('page-7')?.body.startsWith('{"page":7}'), true);
  await sleep(150);
  assert.deepEqual(cache.size, { entries: 0, bytes: 0 });
});

test('a new entry pushes out the expired ones in front of it', () => {
  const cache = new ResponseCache(db, true, 40);
  cache.set('old', page(1));
  // Wait without yielding, so the sweep timer cannot run first: set() itself must drop 'old'.
  const until = Date.now() + 60;
  while (Date.now() < until);
  cache.set('new', page(2));
  assert.equal(cache.size.entries, 1);
  assert.equal(cache.get('old'), undefined);
  assert.ok(cache.get('new'));
});

test('live entries are capped at 32 MB, oldest out first', () => {
  const cache = new ResponseCache(db, true, 60_000);
  for (let i = 0; i < 2_000; i++) cache.set(`page-${i}`, page(i)); // 60 MB offered
  assert.ok(cache.size.bytes <= 32 * 1024 * 1024, `${cache.size.bytes} bytes held`);
  assert.ok(cache.size.bytes > 31 * 1024 * 1024, 'and the cap is used');
  assert.equal(cache.get('page-0'), undefined);
  assert.ok(cache.get('page-1999'));
});
