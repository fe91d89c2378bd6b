// What still looked wrong in a busy month (issue 29): the month grid's lines cut titles to 3–6
// letters ("Cho… Draft", "8:00 Ann…"). In English and Spanish, at 1280 × 800 and 1024 × 768.
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
  // "Draft" badge).
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
});
after(() => app?.close());

interface Line {
  title: string;
  /** How many of the title's characters the line shows (the rest is behind an ellipsis). */
  shown: number;
  timeWidth: number;
  tooltip: string | null;
}

/** Each line of the month grid: its title and how much of it is in view. */
function monthLines(page: Page): Promise<Line[]> {
  return page.locator('[role="cell"] .calendar-event').evaluateAll((lines) =>
    lines.map((line) => {
      const title = line.querySelector('.event-title') as HTMLElement;
      const text = title.textContent ?? '';
      const shown = Math.min(text.length, Math.floor((text.length * title.clientWidth) / title.scrollWidth));
      const time = line.querySelector('.event-time');
      return {
        title: text,
        shown,
        timeWidth: time ? time.getBoundingClientRect().width : 0,
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
      await page.waitForFunction(() => document.querySelectorAll('[role="cell"] .calendar-event').length >= 14);
      const lines = await monthLines(page);
      for (const line of lines) {
        assert.ok(
          line.shown >= Math.min(fewest, line.title.length),
          `${locale} ${width}: "${line.title}" shows ${line.shown} characters`,
        );
        // The whole of it is a pointer away: the tooltip has the time range, title and status.
        assert.ok(line.tooltip?.includes(line.title), `tooltip: ${line.tooltip}`);
        if (timeShown) assert.ok(line.timeWidth > 10, `${locale} ${width}: the time is shown beside the title`);
      }
      const draft = lines.find((line) => line.title === `${TITLES[0]} 8`)!;
      assert.match(draft.tooltip ?? '', /\((Draft|Borrador)\)$/, 'the status is in the tooltip');
    }
    // A screen reader hears the whole line: the time, the full title and the status.
    const draft = page.getByRole('button', {
      name: locale === 'en-US' ? /^8am Choir rehearsal 8 Draft$/ : /^8:00 Choir rehearsal 8 Borrador$/,
    });
    assert.equal(await draft.count(), 1, 'the draft line’s accessible name');
    await page.setViewportSize({ width: 1280, height: 800 });
    assert.deepEqual(await axeProblems(page, `${locale} month`), []);
    await page.close();
  });
