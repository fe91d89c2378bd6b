// Bulk work in the Events list (issue 29): select twenty events with a click and a Shift-click and
// add them to a category; trash five with Undo; sort by title (aria-sort, kept in the URL); the page
// size; one row per series; "all N that match" across pages; a live region saying how many are
// selected; axe with a selection, light and dark. English and Spanish.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startApp, type App } from './support.ts';
import { scan } from './helpers/axe.ts';

let app: App | undefined;
const DAY = '2026-12-07';
before(async () => {
  app = await startApp(test as never, { timezone: 'Europe/Berlin' });
  if (!app) return;
  // Thirty events a few minutes apart, titled so that title order is not start order.
  for (let i = 0; i < 30; i++) {
    const minute = String(i).padStart(2, '0');
    const created: { status: number; body: unknown } = await app.api('POST', 'events', {
      title: `Gig ${String.fromCharCode(90 - (i % 26))}${i}`,
      start_date: `${DAY} 10:${minute}`,
      end_date: `${DAY} 11:${minute}`,
      status: 'publish',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
  }
});
after(() => app?.close());

const shots = (name: string) => `${process.env.ALMANAC_SHOTS ?? app!.dataDir}/${name}.png`;
const LIST = `#/events?from=${DAY}&to=${DAY}`;
const rows = (page: Page) => page.getByRole('grid').getByRole('row');
// The checkboxes' inputs are visually hidden: a person clicks the box (the label around them).
const listed = async () =>
  (await app!.api('GET', `/almanac/v1/event-list?start_date=${DAY}&end_date=${DAY}%2023:59&per_page=50`)).body
    .events as { id: number; title: string; status: string; categories: { name: string }[] }[];

test('select twenty with a click and a Shift-click, add them to a category (Spanish)', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await app.api('POST', 'categories', { name: 'Jazz' });
  const page = await app.signedInPage(`${LIST}&per_page=50`, { locale: 'es-ES' });
  await rows(page).nth(30).waitFor();
  const body = rows(page);
  // Row 1 is the header: the first event is row 1, the twentieth row 20.
  await body.nth(1).locator('.checkbox').click();
  await body.nth(20).click({ modifiers: ['Shift'] });
  const toolbar = page.getByRole('toolbar', { name: 'Acciones para los eventos seleccionados' });
  await toolbar.getByText('20 seleccionados').waitFor();
  assert.equal(await page.getByRole('status').filter({ hasText: '20 seleccionados' }).count(), 1, 'the live region');
  await page.screenshot({ path: shots('events-selected-es') });
  await toolbar.getByRole('button', { name: 'Añadir categoría…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Añadir una categoría a 20 eventos' });
  await dialog.getByRole('combobox', { name: 'Categoría' }).click(); // wakes the picker
  await dialog.getByRole('combobox', { name: 'Categoría' }).fill('Ja');
  await page.getByRole('option', { name: 'Jazz' }).click();
  await page.screenshot({ path: shots('events-bulk-category-es') });
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByText('20 eventos cambiados.').waitFor();
  const events = await listed();
  const jazz = events.filter((event) => event.categories.some((category) => category.name === 'Jazz'));
  assert.equal(jazz.length, 20);
  assert.deepEqual(
    jazz.map((event) => event.id),
    events.slice(0, 20).map((event) => event.id),
    'the first twenty in list order',
  );
  // The list shows it, and the selection is gone.
  await body.nth(1).getByText('Jazz').waitFor();
  await toolbar.waitFor({ state: 'detached' });
});

test('trash five with Undo; publish, draft (English)', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(LIST);
  await rows(page).nth(5).waitFor();
  // The first row's box, then the keyboard: Shift+Down four times extends the selection.
  await rows(page).nth(1).locator('.checkbox').click();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
  const toolbar = page.getByRole('toolbar', { name: 'Actions for the selected events' });
  await toolbar.getByText('5 selected').waitFor();
  const before = await listed();
  const five = before.slice(0, 5).map((event) => event.id);
  await toolbar.getByRole('button', { name: 'Make draft' }).click();
  await page.getByText('5 events changed.').waitFor();
  assert.deepEqual(
    (await listed()).filter((event) => five.includes(event.id)).map((event) => event.status),
    ['draft', 'draft', 'draft', 'draft', 'draft'],
  );
  await rows(page).nth(1).locator('.checkbox').click();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
  await toolbar.getByText('5 selected').waitFor();
  await toolbar.getByRole('button', { name: 'Move to trash' }).click();
  const notice = page.locator('.notice', { hasText: '5 events moved to the trash.' });
  await notice.waitFor();
  assert.equal((await listed()).length, 25);
  await page.screenshot({ path: shots('events-trashed-undo-en') });
  await notice.getByRole('button', { name: 'Undo' }).click();
  await page.getByText('5 events are back.').waitFor();
  const after = await listed();
  assert.equal(after.length, 30);
  assert.deepEqual(
    after.filter((event) => five.includes(event.id)).map((event) => event.status),
    ['draft', 'draft', 'draft', 'draft', 'draft'],
    'back with the status each had',
  );
  await rows(page).nth(1).locator('.checkbox').click();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
  await toolbar.getByText('5 selected').waitFor();
  await toolbar.getByRole('button', { name: 'Publish' }).click();
  // The draft step's notice may still show beside this one.
  await page.getByText('5 events changed.').last().waitFor();
  await toolbar.waitFor({ state: 'detached' });
  assert.deepEqual(
    (await listed()).filter((event) => five.includes(event.id)).map((event) => event.status),
    ['publish', 'publish', 'publish', 'publish', 'publish'],
  );
});

test('sort by title (aria-sort, in the URL), page size, all that match across pages', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(LIST);
  await rows(page).nth(25).waitFor();
  assert.equal(await rows(page).count(), 26, '25 a page by default, and the header');
  const title = page.getByRole('columnheader', { name: /Title/ });
  await title.click();
  await page.waitForURL(/sort=title/);
  assert.equal(await title.getAttribute('aria-sort'), 'ascending');
  const titles = async () =>
    (await page.getByRole('grid').getByRole('rowheader').allTextContents()).map((text) => text.trim());
  await page.waitForFunction(() => !document.querySelector('.is-stale, .list-results[aria-busy="true"]'));
  const expected = (await listed())
    .map((event) => event.title)
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  assert.deepEqual(await titles(), expected.slice(0, 25));
  await title.click();
  await page.waitForURL(/order=desc/);
  assert.equal(await title.getAttribute('aria-sort'), 'descending');
  await page.waitForFunction(() => !document.querySelector('.is-stale, .list-results[aria-busy="true"]'));
  assert.equal((await titles())[0], expected[expected.length - 1]);
  // Reload: the sort is in the address.
  await page.reload();
  await page.getByRole('columnheader', { name: /Title/ }).waitFor();
  assert.equal(await page.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort'), 'descending');

  // Page size 10: three pages; the whole page, then all 30 that match.
  await page.getByRole('button', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '10' }).click();
  await page.waitForURL(/per_page=10/);
  await page.waitForFunction(() => document.querySelectorAll('[role=grid] [role=row]').length === 11);
  await page.getByRole('columnheader').locator('.checkbox').click();
  const toolbar = page.getByRole('toolbar', { name: 'Actions for the selected events' });
  await toolbar.getByText('10 selected').waitFor();
  await toolbar.getByRole('button', { name: 'Select all 30 that match' }).click();
  await toolbar.getByText('All 30 events that match are selected.').waitFor();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.deepEqual(await scan(page, `${scheme} events list with a selection`), []);
    await page.screenshot({ path: shots(`events-all-matching-${scheme}-en`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await toolbar.getByRole('button', { name: 'Make draft' }).click();
  await page.getByText('30 events changed.').waitFor();
  assert.deepEqual([...new Set((await listed()).map((event) => event.status))], ['draft']);
});

test('with rows selected, a plain click or Enter opens the card; pages keep the selection, a filter change drops it and says so', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`${LIST}&per_page=10`);
  await page.waitForFunction(() => document.querySelectorAll('[role=grid] [role=row]').length === 11);
  const toolbar = page.getByRole('toolbar', { name: 'Actions for the selected events' });
  await rows(page).nth(1).locator('.checkbox').click();
  await rows(page)
    .nth(3)
    .click({ modifiers: ['Shift'] });
  await toolbar.getByText('3 selected').waitFor();
  // A plain click on another row: its card, and the selection as it was (it used to toggle the row).
  const fifth = ((await rows(page).nth(5).getByRole('rowheader').textContent()) ?? '').trim();
  await rows(page).nth(5).getByRole('rowheader').click();
  const card = page.getByRole('dialog', { name: fifth });
  await card.waitFor();
  await toolbar.getByText('3 selected').waitFor();
  assert.equal(await rows(page).nth(5).getAttribute('aria-selected'), 'false');
  await page.keyboard.press('Escape');
  await card.waitFor({ state: 'detached' });
  // The keyboard: the focus is back on the row the card came from (it used to go nowhere), the
  // next row is one ArrowDown away, and Enter opens its card too.
  await rows(page).nth(6).getByRole('rowheader').click();
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  assert.equal(
    await page.evaluate(() => document.activeElement?.closest('[role=row]')?.getAttribute('data-key')),
    (await rows(page).nth(6).getAttribute('data-key')) ?? 'a row',
  );
  await page.keyboard.press('ArrowDown');
  const seventh = ((await rows(page).nth(7).getByRole('rowheader').textContent()) ?? '').trim();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: seventh }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await toolbar.getByText('3 selected').waitFor();

  // The next page: the three stay selected, and the bar says where they are; two more here.
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.waitForURL(/page=2/);
  await toolbar.getByText('3 selected, 3 of them on other pages').waitFor();
  assert.equal(await page.locator('[role=grid] [role=row][aria-selected=true]').count(), 0);
  await rows(page).nth(1).locator('.checkbox').click();
  await rows(page).nth(2).locator('.checkbox').click();
  await toolbar.getByText('5 selected, 3 of them on other pages').waitFor();
  // Sorting keeps them too; back on page 1 the first three are still ticked.
  await page.getByRole('button', { name: 'Previous page' }).click();
  await page.waitForURL(/page=1/);
  await toolbar.getByText('5 selected, 2 of them on other pages').waitFor();
  assert.equal(await page.locator('[role=grid] [role=row][aria-selected=true]').count(), 3);
  // A search changes what matches: the selection is dropped, and a notice says why.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Gig');
  await page.getByText('Selection cleared: the filters changed what matches.').waitFor();
  await toolbar.waitFor({ state: 'detached' });
});

test('one row per series: a repeating event is one row', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const first = await app.api('POST', 'events', {
    title: 'Weekly choir',
    start_date: '2026-12-08 18:00',
    end_date: '2026-12-08 20:00',
    status: 'publish',
  });
  const series = await app.api('POST', '/almanac/v1/series', { event: first.body.id, rule: 'FREQ=DAILY;COUNT=6' });
  assert.equal(series.status, 201, JSON.stringify(series.body));
  const page = await app.signedInPage('#/events?from=2026-12-08&to=2026-12-31&search=choir', { locale: 'es-ES' });
  await page.getByRole('grid').getByRole('rowheader').nth(5).waitFor();
  assert.equal(await page.getByRole('grid').getByRole('rowheader').count(), 6);
  // Every occurrence is marked too.
  await page.getByRole('grid').getByRole('img', { name: 'Evento periódico' }).nth(5).waitFor();
  await page.getByText('Una fila por serie').click();
  await page.waitForURL(/series=one/);
  await page.waitForFunction(() => document.querySelectorAll('[role=grid] [role=rowheader]').length === 1);
  await page.getByText('1 evento', { exact: true }).waitFor();
  // The row carries the series mark the calendar views show, named for screen readers.
  const rowHeader = page.getByRole('grid').getByRole('rowheader');
  await rowHeader.getByRole('img', { name: 'Evento periódico' }).waitFor();
  assert.equal(await rowHeader.textContent(), 'Weekly choir');
  await page.screenshot({ path: shots('events-one-per-series-es') });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.deepEqual(await scan(page, `${scheme} events list (es)`), []);
  }
});

test('all 1,200 that match go to the trash in parts of 1,000, and Undo brings every one back', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const day = '2026-12-09';
  for (let batch = 0; batch < 1200; batch += 40)
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const n = batch + i;
        const minute = String(n % 60).padStart(2, '0');
        const hour = String(8 + Math.floor(n / 120)).padStart(2, '0');
        const created = await app!.api('POST', 'events', {
          title: `Crowd ${n}`,
          start_date: `${day} ${hour}:${minute}`,
          end_date: `${day} ${hour}:${minute}`,
          status: 'publish',
        });
        assert.equal(created.status, 201);
      }),
    );
  // The Crowd events of that day not in the trash (the other tests' series reach this day too).
  const count = async () =>
    Number(
      (await app!.api('GET', `events?start_date=${day}&end_date=${day}%2023:59&search=Crowd&per_page=1`)).body?.total ??
        0,
    );
  assert.equal(await count(), 1200);
  const page = await app.signedInPage(`#/events?from=${day}&to=${day}&search=Crowd`);
  await rows(page).nth(25).waitFor();
  await page.getByRole('columnheader').locator('.checkbox').click();
  const toolbar = page.getByRole('toolbar', { name: 'Actions for the selected events' });
  await toolbar.getByRole('button', { name: 'Select all 1,200 that match' }).click();
  await toolbar.getByText('All 1,200 events that match are selected.').waitFor();
  await toolbar.getByRole('button', { name: 'Move to trash' }).click();
  const notice = page.locator('.notice', { hasText: '1,200 events moved to the trash.' });
  await notice.waitFor({ timeout: 60_000 });
  assert.equal(await count(), 0);
  await notice.getByRole('button', { name: 'Undo' }).click();
  await page.getByText('1,200 events are back.').waitFor({ timeout: 60_000 });
  assert.equal(await count(), 1200);
});
