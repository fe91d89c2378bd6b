// Settings → Connect a calendar app in the real UI: the CalDAV address, a password (API token)
// made for the app and shown once, which then works for CalDAV; "Share on my network" on shows the
// certificate's fingerprint and a QR code for DAVx5, off hides them again. And the issue's
// acceptance with a real client: what python3-caldav adds shows in the open window; an edit in
// Almanac reaches the client's next sync.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { dayOf, startApp, thisMonth, type App } from './support.ts';
import { clientStep, missingClients, type DavTarget } from '../caldav/support.ts';

let app: App | undefined;
const month = thisMonth();
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

test('acceptance: an event a calendar app (python3-caldav) adds is in the open month within a second; an edit in Almanac reaches the app’s next sync', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const missing = await missingClients();
  if (missing) return t.skip(missing);
  const made = await app.api('POST', '/almanac/v1/tokens', { name: 'Calendar app (test)' });
  assert.equal(made.status, 201);
  const client: DavTarget = {
    name: 'Almanac',
    url: `${app.service.url}/.well-known/caldav`,
    user: 'admin',
    password: made.body.token,
    calendar: 'default',
  };
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 15)}`);
  await page.locator('.calendar-frame').waitFor();
  const { token } = await clientStep<{ token: string }>(client, 'sync');

  const day = dayOf(month, 12).replaceAll('-', '');
  const uid = `market-${Date.now()}@tests`;
  const created = await clientStep<{ url: string }>(
    client,
    'create',
    uid,
    'Farmers market',
    `${day}T150000Z`,
    `${day}T170000Z`,
  );
  const saved = Date.now(); // the app's PUT has been answered
  assert.ok(created.url, JSON.stringify(created));
  // Live refresh, not a reload: CalDAV's writes once left the response cache holding the old month.
  await page.getByText('Farmers market').first().waitFor({ timeout: 10_000 });
  const onScreen = Date.now() - saved;
  t.diagnostic(
    `added in the calendar app: on screen ${onScreen} ms after its PUT was answered (goal: within a second)`,
  );

  // Edited in Almanac (as the editor's save does, through the API): the app's next sync has it.
  const list = await app.api(
    'GET',
    `events?search=${encodeURIComponent('Farmers market')}&start_date=${dayOf(month, 1)}`,
  );
  const event = list.body.events[0];
  assert.equal(
    (await app.api('POST', `events/${event.id}`, { title: 'Farmers market (moved to the square)' })).status,
    200,
  );
  const synced = await clientStep<{ objects: { summary: string | null }[] }>(client, 'sync', token);
  assert.ok(
    synced.objects.some((object) => object.summary === 'Farmers market (moved to the square)'),
    JSON.stringify(synced.objects),
  );
});
