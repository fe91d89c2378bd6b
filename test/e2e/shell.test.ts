// The shell around the screens (issue 36): what the sidebar offers a visitor, which time zone the
// calendar's times are in (and a hint when the computer keeps another clock), and the calendar
// quick to reach and to move by keyboard — the first event was the 19th Tab stop, and after a
// click on Month or Week ←/→ chose another view instead of moving between months.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEFAULT_CONTEXT } from '../../scripts/ui/browser.ts';
import { dayOf, startAppWithEvents, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
before(async () => {
  app = await startAppWithEvents(test as never, [
    { title: 'Opening night', day: 3, from: '19:00', to: '21:00' },
    { title: 'Matinee', day: 9, from: '15:00', to: '17:00' },
  ]);
});
after(() => app?.close());

const navNames = async (page: Page) =>
  (await page.getByRole('navigation').getByRole('link').allTextContents()).map((name) => name.trim());

test('a visitor (signed out) is not offered Trash or Settings; a signed-in editor is', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const visitor = await app.anonymousPage(`#/calendar?view=month&date=${dayOf(month, 3)}`);
  await visitor.locator('.calendar-event', { hasText: 'Opening night' }).waitFor();
  assert.deepEqual(await navNames(visitor), ['Calendar', 'Events', 'Venues', 'Organizers', 'Categories', 'Tags']);
  await visitor.close();
  const editor = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 3)}`);
  await editor.locator('.calendar-event', { hasText: 'Opening night' }).waitFor();
  assert.deepEqual(await navNames(editor), [
    'Calendar',
    'Events',
    'Venues',
    'Organizers',
    'Categories',
    'Tags',
    'Trash',
    'Settings',
  ]);
  await editor.close();
});

test("the calendar says whose time it shows, and when the computer's clock is another", async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  // The site is in New York; a computer there sees the zone, no hint.
  const here = await app.signedInPage(`#/calendar?view=week&date=${dayOf(month, 3)}`);
  await here.getByText('New York time', { exact: true }).waitFor();
  assert.equal(await here.getByText(/your computer:/).count(), 0);
  await here.close();
  // A computer in Berlin: the times are still New York's, and it is said.
  for (const [locale, shown, hint] of [
    ['en-US', 'New York time', '· your computer: Berlin time'],
    ['es-ES', 'Hora de New York', '· tu ordenador: hora de Berlin'],
  ] as const) {
    const context = await app.browser.newContext({ ...DEFAULT_CONTEXT, locale, timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    await page.goto(app.service.signInUrl());
    await page.getByText(/Signed in as admin|Sesión iniciada como admin/).waitFor();
    await page.evaluate((hash) => (window.location.hash = hash), `#/calendar?view=week&date=${dayOf(month, 3)}`);
    await page.getByText(shown, { exact: true }).waitFor();
    await page.getByText(hint, { exact: true }).waitFor();
    await page.screenshot({ path: `${process.env.ALMANAC_SHOTS ?? app.dataDir}/zone-note-${locale}.png` });
    await context.close();
  }
});

test('keyboard: the skip link lands on the first event: Tab, Enter (it was the 19th Tab stop)', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=week&date=${dayOf(month, 3)}`);
  await page.locator('.calendar-event', { hasText: 'Opening night' }).waitFor();
  // A fresh load: nothing focused, the first Tab is the skip link.
  await page.reload();
  await page.locator('.calendar-event', { hasText: 'Opening night' }).waitFor();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
  await page.keyboard.press('Enter');
  assert.match(
    await page.evaluate(() => document.activeElement?.querySelector('.calendar-event')?.textContent ?? ''),
    /Opening night/,
    'the first event has the focus',
  );
  // Enter opens it, as any event.
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Opening night' }).waitFor();
  await page.keyboard.press('Escape');
  await page.close();
});

test('keyboard: after a click on Month, ←/→ move between months; reached with Tab, through the views', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=week&date=${dayOf(month, 3)}`);
  await page.locator('.calendar-event', { hasText: 'Opening night' }).waitFor();
  // A click on Month, then the arrows: the months go by, the view stays Month.
  const heading = page.getByRole('heading', { level: 1 });
  await page.getByRole('radio', { name: 'Month' }).click();
  await page.waitForFunction(() => window.location.hash.includes('view=month'));
  const shown = await heading.textContent();
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((before) => document.querySelector('h1')?.textContent !== before, shown);
  assert.match(await page.evaluate(() => window.location.hash), /view=month/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(
    (before) => document.querySelector('h1')?.textContent !== before && window.location.hash.includes('view=month'),
    shown,
  );
  assert.notEqual(await heading.textContent(), shown);
  // Reached with Tab, the arrows go through the views (the group's own keys), the period stays.
  const before = await heading.textContent();
  await page.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Month');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Week');
  assert.equal(await heading.textContent(), before);
  await page.close();
});
