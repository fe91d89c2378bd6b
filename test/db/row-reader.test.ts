// The row readers (server/db/row-reader.ts) replace better-sqlite3's own row objects on the hot
// reads: every row must come out exactly as better-sqlite3 would have built it (keys, order,
// values, types), for posts rows of every type, joins with repeated names, and empty results.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSeededStore } from '../support/seeded-store.ts';
import { keyedRowReader, rowReader } from '../../server/db/row-reader.ts';
import type { Store } from '../../server/db/store.ts';

let store: Store;
withSeededStore({ events: 300, timezone: 'Europe/Berlin' }, (opened) => (store = opened));

/** The same SQL read twice: once by better-sqlite3's objects, once through a reader. */
function both(sql: string, ...params: unknown[]) {
  const expected = store.db.prepare(sql).all(...params);
  const actual = rowReader(store.db.prepare(sql)).all(...params);
  return { expected, actual };
}

test('posts rows of every type equal better-sqlite3 rows, key order included', () => {
  const { expected, actual } = both('SELECT * FROM posts ORDER BY id');
  const types = new Set(expected.map((row) => (row as { type: string }).type));
  assert.ok(types.has('event') && types.has('venue') && types.has('organizer'), 'the seed has every type');
  assert.deepEqual(actual, expected);
  for (let i = 0; i < expected.length; i++) {
    assert.deepEqual(Object.keys(actual[i] as object), Object.keys(expected[i] as object));
  }
});

test('get returns the row, or undefined when there is none', () => {
  const sql = 'SELECT * FROM posts WHERE site_id = ? AND id = ?';
  const reader = rowReader(store.db.prepare(sql));
  const id = (store.db.prepare('SELECT max(id) FROM posts').pluck().get() as number) - 1;
  assert.deepEqual(reader.get(1, id), store.db.prepare(sql).get(1, id));
  assert.equal(reader.get(1, 10_000_000), undefined);
  assert.deepEqual(reader.all(1, 10_000_000), []);
});

test('a repeated column name keeps its last value, as better-sqlite3 does', () => {
  const { expected, actual } = both("SELECT 1 AS a, 'two' AS b, NULL AS a, 2.5 AS c");
  assert.deepEqual(actual, expected);
  assert.deepEqual(actual, [{ a: null, b: 'two', c: 2.5 }]);
});

test('the keyed reader gives the first column as the key and the others as the row', () => {
  const sql = `SELECT tp.post_id AS post_id, t.* FROM term_posts tp JOIN terms t ON t.site_id = tp.site_id AND t.id = tp.term_id
               ORDER BY tp.post_id, t.id LIMIT 50`;
  const expected = (store.db.prepare(sql).all() as { post_id: number }[]).map(({ post_id, ...term }) => [
    post_id,
    term,
  ]);
  assert.ok(expected.length > 0, 'the seed assigns terms');
  assert.deepEqual(keyedRowReader(store.db.prepare(sql)).all(), expected);
});

test('one reader per statement: the row builder is compiled once', () => {
  const statement = store.db.prepare('SELECT * FROM terms');
  assert.equal(rowReader(statement), rowReader(statement));
  assert.equal(keyedRowReader(statement), keyedRowReader(statement));
});
