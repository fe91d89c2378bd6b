// A real, published WordPress REST client against our server (issue "Tools written for The Events
// Calendar…"): node-wpapi (npm `wpapi`), the usual JavaScript client for WordPress sites, which TEC
// integrations use with the TEC namespace. Only its address, the namespace and the credentials
// change. It discovers the API as on WordPress (HEAD the site → the `Link: rel="https://api.w.org/"`
// header → the root's `routes`), builds its route handlers from our namespace index, and then reads
// and writes events, venues, organizers and terms the way a TEC integration does.
// (No published client written for the TEC REST API itself installs from npm: see docs/api.md, "A real client".)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import WPAPI from 'wpapi';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let tec: any; // wpapi's handlers are built at run time from the discovered routes
before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
  const admin = server.store.users.byLogin('admin')!;
  const token = server.store.users.createToken(admin.id, 'wpapi');
  const site = await WPAPI.discover(server.url);
  // WordPress application passwords: Basic auth with the user name and the token.
  site.auth({ username: 'admin', password: token });
  tec = (site as any).namespace('svc/events/v1');
});
after(() => server.close());

test('discovery finds both namespaces and builds handlers for every TEC resource', () => {
  for (const resource of ['events', 'venues', 'organizers', 'categories', 'tags'])
    assert.equal(typeof tec[resource], 'function', resource);
});

test('writes and reads through the client: venue, organizer, terms, event; update; trash', async () => {
  const venue = await tec.venues().create({ venue: 'Berlin Club', city: 'Berlin', country: 'Germany' });
  assert.equal(venue.slug, 'berlin-club');
  const organizer = await tec.organizers().create({ organizer: 'Alice Promotions', email: 'alice@example.com' });
  const category = await tec.categories().create({ name: 'Jazz & Blues' });
  assert.equal(category.name, 'Jazz &amp; Blues', 'as WordPress stores it');
  assert.ok(category._links.self[0].href.endsWith(`/svc/events/v1/categories/${category.id}`));

  const event = await tec.events().create({
    title: "New Year's Jazz",
    start_date: '2030-12-31 21:00',
    end_date: '2031-01-01 01:00',
    venue: venue.id,
    organizer: [organizer.id],
    categories: [category.id],
    cost: '25',
  });
  assert.equal(event.slug, 'new-years-jazz');
  assert.equal(event.venue.venue, 'Berlin Club');
  assert.equal(event.timezone, 'Europe/Berlin');

  const read = await tec.events().id(event.id).get();
  assert.equal(read.title, "New Year's Jazz");
  assert.ok(read.json_ld, 'a single read carries json_ld');
  const list = await tec.events().param({ start_date: '2030-12-01', end_date: '2031-01-31', search: 'jazz' }).get();
  assert.deepEqual(
    list.events.map((item: { id: number }) => item.id),
    [event.id],
  );
  const byCategory = await tec
    .events()
    .param({ categories: category.slug, start_date: '2030-12-01', end_date: '2031-01-31' })
    .get();
  assert.equal(byCategory.total, 1);

  const updated = await tec.events().id(event.id).update({ featured: true });
  assert.equal(updated.featured, true);
  assert.equal(updated.cost, '25€', 'a partial update keeps the rest (a Berlin site counts in euros)');

  const trashed = await tec.events().id(event.id).delete();
  assert.equal(trashed.status, 'trash');
  const gone = await tec
    .events()
    .id(event.id)
    .get()
    .catch((error: { code: string }) => error);
  assert.equal(gone.code, 'event-no-longer-available');
});

test('errors reach the client in WordPress’s shape', async () => {
  const error = await tec
    .events()
    .create({ title: 'No dates' })
    .catch((failure: unknown) => failure);
  assert.equal(error.code, 'rest_missing_callback_param');
  const invalid = await tec
    .events()
    .param({ per_page: 0 })
    .get()
    .catch((failure: unknown) => failure);
  assert.equal(invalid.code, 'rest_invalid_param');
  assert.ok(invalid.data.params.per_page);
});
