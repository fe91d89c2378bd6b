// Pages and totals of the /events list for every kind of caller, against a brute-force answer.
// Editors see several statuses and authors see their own drafts too: those pages are merged from
// one index-ordered query per status and their totals added up per visibility (event-list.ts),
// and pages past the first are picked by id before their rows are read. Any slip in that merge
// (order, ties, offsets, an author's events counted twice) shows up here. The app's lists also show
// the events hidden from listings their caller may edit (`hidden`, issue 36), counted apart from
// the stored day counts: those pages and totals too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataDir } from '../../server/data-dir.ts';
import { bulkSeed } from '../../scripts/seed/bulk-seed.ts';
import type { Store } from '../../server/db/store.ts';
import type { EventListFilter } from '../../server/db/repositories/event-list.ts';
import { prng } from '../support/prng.ts';

let store: Store;
let dir: string;
interface Row {
  id: number;
  status: string;
  author: number;
  start_utc: string;
  end_utc: string;
  date_utc: string;
  hidden: number;
  featured: number;
}
let rows: Row[];

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'almanac-pages-'));
  store = openDataDir(dir, { timezone: 'America/New_York' });
  bulkSeed(store, 'default', 2000, 1);
  // The seed publishes everything by one author: give events every status and three authors,
  // and many identical start times (ties are broken by id).
  const random = prng(11);
  const statuses = ['publish', 'publish', 'future', 'draft', 'pending', 'private'];
  const update = store.db.prepare(
    "UPDATE posts SET status = ?, author = ?, start_utc = CASE WHEN ? THEN substr(start_utc, 1, 10) || ' 10:00:00' ELSE start_utc END, hide_from_listings = ? WHERE site_id = 1 AND id = ?",
  );
  const ids = store.db.prepare("SELECT id FROM posts WHERE type = 'event'").pluck().all() as number[];
  store.db.transaction(() => {
    for (const id of ids) {
      update.run(
        statuses[Math.floor(random() * statuses.length)],
        1 + Math.floor(random() * 3),
        random() < 0.3 ? 1 : 0,
        random() < 0.08 ? 1 : 0,
        id,
      );
    }
  })();
  rows = store.db
    .prepare(
      `SELECT id, status, author, start_utc, end_utc, date_utc, COALESCE(hide_from_listings, 0) AS hidden,
         COALESCE(featured, 0) AS featured FROM posts WHERE site_id = 1 AND type = 'event'`,
    )
    .all() as Row[];
});
after(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const window: EventListFilter['dates'] = [
  { column: 'start_utc', op: '>=', value: '2026-12-01 00:00:00' },
  { column: 'end_utc', op: '<=', value: '2027-09-01 00:00:00' },
];

function expected(filter: EventListFilter): { ids: number[]; total: number } {
  const compare = (a: string, op: string, b: string) =>
    op === '>=' ? a >= b : op === '>' ? a > b : op === '<=' ? a <= b : a < b;
  const { hidden } = filter;
  const shown = (row: Row) =>
    row.hidden === 0 ||
    hidden === 'all' ||
    (hidden !== undefined &&
      row.author === hidden.authorId &&
      (!hidden.statuses || hidden.statuses.includes(row.status)));
  const matches = rows.filter(
    (row) =>
      shown(row) &&
      (filter.statuses.includes(row.status) ||
        (filter.own !== undefined && row.author === filter.own.authorId && filter.own.statuses.includes(row.status))) &&
      filter.dates.every(({ column, op, value }) => compare(row[column], op, value)) &&
      (filter.featured === undefined || row.featured === (filter.featured ? 1 : 0)),
  );
  const key = filter.orderBy === 'date' ? 'date_utc' : 'start_utc';
  matches.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id));
  return {
    ids: matches.slice(filter.offset, filter.offset + filter.limit).map((row) => row.id),
    total: matches.length,
  };
}

const callers: [string, Pick<EventListFilter, 'statuses' | 'own' | 'hidden'>][] = [
  ['anonymous', { statuses: ['publish'] }],
  ['editor', { statuses: ['publish', 'future', 'draft', 'pending', 'private'] }],
  ['editor asking for drafts and private', { statuses: ['draft', 'private'] }],
  ['author', { statuses: ['publish'], own: { authorId: 2, statuses: ['future', 'draft', 'pending', 'private'] } }],
  ['author asking for own drafts only', { statuses: [], own: { authorId: 3, statuses: ['draft'] } }],
  // The app's lists: hidden events too, those the caller may edit.
  ['editor, in the app', { statuses: ['publish', 'future', 'draft', 'pending', 'private'], hidden: 'all' }],
  [
    'author, in the app',
    {
      statuses: ['publish'],
      own: { authorId: 2, statuses: ['future', 'draft', 'pending', 'private'] },
      hidden: { authorId: 2 },
    },
  ],
  [
    'contributor, in the app',
    {
      statuses: ['publish'],
      own: { authorId: 3, statuses: ['draft', 'pending'] },
      hidden: { authorId: 3, statuses: ['draft', 'pending'] },
    },
  ],
];

for (const [name, visibility] of callers) {
  test(`pages and totals equal a brute-force answer: ${name}`, () => {
    for (const dates of [window, [window[1]!], []]) {
      for (const featured of [undefined, true]) {
        for (const [offset, limit] of [
          [0, 10],
          [7, 10],
          [95, 50],
          [400, 3],
          [100000, 10],
        ] as const) {
          const filter: EventListFilter = {
            siteId: 1,
            ...visibility,
            dates,
            featured,
            termGroups: [],
            orderBy: 'start',
            limit,
            offset,
          };
          const want = expected(filter);
          const got = store.eventList.page(filter);
          const label = `${dates.length} bounds, featured ${featured}, offset ${offset}`;
          assert.equal(got.total, want.total, label);
          assert.deepEqual(
            got.rows.map((row) => row.id),
            want.ids,
            label,
          );
        }
      }
    }
  });
}
