// Collection reads run on a worker thread with its own connection (server/read-worker/), so a long
// list never blocks the event loop. Same answers as on the event loop, the cache never keeps a
// stale one, and when the worker cannot run, the event loop answers instead.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { startServer, createEvent, type TestServer } from '../support/server.ts';
import { ReadWorker, type ReadJob } from '../../server/read-worker/read-worker-client.ts';
import { ResponseCache } from '../../server/http/response-cache.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
  for (let i = 0; i < 5; i++)
    await createEvent(server, {
      title: `Concert ${i}`,
      start_date: `2030-01-0${i + 1} 20:00`,
      end_date: `2030-01-0${i + 1} 22:00`,
    });
});
after(() => server.close());

test('slow lists (search, distance, venue, organizer) are answered by the worker; the rest stay on the event loop', async () => {
  const worker = server.listening.app.readWorker!;
  const before = { ...worker.served };
  const window = { start_date: '2030-01-01', end_date: '2030-01-31' };
  const search = await server.request('GET', 'events', { query: { ...window, search: 'Concert' } });
  assert.equal(search.status, 200);
  assert.equal(search.body.events.length, 5);
  assert.equal(search.headers.get('x-tec-total'), '5');
  assert.equal(worker.served.worker, before.worker + 1);
  await server.request('GET', 'events', { query: { geoloc_lat: 40, geoloc_lng: -74 } });
  assert.equal(worker.served.worker, before.worker + 2);
  const plain = await server.request('GET', 'events', { query: window });
  assert.equal(plain.body.total, 5);
  const one = await server.request('GET', `events/${search.body.events[0].id}`);
  assert.equal(one.status, 200);
  await server.request('GET', 'venues', { query: { search: 'x' } });
  assert.equal(worker.served.worker, before.worker + 2, 'a page of a list, a single read, venues: event loop');
  assert.equal(worker.served.locally, before.locally);
});

test('the worker answers errors exactly as the event loop would', async () => {
  const served = server.listening.app.readWorker!.served.worker;
  const bad = await server.request('GET', 'events', { query: { per_page: 0, geoloc_lat: 91 } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'rest_invalid_param');
  assert.deepEqual(Object.keys(bad.body.data.params).sort(), ['geoloc_lat', 'per_page']);
  const empty = await server.request('GET', 'events', { query: { page: 99, search: 'Concert' } });
  assert.equal(empty.status, 404);
  assert.equal(server.listening.app.readWorker!.served.worker, served + 2);
});

test('a list answered after another process wrote is never cached stale', async () => {
  const query = { start_date: '2030-01-01', end_date: '2030-01-31', search: 'Concert' }; // off-thread
  const first = await server.request('GET', 'events', { query });
  assert.equal(first.body.total, 5);
  // Another process (the CLI, another server) commits: data_version changes for our connection.
  const other = new Database(server.store.db.name);
  other.prepare("UPDATE posts SET title = 'Renamed' WHERE type = 'event' AND title = 'Concert 0'").run();
  other.close();
  const second = await server.request('GET', 'events', { query });
  assert.equal(second.body.total, 4, 'the rename is seen at once');
});

test('ResponseCache.setIfUnchanged drops an answer built before a commit by another connection', () => {
  const cache = new ResponseCache(server.store.db, true);
  const epoch = cache.epoch();
  const other = new Database(server.store.db.name);
  other.prepare("UPDATE sites SET title = title || '!' WHERE code = 'default'").run();
  other.close();
  cache.setIfUnchanged('k', { status: 200, body: '{}', headers: {} }, epoch);
  assert.equal(cache.get('k'), undefined);
  cache.setIfUnchanged('k', { status: 200, body: '{}', headers: {} }, cache.epoch());
  assert.ok(cache.get('k'));
});

test('a worker that cannot start: every job is answered on the event loop', async () => {
  const local: ReadJob[] = [];
  const worker = new ReadWorker('/nonexistent/almanac.sqlite', (job) => {
    local.push(job);
    return { status: 200, headers: {}, body: '"local"' };
  });
  const job: ReadJob = {
    key: 'svc/events/v1 GET /events',
    siteCode: 'default',
    actor: null,
    host: '127.0.0.1:1',
    raw: {},
    schemaSerialization: true,
  };
  const answers = await Promise.all([worker.run(job), worker.run(job)]);
  assert.deepEqual(
    answers.map((answer) => answer.body),
    ['"local"', '"local"'],
  );
  assert.equal(worker.served.locally, 2);
  assert.equal((await worker.run(job)).body, '"local"', 'and the next one too');
  await worker.stop();
});

test('an idle worker stops, and the next slow read starts a new one', async () => {
  const answers: string[] = [];
  const worker = new ReadWorker(
    server.store.db.name,
    () => {
      throw new Error('should not run locally');
    },
    () => {},
    50,
  );
  const job: ReadJob = {
    key: 'svc/events/v1 GET /events',
    siteCode: 'default',
    actor: null,
    host: '127.0.0.1:1',
    raw: { search: 'Concert', start_date: '2030-01-01', end_date: '2030-01-31' },
    schemaSerialization: true,
  };
  answers.push((await worker.run(job)).body);
  await new Promise((resolve) => setTimeout(resolve, 300));
  answers.push((await worker.run(job)).body);
  assert.equal(answers[0], answers[1]);
  assert.equal(JSON.parse(answers[0]!).total, 4);
  assert.deepEqual(worker.served, { worker: 2, locally: 0 });
  await worker.stop();
});
