// Reason codes per parameter (issue 29, "server messages in the UI's language"): the app's UI asks
// with X-Almanac-Reasons: 1 and gets data.almanac_reasons (a stable code and its values per bad
// parameter) to say the failure in its own language with field labels. Every other caller gets the
// contract's body unchanged: no extra key.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const ASK = { 'X-Almanac-Reasons': '1' };

test('end before start: end_before_start naming start_date, only when asked', async () => {
  const json = { title: 'Concert', start_date: '2030-01-02 10:00', end_date: '2030-01-01 10:00' };
  const asked = await server.admin('POST', 'events', { json, headers: ASK });
  assert.equal(asked.status, 400, asked.text);
  assert.deepEqual(asked.body.data.almanac_reasons, {
    end_date: { code: 'end_before_start', params: { other: 'start_date' } },
  });
  assert.equal(asked.body.data.params.end_date, 'end_date must not be earlier than start_date.');

  const plain = await server.admin('POST', 'events', { json });
  assert.equal(plain.status, 400);
  assert.deepEqual(Object.keys(plain.body.data).sort(), ['details', 'params', 'status']);
  assert.equal(plain.body.data.almanac_reasons, undefined);
});

test("several parameters at once: each its own reason (our checks and the schema's)", async () => {
  const response = await server.admin('POST', 'events', {
    json: {
      title: ' ',
      start_date: 'someday',
      end_date: '2030-01-01 10:00',
      website: 'not a url',
      cost: '-15',
      featured: 'sometimes',
    },
    headers: ASK,
  });
  assert.equal(response.status, 400, response.text);
  const reasons = response.body.data.almanac_reasons;
  assert.deepEqual(reasons.title, { code: 'empty' });
  assert.deepEqual(reasons.start_date, { code: 'not_a_date' });
  assert.deepEqual(reasons.website, { code: 'not_a_url' });
  assert.deepEqual(reasons.cost, { code: 'negative_cost' });
  assert.deepEqual(reasons.featured, { code: 'type', params: { type: 'boolean' } });
  // Every parameter named in params has its reason.
  assert.deepEqual(Object.keys(reasons).sort(), Object.keys(response.body.data.params).sort());
});

test('a missing required parameter: required', async () => {
  const response = await server.admin('POST', 'events', { json: { title: 'No dates' }, headers: ASK });
  assert.equal(response.status, 400, response.text);
  assert.equal(response.body.code, 'rest_missing_callback_param');
  for (const name of response.body.data.params)
    assert.deepEqual(response.body.data.almanac_reasons[name], { code: 'required' });
});

test("venues, terms and the app namespace: the schema's maximum, not_an_email, empty, taken", async () => {
  const venue = await server.admin('POST', 'venues', { json: { venue: 'Hall', geo_lat: 91 }, headers: ASK });
  assert.equal(venue.status, 400, venue.text);
  assert.deepEqual(venue.body.data.almanac_reasons.geo_lat, { code: 'maximum', params: { limit: 90 } });

  const organizer = await server.admin('POST', 'organizers', {
    json: { organizer: 'Ana', email: 'ana-at-example' },
    headers: ASK,
  });
  assert.deepEqual(organizer.body.data.almanac_reasons.email, { code: 'not_an_email' });

  const category = await server.admin('POST', 'categories', { json: { name: '   ' }, headers: ASK });
  assert.equal(category.status, 400, category.text);
  assert.deepEqual(category.body.data.almanac_reasons.name, { code: 'empty' });

  const site = await server.admin('POST', '/almanac/v1/sites', {
    json: { code: 'default', language: 'en', timezone: 'UTC' },
    headers: ASK,
  });
  assert.equal(site.status, 400, site.text);
  assert.deepEqual(site.body.data.almanac_reasons.code, { code: 'taken' });
});

test('an update through the envelope: the reasons ride along when asked', async () => {
  const created = await server.admin('POST', 'events', {
    json: { title: 'Talk', start_date: '2030-03-01 10:00', end_date: '2030-03-01 11:00' },
  });
  assert.equal(created.status, 201, created.text);
  const response = await server.admin('POST', `events/${created.body.id}`, {
    json: { end_date: '2030-02-28 10:00' },
    query: { _envelope: '1' },
    headers: ASK,
  });
  assert.equal(response.status, 200);
  assert.equal(response.body.status, 400);
  assert.deepEqual(response.body.body.data.almanac_reasons.end_date.code, 'end_before_start');
});
