// Tokens are stored only as SHA-256 hashes: nothing in the database reveals a usable token.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

test('the database never holds a token or its secret in clear', () => {
  const rows = server.store.db.prepare('SELECT * FROM tokens').all() as Record<string, unknown>[];
  assert.ok(rows.length >= 6);
  const dump = JSON.stringify(rows, (_key, value) => (Buffer.isBuffer(value) ? value.toString('hex') : value));
  for (const token of Object.values(server.tokens)) {
    // alm_<12 hex>_<32 base64url>: the secret may itself contain '_', so cut by position.
    const secret = token.slice('alm_'.length + 12 + 1);
    assert.equal(secret.length, 32);
    assert.equal(dump.includes(token), false);
    assert.equal(dump.includes(secret), false);
  }
  for (const row of rows) assert.equal((row.secret_hash as Buffer).length, 32, 'a SHA-256 digest');
});

test('a revoked token stops working at once', async () => {
  const user = server.store.users.byLogin('editor')!;
  const token = server.store.users.createToken(user.id, 'to revoke');
  assert.equal((await server.request('POST', 'tags', { json: { name: 'Before revoke' }, token })).status, 201);
  assert.equal(server.store.users.revokeToken(token), true);
  const after = await server.request('POST', 'tags', { json: { name: 'After revoke' }, token });
  assert.equal(after.status, 401);
  assert.equal(after.body.code, 'rest_invalid_token');
});

test('errors never carry a stack trace or internal paths', async () => {
  const responses = [
    await server.request('POST', 'events', {
      raw: { body: '{"title":', contentType: 'application/json' },
      token: server.tokens.administrator,
    }),
    await server.request('GET', 'events/999999'),
    await server.request('GET', 'nope'),
    await server.request('GET', 'events', { query: { start_date: 'not a date' } }),
  ];
  for (const response of responses) {
    assert.ok(response.status >= 400 && response.status < 500);
    assert.doesNotMatch(response.text, /at .*\.(ts|js):\d+|node_modules|\/work\/|stack/i);
  }
});
