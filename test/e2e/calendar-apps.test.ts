// Settings → Connect a calendar app in the real UI: the CalDAV address, a password (API token)
// made for the app and shown once, which then works for CalDAV; "Share on my network" on shows the
// certificate's fingerprint and a QR code for DAVx5, off hides them again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type App } from './support.ts';

let app: App | undefined;
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

test('connect a calendar app: address, a password that works over CalDAV, sharing on the network with a QR code', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/settings');
  const section = page.getByRole('region', { name: 'Connect a calendar app' });
  await section.waitFor();
  const address = await section.getByLabel('CalDAV address', { exact: true }).inputValue();
  assert.equal(address, `${app.service.url}/caldav/`);
  const user = await section.getByLabel('User name', { exact: true }).inputValue();

  await section.getByRole('button', { name: 'Make a password for a calendar app' }).click();
  const password = await section.getByLabel('Password', { exact: true }).inputValue();
  assert.match(password, /^alm_[0-9a-f]{12}_/);
  const propfind = await fetch(address, {
    method: 'PROPFIND',
    headers: { authorization: `Basic ${btoa(`${user}:${password}`)}`, depth: '0' },
  });
  assert.equal(propfind.status, 207, 'the password works for CalDAV');
  assert.match(await propfind.text(), /current-user-principal/);
  assert.ok(await section.getByText('To connect a phone, turn on Share on my network').isVisible());

  await section.getByText('Share on my network', { exact: true }).click();
  const fingerprint = section.locator('code.fingerprint');
  await fingerprint.waitFor();
  assert.match((await fingerprint.textContent()) ?? '', /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  const addresses = await section.getByRole('list', { name: 'Addresses on the network' }).count();
  if (addresses > 0) await section.getByRole('img', { name: /QR code for DAVx5/ }).waitFor();
  await page.screenshot({ path: process.env.ALMANAC_SCREENSHOT ?? `${app.dataDir}/calendar-apps.png`, fullPage: true });

  await section.getByText('Share on my network', { exact: true }).click();
  await fingerprint.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('region', { name: 'Connect a calendar app' }).waitFor();
  assert.equal(await page.locator('code.fingerprint').count(), 0, 'off stays off');
});
