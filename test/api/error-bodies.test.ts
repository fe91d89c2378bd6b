// Error bodies as WordPress writes them, beyond code and message (issue "Tools written for The
// Events Calendar…"): data.details keyed by parameter for a wrong type (rest_invalid_type), an
// empty list when only our validators said no (as the reference's own recording shows),
// json_error_code/json_error_message for malformed JSON, and additional_data on term_exists.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

test('a wrong type: data.details keyed by parameter with rest_invalid_type; our messages stay in data.params', async () => {
  const response = await server.admin('POST', 'events', {
    json: {
      title: ['not', 'a', 'string'],
      start_date: '2030-01-01 10:00',
      end_date: '2030-01-01 11:00',
      featured: 'sometimes',
    },
  });
  assert.equal(response.status, 400, response.text);
  assert.equal(response.body.code, 'rest_invalid_param');
  const { params, details } = response.body.data;
  assert.ok(params.title);
  assert.deepEqual(details.title, { code: 'rest_invalid_type', message: params.title, data: { param: 'title' } });
  // Only the wrong types are details.
  for (const [param, detail] of Object.entries(details as Record<string, { code: string }>)) {
    assert.equal(detail.code, 'rest_invalid_type', param);
  }
});

test('a value our validators refuse (not a wrong type): details is an empty list, as the reference records it', async () => {
  const response = await server.request('GET', 'events', { query: { per_page: 0 } });
  assert.equal(response.status, 400);
  assert.deepEqual(response.body.data.details, []);
  assert.ok(response.body.data.params.per_page);
});

test('malformed JSON carries json_error_code and json_error_message', async () => {
  const response = await server.admin('POST', 'events', {
    raw: { body: '{"title": "x",', contentType: 'application/json' },
  });
  assert.equal(response.status, 400);
  assert.deepEqual(response.body, {
    code: 'rest_invalid_json',
    message: 'Invalid JSON body passed.',
    data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
  });
});

test('a duplicate term: term_exists with data.term_id and additional_data [term_id]', async () => {
  const first = await server.admin('POST', 'categories', { json: { name: 'Theatre' } });
  const again = await server.admin('POST', 'categories', { json: { name: 'Theatre' } });
  assert.equal(again.status, 400);
  assert.deepEqual(again.body, {
    code: 'term_exists',
    message: 'A term with the name provided already exists with this parent.',
    data: { status: 400, term_id: first.body.id },
    additional_data: [first.body.id],
  });
});
