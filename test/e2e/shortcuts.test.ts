// Keyboard shortcuts in the real UI: M/W/D/L switch views, ←/→ move, T comes back to today, N opens
// a new event and Esc closes it, / goes to the events' search, ? lists the shortcuts — and none of
// them fires while typing in a field.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { dayOf, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

test('the keyboard shortcuts do what the list says, and never while typing', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 15)}`);
  const title = page.getByRole('heading', { level: 1 });
  await title.waitFor();
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  for (const [key, view] of [
    ['w', 'week'],
    ['d', 'day'],
    ['l', 'list'],
    ['m', 'month'],
  ] as const) {
    await page.keyboard.press(key);
    await page.waitForURL(new RegExp(`view=${view}`));
  }
  const thisTitle = await title.textContent();
  await page.keyboard.press('ArrowRight');
  await page.waitForURL(/date=\d{4}-\d{2}-15/);
  assert.notEqual(await title.textContent(), thisTitle, 'next month');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('t');
  assert.equal(await title.textContent(), thisTitle, 'back to this month');

  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.waitFor();
  // Typing in the editor's fields is text, not shortcuts.
  await page.keyboard.type('mwdl nt');
  assert.equal(await dialog.getByLabel('Title', { exact: true }).inputValue(), 'mwdl nt');
  assert.match(page.url(), /view=month/);
  await page.keyboard.press('Escape');
  // Unsaved text: the editor asks first; discarding closes it.
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await dialog.waitFor({ state: 'detached' });

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await help.getByText('Previous / next period').waitFor();
  await page.keyboard.press('Escape');
  await help.waitFor({ state: 'detached' });

  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await page.waitForURL(/#\/events/);
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
  await page.keyboard.type('n');
  assert.equal(await search.inputValue(), 'n');
  assert.equal(await page.getByRole('dialog').count(), 0, 'N in the search field opened nothing');
});
