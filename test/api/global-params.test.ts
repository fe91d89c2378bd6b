// WordPress's global parameters `_fields` and `_envelope` (issue "Tools written for The Events
// Calendar…"), on cached, uncached and worker-served answers alike.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let eventId: number;
before(async () => {
  server = await startServer();
  const venue = await server.admin('POST', 'venues', { json: { venue: 'Hall', city: 'Springfield' } });
  eventId = (
    await createEvent(server, {
      title: 'Fields',
      start_date: '2030-01-01 10:00',
      end_date: '2030-01-01 11:00',
      venue: venue.body.id,
    })
  ).id;
});
after(() => server.close());

test('_fields keeps only the listed keys, in the answer’s own order; a.b reaches into objects', async () => {
  for (let round = 0; round < 2; round++) {
    // The second round is served from the response cache: shaped the same.
    const single = await server.request('GET', `events/${eventId}`, { query: { _fields: 'title,id,venue.city' } });
    assert.equal(single.status, 200);
    assert.deepEqual(single.body, { id: eventId, title: 'Fields', venue: { city: 'Springfield' } });
  }
  const asArray = await server.request('GET', `events/${eventId}`, { query: { _fields: ['id', 'slug'] } });
  assert.deepEqual(asArray.body, { id: eventId, slug: 'fields' });
  const list = await server.request('GET', 'events', {
    query: { _fields: 'events.id,total', start_date: '2029-01-01', end_date: '2031-01-01' },
  });
  assert.deepEqual(list.body, { events: [{ id: eventId }], total: 1 });
  assert.equal(list.headers.get('x-tec-total'), '1', 'headers untouched');
  const search = await server.request('GET', 'events', {
    query: { _fields: 'events.title', search: 'Fields', start_date: '2029-01-01', end_date: '2031-01-01' },
  });
  assert.deepEqual(search.body, { events: [{ title: 'Fields' }] });
  // Errors are never filtered.
  const missing = await server.request('GET', 'events/999999', { query: { _fields: 'id' } });
  assert.equal(missing.status, 404);
  assert.deepEqual(Object.keys(missing.body), ['code', 'message', 'data']);
});

test('_envelope answers 200 with the body, the status and the headers inside', async () => {
  const single = await server.request('GET', `events/${eventId}`, { query: { _envelope: '' } });
  assert.equal(single.status, 200);
  assert.deepEqual(Object.keys(single.body), ['body', 'status', 'headers']);
  assert.equal(single.body.status, 200);
  assert.equal(single.body.body.id, eventId);
  assert.match(single.body.headers.ETag, /^"/);
  const list = await server.request('GET', 'events', {
    query: { _envelope: '1', _fields: 'total', start_date: '2029-01-01', end_date: '2031-01-01' },
  });
  assert.deepEqual(list.body.body, { total: 1 });
  assert.equal(list.body.headers['X-TEC-Total'], '1');
  const created = await server.admin('POST', 'tags', {
    json: { name: 'Enveloped' },
    query: { _envelope: '' },
  } as never);
  assert.equal(created.status, 200);
  assert.equal(created.body.status, 201);
  const error = await server.request('GET', 'events', { query: { _envelope: '', per_page: 0 } });
  assert.equal(error.status, 200);
  assert.equal(error.body.status, 400);
  assert.equal(error.body.body.code, 'rest_invalid_param');
});
