// Request limits and failed-authentication throttling: JSON errors with stable codes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, rawRequest, type TestServer } from '../support/server.ts';
import { AUTH_FAILURE_LIMIT } from '../../server/http/auth-throttle.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

test('an over-long URL gets a JSON 414', async () => {
  const response = await server.request('GET', `events?search=${'x'.repeat(9000)}`);
  assert.equal(response.status, 414);
  assert.equal(response.body.code, 'rest_uri_too_long');
});

test('oversized headers get a JSON 431 from below Fastify', async () => {
  const response = await rawRequest(server.port, {
    path: '/svc/events/v1/events',
    headers: { 'x-big': 'y'.repeat(20_000) },
  });
  assert.equal(response.status, 431);
  assert.equal(JSON.parse(response.body).code, 'rest_headers_too_large');
});

test('failed authentication is rate-limited per client and credential; right credentials always work', async () => {
  const wrong = { authorization: 'Bearer alm_000000000000_wrongwrongwrongwrongwrongwrongwr' };
  for (let i = 0; i < AUTH_FAILURE_LIMIT; i++) {
    const response = await server.request('GET', 'events', { headers: wrong });
    assert.equal(response.status, 401);
  }
  const blocked = await server.request('GET', 'events', { headers: wrong });
  assert.equal(blocked.status, 429, 'the guessed credential is blocked');
  assert.equal(blocked.body.code, 'rest_too_many_auth_failures');
  assert.ok(Number(blocked.headers.get('retry-after')) > 0);
  // Another program's failures must not lock out the desktop app's valid token (same 127.0.0.1).
  const valid = await server.request('GET', 'events', { token: server.tokens.administrator });
  assert.equal(valid.status, 200);
  assert.equal((await server.request('GET', 'events')).status, 200);
  // Guessing secrets for a real token id throttles the guesses, never the token itself (issue 37:
  // anyone on the machine could otherwise keep its owner out).
  const realId = server.tokens.editor.slice(0, 17);
  for (let i = 0; i <= AUTH_FAILURE_LIMIT; i++) {
    await server.request('GET', 'events', { headers: { authorization: `Bearer ${realId}_${'x'.repeat(32)}` } });
  }
  const guessed = await server.request('GET', 'events', {
    headers: { authorization: `Bearer ${realId}_${'y'.repeat(32)}` },
  });
  assert.equal(guessed.status, 429);
  assert.equal((await server.request('GET', 'events', { token: server.tokens.editor })).status, 200);
  assert.equal((await server.request('GET', 'events', { token: server.tokens.author })).status, 200);
});
