// The read worker reads a large calendar's search keys (event-keys.ts) as it starts, before any
// search: the first word typed in the Events list does not wait for them (0.45 s at 100k events).
// It then keeps them while the calendar is in use — it no longer stops after its usual idle time.
// What the worker tells of itself is checked, not how fast anything is.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import { ReadWorker, type ReadWorkerStats } from '../../server/read-worker/read-worker-client.ts';
import { bulkSeed } from '../../scripts/seed/bulk-seed.ts';

let large: TestServer;
let small: TestServer;
const workers: ReadWorker[] = [];
before(async () => {
  large = await startServer();
  bulkSeed(large.store, 'default', 6_000, large.store.users.byLogin('admin')!.id);
  small = await startServer();
});
after(async () => {
  for (const worker of workers) await worker.stop();
  await large.close();
  await small.close();
});

const noJobs = () => {
  throw new Error('no one-answer jobs here');
};

/** A job for the worker (a calendar object it cannot read): once answered, its idle time runs. */
async function oneJob(worker: ReadWorker): Promise<void> {
  await worker
    .parse(
      { kind: 'caldav-object', text: 'not a calendar', timezone: 'UTC' },
      () => undefined,
      () => new Error('unreadable'),
    )
    .catch(() => undefined);
}

/** The worker's stats once it has read search keys (a moment after it starts; seconds under load). */
async function withKeys(worker: ReadWorker): Promise<ReadWorkerStats> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const stats = await worker.stats();
    if (stats && stats.searchKeySites.length > 0) return stats;
    assert.ok(Date.now() < deadline, 'no search keys read within a minute');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a worker on a calendar of over 5,000 events reads its search keys before any search, and is kept', async () => {
  // Stopped 2 s after its last job, were it not for the keys (read 0.2 s after it).
  const worker = new ReadWorker(large.store.db.name, noJobs, () => {}, 2_000);
  workers.push(worker);
  await oneJob(worker);
  const stats = await withKeys(worker);
  assert.deepEqual(stats.searchKeySites, [large.store.sites.byCode('default')!.id]);
  // Well past its idle time: still running (a stopped worker answers no stats).
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  assert.ok(await worker.stats(), 'the worker holding the keys was stopped after its short idle time');
});

test('a small calendar: no keys read ahead (its searches read a few rows by id), and the worker stops as before', async () => {
  const worker = new ReadWorker(small.store.db.name, noJobs, () => {}, 50);
  workers.push(worker);
  await oneJob(worker);
  assert.deepEqual((await worker.stats())?.searchKeySites ?? [], []);
  // It stops once idle, as before (polled: under load a stop may take a while).
  const deadline = Date.now() + 60_000;
  while (await worker.stats()) {
    assert.ok(Date.now() < deadline, 'the worker on a small calendar did not stop when idle');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

test("CalDAV's worker (no REST search runs there) never reads search keys, even on a large calendar", async () => {
  const dav = new ReadWorker(large.store.db.name, noJobs, () => {}, 60_000, undefined, 0, null);
  workers.push(dav);
  await oneJob(dav);
  // A REST read worker started after it has read its keys: CalDAV's had the same chance.
  const rest = new ReadWorker(large.store.db.name, noJobs, () => {}, 60_000);
  workers.push(rest);
  await oneJob(rest);
  await withKeys(rest);
  const stats = await dav.stats();
  assert.ok(stats, "CalDAV's worker stopped");
  assert.deepEqual(stats.searchKeySites, []);
});

test("the REST worker compiles its endpoints' validators and serializers and runs a first search while idle; CalDAV's does not", async () => {
  // A profile of the first search at 100k events: 26 of its 74 ms were compiling the event list's
  // argument validator and answer serializer, which the second search did not pay.
  const rest = new ReadWorker(large.store.db.name, noJobs, () => {}, 60_000);
  const dav = new ReadWorker(large.store.db.name, noJobs, () => {}, 60_000, undefined, 0, null);
  workers.push(rest, dav);
  await oneJob(rest);
  await oneJob(dav);
  // Compiled in the same idle moment as the keys are read, just before them.
  assert.equal((await withKeys(rest)).endpointsPrepared, 3, 'svc/events/v1 /events, event-feed and event-list');
  // Then, once the text keys are read too, a public list and search of the large site, answered
  // without a failure (polled: idle moments come later under load).
  const deadline = Date.now() + 60_000;
  while ((await rest.stats())?.searchesWarmed !== 1) {
    assert.ok(Date.now() < deadline, 'no first search run ahead within a minute');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const davStats = await dav.stats();
  assert.equal(davStats?.endpointsPrepared, 0);
  assert.equal(davStats?.searchesWarmed, 0);
});

test('searches through the worker holding the keys and text keys: a short term, anonymous or not, as the row scan', async () => {
  // The large server's own worker reads its keys, then its text keys (a chunk per idle moment).
  const ask = async (search: string, anonymous: boolean, perPage: number) => {
    const response = await large.request('GET', 'events', {
      query: { search, per_page: String(perPage), start_date: '2000-01-01', end_date: '2100-01-01' },
      ...(anonymous ? {} : { token: large.tokens.administrator }),
    });
    assert.equal(response.status, 200, response.text);
    return {
      total: response.body.total as number,
      ids: (response.body.events as { id: number }[]).map((event) => event.id),
    };
  };
  const setPhase = (phase: string) =>
    large.store.db.prepare('UPDATE search_backfill SET phase = ? WHERE id = 1').run(phase);
  for (const search of ['market 1', 'jazz', 'opera 2 night', 'night 12']) {
    for (const anonymous of [true, false]) {
      // Twice: once perhaps before the text keys are read, once after a moment.
      for (const wait of [0, 500]) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        const indexed = await ask(search, anonymous, 50);
        setPhase('posts');
        let scanned;
        try {
          scanned = await ask(search, anonymous, 49);
        } finally {
          setPhase('done');
        }
        const label = `${search}${anonymous ? ' (anonymous)' : ''}`;
        assert.ok(indexed.total > 0, label);
        assert.equal(indexed.total, scanned.total, label);
        assert.deepEqual(indexed.ids.slice(0, 49), scanned.ids, label);
      }
    }
  }
});
