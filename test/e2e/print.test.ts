// Printing (issue 29): the month, week and list views and the events list print cleanly — no
// navigation, toolbars, filters or notices, light even in the dark theme — and a busy month (and a
// busy week, every hour with events) fits one landscape page. Checked on the print media (the
// screenshot a print preview shows, kept in the test's temp folder) and on real PDFs Chromium
// prints, whose pages are counted.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { dayOf, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
const out = mkdtempSync(join(tmpdir(), 'almanac-print-'));
/** A landscape A4 page inside 10 mm margins, in CSS pixels. */
const PAGE = { width: 1047, height: 718 };

before(async () => {
  app = await startApp(test as never);
  if (!app) return;
  // A busy month: 20 events a day on most days, from 08:00 to 21:30.
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < 540; i++) {
    const day = 1 + (i % 27);
    const hour = 8 + (i % 13);
    writes.push(
      app.api('POST', 'events', {
        title: `Session ${i}`,
        start_date: `${dayOf(month, day)} ${String(hour).padStart(2, '0')}:00`,
        end_date: `${dayOf(month, day)} ${String(hour + 1).padStart(2, '0')}:30`,
      }),
    );
    if (writes.length === 20) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
});
after(() => app?.close());

const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

/** The page as printed: print media at a landscape page's size; a screenshot of it is kept. */
async function asPrinted(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize(PAGE);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  const path = join(out, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

async function hidden(page: Page, selector: string) {
  return page
    .locator(selector)
    .evaluateAll((elements) => elements.every((element) => (element as HTMLElement).offsetParent === null));
}

for (const [locale, scheme] of [
  ['en-US', 'light'],
  ['es-ES', 'dark'],
] as const) {
  test(`a busy month prints on one landscape page, without the app around it (${locale}, ${scheme})`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 15)}`, { locale });
    await page.emulateMedia({ colorScheme: scheme });
    await page.locator('.calendar-event').first().waitFor();
    const shot = await asPrinted(page, `month-${locale}`);
    t.diagnostic(`print screenshot: ${shot}`);
    for (const selector of ['.sidebar', '.toolbar .button', '.toolbar .segmented', '.notices'])
      assert.ok(await hidden(page, selector), `${selector} is not printed`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const frame = (await page.locator('.calendar-frame').boundingBox())!;
    assert.ok(frame.y + frame.height <= PAGE.height, `the month ends on the page (${frame.y + frame.height}px)`);
    // Every day still says how many it does not show.
    assert.ok((await page.locator('.more-events-link').count()) >= 20);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(background, 'rgb(255, 255, 255)', 'paper is white, dark theme or not');
    const pdf = await page.pdf({ landscape: true, format: 'A4', printBackground: true });
    writeFileSync(join(out, `month-${locale}.pdf`), pdf);
    assert.equal(pdfPages(pdf), 1, 'one page');
  });
}

test('a busy week prints on one page with every hour that has events', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=week&date=${dayOf(month, 10)}`);
  await page.locator('.calendar-event').first().waitFor();
  // Straight from the screen, as the print dialog or a PDF export does it (beforeprint).
  const direct = await page.pdf({ landscape: true, format: 'A4', printBackground: true });
  writeFileSync(join(out, 'week-direct.pdf'), direct);
  assert.equal(pdfPages(direct), 1, 'one page from the print pipeline itself');
  await asPrinted(page, 'week');
  // Events from 08:00 to 21:30: the grid shows 8am to 10pm, nothing scrolled away.
  await page.locator('[data-time="08:00:00"]').first().waitFor();
  await page.locator('[data-time="21:00:00"]').first().waitFor();
  assert.equal(await page.locator('[data-time="07:00:00"]').count(), 0, 'no empty early hours');
  const frame = (await page.locator('.calendar-frame').boundingBox())!;
  assert.ok(frame.y + frame.height <= PAGE.height);
  const pdf = await page.pdf({ landscape: true, format: 'A4', printBackground: true });
  assert.equal(pdfPages(pdf), 1);
  // Back on screen, the grid is the whole scrollable day again.
  await page.emulateMedia({ media: 'screen' });
  await page.locator('[data-time="07:00:00"]').first().waitFor({ state: 'attached' });
});

test('the list view and the events list print their rows, without filters or paging controls', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=list&date=${dayOf(month, 15)}`);
  await page.locator('.calendar-event').first().waitFor();
  await asPrinted(page, 'list');
  assert.ok(await hidden(page, '.sidebar'));
  const pdf = await page.pdf({ landscape: true, format: 'A4', printBackground: true });
  assert.ok(pdfPages(pdf) > 1, 'a month of 540 events flows over several pages');

  await page.emulateMedia({ media: 'screen' });
  await page.evaluate((hash) => (window.location.hash = hash), `#/events?from=${month}-01`);
  await page.getByRole('grid', { name: 'Events list' }).waitFor();
  await asPrinted(page, 'events-list');
  assert.ok(await hidden(page, '.filters'), 'no filters on paper');
  assert.ok(await hidden(page, '.screen-actions'));
  assert.ok(await page.getByRole('grid', { name: 'Events list' }).isVisible());
  // Nor the list's controls (issue 36: the checkboxes, "One row per series" and "Rows per page"
  // printed), and every row of the page, none cut off by the area the table scrolls in on screen.
  for (const selector of ['.events-table .checkbox', '.list-controls .checkbox', '.list-controls .field'])
    assert.ok(await hidden(page, selector), `${selector} on paper`);
  assert.ok(await page.locator('.list-total').isVisible(), 'the total stays');
  const cut = await page.locator('.events-table-scroll').evaluate((area) => area.scrollHeight - area.clientHeight);
  assert.equal(cut, 0, 'the table is whole on paper');
});

test('Export → Print… is there, in English and Spanish', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  for (const [locale, exportName, print] of [
    ['en-US', 'Export', 'Print…'],
    ['es-ES', 'Exportar', 'Imprimir…'],
  ] as const) {
    const page = await app.signedInPage('#/calendar', { locale });
    await page.getByRole('button', { name: exportName }).click();
    await page.getByRole('menuitem', { name: print }).waitFor();
    await page.close();
  }
});

test('desktop File → Export PDF…: the window lays the busy month out for paper first, and the PDF is one page', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  // The preload bridge is Electron's (not downloadable here): a stand-in with the same shape, whose
  // exportPdf has Chromium print the page as webContents.printToPDF would.
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const calls: { title: string; printing: boolean; pages: number; error?: string }[] = [];
  await context.exposeBinding('__almanacExportPdf', async ({ page }, title: string) => {
    try {
      const printing = await page.evaluate(() => document.documentElement.classList.contains('printing'));
      const pdf = await page.pdf({ landscape: true, format: 'A4', printBackground: true, preferCSSPageSize: true });
      writeFileSync(join(out, 'export-pdf.pdf'), pdf);
      calls.push({ title, printing, pages: pdfPages(pdf) });
      return 'saved';
    } catch (error) {
      calls.push({ title, printing: false, pages: 0, error: String(error) });
      throw error;
    }
  });
  // As a string: a function would be serialised with the test compiler's helpers (`__name`) in it.
  await context.addInitScript(`
    window.almanacDesktop = {
      getSession: async () => ${JSON.stringify(app.token)},
      openExternal: async () => true,
      revealDataFolder: async () => {},
      appInfo: async () => ({ version: '0', dataDir: '/', apiRoot: '', platform: 'linux' }),
      restoreBackup: async () => 'cancelled',
      exportPdf: (title) => window.__almanacExportPdf(title),
      onMenuCommand(listener) {
        window.__almanacMenu = listener;
        return () => {};
      },
    };`);
  const page = await context.newPage();
  try {
    await page.goto(`${app.service.url}/#/calendar?view=month&date=${dayOf(month, 15)}`);
    await page.locator('.calendar-event').first().waitFor();
    await page.evaluate(() =>
      (window as unknown as { __almanacMenu: (c: string) => void }).__almanacMenu('export-pdf'),
    );
    // Until the export has answered and the page is back on screen.
    for (let waited = 0; calls.length === 0 && waited < 60_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await page.waitForFunction(() => !document.documentElement.classList.contains('printing'));
    assert.equal(calls.length, 1, 'the window asked for the PDF once');
    assert.equal(calls[0]!.error, undefined);
    assert.equal(calls[0]!.printing, true, 'laid out for paper while Chromium printed');
    assert.equal(calls[0]!.pages, 1, 'a busy month on one landscape page');
    assert.match(calls[0]!.title, /Almanac/);
  } finally {
    await context.close();
  }
});
