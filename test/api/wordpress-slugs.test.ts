// Slugs as WordPress makes them (issue "Tools written for The Events Calendar…"): apostrophes and
// quotes vanish, so a script that looks a venue up by the slug WordPress would have made finds it;
// a slug stored before keeps working and is never rewritten.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

test('a venue, an organizer, an event and a term get WordPress’s slug; by-slug finds them', async () => {
  const venue = await server.admin('POST', 'venues', { json: { venue: "St Mary's Church" } });
  assert.equal(venue.body.slug, 'st-marys-church');
  assert.equal((await server.request('GET', 'venues/by-slug/st-marys-church')).body.id, venue.body.id);
  const organizer = await server.admin('POST', 'organizers', { json: { organizer: 'O’Brien “Events”' } });
  assert.equal(organizer.body.slug, 'obrien-events');
  const event = await createEvent(server, {
    title: "New Year's Eve",
    start_date: '2030-12-31 20:00',
    end_date: '2030-12-31 23:59',
  });
  assert.equal(event.slug, 'new-years-eve');
  const tag = await server.admin('POST', 'tags', { json: { name: "Kids' corner" } });
  assert.equal(tag.body.slug, 'kids-corner');
});

test('a slug stored the old way keeps working and is not rewritten by an update', async () => {
  const venue = await server.admin('POST', 'venues', { json: { venue: "Joe's Bar" } });
  server.store.db.prepare('UPDATE posts SET slug = ? WHERE site_id = 1 AND id = ?').run('joe-s-bar', venue.body.id);
  const updated = await server.admin('POST', `venues/${venue.body.id}`, { json: { venue: "Joe's Bar & Grill" } });
  assert.equal(updated.status, 200, updated.text);
  assert.equal(updated.body.slug, 'joe-s-bar');
  assert.equal((await server.request('GET', 'venues/by-slug/joe-s-bar')).body.id, venue.body.id);
});
