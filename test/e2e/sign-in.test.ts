// How the UI signs in, in a real browser: the one-time URL, a reused or expired code, the cookie
// and its nonce, another origin, token sign-in, and the public calendar when signed out.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApp, type App, thisMonth, dayOf } from './support.ts';
import { REPO_ROOT } from '../reliability/child-server.ts';
import { SIGN_IN_CODE_MS } from '../../server/db/repositories/sessions.ts';

let app: App | undefined;
const month = thisMonth();
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

test('the printed one-time URL signs the browser in; the code leaves the address bar', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage();
  assert.equal(new URL(page.url()).search, '', 'no ?login= left in the URL');
  assert.ok(await page.getByRole('button', { name: 'New event' }).isVisible());
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name.startsWith('almanac_session'));
  assert.ok(session, 'a session cookie');
  assert.equal(session.httpOnly, true);
  assert.equal(session.sameSite, 'Strict');
  assert.equal(await page.evaluate(() => document.cookie), '', 'page script cannot read it');
});

test('a reused or expired code does not sign in, and the page says why', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const url = app.service.signInUrl();
  const first = await app.browser.newPage();
  await first.goto(url);
  await first.getByText(/Signed in as admin/).waitFor();
  await first.close();

  const reused = await app.browser.newPage();
  await reused.goto(url);
  await reused.getByText(/already used or has expired/).waitFor();
  // The command that gives a new link where this Almanac runs (a source checkout), for its data folder.
  assert.equal(
    await reused.locator('.banner code').textContent(),
    `npm --prefix ${REPO_ROOT.replace(/\/$/, '')} run almanac -- sign-in --data-dir '${app.service.dataDir}'`,
  );
  assert.equal(await reused.getByRole('button', { name: 'New event' }).count(), 0);
  await reused.close();

  const admin = app.service.store.users.installAdministrator()!;
  const old = app.service.store.writing(() =>
    app!.service.store.sessions.createSignInCode(admin.id, Date.now() - SIGN_IN_CODE_MS - 1000),
  );
  const expired = await app.browser.newPage();
  await expired.goto(`${app.service.url}/?login=${old}`);
  await expired.getByText(/already used or has expired/).waitFor();
  await expired.close();
});

test('a cookie write without the nonce, or from another origin, is refused', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage();
  const body = JSON.stringify({
    title: 'Sneaky',
    start_date: `${dayOf(month, 3)} 10:00`,
    end_date: `${dayOf(month, 3)} 11:00`,
  });
  const withoutNonce = await page.evaluate(async (json) => {
    const response = await fetch('/svc/events/v1/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json,
      credentials: 'same-origin',
    });
    return response.status;
  }, body);
  assert.equal(withoutNonce, 401);

  // Another origin on this machine (same host, another port: the same "site", so the browser
  // sends the cookie). A plain form post (no preflight) carries no nonce: refused; with the nonce
  // (had a page learnt it) the browser must preflight, and the service refuses the origin.
  const nonce = await page.evaluate(async () => (await (await fetch('/almanac/v1/session')).json()).nonce as string);
  const evil = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><title>elsewhere</title>');
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  const evilPage = await page.context().newPage();
  await evilPage.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
  const attempts = await evilPage.evaluate(
    async ({ target, day, nonce }) => {
      // No named inner functions here: the page does not have the test's bundler helpers.
      const form = new URLSearchParams({ title: 'Sneaky form', start_date: `${day} 10:00`, end_date: `${day} 11:00` });
      const first = await fetch(target, { method: 'POST', body: form, credentials: 'include', mode: 'no-cors' }).then(
        (response) => response.type,
        (error) => String(error),
      );
      const second = await fetch(target, {
        method: 'POST',
        body: new URLSearchParams({ title: 'Sneaky with nonce', start_date: `${day} 10:00`, end_date: `${day} 11:00` }),
        headers: { 'X-WP-Nonce': nonce },
        credentials: 'include',
      }).then(
        (response) => response.type,
        (error) => String(error),
      );
      return [first, second];
    },
    { target: `${app.service.apiRoot}/events`, day: dayOf(month, 3), nonce },
  );
  evil.close();
  assert.equal(attempts.length, 2);
  const titles = (await app.api('GET', `events?start_date=${month}-01`, undefined)).body.events.map(
    (event: { title: string }) => event.title,
  );
  assert.equal(titles.includes('Sneaky form'), false, 'the cookie alone writes nothing');
  assert.equal(titles.includes('Sneaky with nonce'), false, 'another origin writes nothing, even with the nonce');
});

test('signed out: the public calendar, read-only; "Sign in with a token" signs in', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await app.api('POST', 'events', {
    title: 'Public concert',
    start_date: `${dayOf(month, 14)} 19:00`,
    end_date: `${dayOf(month, 14)} 21:00`,
  });
  await app.api('POST', 'events', {
    title: 'Secret draft',
    status: 'draft',
    start_date: `${dayOf(month, 14)} 09:00`,
    end_date: `${dayOf(month, 14)} 10:00`,
  });
  const page = await app.anonymousPage();
  await page.getByText('Public concert').waitFor();
  assert.equal(await page.getByText('Secret draft').count(), 0);
  assert.equal(await page.getByRole('button', { name: 'New event' }).count(), 0);
  assert.ok(await page.getByText(/not signed in/).isVisible());

  const admin = app.service.store.users.installAdministrator()!;
  const token = app.service.store.writing(() => app!.service.store.users.createToken(admin.id, 'browser e2e'));
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await page.getByLabel('Token', { exact: true }).fill('alm_000000000000_wrongwrongwrongwrongwrongwrongwr');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(/not valid here/).waitFor();
  assert.equal(await page.getByLabel('Token', { exact: true }).getAttribute('aria-invalid'), 'true');
  await page.getByLabel('Token', { exact: true }).fill(token);
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(/Signed in as admin/).waitFor();
  await page.getByText('Secret draft').waitFor();
  assert.ok(await page.getByRole('button', { name: 'New event' }).isVisible());
});
