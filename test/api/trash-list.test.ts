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

test('the trash shows when an item was trashed, not its last edit (issue 29)', async () => {
  const event = await createEvent(server, {
    title: 'Edited long ago',
    start_date: '2030-06-01 10:00',
    end_date: '2030-06-01 11:00',
  });
  server.store.db.prepare("UPDATE posts SET modified_utc = '2001-01-01 00:00:00' WHERE id = ?").run(event.id);
  const before = new Date().toISOString().slice(0, 19).replace('T', ' ');
  await server.admin('DELETE', `events/${event.id}`);
  const response = await trash('events', server.tokens.administrator);
  const item = response.body.items.find((i: { id: number }) => i.id === event.id);
  assert.ok(item.trashed >= before, `${item.trashed} is when it was trashed`);
  assert.equal(response.body.items[0].id, event.id, 'newest trashed first');
  // Restored, it no longer carries a trash time; trashed again, a new one.
  await server.admin('PATCH', `events/${event.id}`, { json: { status: 'publish' } });
  assert.equal(server.store.posts.get(1, event.id)!.trashed_utc, null);
});

test('empty trash deletes for good what the caller may delete, and leaves the rest', async () => {
  const own = await createEvent(
    server,
    { title: 'Author trash', start_date: '2030-07-01 10:00', end_date: '2030-07-01 11:00' },
    server.tokens.author,
  );
  await server.request('DELETE', `events/${own.id}`, { token: server.tokens.author });
  const before = (await trash('events', server.tokens.editor)).body.total;
  // An author empties their own trash only.
  const byAuthor = await server.request('DELETE', '/almanac/v1/trash', {
    query: { type: 'events' },
    token: server.tokens.author,
  });
  assert.equal(byAuthor.status, 200, byAuthor.text);
  assert.equal(byAuthor.body.kept, 0);
  assert.ok(byAuthor.body.deleted >= 1);
  assert.equal((await server.admin('GET', `events/${own.id}`)).status, 404);
  assert.equal((await trash('events', server.tokens.editor)).body.total, before - byAuthor.body.deleted);
  // A subscriber may not.
  const bySubscriber = await server.request('DELETE', '/almanac/v1/trash', {
    query: { type: 'events' },
    token: server.tokens.subscriber,
  });
  assert.equal(bySubscriber.status, 403);
  // An editor empties everybody's; venues have their own trash.
  const all = await server.request('DELETE', '/almanac/v1/trash', {
    query: { type: 'events' },
    token: server.tokens.editor,
  });
  assert.equal(all.body.kept, 0);
  assert.equal((await trash('events', server.tokens.editor)).body.total, 0);
  assert.equal((await trash('venues', server.tokens.editor)).body.total, 1);
});
