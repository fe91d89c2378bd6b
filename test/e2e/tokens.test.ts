// Settings → API tokens in the real UI: make a token (its secret shown once, with a curl line),
// the token works against the API, revoking it stops it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type App } from './support.ts';

let app: App | undefined;
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

test('make a token in Settings, use it over HTTP, revoke it', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/settings');
  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New token' });
  await dialog.getByLabel('Name', { exact: true }).fill('Newsletter script');
  await dialog.getByRole('button', { name: 'Make token' }).click();
  const made = page.getByRole('dialog', { name: 'Your new token' });
  const secret = await made.getByLabel('Token', { exact: true }).inputValue();
  assert.match(secret, /^alm_[0-9a-f]{12}_/);
  assert.match(await made.getByLabel('Try it', { exact: true }).inputValue(), new RegExp(`Bearer ${secret}`));
  await made.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: /Newsletter script/ });
  await row.waitFor();
  assert.ok(!(await page.content()).includes(secret), 'the secret is not on the page any more');
  const withIt = await fetch(`${app.service.apiRoot}/events`, { headers: { authorization: `Bearer ${secret}` } });
  assert.equal(withIt.status, 200);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await page.getByText('Revoked “Newsletter script”.').waitFor();
  const after = await fetch(`${app.service.apiRoot}/events`, { headers: { authorization: `Bearer ${secret}` } });
  assert.equal(after.status, 401);
});
