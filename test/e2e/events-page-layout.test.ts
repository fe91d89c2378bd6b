// The Events page holds still while its table scrolls (issue 36, item 9): with 25 rows the page was
// 1,544 px tall in a 900 px window, a scroll over the sidebar or a tick near the bottom moved
// everything 650–770 px up, and the rows' checkbox inputs sat ~100 px below the boxes drawn.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { dayOf, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
before(async () => {
  app = await startApp(test as never);
  if (!app) return;
  for (let i = 0; i < 30; i++)
    await app.api('POST', 'events', {
      title: `Rehearsal ${i + 1}`,
      start_date: `${dayOf(month, 1 + (i % 28))} ${String(8 + (i % 10)).padStart(2, '0')}:00`,
      end_date: `${dayOf(month, 1 + (i % 28))} ${String(9 + (i % 10)).padStart(2, '0')}:00`,
    });
});
after(() => app?.close());

for (const locale of ['en-US', 'es-ES'])
  test(`${locale}: 25 rows in a 900 px window: only the table scrolls; the title, filters and sidebar stay; each box's input is on it`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const page = await app.signedInPage(`#/events?from=${month}-01&to=${dayOf(month, 28)}`, { locale });
    const rows = page.locator('.events-table .row');
    await rows.nth(24).waitFor();
    const heading = page.getByRole('heading', { level: 1 });
    const place = async () => {
      const [title, filters] = await Promise.all([heading.boundingBox(), page.locator('.filters').boundingBox()]);
      return { title: title!.y, filters: filters!.y };
    };
    const start = await place();
    // Nothing outside the table's own area is taller than the window.
    const heights = await page.evaluate(() => ({
      document: document.scrollingElement!.scrollHeight,
      screen: document.querySelector('.events-screen')!.scrollHeight,
      window: window.innerHeight,
    }));
    assert.ok(heights.document <= heights.window, `the page is ${heights.document} px tall in ${heights.window}`);
    assert.ok(heights.screen <= heights.window, `the screen is ${heights.screen} px tall in ${heights.window}`);

    // The wheel over the sidebar moves nothing; over the table, the table.
    await page.mouse.move(100, 450);
    await page.mouse.wheel(0, 800);
    await page.mouse.move(900, 600);
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => document.querySelector('.events-table-scroll')!.scrollTop > 0);
    assert.deepEqual(await place(), start, 'the wheel moved the page');

    // Each row's checkbox input lies on its box (a click, a touch or a screen reader finds it there).
    const apart = await page.evaluate(() =>
      [...document.querySelectorAll('.events-table .row .checkbox')].map((label) => {
        const input = label.querySelector('input')!.getBoundingClientRect();
        const box = label.querySelector('.checkbox-box')!.getBoundingClientRect();
        const x = input.x + input.width / 2;
        const y = input.y + input.height / 2;
        return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom ? 0 : Math.round(y - box.top);
      }),
    );
    assert.equal(apart.length, 25);
    assert.deepEqual(
      apart.filter((distance) => distance !== 0),
      [],
      'inputs off their boxes (px below the box)',
    );

    // Ticking the last row's box: it is ticked, and the page stays where it was.
    const last = rows.nth(24);
    await last.locator('.checkbox-box').click();
    await last.locator('input[type="checkbox"]:checked').waitFor({ state: 'attached' });
    assert.deepEqual(await place(), start, 'the tick moved the page');
    assert.equal(await page.evaluate(() => document.scrollingElement!.scrollTop), 0);
    // The column headers stay in view over the scrolled rows.
    const header = (await page.locator('.events-table .column').first().boundingBox())!;
    const area = (await page.locator('.events-table-scroll').boundingBox())!;
    assert.ok(Math.abs(header.y - area.y) <= 2, `headers at ${header.y}, the table's area at ${area.y}`);
    await page.close();
  });
