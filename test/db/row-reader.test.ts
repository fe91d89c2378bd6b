// The row readers (server/db/row-reader.ts) replace better-sqlite3's own row objects on the hot
// reads: every row must come out exactly as better-sqlite3 would have built it (keys, order,
// values, types), for posts rows of every type, joins with repeated names, and empty results.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSeededStore } from '../support/seeded-store.ts';
import { jsonRows, keyedRowReader, rowReader } from '../../server/db/row-reader.ts';
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

test('jsonRows: posts rows read through one JSON text equal better-sqlite3 rows, key order included', () => {
  const where = 'site_id = ? AND id BETWEEN ? AND ?';
  const params = [1, 1, 10_000];
  const expected = store.db.prepare(`SELECT * FROM posts WHERE ${where} ORDER BY id`).all(...params);
  const actual = jsonRows<{ id: number }>(store.db, 'posts', where, params).sort((a, b) => a.id - b.id);
  assert.ok(expected.length > 300);
  assert.deepEqual(actual, expected);
  for (let i = 0; i < expected.length; i++) {
    assert.deepEqual(Object.keys(actual[i] as object), Object.keys(expected[i] as object));
  }
  assert.deepEqual(jsonRows(store.db, 'posts', where, [1, -2, -1]), []);
});

test('jsonRows: every value as SQLite holds it — NUL, controls, surrogate pairs, reals to the last bit, big integers, NULL', () => {
  const id = (store.db.prepare('SELECT max(id) FROM posts WHERE site_id = 1').pluck().get() as number) + 1;
  const texts = ['a\u0000b', '\u0001\u001f"\\\n\t', 'Zürich 😀 \u2028\u2029', '', '<p>x</p>'];
  // Text, integer and real columns (an INTEGER column keeps a real that is not a whole number).
  const values = [
    { content: texts[0], excerpt: texts[1], title: texts[2], author: 2 ** 53 + 2, geo_lat: 0.1 + 0.2, geo_lng: 5e-324 },
    { content: texts[3], excerpt: texts[4], title: 'x', author: -7, geo_lat: 1 / 3, geo_lng: 1.7976931348623157e308 },
    { content: 'y', excerpt: '', title: 'z', author: 0, geo_lat: -0.5e-300, geo_lng: null, parent: 2.5 },
  ];
  const insert = store.db.prepare(
    `INSERT INTO posts (site_id, id, type, status, title, content, excerpt, author, geo_lat, geo_lng, parent,
       date_local, date_utc, modified_local, modified_utc)
     VALUES (1, ?, 'venue', 'draft', ?, ?, ?, ?, ?, ?, ?, '2030-01-01 00:00:00', '2030-01-01 00:00:00', '2030-01-01 00:00:00', '2030-01-01 00:00:00')`,
  );
  store.writing(() => {
    for (const [n, v] of values.entries())
      insert.run(id + n, v.title, v.content, v.excerpt, v.author, v.geo_lat, v.geo_lng, v.parent ?? 0);
  });
  try {
    const where = 'site_id = 1 AND id >= ?';
    const expected = store.db.prepare(`SELECT * FROM posts WHERE ${where} ORDER BY id`).all(id);
    const actual = jsonRows<{ id: number }>(store.db, 'posts', where, [id]).sort((a, b) => a.id - b.id);
    assert.equal(expected.length, 3);
    assert.deepEqual(actual, expected);
    assert.equal((actual[0] as unknown as { geo_lat: number }).geo_lat, 0.1 + 0.2);
    // A BLOB (no write of ours stores one): the rows are read the plain way.
    store.writing(() => store.db.prepare("UPDATE posts SET phone = X'ff00' WHERE site_id = 1 AND id = ?").run(id));
    const withBlob = jsonRows<{ id: number; phone: unknown }>(store.db, 'posts', where, [id]).sort(
      (a, b) => a.id - b.id,
    );
    assert.deepEqual(withBlob, store.db.prepare(`SELECT * FROM posts WHERE ${where} ORDER BY id`).all(id));
    assert.ok(Buffer.isBuffer(withBlob[0]!.phone));
  } finally {
    store.writing(() => store.db.prepare('DELETE FROM posts WHERE site_id = 1 AND id >= ?').run(id));
  }
});
