// almanac/v1/events/bulk: the Events list's selection changed at once — all of it or none.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const BULK = '/almanac/v1/events/bulk';
const make = (title: string, token?: string) =>
  createEvent(
    server,
    { title, start_date: '2031-02-01 10:00', end_date: '2031-02-01 11:00', status: 'publish' },
    token,
  );

test('add a category to twenty events, keeping their own; set their venue; draft and publish', async () => {
  const music = await server.admin('POST', 'categories', { json: { name: 'Music' } });
  const events = [];
  for (let i = 0; i < 20; i++) events.push(await make(`Gig ${i}`));
  await server.admin('PATCH', `events/${events[0].id}`, { json: { categories: [music.body.id] } });
  const ids = events.map((e) => e.id);
  const added = await server.admin('POST', BULK, { json: { ids, action: 'add_categories', categories: ['Jazz'] } });
  assert.equal(added.status, 200, added.text);
  assert.equal(added.body.changed.length, 20);
  const first = await server.request('GET', `events/${events[0].id}`);
  assert.deepEqual(first.body.categories.map((c: any) => c.name).sort(), ['Jazz', 'Music']);
  const jazz = await server.request('GET', 'categories', { query: { search: 'Jazz' } });
  assert.equal(jazz.body.categories[0].count, 20);

  const venue = await server.admin('POST', 'venues', { json: { venue: 'Blue Hall' } });
  const placed = await server.admin('POST', BULK, { json: { ids, action: 'set_venue', venue: venue.body.id } });
  assert.equal(placed.body.changed.length, 20);
  assert.equal((await server.request('GET', `events/${ids[7]}`)).body.venue.venue, 'Blue Hall');
  const again = await server.admin('POST', BULK, { json: { ids, action: 'set_venue', venue: venue.body.id } });
  assert.equal(again.body.unchanged.length, 20);

  const drafts = await server.admin('POST', BULK, { json: { ids: ids.slice(0, 5), action: 'draft' } });
  assert.equal(drafts.body.changed.length, 5);
  assert.equal((await server.request('GET', `events/${ids[0]}`)).status, 403);
  await server.admin('POST', BULK, { json: { ids: ids.slice(0, 5), action: 'publish' } });
  assert.equal((await server.request('GET', `events/${ids[0]}`)).status, 200);
});

test('trash 500 selected events in one request', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 500; i++) ids.push((await make(`Trash me ${i}`)).id);
  const response = await server.admin('POST', BULK, { json: { ids, action: 'trash' } });
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.changed.length, 500);
  const trash = await server.admin('GET', '/almanac/v1/trash', { query: { type: 'events', per_page: 1 } });
  assert.ok(trash.body.total >= 500);
});

test('one event the caller may not change refuses the whole action, naming it; unknown ids are a 400', async () => {
  const mine = await make('Mine', server.tokens.author);
  const theirs = await make('Theirs');
  const refused = await server.request('POST', BULK, {
    token: server.tokens.author,
    json: { ids: [mine.id, theirs.id], action: 'trash' },
  });
  assert.equal(refused.status, 403);
  assert.match(refused.body.message, new RegExp(String(theirs.id)));
  assert.equal((await server.request('GET', `events/${mine.id}`)).status, 200, 'nothing was trashed');
  const unknown = await server.admin('POST', BULK, { json: { ids: [mine.id, 999999], action: 'trash' } });
  assert.equal(unknown.status, 400);
  assert.ok(unknown.body.data.params.ids.includes('999999'));
  const noValue = await server.admin('POST', BULK, { json: { ids: [mine.id], action: 'add_tags' } });
  assert.equal(noValue.status, 400);
  assert.ok(noValue.body.data.params.tags);
});

test('restore: the Undo of a bulk trash puts each event back with the status it had', async () => {
  const published = await make('Back to published');
  const draft = await createEvent(server, {
    title: 'Back to draft',
    start_date: '2031-02-01 10:00',
    end_date: '2031-02-01 11:00',
    status: 'draft',
  });
  const ids = [published.id, draft.id];
  const trashed = await server.admin('POST', BULK, { json: { ids, action: 'trash' } });
  assert.deepEqual(trashed.body.changed.sort(), [...ids].sort());
  const restored = await server.admin('POST', BULK, { json: { ids, action: 'restore' } });
  assert.equal(restored.status, 200, restored.text);
  assert.deepEqual(restored.body.changed.sort(), [...ids].sort());
  assert.equal((await server.admin('GET', `events/${published.id}`)).body.status, 'publish');
  assert.equal((await server.admin('GET', `events/${draft.id}`)).body.status, 'draft');
  const again = await server.admin('POST', BULK, { json: { ids, action: 'restore' } });
  assert.deepEqual(again.body.unchanged.sort(), [...ids].sort(), 'not trashed: nothing to restore');
});

test('the app’s event list sorts by title and by venue (none last), either way', async () => {
  const venueA = await server.admin('POST', 'venues', { json: { venue: 'Aula' } });
  const venueZ = await server.admin('POST', 'venues', { json: { venue: 'Zenith' } });
  const day = '2033-04-01';
  const add = (title: string, venue?: number) =>
    createEvent(server, { title, start_date: `${day} 10:00`, end_date: `${day} 11:00`, ...(venue ? { venue } : {}) });
  await add('banana', venueZ.body.id);
  await add('Apple');
  await add('cherry', venueA.body.id);
  const list = async (query: Record<string, string>) =>
    (
      await server.admin('GET', '/almanac/v1/event-list', {
        query: { start_date: day, end_date: `${day} 23:59`, status: 'publish,draft', ...query },
      })
    ).body.events.map((e: { title: string }) => e.title);
  assert.deepEqual(await list({ orderby: 'title' }), ['Apple', 'banana', 'cherry']);
  assert.deepEqual(await list({ orderby: 'title', order: 'desc' }), ['cherry', 'banana', 'Apple']);
  assert.deepEqual(await list({ orderby: 'venue' }), ['cherry', 'banana', 'Apple']);
  assert.deepEqual(await list({ orderby: 'venue', order: 'desc' }), ['banana', 'cherry', 'Apple']);
  const bad = await server.admin('GET', '/almanac/v1/event-list', { query: { orderby: 'cost' } });
  assert.equal(bad.status, 400);
});

test('an Undo after the trash was emptied: the events gone for good are named with a reason the UI says (issue 36 walk)', async () => {
  const gone = await make('Gone for good');
  await server.admin('POST', BULK, { json: { ids: [gone.id], action: 'trash' } });
  assert.equal((await server.admin('DELETE', `events/${gone.id}`, { query: { force: 'true' } })).status, 200);
  const undo = await server.admin('POST', BULK, {
    json: { ids: [gone.id], action: 'restore' },
    headers: { 'X-Almanac-Reasons': '1' },
  });
  assert.equal(undo.status, 400);
  assert.deepEqual(undo.body.data.almanac_reasons, { ids: { code: 'not_events', params: { count: 1 } } });
});
