// The events list in a real browser: each filter of GET /events, set in the UI, narrows the rows
// (each case would fail if the filter were ignored), the total comes from X-TEC-Total, paging
// works, and the filters live in the URL (a reload restores them).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dayOf, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
const [year, monthNumber] = month.split('-').map(Number) as [number, number];
const next = `${monthNumber === 12 ? year + 1 : year}-${String((monthNumber % 12) + 1).padStart(2, '0')}`;

before(async () => {
  app = await startApp(test as never);
  if (!app) return;
  const api = app.api;
  const blue = (await api('POST', 'venues', { venue: 'Blue Hall', city: 'Springfield', geo_lat: 40.7, geo_lng: -74.0 }))
    .body.id;
  const red = (await api('POST', 'venues', { venue: 'Red Barn', city: 'Farmville', geo_lat: 34.05, geo_lng: -118.24 }))
    .body.id;
  const alice = (await api('POST', 'organizers', { organizer: 'Alice Promotions' })).body.id;
  const music = (await api('POST', 'categories', { name: 'Music' })).body.id;
  const talks = (await api('POST', 'categories', { name: 'Talks' })).body.id;
  const free = (await api('POST', 'tags', { name: 'Free' })).body.id;
  const events = [
    {
      title: 'Jazz at the hall',
      day: dayOf(next, 3),
      categories: [music],
      venue: blue,
      organizer: [alice],
      featured: true,
    },
    { title: 'Barn dance', day: dayOf(next, 5), categories: [music], venue: red, tags: [free] },
    { title: 'History talk', day: dayOf(next, 8), categories: [talks], venue: blue },
    { title: 'Draft rehearsal', day: dayOf(next, 9), status: 'draft' },
    { title: 'Later gathering', day: dayOf(next, 25), tags: [free] },
  ];
  for (const { day, ...fields } of events)
    await api('POST', 'events', { status: 'publish', start_date: `${day} 18:00`, end_date: `${day} 20:00`, ...fields });
});
after(() => app?.close());

async function rows(page: Page): Promise<string[]> {
  await page.waitForFunction(() => !document.querySelector('.is-stale, .list-results[aria-busy="true"]'));
  await page.waitForTimeout(150);
  const grid = page.getByRole('grid', { name: 'Events list' });
  if ((await grid.count()) === 0) return [];
  return (await grid.getByRole('rowheader').allTextContents()).map((text) => text.replace('★', '').trim());
}

async function total(page: Page): Promise<string> {
  return (await page.locator('.list-total').textContent()) ?? '';
}

async function pick(page: Page, label: string, text: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
}

const ALL = ['Jazz at the hall', 'Barn dance', 'History talk', 'Draft rehearsal', 'Later gathering'];

test('each filter narrows the list; totals from X-TEC-Total; the filters are in the URL', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/events?from=${next}-01`);
  await page.getByRole('grid', { name: 'Events list' }).waitFor();
  assert.deepEqual(await rows(page), ALL);
  assert.match(await total(page), /^5 events$/);

  const check = async (name: string, apply: () => Promise<void>, expected: string[]) => {
    await apply();
    await page.waitForFunction(
      (count) => document.querySelector('.list-total')?.textContent?.startsWith(String(count === 0 ? 'No' : count)),
      expected.length,
    );
    assert.deepEqual(await rows(page), expected, name);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('From', { exact: true }).fill(`${next}-01`);
    await page.waitForFunction(() => document.querySelector('.list-total')?.textContent === '5 events');
  };
  // The search's request starts as the box changes (before the screen draws again), and the
  // screen finds it under way: one request for one change, never a second for the same page.
  const searched: string[] = [];
  const listed = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/almanac/v1/event-list')) searched.push(url.searchParams.get('search') ?? '');
  };
  page.on('request', listed);
  await check('Search', () => page.getByRole('searchbox', { name: 'Search' }).fill('talk'), ['History talk']);
  page.off('request', listed);
  assert.equal(searched.filter((search) => search === 'talk').length, 1, `requests: ${searched.join(', ')}`);
  await check('To', () => page.getByLabel('To', { exact: true }).fill(dayOf(next, 6)), [
    'Jazz at the hall',
    'Barn dance',
  ]);
  await check('From', () => page.getByLabel('From', { exact: true }).fill(dayOf(next, 20)), ['Later gathering']);
  await check('Category', () => pick(page, 'Category', 'Talks'), ['History talk']);
  await check('Tag', () => pick(page, 'Tag', 'Free'), ['Barn dance', 'Later gathering']);
  await check('Venue', () => pick(page, 'Venue', 'Red Barn'), ['Barn dance']);
  await check('Organizer', () => pick(page, 'Organizer', 'Alice'), ['Jazz at the hall']);
  await check(
    'Featured',
    async () => {
      await page.getByRole('button', { name: /Featured/ }).click();
      await page.getByRole('option', { name: 'Featured only' }).click();
    },
    ['Jazz at the hall'],
  );
  await check(
    'Status',
    async () => {
      await page.getByRole('button', { name: /Status/ }).click();
      await page.getByRole('option', { name: 'Draft' }).click();
    },
    ['Draft rehearsal'],
  );
  await check('Near a place', () => pick(page, 'Near a place', 'Red Barn'), ['Barn dance']);

  // Bookmarkable: the filters are in the URL and a reload restores them.
  await page.getByRole('searchbox', { name: 'Search' }).fill('a');
  await pick(page, 'Category', 'Music');
  // A one-letter search is asked for once typing pauses (EventFilters' short-search pause), so
  // the category alone may give the same two rows first: wait for the search to reach the URL.
  await page.waitForURL(/search=a/);
  await page.waitForFunction(() => document.querySelector('.list-total')?.textContent === '2 events');
  // The address follows once the list has its answer (url-state.ts).
  await page.waitForURL(/categories=music/);
  await page.reload();
  await page.getByRole('grid', { name: 'Events list' }).waitFor();
  assert.deepEqual(await rows(page), ['Jazz at the hall', 'Barn dance']);
  assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), 'a');
  // An address changed from outside (a pasted link, Back/Forward) brings the search box along
  // with the list (it kept its old text).
  await page.evaluate(() => (location.hash = '#/events?search=barn'));
  await page.waitForFunction(() => document.querySelector('.list-total')?.textContent === '1 event');
  assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), 'barn');
});

test('paging: 25 a page, Next page shows the rest', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  for (let i = 0; i < 26; i++) {
    const day = dayOf(month === next ? month : next, 1 + (i % 28));
    await app.api('POST', 'events', {
      title: `Paged ${String(i).padStart(2, '0')}`,
      start_date: `${day} 07:00`,
      end_date: `${day} 07:30`,
    });
  }
  const page = await app.signedInPage(`#/events?from=${next}-01&search=Paged`);
  await page.getByRole('grid', { name: 'Events list' }).waitFor();
  assert.match(await total(page), /^26 events$/);
  assert.equal((await rows(page)).length, 25);
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[role=rowheader]').length === 1);
  await page.waitForURL(/page=2/);
});

test('an event before today: not in the default list (from today), the empty state says so, and "Include past events" lists it', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await app.api('POST', 'events', {
    title: 'Old reunion',
    status: 'publish',
    start_date: `${year - 1}-06-15 18:00`,
    end_date: `${year - 1}-06-15 20:00`,
  });
  const page = await app.signedInPage('#/events?search=reunion');
  await page.getByText('No upcoming event matches these filters.').waitFor();
  assert.deepEqual(await rows(page), []);
  await page.getByRole('button', { name: 'Include past events' }).click();
  await page.getByRole('grid', { name: 'Events list' }).waitFor();
  assert.deepEqual(await rows(page), ['Old reunion']);
  await page.waitForURL(/past=true/);
  assert.equal(await page.getByRole('checkbox', { name: 'Include past events' }).isChecked(), true);
  // Unchecked, the list is back to the API's window.
  await page.locator('label', { hasText: 'Include past events' }).click(); // the checkbox's visible label
  await page.getByText('No upcoming event matches these filters.').waitFor();
});
