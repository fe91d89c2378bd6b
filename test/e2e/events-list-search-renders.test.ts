// What a keystroke in the Events list's search box draws again, counted in the page through the
// hook React reports its commits to (the one React DevTools installs): while the search's answer
// is on its way, neither the rows on screen nor the other filters may be drawn again — each was,
// in the keystroke's own event (and the rows once more when the selection followed the new
// matches), and that work held up the rows the search asked for by hundreds of milliseconds at 100k
// events. Counted, not timed: the test holds the answer back until it has counted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dayOf, nextMonth, startApp, type App } from './support.ts';

/**
 * Installed before the page's scripts: on each commit, counts the host elements drawn again (their
 * props made anew) in the table's rows and in the filters other than the search box — DevTools'
 * own test, a subtree whose children were not made anew was not drawn.
 */
interface Counts {
  rows: number;
  filters: number;
  /** The search box's own elements. */
  searchBox: number;
  commits: number;
  /** The events (row keys) of each row element drawn again, or drawn anew inside an existing row. */
  rowKeys: string[];
}

const COUNT_RENDERS = `(() => {
  const counts = (window.__renderCounts = { rows: 0, filters: 0, searchBox: 0, commits: 0, rowKeys: [] });
  const seenRows = new WeakSet();
  const isSearchBox = (element) => Boolean(element.closest('.field')?.querySelector('input[type=search]'));
  const visit = (fiber) => {
    for (let child = fiber.child; child; child = child.sibling) {
      const before = child.alternate;
      const element = child.stateNode;
      if (before && typeof child.type === 'string' && element instanceof Element && child.memoizedProps !== before.memoizedProps) {
        const row = element.closest('.events-table tbody [role=row]');
        if (row) counts.rows++, counts.rowKeys.push(row.getAttribute('data-key'));
        else if (element.parentElement?.closest('form.filters')) isSearchBox(element) ? counts.searchBox++ : counts.filters++;
      }
      // An element made inside a row drawn before (a mark that came).
      if (!before && typeof child.type === 'string' && element instanceof Element) {
        const row = element.closest('.events-table tbody [role=row]');
        if (row && seenRows.has(row)) counts.rowKeys.push(row.getAttribute('data-key'));
      }
      if (!before || child.child !== before.child) visit(child);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      counts.commits++;
      visit(root.current);
      for (const row of document.querySelectorAll('.events-table tbody [role=row]')) seenRows.add(row);
    },
  };
})()`;

test('a search typed in the Events list draws neither the old rows nor the other filters again while it is answered', async (t) => {
  const app = await startApp(t);
  if (!app) return;
  try {
    const next = nextMonth();
    const ids: Record<string, number> = {};
    for (const [index, title] of ['Jazz brunch', 'Opera night', 'Yoga morning', 'Market day'].entries()) {
      const day = dayOf(next, 10 + index);
      ids[title] = (
        await app.api('POST', 'events', {
          title,
          status: 'publish',
          start_date: `${day} 10:00`,
          end_date: `${day} 11:00`,
        })
      ).body.id;
    }
    const { context, page } = await countingEventsPage(app);
    await page.getByRole('rowheader', { name: /Market day/ }).waitFor();
    const counts = () => page.evaluate(() => ({ ...(window as unknown as { __renderCounts: Counts }).__renderCounts }));
    assert.ok((await counts()).commits > 0, 'the page reports its commits (the count is live)');

    // The box in use already: what its first use draws once (react-aria's search field follows the
    // way of input) is not the keystroke's own cost.
    // Its rows' series marks (asked for once the rows are in) are in before counting starts.
    const marks = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('include') === String(ids['Market day']),
    );
    await page.getByRole('searchbox', { name: 'Search' }).fill('Market');
    await page.getByRole('rowheader', { name: /Opera night/ }).waitFor({ state: 'detached' });
    await marks;
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

    // The search's answer is held until the page has been counted.
    const { askedFor, release } = await holdSearch(page, 'Jazz');
    await resetCounts(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Jazz');
    await askedFor;
    await page.waitForFunction(() => new URLSearchParams(location.hash.split('?')[1]).get('search') === 'Jazz');
    // The effects of the keystroke's render (the selection following the new matches) have run:
    // two frames, and a pause.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForTimeout(200);
    const whileAsked = await counts();
    await resetCounts(page);
    release();
    await page.getByRole('rowheader', { name: /Jazz brunch/ }).waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    // The answer draws the rows, not the search box nor the other filters (nothing of theirs changed).
    const answered = await counts();
    assert.equal(answered.searchBox, 0, 'the search box was drawn again when the answer came');
    assert.equal(answered.filters, 0, 'the other filters were drawn again when the answer came');
    // Nor once the answer is in: the old rows go, the new ones are drawn (the grid of react-aria the
    // list had drew the old page's rows once more, with its old collection, before the new ones).
    assert.deepEqual(
      (await counts()).rowKeys.filter((key) => key === String(ids['Market day'])),
      [],
      'the old rows were drawn again when the answer came',
    );
    assert.equal(whileAsked.rows, 0, 'the old rows were drawn again while the search was answered');
    assert.equal(whileAsked.filters, 0, 'the other filters were drawn again for a key typed in the search box');
    // A control: the rows the answer brings are drawn, and counted as such once the page draws
    // them again (the selection box of a row ticked).
    await page
      .getByRole('row', { name: /Jazz brunch/ })
      .locator('label.checkbox')
      .click();
    await page.getByRole('row', { name: /Jazz brunch/, selected: true }).waitFor();
    assert.ok((await counts()).rows > 0, 'a ticked row is drawn again (the count sees rows)');
    await context.close();
  } finally {
    await app.close();
  }
});

test('the series marks that come after the rows draw only the rows that carry one', async (t) => {
  const app = await startApp(t);
  if (!app) return;
  try {
    const next = nextMonth();
    const plain: number[] = [];
    for (const [index, title] of ['Choir concert', 'Choir picnic', 'Choir auditions'].entries()) {
      const day = dayOf(next, 3 + index);
      plain.push(
        (
          await app.api('POST', 'events', {
            title,
            status: 'publish',
            start_date: `${day} 10:00`,
            end_date: `${day} 11:00`,
          })
        ).body.id,
      );
    }
    const first = dayOf(next, 8);
    const practice = await app.api('POST', 'events', {
      title: 'Choir practice',
      status: 'publish',
      start_date: `${first} 18:00`,
      end_date: `${first} 19:00`,
    });
    const series = await app.api('POST', '/almanac/v1/series', {
      event: practice.body.id,
      rule: 'FREQ=WEEKLY;COUNT=3',
    });
    assert.equal(series.status, 201, JSON.stringify(series.body));

    const context = await app.browser.newContext();
    await context.addInitScript(COUNT_RENDERS);
    const page = await context.newPage();
    // The rows' series marks are held until the rows are drawn and counting has started.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith('/event-feed') && url.searchParams.has('include'),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.goto(app.service.signInUrl());
    await page.getByText(/Signed in as admin/).waitFor();
    await page.evaluate(() => (window.location.hash = '#/events?search=Choir'));
    await page.getByRole('rowheader', { name: /Choir auditions/ }).waitFor();
    assert.equal(await page.getByRole('rowheader', { name: /Choir practice/ }).count(), 3, 'the series has 3 rows');
    assert.equal(await page.getByRole('img', { name: 'Repeating event' }).count(), 0, 'no mark before they come');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.evaluate(() => {
      (window as unknown as { __renderCounts: Counts }).__renderCounts.rowKeys = [];
    });
    release();
    const marks = page.getByRole('row', { name: /Choir practice/ }).getByRole('img', { name: 'Repeating event' });
    await marks.nth(2).waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const marked = await page
      .getByRole('row', { name: /Choir practice/ })
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')));
    const drawn = new Set((await countsIn(page)).rowKeys);
    assert.ok(drawn.size > 0, 'the rows that got a mark were drawn (the count sees them)');
    assert.deepEqual(
      [...drawn].filter((key) => !marked.includes(key)),
      [],
      `rows without a mark were drawn again when the marks came (plain events ${plain.join(', ')})`,
    );
    assert.equal(
      await page
        .getByRole('row', { name: /Choir concert/ })
        .getByRole('img')
        .count(),
      0,
    );
    await context.close();
  } finally {
    await app.close();
  }
});

const countsIn = (page: Page) =>
  page.evaluate(() => ({ ...(window as unknown as { __renderCounts: Counts }).__renderCounts }));

test('the first key typed in an empty search box draws "Clear filters", not the other filters again', async (t) => {
  const app = await startApp(t);
  if (!app) return;
  try {
    const day = dayOf(nextMonth(), 12);
    await app.api('POST', 'events', {
      title: 'Market day',
      status: 'publish',
      start_date: `${day} 10:00`,
      end_date: `${day} 11:00`,
    });
    const { context, page } = await countingEventsPage(app);
    await page.getByRole('rowheader', { name: /Market day/ }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Clear filters' }).count(), 0, 'no filter set yet');
    // The search's answer is held until the page has been counted.
    const { askedFor, release } = await holdSearch(page, 'Market');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await resetCounts(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Market');
    await askedFor;
    await page.getByRole('button', { name: 'Clear filters' }).waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForTimeout(200);
    const whileAsked = await countsIn(page);
    release();
    assert.equal(whileAsked.filters, 0, 'the other filters were drawn again for the first key typed in the search box');
    assert.equal(whileAsked.rows, 0, 'the rows were drawn again while the search was answered');
    await context.close();
  } finally {
    await app.close();
  }
});

/** Holds the list's answer to a search for `word` until `release()`; `askedFor`: it was asked. */
async function holdSearch(page: Page, word: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const askedFor = new Promise<void>((resolve) => (asked = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/event-list') && url.searchParams.get('search') === word,
    async (route) => {
      asked();
      await released;
      await route.continue();
    },
  );
  return { askedFor, release };
}

const resetCounts = (page: Page) =>
  page.evaluate(() => {
    const counts = (window as unknown as { __renderCounts: Counts }).__renderCounts;
    counts.rows = counts.filters = counts.searchBox = 0;
    counts.rowKeys = [];
  });

/** A page of the Events list that counts what React draws (COUNT_RENDERS), signed in. */
async function countingEventsPage(app: App) {
  const context = await app.browser.newContext();
  await context.addInitScript(COUNT_RENDERS);
  const page = await context.newPage();
  await page.goto(app.service.signInUrl());
  await page.getByText(/Signed in as admin/).waitFor();
  await page.evaluate(() => (window.location.hash = '#/events'));
  return { context, page };
}
