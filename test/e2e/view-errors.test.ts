// No rendering error blanks the app (issue 29, defect 1): a click on an empty hour of the week or
// day view proposes a quick add for that hour (it once drew the selection with the event renderer
// and took the whole window down), and a view that fails to draw says what failed, offers to reload
// that view and logs the error, while the navigation and the other screens go on working.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dayOf, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

/** Clicks the week or day grid on `day` at `hour` (the grid's own slot lines say where). */
async function clickHour(page: Page, day: string, hour: number) {
  const slot = page.locator(`[data-time="${String(hour).padStart(2, '0')}:00:00"]`).first();
  await slot.scrollIntoViewIfNeeded();
  const row = (await slot.boundingBox())!;
  const column = (await page.locator(`[role=cell][data-date="${day}"]`).last().boundingBox())!;
  await page.mouse.click(column.x + column.width / 2, row.y + row.height / 2);
}

for (const [view, locale, dialogName, titleLabel, hourText] of [
  ['week', 'en-US', 'New event', 'Title', /3:00\s–\s4:00\sPM/],
  ['day', 'es-ES', 'Nuevo evento', 'Título', /15:00–16:00/],
] as const) {
  test(`a click on an empty hour of the ${view} view (${locale}) offers a quick add for that hour, and saves it`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const day = dayOf(month, view === 'week' ? 9 : 10);
    const errors: string[] = [];
    const page = await app.signedInPage(`#/calendar?view=${view}&date=${day}`, { locale });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.locator('.calendar-frame[aria-busy="false"]').waitFor();
    await clickHour(page, day, 15);
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.waitFor();
    assert.match((await dialog.textContent()) ?? '', hourText, 'the hour clicked, one hour long');
    await dialog.getByLabel(titleLabel, { exact: true }).fill(`Quick ${view}`);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.calendar-event', { hasText: `Quick ${view}` }).waitFor();
    const saved = (await app.api('GET', `events?start_date=${day}&end_date=${day}&search=Quick%20${view}`)).body
      .events[0];
    assert.equal(saved.start_date, `${day} 15:00:00`);
    assert.equal(saved.end_date, `${day} 16:00:00`);
    assert.deepEqual(errors, [], 'nothing failed on the page');
  });
}

test('a view that fails to draw says what failed and reloads that view; the rest of the app goes on', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await app.api('POST', 'events', {
    title: 'Drawn again',
    start_date: `${dayOf(month, 12)} 10:00`,
    end_date: `${dayOf(month, 12)} 11:00`,
  });
  const page = await app.signedInPage();
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  // The service answers the calendar's feed with an event it cannot draw (no categories list).
  await page.route('**/almanac/v1/event-feed*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.events = body.events.map((event: Record<string, unknown>) => ({ ...event, categories: null }));
    await route.fulfill({ response, json: body });
  });
  await page.evaluate((hash) => (window.location.hash = hash), `#/calendar?view=month&date=${dayOf(month, 12)}`);
  await page.reload();
  const failed = page.getByRole('alert').filter({ hasText: 'Almanac could not show “Calendar”.' });
  await failed.waitFor();
  assert.match((await failed.textContent()) ?? '', /What failed: .+/, 'what failed, in words');
  assert.ok(
    logged.some((line) => line.includes('the calendar view failed to render')),
    'the error is logged',
  );
  // The navigation still works, and the other screens draw.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Venues' }).click();
  await page.getByRole('heading', { name: 'Venues', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await failed.waitFor();
  // The service is fixed: Reload this view draws it afresh from a new answer.
  await page.unroute('**/almanac/v1/event-feed*');
  await failed.getByRole('button', { name: 'Reload this view' }).click();
  await page.locator('.calendar-event', { hasText: 'Drawn again' }).waitFor();
  assert.equal(await failed.count(), 0);
});
