// almanac/v1/changes: the change stream. Every committed change reaches an open stream, whoever
// made it (this server, another connection to the same database as the CLI or a second server
// would be); a reconnect resumes without gaps; a caller hears only of what it may read.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../server/db/store.ts';
import { databaseFile } from '../../server/data-dir.ts';
import { createEvent, startServer, type TestServer } from '../support/server.ts';
import { openSse, type SseStream } from '../support/sse.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const streams: SseStream[] = [];
async function stream(token?: string, headers: Record<string, string> = {}, query = ''): Promise<SseStream> {
  const opened = await openSse(`${server.url}/almanac/v1/changes${query}`, {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...headers,
  });
  streams.push(opened);
  return opened;
}
after(() => streams.forEach((s) => s.close()));

/** The changes of the next `changes` message, without their seq. */
async function nextChanges(s: SseStream) {
  const message = await s.next('changes');
  return message.data.changes.map(({ seq: _seq, ...rest }: { seq: number }) => rest);
}

test('creates, updates, trash, restore and delete over HTTP reach an open stream at once', async () => {
  const s = await stream(server.tokens.editor);
  assert.equal(s.status, 200);
  assert.match(s.headers.get('content-type')!, /^text\/event-stream/);
  const ready = await s.next('ready');
  assert.equal(ready.id, String(ready.data.seq));

  const event = await createEvent(server, {
    title: 'Live',
    start_date: '2030-01-01 10:00',
    end_date: '2030-01-01 11:00',
  });
  assert.deepEqual(await nextChanges(s), [{ site: 'default', kind: 'event', id: event.id, action: 'create' }]);
  await server.admin('POST', `events/${event.id}`, { json: { title: 'Live (moved)' } });
  assert.deepEqual(await nextChanges(s), [{ site: 'default', kind: 'event', id: event.id, action: 'update' }]);
  await server.admin('DELETE', `events/${event.id}`);
  assert.deepEqual(await nextChanges(s), [{ site: 'default', kind: 'event', id: event.id, action: 'trash' }]);
  await server.admin('POST', `events/${event.id}`, { json: { status: 'publish' } });
  assert.deepEqual(await nextChanges(s), [{ site: 'default', kind: 'event', id: event.id, action: 'restore' }]);
  await server.admin('DELETE', `events/${event.id}`, { query: { force: true } });
  const deleted = await nextChanges(s);
  assert.deepEqual(deleted.at(-1), { site: 'default', kind: 'event', id: event.id, action: 'delete' });

  const category = await server.admin('POST', 'categories', { json: { name: 'Live music' } });
  assert.deepEqual(await nextChanges(s), [
    { site: 'default', kind: 'category', id: category.body.id, action: 'create' },
  ]);
  const venue = await server.admin('POST', 'venues', { json: { venue: 'Live hall' } });
  assert.deepEqual(await nextChanges(s), [{ site: 'default', kind: 'venue', id: venue.body.id, action: 'create' }]);
});

test('a commit by another connection to the database (the CLI, a second server) reaches the stream', async () => {
  const s = await stream(server.tokens.editor);
  await s.next('ready');
  const other = openStore(databaseFile(server.dataDir));
  try {
    const site = other.sites.byCode('default')!;
    const id = other.writing(() => {
      const next = other.sites.nextTermId(site.id);
      other.terms.insert({
        site_id: site.id,
        id: next,
        taxonomy: 'tag',
        name: 'elsewhere',
        slug: 'elsewhere',
        description: '',
        parent: 0,
      });
      return next;
    });
    assert.deepEqual(await nextChanges(s), [{ site: 'default', kind: 'tag', id, action: 'create' }]);
  } finally {
    other.close();
  }
});

test('a caller hears only of posts it may read before or after the change', async () => {
  const subscriber = await stream(server.tokens.subscriber);
  const author2 = await stream(server.tokens.author2);
  const anonymous = await stream();
  await Promise.all([subscriber.next('ready'), author2.next('ready'), anonymous.next('ready')]);

  const draft = await createEvent(
    server,
    { title: 'Secret draft', status: 'draft', start_date: '2030-02-01 10:00', end_date: '2030-02-01 11:00' },
    server.tokens.author,
  );
  const published = await createEvent(
    server,
    { title: 'Public', start_date: '2030-02-02 10:00', end_date: '2030-02-02 11:00' },
    server.tokens.author,
  );
  for (const s of [subscriber, author2, anonymous]) {
    assert.deepEqual(await nextChanges(s), [{ site: 'default', kind: 'event', id: published.id, action: 'create' }]);
  }
  // Unpublishing is heard (it must leave their view); later edits of the draft are not.
  await server.request('POST', `events/${published.id}`, { token: server.tokens.author, json: { status: 'draft' } });
  for (const s of [subscriber, anonymous]) {
    assert.deepEqual(await nextChanges(s), [{ site: 'default', kind: 'event', id: published.id, action: 'update' }]);
  }
  await server.request('POST', `events/${published.id}`, {
    token: server.tokens.author,
    json: { title: 'Still secret' },
  });
  await server.request('POST', `events/${draft.id}`, { token: server.tokens.author, json: { title: 'Still a draft' } });
  const marker = await server.admin('POST', 'tags', { json: { name: 'marker' } });
  for (const s of [subscriber, anonymous]) {
    assert.deepEqual(await nextChanges(s), [{ site: 'default', kind: 'tag', id: marker.body.id, action: 'create' }]);
  }
  const heard = [...subscriber.pending(), ...anonymous.pending(), ...author2.pending()].flatMap(
    (message) => message.data.changes as { kind: string; id: number }[],
  );
  assert.deepEqual(
    heard.filter((change) => change.kind === 'event' && change.id === draft.id),
    [],
    'a draft leaked',
  );
  // Its author hears of it.
  const own = await stream(server.tokens.author, {
    'last-event-id': String(Number((await author2.next('changes')).id) - 10),
  });
  const ownChanges = (await own.next('changes')).data.changes as { kind: string; id: number }[];
  assert.ok(ownChanges.some((change) => change.kind === 'event' && change.id === draft.id));
});

test('Last-Event-ID resumes after a reconnect with exactly what was missed', async () => {
  const first = await stream(server.tokens.editor);
  const ready = await first.next('ready');
  first.close();
  const a = await createEvent(server, {
    title: 'While away 1',
    start_date: '2030-03-01 10:00',
    end_date: '2030-03-01 11:00',
  });
  const b = await createEvent(server, {
    title: 'While away 2',
    start_date: '2030-03-02 10:00',
    end_date: '2030-03-02 11:00',
  });
  const resumed = await stream(server.tokens.editor, { 'last-event-id': ready.id! });
  const backlog = await resumed.next('changes');
  assert.deepEqual(
    backlog.data.changes.map((c: { id: number; action: string }) => [c.id, c.action]),
    [
      [a.id, 'create'],
      [b.id, 'create'],
    ],
  );
  const live = await resumed.next('ready');
  assert.equal(live.id, backlog.id);
  // The parameter does the same for clients that cannot set headers.
  const byParam = await stream(server.tokens.editor, {}, `?last_event_id=${ready.id}`);
  assert.equal((await byParam.next('changes')).data.changes.length, 2);
});

test('a client that cannot be caught up is told to refetch everything', async () => {
  const latest = server.store.changes.latest();
  const ahead = await stream(server.tokens.editor, { 'last-event-id': String(latest + 100) }); // data restored from a backup
  assert.equal((await ahead.next('reset')).data.seq, latest);
  await ahead.next('ready');
  server.store.writing(() => server.store.changes.prune(0, 1_000_000));
  const pruned = await stream(server.tokens.editor, { 'last-event-id': '1' });
  assert.equal((await pruned.next('reset')).data.seq, latest);
  // Nothing was lost by pruning: the numbers go on.
  const s = await stream(server.tokens.editor);
  await s.next('ready');
  const event = await createEvent(server, {
    title: 'After pruning',
    start_date: '2030-04-01 10:00',
    end_date: '2030-04-01 11:00',
  });
  const message = await s.next('changes');
  assert.ok(message.data.changes[0].seq > latest);
  assert.equal(message.data.changes[0].id, event.id);
});

test('a Last-Event-ID that is not a change number is a 400 naming it', async () => {
  const response = await server.request('GET', '/almanac/v1/changes', { headers: { 'last-event-id': 'yesterday' } });
  assert.equal(response.status, 400, response.text);
  assert.equal(response.body.code, 'rest_invalid_param');
  assert.ok(response.body.data.params.last_event_id);
});

test('stopping the server ends its open streams instead of waiting for them', async () => {
  const own = await startServer();
  try {
    const s = await openSse(`${own.url}/almanac/v1/changes`, { authorization: `Bearer ${own.tokens.editor}` });
    await s.next('ready');
    const started = Date.now();
    await own.listening.close();
    assert.ok(Date.now() - started < 3_000, 'close() waited for the stream');
    s.close();
  } finally {
    own.store.close();
  }
});

test('pruning keeps the newest changes — always at least the last one, which holds the numbering — in bounded batches', async () => {
  for (let i = 0; i < 5; i++) await server.admin('POST', 'tags', { json: { name: `prune ${i}` } });
  const { changes } = server.store;
  const count = () => server.store.db.prepare('SELECT COUNT(*) FROM changes').pluck().get() as number;
  const latest = changes.latest();
  assert.ok(count() >= 5);
  const before = count();
  assert.equal(
    server.store.writing(() => changes.prune(2, 1)),
    1,
    'one batch of one',
  );
  assert.equal(count(), before - 1);
  server.store.writing(() => changes.prune(2, 1_000));
  assert.equal(count(), 2);
  server.store.writing(() => changes.prune(0, 1_000));
  assert.equal(count(), 1);
  assert.equal(changes.latest(), latest);
  assert.equal(changes.prunedThrough(), latest - 1);
});
