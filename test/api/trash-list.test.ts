// almanac/v1/trash: the Trash screen's list, with the reference's visibility of trashed posts
// (editors everybody's, authors and contributors their own) and the status a restore gives back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
const ids: Record<string, number> = {};
before(async () => {
  server = await startServer();
  const make = async (name: string, status: string, who: 'administrator' | 'author' | 'contributor') => {
    const event = await createEvent(
      server,
      { title: name, status, start_date: '2030-05-01 10:00', end_date: '2030-05-01 11:00' },
      server.tokens[who],
    );
    ids[name] = event.id;
    const trashed = await server.request('DELETE', `events/${event.id}`, { token: server.tokens[who] });
    assert.equal(trashed.status, 200, trashed.text);
  };
  await make('Admin published', 'publish', 'administrator');
  await make('Author draft', 'draft', 'author');
  await make('Contributor pending', 'pending', 'contributor');
  const venue = await server.admin('POST', 'venues', { json: { venue: 'Old hall' } });
  await server.admin('DELETE', `venues/${venue.body.id}`);
  ids['Old hall'] = venue.body.id;
});
after(() => server.close());

const trash = (type: string, token?: string) => server.request('GET', '/almanac/v1/trash', { query: { type }, token });

test('editors see everybody’s trash, newest first, with the status a restore gives back', async () => {
  const response = await trash('events', server.tokens.editor);
  assert.equal(response.status, 200, response.text);
  assert.deepEqual(
    response.body.items.map((item: { title: string; restore_status: string }) => [item.title, item.restore_status]),
    [
      ['Contributor pending', 'pending'],
      ['Author draft', 'draft'],
      ['Admin published', 'publish'],
    ],
  );
  assert.equal(response.body.total, 3);
  assert.equal(response.headers.get('x-tec-total'), '3');
  const venues = await trash('venues', server.tokens.editor);
  assert.deepEqual(
    venues.body.items.map((item: { title: string }) => item.title),
    ['Old hall'],
  );
});

test('authors and contributors see only their own trash; subscribers and anonymous callers none', async () => {
  const author = await trash('events', server.tokens.author);
  assert.deepEqual(
    author.body.items.map((item: { title: string }) => item.title),
    ['Author draft'],
  );
  const contributor = await trash('events', server.tokens.contributor);
  assert.deepEqual(
    contributor.body.items.map((item: { title: string }) => item.title),
    ['Contributor pending'],
  );
  assert.equal((await trash('events', server.tokens.subscriber)).status, 403);
  assert.equal((await trash('events')).status, 401);
  const bad = await trash('images', server.tokens.editor);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'rest_invalid_param');
});

test('a restore through svc/events/v1 with restore_status brings the event back as it was', async () => {
  const restored = await server.admin('PATCH', `events/${ids['Admin published']}`, { json: { status: 'publish' } });
  assert.equal(restored.status, 200, restored.text);
  assert.equal(restored.body.status, 'publish');
  const after = await trash('events', server.tokens.editor);
  assert.equal(after.body.total, 2);
});
