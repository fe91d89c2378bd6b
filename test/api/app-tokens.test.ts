// almanac/v1/tokens: API tokens from the UI, with the CLI's rules — an administrator manages
// everyone's, anyone else only their own; the secret appears once (in the create's answer) and
// never in a list; a revoked token stops working at once; "last used" follows use.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
const TOKENS = '/almanac/v1/tokens';
before(async () => {
  server = await startServer({ timezone: 'UTC' });
});
after(() => server.close());

test('anyone signed in makes their own token; the secret is answered once and works', async () => {
  const made = await server.request('POST', TOKENS, { json: { name: 'my script' }, token: server.tokens.author });
  assert.equal(made.status, 201, made.text);
  assert.equal(made.body.user, 'author');
  assert.equal(made.body.role, 'author');
  assert.match(made.body.token, /^alm_[0-9a-f]{12}_/);
  const withIt = await server.request('GET', 'events', { token: made.body.token });
  assert.equal(withIt.status, 200);
  const list = await server.request('GET', TOKENS, { token: server.tokens.author });
  assert.equal(list.status, 200);
  assert.ok(list.body.tokens.some((token: { id: number }) => token.id === made.body.id));
  assert.ok(
    !list.text.includes(made.body.token.slice('alm_'.length + 13) /* the secret: base64url, may hold '_' */),
    'no secret in a list',
  );
  assert.ok(
    list.body.tokens.every((token: { user: string }) => token.user === 'author'),
    'an author sees only their own',
  );
});

test('an administrator sees and revokes everybody’s; a revoked token stops at once', async () => {
  const made = await server.request('POST', TOKENS, { json: { name: 'editor tool' }, token: server.tokens.editor });
  const all = await server.admin('GET', TOKENS);
  assert.ok(all.body.tokens.some((token: { user: string }) => token.user === 'editor'));
  assert.ok(all.body.tokens.some((token: { user: string }) => token.user === 'administrator'));
  const revoked = await server.admin('DELETE', `${TOKENS}/${made.body.id}`);
  assert.equal(revoked.status, 200, revoked.text);
  const after = await server.request('GET', 'events', { token: made.body.token });
  assert.equal(after.status, 401);
  assert.equal((await server.admin('DELETE', `${TOKENS}/${made.body.id}`)).status, 404, 'already revoked');
});

test('others may not make, see or revoke somebody else’s tokens', async () => {
  const forOther = await server.request('POST', TOKENS, {
    json: { name: 'sneaky', user: 'administrator' },
    token: server.tokens.editor,
  });
  assert.equal(forOther.status, 403);
  const adminsOwn = (await server.admin('GET', TOKENS)).body.tokens.find(
    (token: { user: string }) => token.user === 'administrator',
  );
  const revoke = await server.request('DELETE', `${TOKENS}/${adminsOwn.id}`, { token: server.tokens.editor });
  assert.equal(revoke.status, 403);
  assert.equal((await server.request('GET', TOKENS)).status, 401, 'anonymous');
});

test('an administrator makes one for another user; bad input names its field', async () => {
  const made = await server.admin('POST', TOKENS, { json: { name: 'for the editor', user: 'editor' } });
  assert.equal(made.status, 201, made.text);
  assert.equal(made.body.user, 'editor');
  const unknown = await server.admin('POST', TOKENS, { json: { name: 'x', user: 'nobody' } });
  assert.equal(unknown.status, 400);
  assert.match(unknown.body.data.params.user, /nobody/);
  const blank = await server.admin('POST', TOKENS, { json: { name: '   ' } });
  assert.equal(blank.status, 400);
  assert.ok(blank.body.data.params.name);
  const missing = await server.admin('POST', TOKENS, { json: {} });
  assert.equal(missing.status, 400);
  assert.equal(missing.body.code, 'rest_missing_callback_param');
  assert.deepEqual(missing.body.data.params, ['name']);
  // An id that is not a number matches no route, as in WordPress (`(?P<id>\d+)`).
  assert.equal((await server.admin('DELETE', `${TOKENS}/abc`)).status, 404);
});

test('"last used" is set once a token is used', async () => {
  const made = await server.request('POST', TOKENS, { json: { name: 'used' }, token: server.tokens.contributor });
  assert.equal(made.body.last_used, null);
  await server.request('GET', 'events', { token: made.body.token });
  // Written just after the answer, in its own transaction.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const list = await server.request('GET', TOKENS, { token: server.tokens.contributor });
  const entry = list.body.tokens.find((token: { id: number }) => token.id === made.body.id);
  assert.match(entry.last_used ?? '', /^\d{4}-\d{2}-\d{2}T/);
});
