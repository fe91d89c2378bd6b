// A term of one or two characters beside a longer one ("Market 1") is answered by the index and the
// event keys (search-index.ts lookupShort(): the trigrams that start with the short term, and each
// event's last two characters held in memory) instead of reading every found event's row. It must
// find exactly what the row scan finds: a short term at the very end of the text, one character
// before it, at a field's end, in a title, folded (case, accents, decomposed marks), behind marks the
// keys cannot see past, after a NUL, in events written since the index last took writes in — for
// every window, visibility (an anonymous caller skips events with a password) and page.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, createEvent, type TestServer } from '../support/server.ts';
import type { Store } from '../../server/db/store.ts';
import { openDataDir } from '../../server/data-dir.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventListFilter } from '../../server/db/repositories/event-list.ts';
import { searchIndex } from '../../server/db/repositories/search-index.ts';
import { searchBackfillOf } from '../../server/db/repositories/search-index-writes.ts';
import { eventKeys } from '../../server/db/repositories/event-keys.ts';
import { parseSearch } from '../../server/domain/search-terms.ts';
import { foldForSearch } from '../../server/domain/search-fold.ts';
import { bulkSeed } from '../../scripts/seed/bulk-seed.ts';
import { prng } from '../support/prng.ts';

const ALL = ['publish', 'future', 'draft', 'pending', 'private'];

/** Descriptions that put short terms where the index's trigrams cannot start them (the text's end) and elsewhere. */
const DESCRIPTIONS = [
  'Room 1',
  'Room 12',
  'Room 21',
  'doors at 7',
  'Floor 1.',
  'Hall B2',
  'Salón Ñ',
  'Café É',
  'cafe\u0301 e\u0301',
  // The last letter behind more combining marks than the keys read: they cannot tell the end.
  `mark ü${'\u0301'.repeat(12)}`,
  'ends in xy',
  'XY in the middle, then more',
  '<p>Room 1 upstairs</p>',
  '',
  '1',
  '9z',
];
const TITLES = [
  'Market 1',
  'Market',
  'Opera 2',
  'Market night 21',
  'market Ñ',
  'MARKET xy',
  'Opera é',
  'Market Σίσυφος İz',
];

/** Short terms beside long ones: each of these goes through lookupShort(). */
const SHORT_QUERIES = [
  'market 1',
  'Market 12',
  'market 21',
  'market 2',
  'market 7',
  'market 1.',
  'market b2',
  'market ñ',
  'market é',
  'market É',
  'market xy',
  'market σι',
  'market ΣΊ',
  'market İz',
  'market ος',
  'market ü',
  'market 4',
  // Only after a NUL (which the index stops at): in no event.
  'market 8',
  'market XY',
  'market 9z',
  'opera 2',
  'market 1 2',
  'market "1"',
  'market p>',
  'market >',
  'market ro',
];
/** Searches lookupShort() leaves to the rows (excluded terms, a short term alone): compared all the same. */
const OTHER_QUERIES = [
  'market -1',
  'market 1 -xy',
  '12',
  'xy',
  'market',
  'market -night',
  // A single ASCII letter is no term at all (WordPress leaves it out): these are 'market' and 'opera'.
  'market n',
  'market e',
  'opera e',
];

/** WordPress's keyword search, read plainly: every term in some field, no excluded one. */
function oracle(fields: string[], search: string): boolean {
  const own = fields.map((field) => foldForSearch(field));
  return parseSearch(search).every((term) => own.some((text) => text.includes(term.text)) !== term.exclude);
}

function fold(store: Store): void {
  store.writing(() => searchBackfillOf(store.db).fold(1_000_000));
}

/** The list's answer through the row scan (the index marked as not built). */
function byScan(store: Store, filter: EventListFilter): { ids: number[]; total: number } {
  store.db.prepare("UPDATE search_backfill SET phase = 'posts' WHERE id = 1").run();
  try {
    return pageOf(store, filter);
  } finally {
    store.db.prepare("UPDATE search_backfill SET phase = 'done' WHERE id = 1").run();
  }
}

function pageOf(store: Store, filter: EventListFilter): { ids: number[]; total: number } {
  const page = store.snapshot(() => store.eventList.page(filter));
  return { ids: page.rows.map((row) => row.id), total: page.total };
}

/** Every event the oracle finds among the listed ones, in start order. */
function expected(store: Store, search: string, statuses: string[], withoutPassword: boolean): number[] {
  const rows = store.db
    .prepare(
      `SELECT id, title, excerpt, content, status, password FROM posts WHERE site_id = 1 AND type = 'event'
         AND COALESCE(hide_from_listings, 0) = 0 ORDER BY start_utc, id`,
    )
    .all() as { id: number; title: string; excerpt: string; content: string; status: string; password: string }[];
  return rows
    .filter((row) => statuses.includes(row.status) && !(withoutPassword && row.password !== ''))
    .filter((row) => oracle([row.title, row.excerpt, row.content], search))
    .map((row) => row.id);
}

function filters(search: string): EventListFilter[] {
  const list: EventListFilter[] = [];
  const windows: EventListFilter['dates'][] = [
    [],
    [{ column: 'end_utc', op: '>=', value: '2033-03-01 00:00:00' }],
    [
      { column: 'end_utc', op: '>=', value: '2033-02-10 00:00:00' },
      { column: 'start_utc', op: '<=', value: '2033-05-20 00:00:00' },
    ],
  ];
  for (const dates of windows) {
    for (const role of [
      { statuses: ALL },
      { statuses: ['publish'], excludeProtected: true },
      { statuses: ALL, hidden: 'all' as const },
    ]) {
      for (const [offset, limit, descending] of [
        [0, 1000, false],
        [2, 3, true],
      ] as const) {
        list.push({ siteId: 1, dates, termGroups: [], orderBy: 'start', offset, limit, descending, search, ...role });
      }
    }
  }
  return list;
}

/** Every filter of every query: the list (index and keys) gives what the row scan gives. */
function assertAgree(store: Store, queries: string[]): void {
  for (const search of queries) {
    for (const filter of filters(search)) {
      const label = `${JSON.stringify(search)} ${JSON.stringify({ ...filter, search: undefined, termGroups: undefined })}`;
      assert.deepEqual(pageOf(store, filter), byScan(store, filter), label);
    }
    // And both give what a plain reading of the texts gives.
    assert.deepEqual(
      pageOf(store, filters(search)[0]!).ids,
      expected(store, search, ALL, false),
      `${JSON.stringify(search)}: the oracle`,
    );
    assert.deepEqual(
      pageOf(store, filters(search)[2]!).ids,
      expected(store, search, ['publish'], true),
      `${JSON.stringify(search)}: the oracle, anonymous`,
    );
  }
}

/** Whether lookupShort() answers the search (so the test reaches the fast path, not the rows). */
function answeredShort(store: Store, text: string): boolean {
  return askedShort(store, text).answered;
}

/** What lookupShort() answered and which of the event keys' ways it asked. */
function askedShort(store: Store, text: string): { answered: boolean; asked: string[] } {
  const keys = eventKeys(store.db);
  const asked: string[] = [];
  return store.snapshot(() => {
    keys.load(1);
    const found = searchIndex(store.db).lookupShort(
      { siteId: 1, type: 'event', text, alias: 'e', idRef: 'e.id' },
      {
        endingWith: (terms, cap) => {
          asked.push('endingWith');
          return keys.endingWith(1, terms, cap);
        },
        holdingDigits: (ids, digits, cap) => {
          asked.push('holdingDigits');
          return keys.holdingDigits(1, ids, digits, cap);
        },
      },
    );
    return { answered: found !== undefined && !found.rowTest, asked };
  });
}

describe('search: a term of one or two characters beside a longer one, from the index and the event keys', () => {
  let server: TestServer;
  const ids: number[] = [];

  before(async () => {
    server = await startServer();
    for (let i = 0; i < 70; i++) {
      const month = String(1 + (i % 6)).padStart(2, '0');
      const day = String(1 + ((i * 5) % 27)).padStart(2, '0');
      const event = await createEvent(server, {
        title: TITLES[i % TITLES.length],
        description: DESCRIPTIONS[i % DESCRIPTIONS.length],
        excerpt: i % 5 === 0 ? `Salle ${i % 3}` : '',
        start_date: `2033-${month}-${day} ${10 + (i % 4)}:00`,
        end_date: `2033-${month}-${day} ${12 + (i % 4)}:15`,
        status: ['publish', 'publish', 'draft', 'private', 'future'][i % 5],
        hide_from_listings: i % 13 === 6,
      });
      ids.push(event.id);
    }
    const store = server.store;
    store.writing(() => {
      for (const [index, id] of ids.entries()) {
        if (index % 4 === 1)
          store.db.prepare("UPDATE posts SET password = 'secret' WHERE site_id = 1 AND id = ?").run(id);
      }
      // A NUL in the text: the index stops reading there, the keys cannot tell the text's end.
      store.db
        .prepare("UPDATE posts SET content = 'Room 4' || char(0) || 'ends 1 8' WHERE site_id = 1 AND id = ?")
        .run(ids[3]);
    });
    fold(store);
    assert.equal(store.eventList.loadSearchKeys(1), true);
  });
  after(() => server.close());

  test('the short-term searches go through the index and the keys', () => {
    for (const search of SHORT_QUERIES) assert.ok(answeredShort(server.store, search), search);
    for (const search of OTHER_QUERIES) assert.ok(!answeredShort(server.store, search), search);
  });

  test('a digit beside longer words is tested on the digits the event keys hold: no trigrams, no text ends', () => {
    for (const search of ['market 1', 'Market 12 8', 'market 1 2', 'opera 2', 'market "1"', 'market 8']) {
      const asked = askedShort(server.store, search).asked;
      // ("12" is two characters: the index's trigrams and the text ends answer it.)
      assert.deepEqual(asked, search.includes('12') ? ['endingWith'] : ['holdingDigits'], search);
    }
    for (const search of ['market b2', 'market é', 'market ñ', 'market xy']) {
      assert.deepEqual(askedShort(server.store, search).asked, ['endingWith'], search);
    }
  });

  test('every short-term search, window, visibility and page: what the row scan and the texts give', () => {
    assertAgree(server.store, [...SHORT_QUERIES, ...OTHER_QUERIES]);
  });

  test('after writes, queued for the index and then folded in; another ending, a password, a new event', async () => {
    const store = server.store;
    await server.admin('PATCH', `events/${ids[1]}`, { json: { description: 'now ends in 7' } });
    await server.admin('PATCH', `events/${ids[2]}`, { json: { title: 'Market 2 x', description: 'Room' } });
    await server.admin('PATCH', `events/${ids[5]}`, { json: { description: 'ends in ñ' } });
    await createEvent(server, {
      title: 'Market late',
      description: 'floor 12',
      start_date: '2033-03-03 10:00',
      end_date: '2033-03-03 11:00',
    });
    store.writing(() => store.db.prepare("UPDATE posts SET password = 'p' WHERE site_id = 1 AND id = ?").run(ids[8]));
    assert.ok(searchBackfillOf(store.db).queued() > 0, 'the writes wait for the fold');
    assertAgree(store, SHORT_QUERIES);
    fold(store);
    assertAgree(store, SHORT_QUERIES);
  });
});

describe('search: categories, tags, venues and organizers narrow the found ids before the event keys', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer({ timezone: 'UTC' });
    bulkSeed(server.store, 'default', 3000, server.userIds.administrator);
    server.store.writing(() =>
      server.store.db
        .prepare("UPDATE posts SET password = 'secret' WHERE site_id = 1 AND type = 'event' AND id % 7 = 3")
        .run(),
    );
    fold(server.store);
    assert.equal(server.store.eventList.loadSearchKeys(1), true);
  });
  after(() => server.close());

  test('random relation filters, searches, windows and roles: what the row scan gives', () => {
    const store = server.store;
    const next = prng(41);
    const random = {
      int: (n: number) => Math.floor(next() * n),
      pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    };
    const idsOf = (sql: string) => store.db.prepare(sql).pluck().all() as number[];
    const categories = idsOf("SELECT id FROM terms WHERE site_id = 1 AND taxonomy = 'category'");
    const tags = idsOf("SELECT id FROM terms WHERE site_id = 1 AND taxonomy = 'tag'");
    const venues = idsOf("SELECT id FROM posts WHERE site_id = 1 AND type = 'venue'");
    const organizers = idsOf("SELECT id FROM posts WHERE site_id = 1 AND type = 'organizer'");
    assert.ok(categories.length > 3 && tags.length > 3 && venues.length > 3 && organizers.length > 3);
    const some = (ids: number[]) => Array.from({ length: 1 + random.int(3) }, () => random.pick(ids));
    const [first, last] = store.db
      .prepare("SELECT min(start_utc), max(start_utc) FROM posts WHERE site_id = 1 AND type = 'event'")
      .raw()
      .get() as [string, string];
    let nonEmpty = 0;
    for (let i = 0; i < 150; i++) {
      const filter: EventListFilter = {
        siteId: 1,
        dates: random.pick([
          [],
          [{ column: 'end_utc', op: '>=', value: first }],
          [
            { column: 'end_utc', op: '>=', value: first.replace(/^(\d{4})/, (year) => String(Number(year) + 1)) },
            { column: 'start_utc', op: '<=', value: last },
          ],
        ] as EventListFilter['dates'][]),
        termGroups: [...(random.int(2) ? [some(categories)] : []), ...(random.int(3) === 0 ? [some(tags)] : [])],
        venueIds: random.int(3) === 0 ? some(venues) : undefined,
        organizerIds: random.int(4) === 0 ? some(organizers) : undefined,
        orderBy: 'start',
        descending: random.int(4) === 0,
        offset: random.pick([0, 0, 3]),
        limit: random.pick([5, 25, 1000]),
        search: random.pick(['jazz', 'market 1', 'opera 2', 'Night', 'yoga -brunch']),
        ...random.pick([
          { statuses: ALL },
          { statuses: ['publish'], excludeProtected: true },
          { statuses: ALL, hidden: 'all' as const },
        ]),
      };
      const want = byScan(store, filter);
      if (want.total > 0) nonEmpty++;
      assert.deepEqual(pageOf(store, filter), want, JSON.stringify(filter));
    }
    assert.ok(nonEmpty > 50, `${nonEmpty} of the filters find events`);
  });
});

test('text keys read a chunk at a time, with writes between the chunks: the same as read at once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-text-keys-'));
  const store = openDataDir(dir, { timezone: 'UTC' });
  try {
    bulkSeed(store, 'default', 300, store.users.byLogin('admin')!.id);
    const endingIn = (keys: ReturnType<typeof eventKeys>) =>
      store.snapshot(() => {
        assert.ok(keys.load(1));
        return { ones: keys.endingWith(1, ['1'], 1000), ps: keys.endingWith(1, ['p>'], 1000) };
      });
    const chunked = eventKeys(store.db, { textChunk: 40 });
    assert.equal(
      store.snapshot(() => chunked.loadText(1, true)),
      false,
    );
    const ids = store.db
      .prepare("SELECT id FROM posts WHERE site_id = 1 AND type = 'event' ORDER BY id")
      .pluck()
      .all() as number[];
    // One event inside the part read, one past it, and a new one: their texts now end otherwise.
    const update = store.db.prepare('UPDATE posts SET content = ? WHERE site_id = 1 AND id = ?');
    store.writing(() => {
      update.run('Room 1', ids[5]);
      update.run('Room 21', ids[200]);
    });
    assert.equal(
      store.snapshot(() => chunked.loadText(1, true)),
      false,
    );
    store.writing(() => update.run('<p>back</p>', ids[5]));
    store.writing(() => update.run('Floor 1', ids[6]));
    const got = endingIn(chunked);
    assert.deepEqual(got, endingIn(eventKeys(store.db)));
    assert.deepEqual(got.ones, [ids[6], ids[200]]);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
