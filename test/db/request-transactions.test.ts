// The transactions a request runs in (store.snapshot for reads, store.writing for writes; see
// server/http/register.ts), against a second connection to the same file, as the CLI is while
// the app runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { withSeededStore } from '../support/seeded-store.ts';
import type { Store } from '../../server/db/store.ts';

let store: Store;
withSeededStore({ events: 20, timezone: 'Europe/Berlin' }, (opened) => (store = opened));

/** Another process's connection: it never waits for a lock, so a held lock shows as SQLITE_BUSY. */
function otherConnection() {
  const other = new Database(store.db.name);
  other.pragma('busy_timeout = 0');
  return other;
}

const termName = () => store.db.prepare('SELECT name FROM terms WHERE id = 1').pluck().get() as string;

test('a snapshot reads one state of the database, whatever another connection commits meanwhile', () => {
  const other = otherConnection();
  try {
    other.prepare('UPDATE terms SET name = ? WHERE id = 1').run('before');
    const seen = store.snapshot(() => {
      const first = termName();
      other.prepare('UPDATE terms SET name = ? WHERE id = 1').run('after');
      return [first, termName()];
    });
    assert.deepEqual(seen, ['before', 'before']);
    assert.equal(termName(), 'after', 'the next request sees the commit');
  } finally {
    other.close();
  }
});

test('a write request holds the write lock from its first statement, before it writes anything', () => {
  const other = otherConnection();
  try {
    const attempt = store.writing(() => {
      termName(); // validation reads
      try {
        other.prepare('UPDATE terms SET name = ? WHERE id = 1').run('sneaked in');
        return 'the other connection wrote';
      } catch (error) {
        return (error as { code?: string }).code;
      }
    });
    assert.equal(attempt, 'SQLITE_BUSY');
    assert.notEqual(termName(), 'sneaked in');
  } finally {
    other.close();
  }
});

test('a failed write request changes nothing, including what its inner transactions wrote', () => {
  const before = termName();
  assert.throws(
    () =>
      store.writing(() => {
        store.transaction(() => store.db.prepare('UPDATE terms SET name = ? WHERE id = 1').run('half-written'));
        throw new Error('the request fails after its first write');
      }),
    /the request fails/,
  );
  assert.equal(termName(), before);
  assert.equal(store.db.inTransaction, false);
});

test('a snapshot or a write request inside a transaction joins it', () => {
  const results = store.transaction(() => [
    store.snapshot(() => store.db.inTransaction),
    store.writing(() => store.db.inTransaction),
  ]);
  assert.deepEqual(results, [true, true]);
});
