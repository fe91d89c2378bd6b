// npm run screenshots [-- --out DIR] [--locale en-US]: screenshots of every main screen of the
// real app (the service on a temp data dir with the demo calendar, the built UI, Debian's
// Chromium), for docs/screenshots/ and the README. Look at each one before committing it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { startService } from '../server/service.ts';
import { DEFAULT_CONTEXT, launchBrowser } from './ui/browser.ts';
import { seedDemo } from './ui/demo-data.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'docs/screenshots' },
    locale: { type: 'string', default: 'en-US' },
    theme: { type: 'string', default: 'light' },
    month: { type: 'string', default: '2026-11' },
  },
});
const out = values.out!;
mkdirSync(out, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'almanac-screenshots-'));
const service = await startService({
  dataDir,
  port: 0,
  tuneHeap: false,
  dailyBackups: false,
  timezone: 'America/Chicago',
});
const token = service.createDesktopSession();
const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${service.apiRoot}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
};
await seedDemo(call, values.month!);
// Settings shows the install's sites and backups: a second site and one backup make them real.
await fetch(`${service.url}/almanac/v1/sites`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ code: 'mx', title: 'Fiestas', language: 'mx', timezone: 'America/Mexico_City' }),
});
await service.backupNow();

const browser = await launchBrowser();
const context = await browser.newContext({
  ...DEFAULT_CONTEXT,
  locale: values.locale,
  colorScheme: values.theme === 'dark' ? 'dark' : 'light',
});
const page = await context.newPage();
const problems: string[] = [];
page.on('console', (message) => {
  if (message.type() === 'error') problems.push(message.text());
});
page.on('pageerror', (error) => problems.push(String(error)));
// A console error names no address ("Failed to load resource: … 404"): the answer does.
page.on('response', (response) => {
  if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
});
await page.goto(service.signInUrl());
await page.waitForSelector('.calendar-event').catch(async (error) => {
  await page.screenshot({ path: join(out, 'failure.png') });
  console.error(problems.join('\n'));
  throw error;
});

async function shot(name: string, hash: string, ready: (page: Page) => Promise<unknown>) {
  await page.evaluate((target) => (window.location.hash = target), hash);
  await ready(page).catch(async (error: unknown) => {
    await page.screenshot({ path: join(out, `${name}-failed.png`) });
    console.error(problems.join('\n'));
    throw error;
  });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, `${name}.png`) });
  console.log(`wrote ${join(out, `${name}.png`)}`);
}

await shot('calendar-month', `#/calendar?view=month&date=${values.month}-15`, (p) =>
  p.waitForSelector('.calendar-event'),
);
await shot('calendar-week', `#/calendar?view=week&date=${values.month}-15`, (p) =>
  p.waitForSelector('.calendar-event'),
);
await shot('calendar-list', `#/calendar?view=list&date=${values.month}-15`, (p) =>
  p.waitForSelector('.calendar-event'),
);
await shot('event-card', `#/calendar?view=month&date=${values.month}-15`, async (p) => {
  await p.locator('.calendar-event', { hasText: 'Jazz night' }).first().click();
  await p.locator('.event-card [data-complete]').waitFor();
});
await shot('event-editor', `#/calendar?view=month&date=${values.month}-15`, async (p) => {
  await p
    .locator('.event-card')
    .getByRole('button', { name: /^(Edit|Editar)$/ })
    .click();
  await p.getByRole('dialog').locator('input').first().waitFor();
});
await page.keyboard.press('Escape');
await shot('events-list', `#/events?from=${values.month}-01&to=${values.month}-30`, (p) =>
  p.getByRole('grid').waitFor(),
);
await shot('venues', '#/venues', (p) => p.getByRole('grid').waitFor());
await shot('organizers', '#/organizers', (p) => p.getByRole('grid').waitFor());
await shot('categories', '#/categories', (p) => p.getByRole('grid').waitFor());
await shot('tags', '#/tags', (p) => p.getByRole('grid').waitFor());
await shot('trash', '#/trash', (p) => p.getByRole('tablist').waitFor());
await shot('settings', '#/settings', (p) => p.getByRole('heading', { level: 1 }).waitFor());
await shot('settings-sites-backups', '#/settings', async (p) => {
  await p
    .locator('.settings-section')
    .filter({ has: p.locator('#settings-backups') })
    .getByRole('row')
    .nth(1)
    .waitFor();
  await p.locator('#settings-sites').scrollIntoViewIfNeeded();
  await p.locator('#settings-sites').evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
});
// Import: the preview of an Outlook calendar (a weekly meeting expanded, a zone Almanac does not
// know named in a warning); nothing is written, the dialog is closed again.
await shot('import-preview', `#/calendar?view=month&date=${values.month}-15`, async (p) => {
  await p.getByRole('button', { name: /^(Import|Importar)$/ }).click();
  await p.locator('input[type=file]').setInputFiles('test/fixtures/ics/outlook.ics');
  await p.getByRole('dialog').getByRole('grid').waitFor();
});
await page.keyboard.press('Escape');
await browser.close();
await service.stop();
rmSync(dataDir, { recursive: true, force: true });
if (problems.length > 0) {
  console.error(`console errors:\n${problems.join('\n')}`);
  process.exitCode = 1;
}
