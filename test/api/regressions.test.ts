// Regression tests for bugs found by the test suites and fixed afterwards (one test per bug).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createEvent, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const basic = { start_date: '2027-09-01 10:00', end_date: '2027-09-01 11:00' };

test('a venue coordinate can be cleared with ""', async () => {
  const venue = await server.admin('POST', 'venues', { json: { venue: 'Geo hall', geo_lat: 10.5, geo_lng: 20.25 } });
  assert.equal(venue.body.geo_lat, 10.5);
  const cleared = await server.admin('PATCH', `venues/${venue.body.id}`, { json: { geo_lat: '', geo_lng: '' } });
  assert.equal(cleared.status, 200);
  assert.equal('geo_lat' in cleared.body, false);
  const bad = await server.admin('PATCH', `venues/${venue.body.id}`, { json: { geo_lat: 'north' } });
  assert.equal(bad.status, 400);
});

test('a contributor may delete their own trashed draft venue: the second DELETE is 410, not 403', async () => {
  const token = server.tokens.contributor;
  const venue = await server.request('POST', 'venues', { json: { venue: 'Contributor hall' }, token });
  assert.equal(venue.body.status, 'draft');
  assert.equal((await server.request('DELETE', `venues/${venue.body.id}`, { token })).status, 200);
  const again = await server.request('DELETE', `venues/${venue.body.id}`, { token });
  assert.equal(again.status, 410);
  assert.equal(again.body.code, 'venue-is-in-trash');
});

test('HTML from contributors and authors is filtered; editors keep theirs (WordPress unfiltered_html)', async () => {
  const evil = '<p>Hi<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>';
  const byAuthor = await createEvent(
    server,
    { ...basic, title: '<b>Bold</b> title', description: evil },
    server.tokens.author,
  );
  assert.equal(byAuthor.title, 'Bold title');
  assert.doesNotMatch(byAuthor.description, /script|onerror|javascript:/);
  assert.match(byAuthor.description, /<p>Hi<img src="x" \/><a>x<\/a><\/p>/);
  const venue = await server.request('POST', 'venues', {
    json: { venue: '<i>Hall</i>', description: evil },
    token: server.tokens.author,
  });
  assert.equal(venue.body.venue, 'Hall');
  assert.doesNotMatch(venue.body.description, /script|onerror|javascript:/);
  const term = await server.request('POST', 'categories', {
    json: { name: '<script>x</script>Music', description: evil },
    token: server.tokens.author,
  });
  assert.equal(term.body.name, 'Music');
  const byEditor = await createEvent(
    server,
    { ...basic, title: 'Editor', description: '<iframe src="https://example.com"></iframe>' },
    server.tokens.editor,
  );
  assert.match(byEditor.description, /<iframe/);
});

test('by-slug routes find a slug written with other case, as the reference does', async () => {
  const event = await createEvent(server, { ...basic, title: 'Case Event' });
  const found = await server.request('GET', 'events/by-slug/Case-Event');
  assert.equal(found.status, 200);
  assert.equal(found.body.id, event.id);
  const venue = await server.admin('POST', 'venues', { json: { venue: 'Case Venue' } });
  assert.equal((await server.request('GET', 'venues/by-slug/CASE-VENUE')).body.id, venue.body.id);
});

test('a write names a new category twice with different case: one term is created', async () => {
  const event = await createEvent(server, {
    ...basic,
    title: 'Dup terms',
    categories: ['Dup Cat', 'Dup Cat', 'dup cat'],
  });
  assert.equal(event.categories.length, 1);
  const all = await server.request('GET', 'categories', { query: { search: 'dup', hide_empty: 'false' } });
  assert.equal(all.body.total, 1);
});

test('cached reads never outlive a write: list, single and term count change at once', async () => {
  const event = await createEvent(server, { ...basic, title: 'Cache probe', categories: ['Cache cat'] });
  const term = event.categories[0].id;
  assert.equal((await server.request('GET', `categories/${term}`)).body.count, 1);
  assert.equal((await server.request('GET', `events/${event.id}`)).body.title, 'Cache probe');
  await server.admin('PATCH', `events/${event.id}`, { json: { title: 'Cache probe 2', status: 'draft' } });
  assert.equal(
    (await server.request('GET', `events/${event.id}`, { token: server.tokens.administrator })).body.title,
    'Cache probe 2',
  );
  assert.equal((await server.request('GET', `categories/${term}`)).body.count, 0, 'a draft does not count');
  assert.equal((await server.request('GET', `events/${event.id}`)).status, 403, 'anonymous: not accessible any more');
});

test('a cached read notices a write committed by another connection (another process) at once', async () => {
  const { default: Database } = await import('better-sqlite3');
  const event = await createEvent(server, { ...basic, title: 'Before other process' });
  assert.equal((await server.request('GET', `events/${event.id}`)).body.title, 'Before other process');
  assert.equal((await server.request('GET', `events/${event.id}`)).body.title, 'Before other process'); // now cached
  const other = new Database(join(server.dataDir, 'almanac.sqlite'));
  other.prepare('UPDATE posts SET title = ? WHERE site_id = 1 AND id = ?').run('After other process', event.id);
  other.close();
  assert.equal((await server.request('GET', `events/${event.id}`)).body.title, 'After other process');
});

test('category + date filters follow an event whose dates change (term_posts carries its start)', async () => {
  const event = await createEvent(server, {
    title: 'Moving concert',
    start_date: '2027-10-10 20:00',
    end_date: '2027-10-10 22:00',
    categories: ['Movers'],
  });
  const inOctober = { start_date: '2027-10-01', end_date: '2027-10-31', categories: 'movers' };
  const inDecember = { start_date: '2027-12-01', end_date: '2027-12-31', categories: 'movers' };
  const ids = async (query: Record<string, string>, extra: Record<string, string> = {}) =>
    (await server.request('GET', 'events', { query: { ...query, ...extra } })).body.events.map(
      (e: { id: number }) => e.id,
    );
  assert.deepEqual(await ids(inOctober), [event.id]);
  assert.deepEqual(await ids(inOctober, { search: 'Moving' }), [event.id]);
  await server.admin('PATCH', `events/${event.id}`, {
    json: { start_date: '2027-12-05 20:00', end_date: '2027-12-05 22:00' },
  });
  assert.deepEqual(await ids(inOctober), []);
  assert.deepEqual(await ids(inOctober, { search: 'Moving' }), []);
  assert.deepEqual(await ids(inDecember), [event.id]);
  assert.deepEqual(await ids(inDecember, { search: 'Moving' }), [event.id]);
  const stored = server.store.db
    .prepare('SELECT DISTINCT start_utc FROM term_posts WHERE site_id = 1 AND post_id = ?')
    .pluck()
    .all(event.id);
  assert.deepEqual(stored, ['2027-12-06 01:00:00']);
});

test('many events with one title get base, base-2, base-3 …; a freed number is reused; a later update keeps its slug', async () => {
  // Slug numbering used to ask for base-2, base-3, … one query each: quadratic in the copies.
  const slugs: string[] = [];
  const ids: number[] = [];
  for (let i = 0; i < 40; i++) {
    const event = await createEvent(server, { ...basic, title: 'Weekly Slug Night' });
    slugs.push(event.slug);
    ids.push(event.id);
  }
  assert.deepEqual(slugs, ['weekly-slug-night', ...Array.from({ length: 39 }, (_, i) => `weekly-slug-night-${i + 2}`)]);
  // Look-alikes are not numbers of the base.
  await createEvent(server, { ...basic, title: 'Weekly Slug Night 02' });
  await createEvent(server, { ...basic, title: 'Weekly Slug Night-Extra' });
  assert.equal((await server.admin('DELETE', `events/${ids[6]}?force=true`)).status, 200);
  const again = await createEvent(server, { ...basic, title: 'Weekly Slug Night' });
  assert.equal(again.slug, 'weekly-slug-night-7');
  const next = await createEvent(server, { ...basic, title: 'Weekly Slug Night' });
  assert.equal(next.slug, 'weekly-slug-night-41');
  const kept = await server.admin('PATCH', `events/${ids[3]}`, { json: { title: 'Weekly Slug Night' } });
  assert.equal(kept.body.slug, 'weekly-slug-night-4');
});
