// When the Events list's search box asks the service (issue 39: rows as you type at 100k events):
// a key typed after a pause asks at once, in its own event, before the address is written (the
// history write held the request up); keys typed while an answer is on its way are one request,
// for the text typed last, not one a key; the address still says the search (reload, Back/Forward),
// written once the list has its answer — not while the request is on its way — and a link followed
// before that answer leaves the search in the entry it leaves; the rows before fade only when the
// answer is slow to come.
// Counted and ordered in the page, never timed: the keys of a burst are typed in one task, so no
// timer can fire between them however loaded the machine is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dayOf, nextMonth, startApp, type App } from './support.ts';

/**
 * Installed before the page's scripts: the order in which the list's requests start (fetch) and
 * the address is written (replaceState, or a new entry), each with the search it carries; and how
 * many of the list's requests are still waiting for their answer.
 */
const RECORD = `(() => {
  const log = (window.__searchLog = []);
  const searchOf = (url) => new URL(url, location.href).searchParams.get('search') ?? '';
  const hashSearch = (url) => new URLSearchParams(String(url).split('?')[1] ?? '').get('search') ?? '';
  const fetch = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input.url;
    if (!url.includes('/event-list')) return fetch.call(this, input, init);
    log.push('request:' + searchOf(url));
    window.__listsOnTheirWay = (window.__listsOnTheirWay ?? 0) + 1;
    const answer = fetch.call(this, input, init);
    const settled = () => (window.__listsOnTheirWay -= 1);
    answer.then(settled, settled);
    return answer;
  };
  const replaceState = history.replaceState;
  history.replaceState = function (data, unused, url) {
    if (url !== undefined && url !== null) log.push('address:' + hashSearch(url));
    return replaceState.call(this, data, unused, url);
  };
  window.addEventListener('hashchange', () => log.push('address:' + hashSearch(location.hash)));
})()`;

const searchLog = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { __searchLog: string[] }).__searchLog]);
const clearLog = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __searchLog: string[] }).__searchLog.length = 0));

/** Types each of `texts` into the search box, one after another in one task (as fast as can be). */
const typeInOneTask = (page: Page, texts: string[]) =>
  page.getByRole('searchbox', { name: 'Search' }).evaluate((input: HTMLInputElement, all: string[]) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    input.focus();
    for (const text of all) {
      setValue.call(input, text);
      input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
    }
  }, texts);

const searchInAddress = (page: Page, word: string) =>
  page.waitForFunction(
    (wanted) => new URLSearchParams(location.hash.split('?')[1] ?? '').get('search') === wanted,
    word,
  );
/** The list's answers held from now until the returned function lets them go. */
async function holdListAnswers(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/event-list\?/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
/** Waits until none of the list's requests is waiting for its answer (a state, not a timing). */
const listsAnswered = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __listsOnTheirWay?: number }).__listsOnTheirWay === 0);
const rowTitles = (page: Page) => page.getByRole('rowheader').allInnerTexts();

async function listPage(app: App) {
  const next = nextMonth();
  for (const [index, title] of ['Market day', 'Market night', 'Opera night', 'Yoga morning'].entries()) {
    const day = dayOf(next, 10 + index);
    await app.api('POST', 'events', {
      title,
      status: 'publish',
      start_date: `${day} 10:00`,
      end_date: `${day} 11:00`,
    });
  }
  const context = await app.browser.newContext();
  await context.addInitScript(RECORD);
  const page = await context.newPage();
  await page.goto(app.service.signInUrl());
  await page.getByText(/Signed in as admin/).waitFor();
  await page.evaluate(() => (window.location.hash = '#/events'));
  await page.getByRole('rowheader', { name: /Yoga morning/ }).waitFor();
  // The list's requests have their answers: the next key asks at once (a state, not a timing).
  await listsAnswered(page);
  return { context, page };
}

test('a key typed after a pause asks at once, before the address is written, and the address follows', async (t) => {
  const app = await startApp(t);
  if (!app) return;
  try {
    const { context, page } = await listPage(app);
    await clearLog(page);
    // In the key's own event: the request has started when the event is done (no timer between),
    // and before the address says the search.
    await typeInOneTask(page, ['Opera']);
    assert.equal((await searchLog(page))[0], 'request:Opera', 'the request started first, in the key’s own event');
    await searchInAddress(page, 'Opera');
    await page.getByRole('rowheader', { name: /Yoga morning/ }).waitFor({ state: 'detached' });
    assert.deepEqual(await rowTitles(page), ['Opera night']);
    assert.deepEqual(await searchLog(page), ['request:Opera', 'address:Opera'], 'one request, then one address write');

    // The address keeps the search: a reload shows it, Back/Forward over screens bring it back.
    await listsAnswered(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Market');
    await searchInAddress(page, 'Market');
    await page.getByRole('rowheader', { name: /Opera night/ }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('rowheader', { name: /Market night/ }).waitFor();
    assert.deepEqual(await rowTitles(page), ['Market day', 'Market night']);
    assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), 'Market');
    await page.evaluate(() => (window.location.hash = '#/venues'));
    await page.getByRole('heading', { name: 'Venues' }).waitFor();
    await page.goBack();
    await page.getByRole('rowheader', { name: /Market night/ }).waitFor();
    assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), 'Market');
    assert.match(page.url(), /#\/events\?(.*&)?search=Market(&|$)/);
    await page.goForward();
    await page.getByRole('heading', { name: 'Venues' }).waitFor();
    await context.close();
  } finally {
    await app.close();
  }
});

test('keys typed while an answer is on its way ask once more, for the text typed last', async (t) => {
  const app = await startApp(t);
  if (!app) return;
  try {
    const { context, page } = await listPage(app);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/event-list')) asked.push(url.searchParams.get('search') ?? '');
    });
    await clearLog(page);
    // "Market night" typed key by key, each right after the one before (one task: no pause at all,
    // so every key after "Mar" is typed while the answer for "Mar" is on its way).
    const word = 'Market night';
    await typeInOneTask(
      page,
      [...word].map((_, index) => word.slice(0, index + 1)),
    );
    await searchInAddress(page, word);
    await page.getByRole('rowheader', { name: /Market day/ }).waitFor({ state: 'detached' });
    assert.deepEqual(await rowTitles(page), ['Market night']);
    // The first long enough text at once (no wait added), then the last one as its answer came:
    // not one request a key (the old box sent nine).
    assert.deepEqual(asked, ['Mar', word], 'one request on the way at a time, the last text next');
    // The address once, when the list has its answer: not while a request is on its way.
    assert.deepEqual(await searchLog(page), ['request:Mar', `request:${word}`, `address:${word}`]);
    await context.close();
  } finally {
    await app.close();
  }
});

test('the address waits for the answer; a link followed before it keeps the search in the entry left', async (t) => {
  const app = await startApp(t);
  if (!app) return;
  try {
    const { context, page } = await listPage(app);
    // The list's answers held until let go: the address must not move while one is on its way.
    const release = await holdListAnswers(page);
    await clearLog(page);
    await typeInOneTask(page, ['Opera']);
    await page.waitForFunction(() => (window as unknown as { __listsOnTheirWay?: number }).__listsOnTheirWay === 1);
    // Two frames and a task later, still on its way: no address yet.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.deepEqual(await searchLog(page), ['request:Opera'], 'no address write while the request is on its way');
    assert.doesNotMatch(page.url(), /search=Opera/);
    release();
    await searchInAddress(page, 'Opera');
    await page.getByRole('rowheader', { name: /Yoga morning/ }).waitFor({ state: 'detached' });
    assert.deepEqual(await searchLog(page), ['request:Opera', 'address:Opera']);

    // Held again: "Market" typed, then the Venues link followed before its answer.
    await page.unroute(/\/event-list\?/);
    await listsAnswered(page);
    await page.route(/\/event-list\?/, () => {}); // never answered
    await typeInOneTask(page, ['Market']);
    await page.getByRole('link', { name: 'Venues' }).click();
    await page.getByRole('heading', { name: 'Venues' }).waitFor();
    await page.unroute(/\/event-list\?/);
    await page.goBack();
    assert.match(page.url(), /#\/events\?(.*&)?search=Market(&|$)/, 'the entry left holds the search typed last');
    await page.getByRole('rowheader', { name: /Market night/ }).waitFor();
    assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), 'Market');

    // Held again: "Yoga" (never asked before) typed, then a shortcut to the calendar (M): a new entry at once, no
    // waiting for the answer, and the entry left holds "Yoga".
    await listsAnswered(page);
    await page.route(/\/event-list\?/, () => {}); // never answered
    await typeInOneTask(page, ['Yoga']);
    // The key pressed in the page (on its body, not a field): the address is the calendar's once
    // the key's own event and its microtasks are done — not a second later, not after the answer.
    const hashAfterKey = await page.evaluate(async () => {
      (document.activeElement as HTMLElement | null)?.blur();
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'm', bubbles: true }));
      await new Promise<void>((done) => queueMicrotask(done));
      return location.hash;
    });
    assert.match(hashAfterKey, /^#\/calendar/);
    await page.unroute(/\/event-list\?/);
    await page.goBack();
    assert.match(page.url(), /#\/events\?(.*&)?search=Yoga(&|$)/, 'the entry left by the shortcut holds the search');
    await page.getByRole('rowheader', { name: /Yoga morning/ }).waitFor();
    await context.close();
  } finally {
    await app.close();
  }
});

test('the rows before fade only once the answer is slow to come (250 ms), and come back at once with it', async (t) => {
  const app = await startApp(t);
  if (!app) return;
  try {
    const { context, page } = await listPage(app);
    const release = await holdListAnswers(page);
    // When the fade starts, on the page's clock, beside the key's.
    await page.evaluate(() => {
      (window as unknown as { __fadeAt: number }).__fadeAt = 0;
      new MutationObserver(() => {
        const w = window as unknown as { __fadeAt: number };
        if (!w.__fadeAt && document.querySelector('.is-stale')) w.__fadeAt = performance.now();
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    const typedAt = await page.evaluate(() => performance.now());
    await typeInOneTask(page, ['Opera']);
    await page.locator('.is-stale').waitFor();
    const fadeAt = await page.evaluate(() => (window as unknown as { __fadeAt: number }).__fadeAt);
    assert.ok(fadeAt - typedAt >= 250, `faded ${Math.round(fadeAt - typedAt)} ms after the key`);
    // The old rows stand in, faded, until the answer.
    assert.deepEqual(await rowTitles(page), ['Market day', 'Market night', 'Opera night', 'Yoga morning']);
    release();
    await page.getByRole('rowheader', { name: /Yoga morning/ }).waitFor({ state: 'detached' });
    assert.equal(await page.locator('.is-stale').count(), 0);
    assert.deepEqual(await rowTitles(page), ['Opera night']);
    await context.close();
  } finally {
    await app.close();
  }
});
