// "Does not repeat" chosen for an occurrence (issue 36: its Repeat list had no such choice): POST
// almanac/v1/series/{id}/stop keeps that occurrence as a single event; with scope=following the
// series ends before it and the later occurrences go to the trash, with scope=all every other one
// goes and the series with them. Undo puts everything back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
});
after(() => server.close());

const SERIES = '/almanac/v1/series';

async function weekly(title: string) {
  const first = await server.admin('POST', 'events', {
    json: { title, start_date: '2027-05-04 18:00', end_date: '2027-05-04 19:30', status: 'publish' },
  });
  const made = await server.admin('POST', SERIES, { json: { event: first.body.id, rule: 'FREQ=WEEKLY;COUNT=5' } });
  assert.equal(made.status, 201, made.text);
  return made.body as { id: number; occurrences: { id: number; date: string }[] };
}

const read = async (id: number) => (await server.admin('GET', `events/${id}`)).body;
/** Whether the event is in the trash (a trashed event is no longer read at events/{id}). */
const trashed = async (id: number) =>
  (await server.admin('GET', '/almanac/v1/trash', { query: { type: 'events', per_page: 100 } })).body.items.some(
    (item: { id: number }) => item.id === id,
  );

test('scope=following: the series ends before it, it stays single, the later ones are in the trash', async () => {
  const made = await weekly('Choir');
  const [first, second, third, fourth, fifth] = made.occurrences.map((o) => o.id);
  const stopped = await server.admin('POST', `${SERIES}/${made.id}/stop`, {
    json: { occurrence: third, scope: 'following' },
  });
  assert.equal(stopped.status, 200, stopped.text);
  assert.deepEqual(
    stopped.body.occurrences.map((o: { id: number }) => o.id),
    [first, second],
  );
  assert.match(stopped.body.rule, /UNTIL=20270517/);
  const kept = await read(third!);
  assert.equal(kept.status, 'publish');
  assert.equal(kept.start_date, '2027-05-18 18:00:00');
  for (const id of [fourth, fifth]) assert.ok(await trashed(id!), `${id} in the trash`);
  // No longer an occurrence: a plain event (post_parent 0).
  assert.equal(kept.post_parent ?? 0, 0);

  const undone = await server.admin('POST', `${SERIES}/undo`, { json: { token: stopped.body.undo } });
  assert.equal(undone.status, 200, undone.text);
  const back = await server.admin('GET', `${SERIES}/${made.id}`);
  assert.deepEqual(
    back.body.occurrences.map((o: { id: number }) => o.id),
    made.occurrences.map((o) => o.id),
  );
});

test('scope=all: every other occurrence and the series go to the trash; it stays single', async () => {
  const made = await weekly('Yoga');
  const ids = made.occurrences.map((o) => o.id);
  const stopped = await server.admin('POST', `${SERIES}/${made.id}/stop`, {
    json: { occurrence: ids[1], scope: 'all' },
  });
  assert.equal(stopped.status, 200, stopped.text);
  assert.equal(stopped.body.status, 'trash');
  const kept = await read(ids[1]!);
  assert.equal(kept.status, 'publish');
  assert.equal(kept.post_parent ?? 0, 0);
  for (const id of ids.filter((id) => id !== ids[1])) assert.ok(await trashed(id), `${id} in the trash`);
  // The first one too, from scope=following (nothing before it): the same as all.
  const other = await weekly('Pottery');
  const firstId = other.occurrences[0]!.id;
  const fromFirst = await server.admin('POST', `${SERIES}/${other.id}/stop`, {
    json: { occurrence: firstId, scope: 'following' },
  });
  assert.equal(fromFirst.status, 200, fromFirst.text);
  assert.equal((await read(firstId)).status, 'publish');
  assert.ok(await trashed(other.occurrences[1]!.id));
});

test('bad input is named; another series’ event is refused; a subscriber may not', async () => {
  const made = await weekly('Drawing');
  const other = await weekly('Chess');
  const bad = await server.admin('POST', `${SERIES}/${made.id}/stop`, { json: { occurrence: 'x', scope: 'some' } });
  assert.equal(bad.status, 400);
  assert.deepEqual(Object.keys(bad.body.data.params).sort(), ['occurrence', 'scope']);
  const foreign = await server.admin('POST', `${SERIES}/${made.id}/stop`, {
    json: { occurrence: other.occurrences[0]!.id, scope: 'all' },
  });
  assert.equal(foreign.status, 400, foreign.text);
  const denied = await server.request('POST', `${SERIES}/${made.id}/stop`, {
    json: { occurrence: made.occurrences[0]!.id, scope: 'all' },
    token: server.tokens.subscriber,
  });
  assert.equal(denied.status, 403);
  assert.equal((await read(made.occurrences[1]!.id)).status, 'publish', 'nothing changed');
});
