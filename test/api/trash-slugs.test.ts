// Trash and slugs as WordPress does it (issue "Tools written for The Events Calendar…"): a trashed
// post's slug becomes <slug>__trashed, freeing the slug for a new post with the same title; a
// restore gives the slug back, or the next free one; by-slug answers as the reference does.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const slugOf = (id: number) => server.store.posts.get(server.store.sites.byCode('default')!.id, id)!.slug;
const when = { start_date: '2030-06-01 20:00', end_date: '2030-06-01 22:00' };

test('an event: trashed → jazz-night__trashed, the slug is free again, restore takes the next free one', async () => {
  const first = await createEvent(server, { title: 'Jazz night', ...when });
  assert.equal(first.slug, 'jazz-night');
  assert.equal((await server.admin('DELETE', `events/${first.id}`)).status, 200);
  assert.equal(slugOf(first.id), 'jazz-night__trashed');

  // The slug no longer names the trashed event: not found, as the reference answers.
  const gone = await server.request('GET', 'events/by-slug/jazz-night');
  assert.equal(gone.status, 400);
  assert.equal(gone.body.code, 'rest_invalid_param');
  // Its new slug names it, and answers as its id does.
  const byTrashedSlug = await server.admin('GET', 'events/by-slug/jazz-night__trashed');
  const byId = await server.admin('GET', `events/${first.id}`);
  assert.deepEqual([byTrashedSlug.status, byTrashedSlug.body.code], [byId.status, byId.body.code]);

  const second = await createEvent(server, { title: 'Jazz night', ...when });
  assert.equal(second.slug, 'jazz-night', 'the freed slug');
  const restored = await server.admin('PATCH', `events/${first.id}`, { json: { status: 'publish' } });
  assert.equal(restored.status, 200, restored.text);
  assert.equal(restored.body.slug, 'jazz-night-2');
});

test('a venue: restored without a rival, it gets its own slug back; two trashed namesakes stay apart', async () => {
  const venue = await server.admin('POST', 'venues', { json: { venue: 'Old Hall' } });
  await server.admin('DELETE', `venues/${venue.body.id}`);
  assert.equal(slugOf(venue.body.id), 'old-hall__trashed');
  assert.equal((await server.request('GET', 'venues/by-slug/old-hall')).status, 400);
  const back = await server.admin('POST', `venues/${venue.body.id}`, { json: { status: 'publish' } });
  assert.equal(back.body.slug, 'old-hall');

  const a = await server.admin('POST', 'organizers', { json: { organizer: 'Twin' } });
  await server.admin('DELETE', `organizers/${a.body.id}`);
  const b = await server.admin('POST', 'organizers', { json: { organizer: 'Twin', email: 'other@example.com' } });
  assert.equal(b.body.slug, 'twin');
  await server.admin('DELETE', `organizers/${b.body.id}`);
  assert.deepEqual([slugOf(a.body.id), slugOf(b.body.id)], ['twin__trashed', 'twin__trashed-2']);
});

test('a slug given with the restore wins', async () => {
  const event = await createEvent(server, { title: 'Named', ...when });
  await server.admin('DELETE', `events/${event.id}`);
  const restored = await server.admin('PATCH', `events/${event.id}`, { json: { status: 'draft', slug: 'renamed' } });
  assert.equal(restored.body.slug, 'renamed');
});
