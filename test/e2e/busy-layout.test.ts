// What still looked wrong in a busy month and an events list without venues (issue 29): the month
// grid's lines cut titles to 3–6 letters ("Cho… Draft", "8:00 Ann…") and the Events list's empty
// Venue and Cost columns took a share of the width from Title and When. In English and Spanish, at
// 1280 × 800 and 1024 × 768 (and 1920 wide, where an auto table hands out the room left over).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeProblems, dayOf, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
const TITLES = [
  'Choir rehearsal',
  'Annual general meeting of the friends of the library',
  'Reading group',
  'Open studio',
  'Board games night',
  'Jazz night',
];
const BUSY_DAYS = [8, 9, 10, 11, 12, 13, 14];

before(async () => {
  app = await startApp(test as never);
  if (!app) return;
  // A busy week: six events a day, the first of each a draft (the line that lost its title to a
  // "Draft" badge). None has a venue or a cost.
  for (const day of BUSY_DAYS)
    await Promise.all(
      TITLES.map((title, index) =>
        app!.api('POST', 'events', {
          title: `${title} ${day}`,
          start_date: `${dayOf(month, day)} ${String(8 + index).padStart(2, '0')}:00`,
          end_date: `${dayOf(month, day)} ${String(8 + index).padStart(2, '0')}:45`,
          status: index === 0 ? 'draft' : 'publish',
        }),
      ),
    );
  // Two 45-minute events at one time: side by side in the week, each box half a column wide.
  for (const title of ['Quartet rehearsal', 'Poetry circle'])
    await app.api('POST', 'events', {
      title,
      start_date: `${dayOf(month, 20)} 19:00`,
      end_date: `${dayOf(month, 20)} 19:45`,
    });
  // An all-day draft: a bar, whose badge took the room too ("Winter … Draft").
  await app.api('POST', 'events', {
    title: 'Winter fair all day',
    start_date: `${dayOf(month, 15)} 00:00`,
    end_date: `${dayOf(month, 15)} 23:59`,
    all_day: true,
    status: 'draft',
  });
});
after(() => app?.close());

interface Line {
  title: string;
  /** How many of the title's characters the line shows (the rest is behind an ellipsis). */
  shown: number;
  /** The width of its time (null: an all-day event's line has none). */
  timeWidth: number | null;
  tooltip: string | null;
}

/** Each line of the month grid: its title, how much of it is in view, and its tooltip once pointed at. */
function monthLines(page: Page): Promise<Line[]> {
  return page.locator('[role="cell"] .calendar-event').evaluateAll((lines) =>
    lines.map((line) => {
      // The pointer comes to the line (the tooltip is written then, not with every line drawn).
      line.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
      const title = line.querySelector('.event-title') as HTMLElement;
      const text = title.textContent ?? '';
      const shown = Math.min(text.length, Math.floor((text.length * title.clientWidth) / title.scrollWidth));
      const time = line.querySelector('.event-time');
      return {
        title: text,
        shown,
        timeWidth: time ? time.getBoundingClientRect().width : null,
        tooltip: line.getAttribute('title'),
      };
    }),
  );
}

for (const locale of ['en-US', 'es-ES'])
  test(`${locale}: a busy month's lines show enough of each title to tell which event it is`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 10)}`, { locale });
    // [width, height, the fewest title characters a line may show, whether the time is shown]
    const sizes = [
      [1280, 800, 12, true],
      [1024, 768, 10, false],
    ] as const;
    for (const [width, height, fewest, timeShown] of sizes) {
      await page.setViewportSize({ width, height });
      await page.locator('[role="cell"] .calendar-event').first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[role="cell"] .calendar-event').length >= 15);
      const lines = await monthLines(page);
      for (const line of lines) {
        assert.ok(
          line.shown >= Math.min(fewest, line.title.length),
          `${locale} ${width}: "${line.title}" shows ${line.shown} characters`,
        );
        // The whole of it is a pointer away: the tooltip has the time range, title and status.
        assert.ok(line.tooltip?.includes(line.title), `tooltip: ${line.tooltip}`);
        if (timeShown && line.timeWidth !== null)
          assert.ok(line.timeWidth > 10, `${locale} ${width}: the time is shown beside the title`);
      }
      const draft = lines.find((line) => line.title === `${TITLES[0]} 8`)!;
      assert.match(draft.tooltip ?? '', /\((Draft|Borrador)\)$/, 'the status is in the tooltip');
      assert.ok(lines.some((line) => line.title === 'Winter fair all day'));
    }
    // A screen reader hears the whole line: the time, the full title and the status.
    const draft = page.getByRole('button', {
      name: locale === 'en-US' ? /^8am Choir rehearsal 8 Draft$/ : /^8:00 Choir rehearsal 8 Borrador$/,
    });
    assert.equal(await draft.count(), 1, 'the draft line’s accessible name');
    // Pointed at with the mouse, its tooltip holds the time range, the whole title and the status.
    await draft.hover();
    assert.match(
      (await draft.locator('.calendar-event').getAttribute('title')) ?? '',
      locale === 'en-US'
        ? /^8:00 – 8:45 AM Choir rehearsal 8 \(Draft\)$/
        : /^8:00–8:45 Choir rehearsal 8 \(Borrador\)$/,
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    assert.deepEqual(await axeProblems(page, `${locale} month`), []);
    await page.close();
  });

/** The column's width, and its header's content width with the header's padding. */
function columnWidths(page: Page, name: RegExp) {
  return page.getByRole('columnheader', { name }).evaluate((header) => {
    const style = getComputedStyle(header);
    const range = document.createRange();
    range.selectNodeContents(header);
    return {
      column: header.getBoundingClientRect().width,
      header: range.getBoundingClientRect().width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight),
    };
  });
}

for (const locale of ['en-US', 'es-ES'])
  test(`${locale}: an Events list page without venues or costs gives their columns’ room to Title and When`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const venue = locale === 'en-US' ? /^Venue$/ : /^Lugar$/;
    const cost = locale === 'en-US' ? /^Cost$/ : /^Precio$/;
    const page = await app.signedInPage(`#/events?from=${dayOf(month, 8)}&to=${dayOf(month, 14)}`, { locale });
    await page.locator('.events-table').waitFor();
    await page.getByRole('row', { name: /Choir rehearsal 8/ }).waitFor();
    for (const [width, height] of [
      [1920, 1080],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const name of [venue, cost]) {
        const { column, header } = await columnWidths(page, name);
        assert.ok(column <= header + 2, `${locale} ${width}: ${name} is ${column}px wide, its header ${header}px`);
      }
    }
    // Still there, and still sorts.
    await page.getByRole('columnheader', { name: venue }).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="columnheader"]')].some(
        (header) => header.getAttribute('aria-sort') === 'ascending' && /Venue|Lugar/.test(header.textContent ?? ''),
      ),
    );
    // The sorted page, once drawn (the one before it stands in, faded, meanwhile).
    await page.waitForFunction(() => !document.querySelector('.is-stale, .list-results[aria-busy="true"]'));
    assert.deepEqual(await axeProblems(page, `${locale} events list`), []);
    await page.close();
  });

test('a page with a venue keeps its Venue column as wide as its names need', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const hall = await app.api('POST', 'venues', { venue: 'Community hall of the old town' });
  assert.equal(hall.status, 201, JSON.stringify(hall.body));
  await app.api('POST', 'events', {
    title: 'Harvest supper',
    start_date: `${dayOf(month, 22)} 19:00`,
    end_date: `${dayOf(month, 22)} 21:00`,
    venue: hall.body.id,
    cost: '12',
  });
  const page = await app.signedInPage(`#/events?from=${dayOf(month, 22)}&to=${dayOf(month, 22)}`);
  await page.getByRole('row', { name: /Harvest supper/ }).waitFor();
  await page.setViewportSize({ width: 1920, height: 1080 });
  const { column, header } = await columnWidths(page, /^Venue$/);
  assert.ok(column > header + 40, `Venue is ${column}px wide (its header ${header}px)`);
  // The room is there: the name takes one line.
  const lines = await page.getByRole('gridcell', { name: 'Community hall of the old town' }).evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return range.getClientRects().length;
  });
  assert.equal(lines, 1, 'the venue’s name on one line');
  await page.close();
});

// At a laptop's 1280 × 800 the table beside the filters had no room for When on one line, and pushed
// Status (and Cost) out of the window behind a sideways scroll: When now breaks between the date and
// the times, never inside them, and the filters give the table 40 px below 1400 px.
for (const locale of ['en-US', 'es-ES'])
  test(`${locale}: at 1280 px every column of a page with venues and costs is in the window`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const hall = await app.api('POST', 'venues', { venue: `Kulturbrauerei Kesselhaus ${locale}` });
    for (const hour of [9, 11])
      await app.api('POST', 'events', {
        title: `Laptop ${locale} ${hour}`,
        start_date: `${dayOf(month, 24)} ${hour}:00`,
        end_date: `${dayOf(month, 24)} ${hour + 3}:45`,
        venue: hall.body.id,
        cost: '12',
        status: hour === 9 ? 'draft' : 'publish',
      });
    const page = await app.signedInPage(
      `#/events?from=${dayOf(month, 24)}&to=${dayOf(month, 24)}&search=${encodeURIComponent(`Laptop ${locale}`)}`,
      { locale },
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('row', { name: new RegExp(`Laptop ${locale} 9`) }).waitFor();
    const scroll = await page
      .locator('.events-table-scroll')
      .evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth }));
    assert.ok(scroll.scroll <= scroll.client, `the table is ${scroll.scroll}px in ${scroll.client}px`);
    // Each piece of When (the date; the times) on one line of its own, its words whole.
    const pieces = await page
      .locator('.events-table .when-piece')
      .evaluateAll((spans) =>
        spans.map((span) => ({ text: span.textContent ?? '', lines: span.getClientRects().length })),
      );
    assert.ok(pieces.length >= 4, JSON.stringify(pieces));
    for (const piece of pieces) assert.equal(piece.lines, 1, `"${piece.text}" on one line`);
    // Every row alike: its times on the line below its date, even where the column has room for
    // both (they once shared a line in one row and not in the next, as the widest piece decided).
    const rows = await page
      .locator('.events-table .cell-when:has(.when-piece)')
      .evaluateAll((cells) =>
        cells.map((cell) => [...cell.querySelectorAll('.when-piece')].map((span) => span.getBoundingClientRect())),
      );
    assert.ok(rows.length >= 2, `${rows.length} When cells`);
    for (const [date, times] of rows) {
      assert.ok(date && times, 'a date and times');
      assert.ok(times.top >= date.bottom - 1, `times at ${times.top} px, below the date (bottom ${date.bottom} px)`);
      assert.equal(Math.round(times.left), Math.round(date.left), 'the times start under the date');
    }
    // The cell reads as one text, as formatWhen writes it ("Dec 24, 2026, 9:00 AM – 12:45 PM").
    const when = await page.locator('.events-table .cell-when').first().textContent();
    assert.match(
      when ?? '',
      locale === 'en-US' ? /^\w{3} \d+, \d{4}, 9:00 AM – 12:45 PM$/ : /^\d+ \w+ \d{4}, 9:00–12:45$/,
    );
    // …but the date on its own line does not end with the "," that joins it to the times: the
    // comma is there for a screen reader and a copy, out of sight (it showed as "Dec 24, 2026,").
    const joiners = await page
      .locator('.events-table .cell-when .when-joiner')
      .evaluateAll((spans) => spans.map((span) => ({ text: span.textContent, box: span.getBoundingClientRect() })));
    assert.equal(joiners.length, rows.length, 'a joiner in each timed row');
    for (const joiner of joiners) {
      assert.equal(joiner.text, ',');
      assert.ok(
        joiner.box.width <= 1 && joiner.box.height <= 1,
        `the "," is out of sight: ${JSON.stringify(joiner.box)}`,
      );
    }
    await page.close();
  });

for (const locale of ['en-US', 'es-ES'])
  test(`${locale}: two 45-minute events side by side in the week show their titles, not only their times`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const page = await app.signedInPage(`#/calendar?view=week&date=${dayOf(month, 20)}`, { locale });
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const title of ['Quartet rehearsal', 'Poetry circle']) {
      const line = page.locator('.calendar-event', { hasText: title });
      await line.waitFor();
      // The time range wrapped to two lines in the half-width box and left no room for the title
      // (issue 36). The box: FullCalendar's event, the focusable element around our content.
      const { titleTop, titleHeight, boxTop, boxBottom, boxWidth } = await line.evaluate((element) => {
        const box = element.closest('[tabindex]')!.getBoundingClientRect();
        const shown = element.querySelector('.event-title')!.getBoundingClientRect();
        return {
          titleTop: shown.top,
          titleHeight: shown.height,
          boxTop: box.top,
          boxBottom: box.bottom,
          boxWidth: box.width,
        };
      });
      assert.ok(boxWidth < 100, `${title}: side by side (${boxWidth} px wide)`);
      assert.ok(
        titleTop >= boxTop && titleTop + 10 <= boxBottom,
        `${locale} ${title}: its title starts inside the box`,
      );
      assert.ok(titleHeight >= 10, `${locale} ${title}: a line of its title shows (${titleHeight} px)`);
      // The whole of it (time included) is the box's tooltip.
      await line.hover();
      const tooltip = (await line.getAttribute('title')) ?? '';
      assert.match(tooltip, new RegExp(title));
      assert.match(tooltip, /7:00|19:00/);
    }
    // The all-day row's label is one line ("Todo\nel día" took two in Spanish).
    const label = page.getByText(locale === 'es-ES' ? 'Todo el día' : 'All day', { exact: true });
    const { height, lineHeight } = await label.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight) || 20,
    }));
    assert.ok(height < lineHeight * 1.5, `the all-day label is ${height} px tall (a line is ${lineHeight})`);
    await page.close();
  });
