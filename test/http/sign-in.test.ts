// How the UI signs in to the local API in a browser, over real HTTP: the one-time sign-in URL, the
// HttpOnly session cookie and its nonce, token sign-in, sign-out. (The same flows in Chromium are
// in test/e2e/; the desktop window's bearer session is in test/server/service.test.ts.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../server/service.ts';
import { SIGN_IN_CODE_MS } from '../../server/db/repositories/sessions.ts';

let service: RunningService;
let dataDir: string;
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'almanac-signin-'));
  service = await startService({ dataDir, port: 0, tuneHeap: false, dailyBackups: false, timezone: 'UTC' });
});
after(async () => {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const EVENT = JSON.stringify({ title: 'Signed in', start_date: '2027-03-01 10:00', end_date: '2027-03-01 11:00' });

async function signIn(url = service.signInUrl()): Promise<{ cookie: string; nonce: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  assert.equal(response.status, 303);
  assert.equal(response.headers.get('location'), '/');
  const setCookie = response.headers.get('set-cookie') ?? '';
  assert.match(setCookie, /HttpOnly/);
  assert.match(setCookie, /SameSite=Strict/);
  const cookie = setCookie.split(';')[0]!;
  const session = await (await fetch(`${service.url}/almanac/v1/session`, { headers: { cookie } })).json();
  assert.equal(session.signed_in, true);
  assert.equal(session.method, 'cookie');
  assert.match(session.nonce, /^[0-9a-f]{32}$/);
  return { cookie, nonce: session.nonce };
}

const post = (headers: Record<string, string>) =>
  fetch(`${service.apiRoot}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: EVENT,
  });

test('the printed one-time URL signs the browser in; writes need the cookie and its nonce', async () => {
  const url = service.signInUrl();
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/\?login=[A-Za-z0-9_-]{43}$/);
  const { cookie, nonce } = await signIn(url);

  assert.equal((await post({ cookie, 'x-wp-nonce': nonce })).status, 201);
  const withoutNonce = await post({ cookie });
  assert.equal(withoutNonce.status, 401, 'without the nonce the cookie counts for nothing');
  const wrongNonce = await post({ cookie, 'x-wp-nonce': 'f'.repeat(32) });
  assert.equal(wrongNonce.status, 403);
  assert.equal((await wrongNonce.json()).code, 'rest_cookie_invalid_nonce');
  const otherOrigin = await post({ cookie, 'x-wp-nonce': nonce, origin: 'https://evil.example' });
  assert.equal(otherOrigin.status, 403);
  assert.equal((await otherOrigin.json()).code, 'rest_forbidden_origin');
});

test('a sign-in code works once, and not after ten minutes', async () => {
  const url = service.signInUrl();
  await signIn(url);
  const reused = await fetch(url, { redirect: 'manual' });
  assert.equal(reused.status, 303);
  assert.equal(reused.headers.get('location'), '/?signin=expired');
  assert.equal(reused.headers.get('set-cookie'), null);

  const admin = service.store.users.installAdministrator()!;
  const old = service.store.writing(() =>
    service.store.sessions.createSignInCode(admin.id, Date.now() - SIGN_IN_CODE_MS - 1000),
  );
  const expired = await fetch(`${service.url}/?login=${old}`, { redirect: 'manual' });
  assert.equal(expired.headers.get('location'), '/?signin=expired');
  assert.equal(expired.headers.get('set-cookie'), null);
});

test('sign in with an API token: a cookie session that ends when the token is revoked', async () => {
  const admin = service.store.users.installAdministrator()!;
  const token = service.store.writing(() => service.store.users.createToken(admin.id, 'browser'));
  const refused = await fetch(`${service.url}/almanac/v1/session`, {
    method: 'POST',
    headers: { authorization: 'Bearer alm_000000000000_00000000000000000000000000000000' },
  });
  assert.equal(refused.status, 401);

  const opened = await fetch(`${service.url}/almanac/v1/session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(opened.status, 201);
  const body = await opened.json();
  assert.equal(body.method, 'cookie');
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
  assert.equal((await post({ cookie, 'x-wp-nonce': body.nonce })).status, 201);

  service.store.writing(() => service.store.users.revokeToken(token));
  assert.equal((await post({ cookie, 'x-wp-nonce': body.nonce })).status, 401);
  const after = await (await fetch(`${service.url}/almanac/v1/session`, { headers: { cookie } })).json();
  assert.equal(after.signed_in, false);
});

test('sign-out ends the session; signed out, published content is still readable', async () => {
  const { cookie, nonce } = await signIn();
  const out = await fetch(`${service.url}/almanac/v1/session`, {
    method: 'DELETE',
    headers: { cookie, 'x-wp-nonce': nonce },
  });
  assert.equal(out.status, 200);
  assert.match(out.headers.get('set-cookie') ?? '', /Max-Age=0/);
  assert.equal((await post({ cookie, 'x-wp-nonce': nonce })).status, 401);
  const session = await (await fetch(`${service.url}/almanac/v1/session`, { headers: { cookie } })).json();
  assert.equal(session.signed_in, false);
  assert.equal(session.user, null);
  assert.equal((await fetch(`${service.apiRoot}/events`)).status, 200);
});

test('the app namespace is documented like the contract: an index and an OpenAPI document', async () => {
  const index = await (await fetch(`${service.url}/almanac/v1`)).json();
  assert.equal(index.namespace, 'almanac/v1');
  assert.ok(index.routes['/almanac/v1/session'], Object.keys(index.routes).join(', '));
  assert.deepEqual(index.routes['/almanac/v1/session'].methods, ['GET', 'POST', 'DELETE']);
  const doc = await (await fetch(`${service.url}/almanac/v1/doc`)).json();
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.servers[0].url, `${service.url}/almanac/v1`);
  assert.ok(doc.paths['/session'].post);
  // svc/events/v1 is exactly the contract: no app route leaks into it.
  const events = await (await fetch(`${service.apiRoot}`)).json();
  assert.equal(
    Object.keys(events.routes).some((route) => route.includes('session')),
    false,
  );
});

test('a session read with its cookie and nonce still reports the cookie session and its nonce', async () => {
  // Regression: the UI re-reads the session with X-WP-Nonce; it was reported as a token session
  // without a nonce, and the UI fell back to signed out.
  const { cookie, nonce } = await signIn();
  const again = await (
    await fetch(`${service.url}/almanac/v1/session`, { headers: { cookie, 'x-wp-nonce': nonce } })
  ).json();
  assert.equal(again.method, 'cookie');
  assert.equal(again.nonce, nonce);
});
