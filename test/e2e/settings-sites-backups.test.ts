// Settings → Sites and Backups in the real UI: a site created there is served at its base URL at
// once (and wrong input is named at its field); a site's title and page size are edited; Back up
// now writes a backup the list shows; Restore in a browser explains how, command ready to copy
// (naming the data folder, so a restore goes into the one in use).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, type App } from './support.ts';
import { REPO_ROOT } from '../reliability/child-server.ts';

let app: App | undefined;
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

test('create a site in Settings: its field errors at the fields, then it is served at its base URL', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/settings');
  await page.getByRole('button', { name: 'New site' }).click();
  const dialog = page.getByRole('dialog', { name: 'New site' });
  await dialog.getByLabel('Code', { exact: true }).fill('Fiestas MX');
  await dialog.getByLabel('Page size', { exact: true }).fill('500');
  await dialog.getByRole('button', { name: 'Create site' }).click();
  const code = dialog.getByLabel('Code', { exact: true });
  await page.waitForFunction(() => document.querySelectorAll('[role=dialog] [aria-invalid="true"]').length >= 2);
  assert.equal(await code.getAttribute('aria-invalid'), 'true');
  assert.equal(await dialog.getByLabel('Page size', { exact: true }).getAttribute('aria-invalid'), 'true');

  await code.fill('fiestas');
  await dialog.getByLabel('Title', { exact: true }).fill('Fiestas de México');
  await dialog.getByLabel('Page size', { exact: true }).fill('20');
  await dialog.getByRole('combobox', { name: 'Time zone' }).fill('America/Mexico_City');
  await page.keyboard.press('Tab'); // leaves the zone list
  await dialog.getByRole('button', { name: 'Create site' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('row', { name: /Fiestas de México/ }).waitFor();
  const served = await fetch(`${app.service.url}/fiestas/svc/events/v1/events`);
  assert.equal(served.status, 200);
  const site = (await app.api('GET', '/almanac/v1/sites')).body.find(
    (each: { code: string }) => each.code === 'fiestas',
  );
  assert.deepEqual([site.title, site.timezone, site.per_page], ['Fiestas de México', 'America/Mexico_City', 20]);

  // Edit this site's title and page size.
  await page.getByRole('button', { name: 'Edit Almanac' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Almanac' });
  await edit.getByLabel('Title', { exact: true }).fill('Our calendar');
  await edit.getByLabel('Page size', { exact: true }).fill('25');
  await edit.getByLabel('Page size', { exact: true }).press('Enter');
  await edit.waitFor({ state: 'detached' });
  await page.getByText('Saved “Our calendar”.').waitFor();
  const session = (await app.api('GET', '/almanac/v1/session')).body;
  assert.deepEqual([session.site.title, session.site.per_page], ['Our calendar', 25]);
});

test('Back up now: the list shows the new backup; Restore in a browser says how, with the command', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/settings');
  const section = page.getByRole('region', { name: 'Backups' });
  await section.getByText('No backups yet.').waitFor();
  await section.getByRole('button', { name: 'Back up now' }).click();
  await page.getByText(/Backup written/).waitFor();
  const row = section.getByRole('row').filter({ hasText: 'By hand' });
  await row.waitFor();
  const backups = (await app.api('GET', '/almanac/v1/backups')).body;
  assert.equal(backups.backups.length, 1);
  assert.ok(existsSync(join(backups.backups_folder, backups.backups[0].name)));

  await row.getByRole('button', { name: /Restore the backup of/ }).click();
  const howTo = page.getByRole('dialog', { name: /Restore the backup of/ });
  const command = await howTo.getByLabel('Command', { exact: true }).inputValue();
  // The command that runs here (a source checkout: npm run almanac in it, from any folder), never a
  // bare `almanac`; the data folder is named: this one is not the default, and a restore must go into it.
  assert.equal(
    command,
    `npm --prefix ${REPO_ROOT.replace(/\/$/, '')} run almanac -- restore '${join(backups.backups_folder, backups.backups[0].name)}' --data-dir '${app.dataDir}'`,
  );
  assert.equal(backups.data_folder, app.dataDir);
  const words = (await howTo.textContent()) ?? '';
  assert.match(words, /Ctrl\+C where it runs/);
  assert.doesNotMatch(words, /almanac serve/);
  assert.ok(!words.includes('`'), 'no literal backticks');
  await howTo.getByRole('button', { name: 'Done' }).click();
});

test('Settings → Web pages: an address allowed there may call the API from a browser at once; removed, it may not', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/settings');
  const section = page.getByRole('region', { name: 'Web pages allowed to use the API' });
  await section.getByText(/None: only Almanac itself/).waitFor();
  const field = section.getByLabel('Address to allow', { exact: true });
  await field.fill('https://example.org/path');
  await section.getByRole('button', { name: 'Allow' }).click();
  // The server's message at the field, in the UI's words with the field's label: marked invalid,
  // the message tied to it.
  await section.locator('input[aria-invalid="true"]').waitFor();
  assert.equal(await field.getAttribute('aria-invalid'), 'true');
  await section.getByText(/^Address to allow is not an origin such as/).waitFor();
  await field.fill('http://localhost:5173');
  await field.press('Enter');
  await section.getByText('http://localhost:5173', { exact: true }).waitFor();
  const from = (origin: string) =>
    fetch(`${app!.service.apiRoot}/events`, { headers: { origin } }).then((response) => response.status);
  assert.equal(await from('http://localhost:5173'), 200);
  await section.getByRole('button', { name: 'Remove http://localhost:5173' }).click();
  await section.getByText(/None: only Almanac itself/).waitFor();
  assert.equal(await from('http://localhost:5173'), 403);
});
