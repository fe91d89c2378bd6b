// The Events list's grid by keyboard and mouse (issue 39 replaced react-aria's Table with a grid of
// our own; these are the keys and names it kept): one Tab stop that comes back to the last focused
// row, arrows, Home/End, PageDown, Right/Left into a row's cells and back, up to the headers that
// sort with Enter and Space, Space ticks, Shift+arrows extend, Ctrl/Cmd+A ticks the page, Escape
// clears, Enter opens the card and the focus comes back to its row, letters find a title; the
// focus ring for the keyboard only; the boxes named in the UI's language, the header's mixed when
// some rows are ticked; Ctrl-click toggles without opening a card, Shift-click extends.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dayOf, nextMonth, startApp, type App } from './support.ts';

let app: App | undefined;
const DAY = dayOf(nextMonth(), 9);
const LIST = `#/events?from=${DAY}&to=${DAY}`;
before(async () => {
  app = await startApp(test as never);
  if (!app) return;
  // Thirty events a few minutes apart: a page of 25, in start order.
  for (let i = 0; i < 30; i++) {
    const minute = String(i).padStart(2, '0');
    const created: { status: number; body: unknown } = await app.api('POST', 'events', {
      title: `${['Brass', 'Choir', 'Dance'][i % 3]} ${String(i).padStart(2, '0')}`,
      start_date: `${DAY} 10:${minute}`,
      end_date: `${DAY} 11:${minute}`,
      status: 'publish',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
  }
});
after(() => app?.close());

/** Where the focus is: in the grid or not, its role, the row's place (header 0, rows 1…), the cell's. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const grid = element?.closest('[role=grid]');
    const row = element?.closest('tr');
    return {
      inGrid: Boolean(grid),
      role: element?.getAttribute('role') ?? null,
      row: row && grid ? [...grid.querySelectorAll('tr')].indexOf(row) : -1,
      cell: element?.matches('td, th') ? (element as HTMLTableCellElement).cellIndex : -1,
      text: (element?.textContent ?? '').trim(),
      ring: element?.hasAttribute('data-focus-visible') ?? false,
    };
  });
const selectedCount = (page: Page) => page.locator('[role=grid] tbody [role=row][aria-selected=true]').count();
const stops = (page: Page) =>
  page.locator('[role=grid] [tabindex="0"], [role=grid] input:not([tabindex="-1"])').count();

test('the grid by keyboard: one Tab stop, arrows, Home/End, PageDown, cells, headers, Space, Shift, Ctrl+A, Escape, Enter', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(LIST);
  const grid = page.getByRole('grid', { name: 'Events list' });
  await grid.getByRole('row').nth(25).waitFor();
  assert.equal(await grid.getAttribute('aria-multiselectable'), 'true');
  assert.equal(await grid.getAttribute('aria-rowcount'), '26');
  assert.equal(await grid.getAttribute('aria-colcount'), '7');
  assert.equal(await stops(page), 1, 'one Tab stop in the grid');

  // Tab from the search box reaches the grid on its first row; the next Tab leaves it.
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  for (let i = 0; i < 60 && !(await focused(page)).inGrid; i++) await page.keyboard.press('Tab');
  assert.deepEqual(await focused(page).then(({ role, row }) => ({ role, row })), { role: 'row', row: 1 });
  assert.ok((await focused(page)).ring, 'keyboard focus draws the ring');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).row, 3);
  assert.equal(await stops(page), 1, 'still one Tab stop: the row focused');
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).inGrid, false, 'Tab leaves the grid at once');
  await page.keyboard.press('Shift+Tab');
  assert.deepEqual(await focused(page).then(({ role, row }) => ({ role, row })), { role: 'row', row: 3 });

  // Home, End, PageDown (by the rows in view), ArrowDown stops at the last row.
  await page.keyboard.press('End');
  assert.equal((await focused(page)).row, 25);
  await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).row, 25);
  await page.keyboard.press('Home');
  assert.equal((await focused(page)).row, 1);
  await page.keyboard.press('PageDown');
  const paged = (await focused(page)).row;
  assert.ok(paged > 2 && paged <= 25, `PageDown went to row ${paged}`);
  await page.keyboard.press('PageUp');
  assert.equal((await focused(page)).row, 1);

  // Right into the row's cells (its box, then its title), Left back to the row.
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await focused(page).then(({ role, cell }) => ({ role, cell })), { role: 'gridcell', cell: 0 });
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await focused(page).then(({ role, text }) => ({ role, text })), {
    role: 'rowheader',
    text: 'Brass 00',
  });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal((await focused(page)).role, 'row');

  // Space ticks, Shift+ArrowDown extends, Escape clears, Ctrl/Cmd+A ticks the page.
  await page.keyboard.press('Space');
  assert.equal(await selectedCount(page), 1);
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  assert.equal(await selectedCount(page), 3);
  await page.getByRole('toolbar', { name: 'Actions for the selected events' }).getByText('3 selected').waitFor();
  await page.keyboard.press('Escape');
  assert.equal(await selectedCount(page), 0);
  await page.keyboard.press('ControlOrMeta+a');
  assert.equal(await selectedCount(page), 25);
  await page.keyboard.press('Escape');
  assert.equal(await selectedCount(page), 0);

  // Letters find a title: "d" the first Dance after the focused row.
  await page.keyboard.press('Home');
  await page.keyboard.press('d');
  assert.equal((await focused(page)).text.includes('Dance 02'), true, 'type-ahead');
  await page.keyboard.press('Home');

  // Up from the first row: the Title header; Enter sorts by it, Space turns the order.
  await page.keyboard.press('ArrowUp');
  assert.deepEqual(await focused(page).then(({ role, text }) => ({ role, text })), {
    role: 'columnheader',
    text: 'Title▲',
  });
  await page.keyboard.press('Enter');
  await page.waitForURL(/sort=title/);
  const title = page.getByRole('columnheader', { name: /Title/ });
  assert.equal(await title.getAttribute('aria-sort'), 'ascending');
  assert.equal((await focused(page)).role, 'columnheader', 'the focus stays on the header');
  await page.keyboard.press('Space');
  await page.waitForURL(/order=desc/);
  assert.equal(await title.getAttribute('aria-sort'), 'descending');
  await page.waitForFunction(() => !document.querySelector('.is-stale, .list-results[aria-busy="true"]'));
  await page.keyboard.press('ArrowRight');
  assert.equal((await focused(page)).text, 'When▲');
  await page.keyboard.press('ArrowLeft');

  // Down to the first row (Dance 29, by title descending); Enter opens its card, Escape closes it,
  // and the focus is back on the row.
  await page.keyboard.press('ArrowDown');
  const first = await focused(page);
  assert.equal(first.role, 'row');
  await page.keyboard.press('Enter');
  const card = page.getByRole('dialog', { name: 'Dance 29' });
  await card.waitFor();
  await page.keyboard.press('Escape');
  await card.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.closest('tr')?.textContent?.includes('Dance 29'));
  assert.equal((await focused(page)).role, 'row');
  await page.close();
});

test('Spanish names; the header box ticks the page, mixed when some are; Ctrl-click, Shift-click; no ring for the mouse', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(LIST, { locale: 'es-ES' });
  const grid = page.getByRole('grid', { name: 'Lista de eventos' });
  await grid.getByRole('row').nth(25).waitFor();
  const all = grid.getByRole('checkbox', { name: 'Seleccionar todos', exact: true });
  const mixed = () => all.evaluate((input) => (input as HTMLInputElement).indeterminate);
  // Each row's box is named "Seleccionar" and its row's title, as react-aria named it.
  await grid.getByRole('checkbox', { name: 'Seleccionar Brass 00', exact: true }).waitFor({ state: 'attached' });
  assert.equal(await grid.getByRole('checkbox').count(), 26, 'a box for each row and the page');
  const pageBox = grid.getByRole('columnheader').locator('.checkbox');

  // A row's box: ticked, the page's box mixed; a click on the row's box leaves no focus ring.
  await grid.getByRole('row', { name: 'Brass 00' }).locator('.checkbox').click();
  await grid.getByRole('row', { name: 'Brass 00', selected: true }).waitFor();
  assert.equal(await mixed(), true);
  assert.equal(await all.isChecked(), false);
  assert.equal(
    await page.evaluate(() => document.activeElement?.closest('tr')?.hasAttribute('data-focus-visible')),
    false,
    'no ring for a mouse press',
  );
  // The page's box: all 25; again: none.
  await pageBox.click();
  await page.waitForFunction(() => document.querySelectorAll('[role=grid] tbody [aria-selected=true]').length === 25);
  assert.equal(await mixed(), false);
  assert.equal(await all.isChecked(), true);
  await pageBox.click();
  await page.waitForFunction(() => document.querySelectorAll('[role=grid] tbody [aria-selected=true]').length === 0);

  // Ctrl/Cmd-click toggles a row without opening its card; Shift-click extends from it.
  await grid.getByRole('rowheader', { name: 'Choir 01' }).click({ modifiers: ['ControlOrMeta'] });
  await grid.getByRole('row', { name: 'Choir 01', selected: true }).waitFor();
  await grid.getByRole('rowheader', { name: 'Brass 03' }).click({ modifiers: ['Shift'] });
  await page.waitForFunction(() => document.querySelectorAll('[role=grid] tbody [aria-selected=true]').length === 3);
  assert.equal(await page.getByRole('dialog').count(), 0, 'no card opened');
  // A plain click opens the card, the selection as it was.
  await grid.getByRole('rowheader', { name: 'Dance 05' }).click();
  await page.getByRole('dialog', { name: 'Dance 05' }).waitFor();
  assert.equal(await selectedCount(page), 3);
  await page.close();
});

test('new matches fill the same rows and start the grid anew: the Tab stop back on the first row', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(LIST);
  const grid = page.getByRole('grid', { name: 'Events list' });
  await grid.getByRole('row').nth(25).waitFor();
  // The fourth row focused: the grid's one Tab stop is there.
  await grid.getByRole('row').nth(1).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).row, 4);
  const stopRow = () =>
    page.evaluate(() => {
      const rows = [...document.querySelectorAll('[role=grid] tr')];
      return rows.findIndex(
        (row) => row.querySelector('[tabindex="0"]') !== null || row.getAttribute('tabindex') === '0',
      );
    });
  assert.equal(await stopRow(), 4);
  // The rows' elements, marked: a search's rows take their places (25 rows are not made anew).
  await page.evaluate(() =>
    document
      .querySelectorAll('[role=grid] tbody tr')
      .forEach((row, index) => row.setAttribute('data-was', String(index))),
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill('Choir');
  await page.waitForFunction(() => document.querySelectorAll('[role=grid] tbody tr').length === 10);
  assert.match((await grid.getByRole('rowheader').first().textContent()) ?? '', /Choir 01/);
  assert.deepEqual(
    await page.evaluate(() =>
      [...document.querySelectorAll('[role=grid] tbody tr')].map((row) => row.getAttribute('data-was')),
    ),
    ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
    'the same rows, with the new events in them',
  );
  // New matches: the Tab stop is the first row again, and it is the grid's only one.
  assert.equal(await stopRow(), 1);
  assert.equal(await stops(page), 1);
  await grid.getByRole('row').nth(1).focus();
  await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).text.startsWith('Choir 04'), true, (await focused(page)).text);
});

test('↓ in the search box goes to the results: the grid’s Tab stop, with what the box holds asked for at once', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(LIST);
  const grid = page.getByRole('grid', { name: 'Events list' });
  await grid.getByRole('row').nth(25).waitFor();
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.focus();
  await page.keyboard.type('Dance');
  await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).inGrid, true, 'the focus left the search box for the grid');
  await page.waitForFunction(() => document.querySelectorAll('[role=grid] tbody tr').length === 10);
  assert.equal(await box.inputValue(), 'Dance', 'the search is kept');
  const first = await focused(page);
  assert.equal(first.row, 1);
  assert.equal(first.text.startsWith('Dance 02'), true, first.text);
  assert.equal(first.ring, true, 'the ring shows: the keyboard moved the focus');
  // The arrows go on in the grid; Shift+↓ in the box is left to the box (it selects text).
  await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).text.startsWith('Dance 05'), true, (await focused(page)).text);
  await box.focus();
  await page.keyboard.press('Shift+ArrowDown');
  assert.equal((await focused(page)).inGrid, false);
});

test('Tab from the search box: "Skip to the results", seen only when focused, goes past the filters to the rows (or, with none, to the count)', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(LIST);
  const grid = page.getByRole('grid', { name: 'Events list' });
  await grid.getByRole('row').nth(25).waitFor();
  const skip = page.getByRole('button', { name: 'Skip to the results' });
  const seen = async () => {
    const box = await skip.boundingBox();
    return box !== null && box.width > 1 && box.height > 1;
  };
  assert.equal(await seen(), false, 'out of sight until Tab reaches it');
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.focus();
  await page.keyboard.type('Choir');
  await page.keyboard.press('Tab');
  assert.equal(await skip.evaluate((element) => element === document.activeElement), true, 'the next Tab stop');
  assert.equal(await seen(), true, 'seen while focused');
  await page.keyboard.press('Enter');
  assert.equal((await focused(page)).inGrid, true, 'past the sixteen filter fields, on the grid');
  await page.waitForFunction(() => document.querySelectorAll('[role=grid] tbody tr').length === 10);
  assert.equal(await box.inputValue(), 'Choir', 'the search is kept');
  const first = await focused(page);
  assert.equal(first.text.startsWith('Choir 01'), true, first.text);
  assert.equal(first.ring, true);
  assert.equal(await seen(), false, 'out of sight again');
  // No rows: the count of matches, which says so.
  await box.fill('nothing like this');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.getByText('No events match').first().waitFor();
  const landed = await page.evaluate(() => document.activeElement?.className ?? '');
  assert.equal(landed, 'list-total', landed);
  assert.equal(await page.locator('.list-total').textContent(), 'No events');
});
