// Undo of a change to a whole series over real HTTP (issue 28): "all events", "this and following"
// and a delete answer with an undo token; POST almanac/v1/series/undo puts back every occurrence
// as it was — the same ids, dates, fields and terms — once, and only for someone who may edit it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
});
after(() => server.close());

const SERIES = '/almanac/v1/series';
const UNDO = `${SERIES}/undo`;

async function series(rule: string, fields: Record<string, unknown> = {}) {
  const first = await server.admin('POST', 'events', {
    json: Object.assign(
      { title: 'Choir', start_date: '2027-05-04 18:00', end_date: '2027-05-04 19:30', status: 'publish' },
      fields,
    ),
  });
  assert.equal(first.status, 201, first.text);
  const made = await server.admin('POST', SERIES, { json: { event: first.body.id, rule } });
  assert.equal(made.status, 201, made.text);
  return made.body;
}

/** What a series looks like to a reader: its rule and each occurrence's id, date and title. */
async function shape(id: number) {
  const read = await server.admin('GET', `${SERIES}/${id}`);
  if (read.status !== 200) return read.status;
  const titles = await Promise.all(
    read.body.occurrences.map(async (o: any) => (await server.admin('GET', `events/${o.id}`)).body.title),
  );
  return {
    rule: read.body.rule,
    occurrences: read.body.occurrences.map((o: any, i: number) => [o.id, o.date, o.status, titles[i]]),
  };
}

const categoryCount = async (name: string) =>
  (await server.request('GET', 'categories', { query: { search: name } })).body.categories[0]?.count;

test('all events: a new rule and title are undone — the dropped occurrences come back with their ids and terms', async () => {
  const made = await series('FREQ=WEEKLY;BYDAY=TU;COUNT=5', { categories: ['Singing'] });
  const before = await shape(made.id);
  assert.equal(await categoryCount('Singing'), 5);
  const edited = await server.admin('PATCH', `${SERIES}/${made.id}`, {
    json: { rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=2', title: 'Choir (summer)' },
  });
  assert.equal(edited.status, 200, edited.text);
  assert.equal(typeof edited.body.undo, 'string');
  assert.equal(edited.body.occurrences.length, 2);
  assert.equal(await categoryCount('Singing'), 2);

  const undone = await server.admin('POST', UNDO, { json: { token: edited.body.undo } });
  assert.equal(undone.status, 200, undone.text);
  assert.deepEqual(
    undone.body.series.map((s: any) => s.id),
    [made.id],
  );
  assert.deepEqual(await shape(made.id), before);
  assert.equal(await categoryCount('Singing'), 5);
  // Once only.
  const again = await server.admin('POST', UNDO, { json: { token: edited.body.undo } });
  assert.equal(again.status, 410);
  assert.equal(again.body.code, 'almanac_undo_gone');
});

test('this and following: undoing a split leaves one series again, and the later one is gone', async () => {
  const made = await series('FREQ=WEEKLY;BYDAY=WE;COUNT=6');
  const before = await shape(made.id);
  const split = await server.admin('POST', `${SERIES}/${made.id}/split`, {
    json: { occurrence: made.occurrences[3].id, changes: { title: 'Choir (autumn)' } },
  });
  assert.equal(split.status, 200, split.text);
  const undone = await server.admin('POST', UNDO, { json: { token: split.body.undo } });
  assert.equal(undone.status, 200, undone.text);
  assert.deepEqual(await shape(made.id), before);
  assert.equal((await server.admin('GET', `${SERIES}/${split.body.id}`)).status, 404);
  // The occurrences are the first one's children again, as svc/events/v1 lists them.
  const children = await server.request('GET', 'events', {
    query: { post_parent: made.first, start_date: '2027-01-01', per_page: 50 },
  });
  assert.equal(children.body.events.length, made.occurrences.length - 1);
  assert.ok(children.body.events.every((e: any) => e.title === 'Choir'));
});

test('delete for good and to the trash are undone; the change stream and ETags see the events come back', async () => {
  const made = await series('FREQ=DAILY;COUNT=3');
  const before = await shape(made.id);
  const etag = (await server.admin('GET', `events/${made.first}`)).headers.get('etag');
  const gone = await server.admin('DELETE', `${SERIES}/${made.id}`, { query: { force: true } });
  assert.equal(gone.status, 200);
  assert.equal((await server.admin('GET', `events/${made.first}`)).status, 404);
  const seqBefore = server.store.changes.latest();
  assert.equal((await server.admin('POST', UNDO, { json: { token: gone.body.undo } })).status, 200);
  assert.deepEqual(await shape(made.id), before);
  const back = await server.admin('GET', `events/${made.first}`);
  assert.equal(back.status, 200);
  if (etag) assert.notEqual(back.headers.get('etag'), etag, 'an ETag read before the delete does not match');
  const changed = server.store.changes.after(seqBefore, 100).map((c) => c.object_id);
  for (const o of made.occurrences) assert.ok(changed.includes(o.id), `the change stream names event ${o.id}`);

  const trashed = await server.admin('DELETE', `${SERIES}/${made.id}`);
  assert.equal(trashed.body.status, 'trash');
  assert.equal((await server.admin('POST', UNDO, { json: { token: trashed.body.undo } })).status, 200);
  assert.deepEqual(await shape(made.id), before);
});

test('a token that names nothing is 410; a subscriber may not undo; a bad body is a 400 naming token', async () => {
  const made = await series('FREQ=DAILY;COUNT=2');
  const edited = await server.admin('PATCH', `${SERIES}/${made.id}`, { json: { title: 'Renamed' } });
  const denied = await server.request('POST', UNDO, {
    token: server.tokens.subscriber,
    json: { token: edited.body.undo },
  });
  assert.equal(denied.status, 403, denied.text);
  assert.equal((await server.admin('POST', UNDO, { json: { token: 'no-such-change' } })).status, 410);
  const bad = await server.admin('POST', UNDO, { json: {} });
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(bad.body), /token/);
  // The subscriber's refusal did not use the token up.
  assert.equal((await server.admin('POST', UNDO, { json: { token: edited.body.undo } })).status, 200);
  assert.equal(((await shape(made.id)) as any).occurrences[0][3], 'Choir');
});
