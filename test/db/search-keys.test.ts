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
