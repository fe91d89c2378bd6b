// The event keys (server/db/repositories/event-keys.ts) answer a searched list from memory: they
// must give exactly what SQL gives — the same ids, order and total — for every window, visibility,
// `featured`, direction and page, and stay so after writes through the API, another connection's
// writes, a write that rolled back, a bulk load's 'all', and dates SQL compares as text only.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, createEvent, type TestServer } from '../support/server.ts';
import { openStore } from '../../server/db/store.ts';
import { databaseFile } from '../../server/data-dir.ts';
import type { Store } from '../../server/db/store.ts';
import type { Comparison, DateColumn, EventListFilter } from '../../server/db/repositories/event-list.ts';
import { eventKeys } from '../../server/db/repositories/event-keys.ts';
import { searchIndex } from '../../server/db/repositories/search-index.ts';
import { searchBackfillOf } from '../../server/db/repositories/search-index-writes.ts';

const ALL = ['publish', 'future', 'draft', 'pending', 'private'];

/**
 * Windows whose bounds are events' own starts and ends (so `>` and `>=` differ), of every form
 * the list builds.
 */
function windows(store: Store): { column: DateColumn; op: Comparison; value: string }[][] {
  const times = store.db
    .prepare("SELECT start_utc, end_utc FROM posts WHERE site_id = 1 AND type = 'event' ORDER BY start_utc, id")
    .all() as { start_utc: string; end_utc: string }[];
  const at = (share: number) => times[Math.floor(times.length * share)]!;
  return [
    [],
    [{ column: 'end_utc', op: '>=', value: at(0.3).end_utc }],
    [{ column: 'end_utc', op: '>', value: at(0.3).end_utc }],
    [
      { column: 'end_utc', op: '>=', value: at(0.2).start_utc },
      { column: 'start_utc', op: '<=', value: at(0.7).start_utc },
    ],
    [
      { column: 'start_utc', op: '>', value: at(0.2).start_utc },
      { column: 'end_utc', op: '<', value: at(0.8).end_utc },
    ],
    [
      { column: 'start_utc', op: '>=', value: at(0.4).start_utc },
      { column: 'start_utc', op: '<', value: at(0.6).start_utc },
    ],
    [{ column: 'end_utc', op: '<=', value: at(0.5).end_utc }],
  ];
}

function filters(store: Store, search: string): EventListFilter[] {
  const list: EventListFilter[] = [];
  for (const dates of windows(store)) {
    for (const statuses of [ALL, ['publish'], ['draft', 'private']]) {
      for (const featured of [undefined, true, false]) {
        for (const [descending, offset, limit] of [
          [false, 0, 5],
          [false, 3, 4],
          [true, 0, 7],
          [false, 0, 1000],
          [true, 2, 1000],
        ] as const) {
          list.push({
            siteId: 1,
            statuses,
            dates,
            featured,
            termGroups: [],
            orderBy: 'start',
            descending,
            offset,
            limit,
            search,
          });
        }
      }
    }
  }
  return list;
}

/** What SQL answers: every match in the list's order (event-list.ts's own query). */
function truth(store: Store, filter: EventListFilter): { ids: number[]; total: number } {
  const { from, where, params, order } = store.eventList.selection(filter);
  const all = store.db
    .prepare(`SELECT e.id FROM ${from} WHERE ${where} ORDER BY ${order}`)
    .pluck()
    .all(...params) as number[];
  return { ids: all.slice(filter.offset, filter.offset + filter.limit), total: all.length };
}

/** The keys' own answer (undefined when they decline), and the list's. */
function answers(store: Store, filter: EventListFilter) {
  const found = searchIndex(store.db).lookup({
    siteId: 1,
    type: 'event',
    text: filter.search!,
    alias: 'e',
    idRef: 'e.id',
  });
  assert.ok(found.found && !found.rowTest, 'the index answers the search alone');
  return store.snapshot(() => ({
    keys:
      keysOf(store).load(1) &&
      keysOf(store).select(1, found.found!, { ...filter, descending: filter.descending === true }),
    page: store.eventList.page(filter),
  }));
}

const keysByStore = new WeakMap<Store, ReturnType<typeof eventKeys>>();
function keysOf(store: Store) {
  let keys = keysByStore.get(store);
  if (!keys) {
    keys = eventKeys(store.db);
    keysByStore.set(store, keys);
    assert.equal(
      store.snapshot(() => keys!.load(1)),
      true,
    );
  }
  return keys;
}

/** Every filter: the keys answer, exactly as SQL; and the list (its own keys loaded) too. */
function assertAgree(store: Store, search = 'jazz', { keysAnswer = true } = {}): void {
  for (const filter of filters(store, search)) {
    const want = truth(store, filter);
    const { keys, page } = answers(store, filter);
    const label = JSON.stringify({ ...filter, search: undefined, termGroups: undefined });
    if (keysAnswer) assert.deepEqual(keys, want, `keys: ${label}`);
    else if (keys) assert.deepEqual(keys, want, `keys: ${label}`);
    assert.deepEqual({ ids: page.rows.map((row) => row.id), total: page.total }, want, `list: ${label}`);
  }
}

function fold(store: Store): void {
  store.writing(() => searchBackfillOf(store.db).fold(1_000_000));
}

describe('search: the event keys answer as SQL does', () => {
  let server: TestServer;
  const ids: number[] = [];

  before(async () => {
    server = await startServer();
    for (let i = 0; i < 60; i++) {
      const month = String(1 + (i % 9)).padStart(2, '0');
      const day = String(1 + ((i * 7) % 28)).padStart(2, '0');
      // Several events share a start, so ties go by id.
      const hour = 10 + (i % 3);
      const event = await createEvent(server, {
        title: i % 4 === 3 ? `Gala ${i}` : `Jazz ${i}`,
        start_date: `2031-${month}-${day} ${hour}:00`,
        end_date: `2031-${month}-${day} ${hour + 1}:30`,
        status: ['publish', 'publish', 'draft', 'private', 'pending'][i % 5],
        featured: i % 3 === 0,
        hide_from_listings: i % 11 === 5,
      });
      ids.push(event.id);
    }
    fold(server.store);
    assert.equal(server.store.eventList.loadSearchKeys(1), true);
  });
  after(() => server.close());

  test('every window, visibility, featured, direction and page: the same ids, order and total', () => {
    assertAgree(server.store);
    assertAgree(server.store, 'gala');
  });

  test('after writes through the API: moves, status changes, trash, deletes, creates', async () => {
    const store = server.store;
    assertAgree(store); // the keys are in memory before the writes
    await server.admin('POST', `events/${ids[0]}`, {
      json: { start_date: '2031-04-12 15:00', end_date: '2031-04-12 16:30' },
    });
    await server.admin('POST', `events/${ids[1]}`, { json: { status: 'draft' } });
    await server.admin('POST', `events/${ids[2]}`, { json: { featured: true } });
    await server.admin('POST', `events/${ids[3]}`, { json: { hide_from_listings: true } });
    await server.admin('DELETE', `events/${ids[4]}`);
    await server.admin('DELETE', `events/${ids[8]}`, { query: { force: true } });
    await createEvent(server, { title: 'Late jazz', start_date: '2031-04-12 15:00', end_date: '2031-04-12 17:00' });
    assertAgree(store); // queued: their rows decide, the keys took the changes in
    fold(store);
    assertAgree(store);
  });

  test("another connection's writes, and a write that rolled back", () => {
    const store = server.store;
    assertAgree(store);
    const other = openStore(databaseFile(server.dataDir));
    try {
      other.db
        .prepare(
          "UPDATE posts SET start_utc = '2031-05-20 09:00:00', end_utc = '2031-05-20 10:00:00' WHERE site_id = 1 AND id = ?",
        )
        .run(ids[10]);
      other.db.prepare("UPDATE posts SET status = 'publish' WHERE site_id = 1 AND id = ?").run(ids[12]);
    } finally {
      other.close();
    }
    assertAgree(store);
    // The keys take in a write inside its transaction, which then rolls back: they must not keep it.
    assert.throws(() =>
      store.writing(() => {
        store.db.prepare("UPDATE posts SET status = 'trash' WHERE site_id = 1 AND id = ?").run(ids[13]);
        store.db
          .prepare("UPDATE posts SET start_utc = '2031-01-01 00:00:00' WHERE site_id = 1 AND id = ?")
          .run(ids[14]);
        assertAgree(store);
        throw new Error('rolled back');
      }),
    );
    // The next commit reuses the rolled-back change numbers, and goes past them.
    store.writing(() => {
      for (const id of [ids[15], ids[16], ids[17]]) {
        store.db.prepare('UPDATE posts SET featured = 1 WHERE site_id = 1 AND id = ?').run(id);
      }
    });
    assertAgree(store);
  });

  test("a bulk load's 'all' change: the site's keys are read again", () => {
    const store = server.store;
    assertAgree(store);
    store.writing(() => {
      // As the bulk seeder does: triggers set aside, rows written, one 'all' change.
      store.db.exec('DROP TRIGGER changes_post_update');
      try {
        store.db.prepare("UPDATE posts SET status = 'future' WHERE site_id = 1 AND id = ?").run(ids[20]);
      } finally {
        store.db.exec(`CREATE TRIGGER changes_post_update AFTER UPDATE ON posts BEGIN
          INSERT INTO changes (site_id, kind, object_id, action, author, old_status, new_status)
          VALUES (NEW.site_id, NEW.type, NEW.id,
            CASE WHEN NEW.status = 'trash' AND OLD.status <> 'trash' THEN 'trash'
                 WHEN OLD.status = 'trash' AND NEW.status <> 'trash' THEN 'restore'
                 ELSE 'update' END,
            NEW.author, OLD.status, NEW.status);
        END`);
      }
      store.db.prepare("INSERT INTO changes (site_id, kind, object_id, action) VALUES (1, 'all', 0, 'update')").run();
    });
    assertAgree(store);
  });

  test('a status the keys have no code for: they decline (SQL would match it), whatever was found', () => {
    const store = server.store;
    const found = searchIndex(store.db).lookup({ siteId: 1, type: 'event', text: 'jazz', alias: 'e', idRef: 'e.id' });
    const select = (statuses: string[]) =>
      store.snapshot(() =>
        keysOf(store).select(1, found.found!, { statuses, dates: [], descending: false, offset: 0, limit: 5 }),
      );
    assert.ok(select(['publish']));
    for (const statuses of [['publish', 'inherit'], ['constructor'], ['toString', 'publish']])
      assert.equal(select(statuses), undefined, JSON.stringify(statuses));
  });

  test('a date SQL can only compare as text (not a real time): the keys decline, SQL answers', () => {
    const store = server.store;
    store.writing(() =>
      store.db.prepare("UPDATE posts SET start_utc = '2031-02-30 10:00:00' WHERE site_id = 1 AND id = ?").run(ids[6]),
    );
    assertAgree(store, 'jazz', { keysAnswer: false });
    store.writing(() =>
      store.db.prepare("UPDATE posts SET start_utc = '2031-02-28 10:00:00' WHERE site_id = 1 AND id = ?").run(ids[6]),
    );
    assertAgree(store);
  });
});

/** A small deterministic random source (mulberry32), so a failure names a seed that repeats it. */
function randomOf(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const some = <T>(list: readonly T[]): T[] => list.filter(() => next() < 0.5);
  return { next, int, pick, some };
}

/** The list's answer with the index set aside: the row scan the contract was replayed against. */
function byScan(store: Store, filter: EventListFilter): { ids: number[]; total: number } {
  return store.writing(() => {
    const phase = store.db.prepare('SELECT phase FROM search_backfill WHERE id = 1').pluck().get();
    store.db.prepare("UPDATE search_backfill SET phase = 'posts' WHERE id = 1").run();
    try {
      const page = store.eventList.page(filter);
      return { ids: page.rows.map((row) => row.id), total: page.total };
    } finally {
      store.db.prepare('UPDATE search_backfill SET phase = ? WHERE id = 1').run(phase);
    }
  });
}

describe('search: random filters and roles, with writes between, give what the row scan gives', () => {
  let server: TestServer;
  const ids: number[] = [];
  const words = ['Jazz', 'Gala', 'Opera'];
  // Categories, tags, venues and organizers, some events linked to each: the keys narrow the found
  // events by them (event-list.ts, linkedAmong()).
  const linked = {
    categories: [] as number[],
    tags: [] as number[],
    venues: [] as number[],
    organizers: [] as number[],
  };

  before(async () => {
    server = await startServer();
    for (const name of ['Concerts', 'Family']) {
      linked.categories.push((await server.admin('POST', 'categories', { json: { name } })).body.id);
    }
    linked.tags.push((await server.admin('POST', 'tags', { json: { name: 'Outdoors' } })).body.id);
    for (const venue of ['Blue Hall', 'Park']) {
      linked.venues.push((await server.admin('POST', 'venues', { json: { venue } })).body.id);
    }
    for (const organizer of ['Ana', 'Ben']) {
      linked.organizers.push((await server.admin('POST', 'organizers', { json: { organizer } })).body.id);
    }
    for (let i = 0; i < 90; i++) {
      const month = String(1 + (i % 6)).padStart(2, '0');
      const day = String(1 + ((i * 5) % 27)).padStart(2, '0');
      const event = await createEvent(server, {
        title: `${words[i % 3]} ${i}${i % 7 === 0 ? ' Jazz' : ''}`,
        description: i % 5 === 0 ? 'an opera night' : 'music',
        start_date: `2032-${month}-${day} ${10 + (i % 4)}:00`,
        end_date: `2032-${month}-${day} ${12 + (i % 4)}:15`,
        status: ['publish', 'publish', 'draft', 'private', 'pending', 'future'][i % 6],
        featured: i % 4 === 0,
        categories: i % 3 === 0 ? [] : [linked.categories[i % 2]],
        tags: i % 4 === 1 ? [linked.tags[0]] : [],
        ...(i % 5 === 0 ? {} : { venue: linked.venues[i % 2] }),
        organizer: i % 3 === 1 ? [] : [linked.organizers[i % 2]],
      });
      ids.push(event.id);
    }
    const store = server.store;
    store.writing(() => {
      // Authors 1–3 and a few passwords, as signed-in writers and anonymous readers meet them.
      for (const [index, id] of ids.entries()) {
        store.db
          .prepare('UPDATE posts SET author = ?, password = ? WHERE site_id = 1 AND id = ?')
          .run(1 + (index % 3), index % 9 === 4 ? 'secret' : '', id);
      }
    });
    fold(store);
    assert.equal(store.eventList.loadSearchKeys(1), true);
  });
  after(() => server.close());

  test('every round: random writes, then random filters answered as the scan answers them', () => {
    const store = server.store;
    const random = randomOf(39);
    const bound = () =>
      `2032-${String(1 + random.int(6)).padStart(2, '0')}-${String(1 + random.int(27)).padStart(2, '0')} ${random.pick([
        '10:00:00',
        '11:00:00',
        '12:15:00',
        '13:15:00',
        '00:00:00',
      ])}`;
    const dateFilters = (): EventListFilter['dates'] =>
      random.some([
        { column: 'start_utc', op: random.pick(['>=', '>'] as const), value: bound() },
        { column: 'end_utc', op: random.pick(['<=', '<'] as const), value: bound() },
        { column: 'end_utc', op: random.pick(['>=', '>'] as const), value: bound() },
        { column: 'start_utc', op: random.pick(['<=', '<'] as const), value: bound() },
      ]);
    const roles = [
      // Editors and administrators: every status they ask for.
      () => ({ statuses: random.some(ALL).concat(['publish']) }),
      // Authors and contributors: published events, and their own in the other statuses.
      () => ({ statuses: ['publish'], own: { authorId: 1 + random.int(3), statuses: random.some(ALL.slice(1)) } }),
      // Anonymous callers: published events, none behind a password.
      () => ({ statuses: ['publish'], excludeProtected: true }),
      // The app's Events list: an editor sees the events hidden from listings too, an author its own.
      () => ({ statuses: random.some(ALL).concat(['publish']), hidden: 'all' as const }),
      () => {
        const authorId = 1 + random.int(3);
        const statuses = random.some(ALL.slice(1));
        return {
          statuses: ['publish'],
          own: { authorId, statuses },
          hidden: random.pick([{ authorId }, { authorId, statuses: ['publish', ...statuses] }]),
        };
      },
    ];
    let compared = 0;
    for (let round = 0; round < 12; round++) {
      store.writing(() => {
        for (let i = 0; i < 6; i++) {
          const id = random.pick(ids);
          const change = random.int(6);
          const hour = 10 + random.int(4);
          const sql = [
            `UPDATE posts SET status = '${random.pick([...ALL, 'trash'])}'`,
            `UPDATE posts SET start_utc = '2032-0${1 + random.int(6)}-1${random.int(9)} ${hour}:00:00', end_utc = '2032-07-01 0${random.int(9)}:00:00'`,
            `UPDATE posts SET featured = ${random.pick(['1', '0', 'NULL'])}`,
            `UPDATE posts SET hide_from_listings = ${random.pick(['1', '0', 'NULL'])}`,
            `UPDATE posts SET author = ${1 + random.int(3)}, password = '${random.pick(['', 'secret'])}'`,
            `UPDATE posts SET title = '${random.pick(words)} ${random.int(100)}'`,
          ][change]!;
          store.db.prepare(`${sql} WHERE site_id = 1 AND id = ?`).run(id);
        }
      });
      // Half the rounds with the writes still queued for the index (their rows decide), half folded.
      if (round % 2 === 1) fold(store);
      for (let i = 0; i < 60; i++) {
        const filter: EventListFilter = {
          siteId: 1,
          dates: dateFilters(),
          termGroups: [],
          orderBy: 'start',
          descending: random.next() < 0.3,
          featured: random.pick([undefined, true, false]),
          offset: random.pick([0, 0, 2, 7]),
          limit: random.pick([1, 5, 25, 1000]),
          search: random.pick(['jazz', 'GALA', 'opera', 'jazz opera', 'gala 1', 'música', 'jazz -gala']),
          ...random.pick(roles)(),
        };
        // A third of them with categories or a tag (any of a group, every group), a venue or an organizer.
        if (random.next() < 0.33) {
          const [concerts, family] = linked.categories;
          filter.termGroups = random.pick([[[concerts!]], [[concerts!, family!]], [[family!], [linked.tags[0]!]]]);
          if (random.next() < 0.5) filter.venueIds = random.some(linked.venues).concat(linked.venues[0]!);
          if (random.next() < 0.5) filter.organizerIds = [random.pick(linked.organizers)];
        }
        const want = byScan(store, filter);
        const page = store.snapshot(() => store.eventList.page(filter));
        assert.deepEqual(
          { ids: page.rows.map((row) => row.id), total: page.total },
          want,
          `round ${round}, filter ${JSON.stringify(filter)}`,
        );
        compared++;
      }
    }
    assert.equal(compared, 720);
  });

  test('an event without a start, found by a search: listed as the scan lists it', () => {
    const store = server.store;
    store.writing(() =>
      store.db
        .prepare(
          `UPDATE posts SET start_utc = NULL, end_utc = NULL, status = 'publish', title = 'Jazz without a date',
             hide_from_listings = NULL WHERE site_id = 1 AND id = ?`,
        )
        .run(ids[0]),
    );
    fold(store);
    for (const dates of [
      [],
      [{ column: 'end_utc', op: '>=', value: '2032-01-01 00:00:00' }],
    ] as EventListFilter['dates'][]) {
      const filter: EventListFilter = {
        siteId: 1,
        statuses: ALL,
        dates,
        termGroups: [],
        orderBy: 'start',
        offset: 0,
        limit: 1000,
        search: 'jazz',
      };
      const page = store.snapshot(() => store.eventList.page(filter));
      assert.deepEqual({ ids: page.rows.map((row) => row.id), total: page.total }, byScan(store, filter));
    }
  });
});
