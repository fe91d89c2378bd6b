// Regression tests for GET /events bugs found while writing the list tests (fixed in
// server/api/events/list.ts). Each one failed before its fix.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { createEvent, startServer, type TestServer } from '../support/server.ts';
import { assertInvalid, hourAt, listIds, listOk, seed, urlQuery } from './events-list.helpers.ts';

const ZONE = 'America/New_York';
const soon = (days: number) => hourAt(DateTime.now().setZone(ZONE).startOf('day').plus({ days, hours: 12 }));

describe('GET /events regressions', () => {
  let server: TestServer;
  const ids = {} as Record<'past' | 'plain' | 'tagged', number>;

  before(async () => {
    server = await startServer();
    const event = await createEvent(server, {
      title: 'Tagged',
      categories: ['Music'],
      tags: ['rock'],
      venue: { venue: 'Hall', geo_lat: 40.7, geo_lng: -74 },
      organizer: { organizer: 'Org' },
      ...soon(2),
    });
    ids.tagged = event.id;
    ids.plain = await seed(server, { title: 'Plain', ...soon(3) });
    ids.past = await seed(server, {
      title: 'Past',
      start_date: '2018-01-01 10:00:00',
      end_date: '2018-01-01 11:00:00',
    });
  });
  after(() => server.close());

  // Bug: the validation phase called boundingBox() with the unvalidated value, which throws → 500.
  test('out-of-range, non-numeric or empty geoloc_lat / geoloc_lng → 400, not 500', async () => {
    await assertInvalid(server, { geoloc_lat: 91, geoloc_lng: 0 }, ['geoloc_lat']);
    await assertInvalid(server, { geoloc_lat: -90.5, geoloc_lng: 0 }, ['geoloc_lat']);
    await assertInvalid(server, { geoloc_lat: 0, geoloc_lng: 181 }, ['geoloc_lng']);
    await assertInvalid(server, { geoloc_lat: 'north', geoloc_lng: 0 }, ['geoloc_lat']);
    await assertInvalid(server, { geoloc_lat: 'NaN', geoloc_lng: 'Infinity' }, ['geoloc_lat', 'geoloc_lng']);
    await assertInvalid(server, { geoloc_lat: '1e400', geoloc_lng: 0 }, ['geoloc_lat']);
    await assertInvalid(server, { geoloc_lat: '', geoloc_lng: '' }, ['geoloc_lat', 'geoloc_lng']);
    // The valid extremes still work.
    assert.deepEqual(await listIds(server, { geoloc_lat: 90, geoloc_lng: 180 }), []);
    assert.deepEqual(await listIds(server, { geoloc_lat: 40.7, geoloc_lng: -74 }), [ids.tagged]);
  });

  // Bug (found by the schema-driven fuzzer): for a caller who also sees their own drafts (authors,
  // contributors), the total counts everybody's events and the caller's own apart, and those
  // COUNT queries were built without the distance filter's parameters → "too few parameter
  // values" → 500 for any geoloc_lat / geoloc_lng.
  test('a distance filter works for callers who see their own drafts too', async () => {
    const venue = (
      await createEvent(server, { title: 'Probe', ...soon(4), venue: { venue: 'Pier', geo_lat: 40.71, geo_lng: -74 } })
    ).venue.id as number;
    const draft = await seed(server, { title: 'Own draft', status: 'draft', venue, ...soon(5) }, server.tokens.author);
    const near = { geoloc_lat: 40.7, geoloc_lng: -74 };
    const author = await listOk(server, { ...near, per_page: 50 }, server.tokens.author);
    assert.ok(
      author.events.some((e) => e.id === draft),
      'the author sees their own draft near the point',
    );
    assert.ok(author.events.some((e) => e.id === ids.tagged));
    assert.equal(author.total, author.events.length);
    const contributor = await listOk(server, near, server.tokens.contributor);
    assert.equal(contributor.total, author.total - 1, "everything but the author's draft");
    assert.deepEqual(await listIds(server, { geoloc_lat: -8e-232, geoloc_lng: -89.65 }, server.tokens.author), []);
  });

  // Bug: listVisibility() split the unvalidated `status`, which throws for an array or object → 500.
  test('status given as an array or object → 400, not 500', async () => {
    await assertInvalid(server, { status: ['publish'] }, ['status']);
    await assertInvalid(server, { status: ['draft', 'publish'] }, ['status'], server.tokens.editor);
    const response = await server.request('GET', '/svc/events/v1/events?status[key]=publish');
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(Object.keys(response.body.data.params), ['status']);
  });

  // Bug: an empty list value was accepted and then matched nothing (200 with []); `include=` even
  // lifted the date window. The reference's validators reject an empty list (is_term_of_taxonomy,
  // is_positive_int_list): 400.
  test('empty categories / tags / venue / organizer / include → 400 naming the param', async () => {
    for (const param of ['categories', 'tags', 'venue', 'organizer', 'include']) {
      await assertInvalid(server, { [param]: '' }, [param]);
      await assertInvalid(server, { [param]: ' , ' }, [param]);
    }
    // A non-empty value of each still filters.
    const body = await listOk(server, { categories: 'music', tags: 'rock' });
    assert.deepEqual(
      body.events.map((e: { id: number }) => e.id),
      [ids.tagged],
    );
  });

  // Bug: spec §4.2 says that with `include` "the date filters are ignored" (the reference handler
  // drops start_date/end_date), but explicit start_date/end_date were still applied.
  test('include ignores explicit start_date / end_date (still validated)', async () => {
    const body = await listOk(server, {
      include: `${ids.past},${ids.plain}`,
      start_date: '2030-01-01',
      end_date: '2030-12-31',
    });
    assert.deepEqual(
      body.events.map((e: { id: number }) => e.id),
      [ids.plain, ids.past],
    );
    const query = Object.fromEntries(urlQuery(server, body.rest_url));
    assert.equal(query.start_date, undefined);
    assert.equal(query.end_date, undefined);
    await assertInvalid(server, { include: ids.past, start_date: 'garbage' }, ['start_date']);
  });
});
