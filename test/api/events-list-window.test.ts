// GET /events: the default date window, the envelope (rest_url, totals, headers), paging and the
// validation of page / per_page (tec-reference §2.1, §3.2, §5.2; api-contract §4–5).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { startServer, type TestServer } from '../support/server.ts';
import {
  type EventList,
  assertInvalid,
  awayFromMidnight,
  hourAt,
  list,
  listIds,
  listOk,
  seed,
  urlQuery,
  wall,
} from './events-list.helpers.ts';

const ZONE = 'America/New_York';

describe('an empty calendar', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('answers 200 with [] and zero totals, without next/previous', async () => {
    const response = await list(server);
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.body), ['events', 'rest_url', 'total', 'total_pages']);
    assert.deepEqual(response.body.events, []);
    assert.equal(response.body.total, 0);
    assert.equal(response.body.total_pages, 0);
    assert.equal(response.headers.get('x-tec-total'), '0');
    assert.equal(response.headers.get('x-tec-totalpages'), '0');
  });

  test('answers 404 event-archive-page-not-found for page 2', async () => {
    const response = await list(server, { page: 2 });
    assert.equal(response.status, 404);
    assert.equal(response.body.code, 'event-archive-page-not-found');
    assert.equal(response.body.message, 'The requested event archive page does not exist');
    assert.equal(response.body.data.status, 404);
  });
});

describe('the default window: start of yesterday … end of the day 24 months ahead (site time)', () => {
  let server: TestServer;
  const ids = {} as Record<
    | 'dayAfterWindow'
    | 'in25Months'
    | 'lastDayLate'
    | 'nextMonth'
    | 'ongoing'
    | 'threeDaysAgo'
    | 'yesterday'
    | 'yesterdayEarly',
    number
  >;
  let today: DateTime;

  before(async () => {
    server = await startServer();
    await awayFromMidnight(ZONE);
    today = DateTime.now().setZone(ZONE).startOf('day');
    const at = (days: number, hour = 12) => today.plus({ days }).set({ hour });
    ids.threeDaysAgo = await seed(server, { title: 'Three days ago', ...hourAt(at(-3)) });
    // Started before the window and still running: the reference does not list it by default.
    ids.ongoing = await seed(server, { title: 'Ongoing', start_date: wall(at(-3)), end_date: wall(at(1)) });
    ids.yesterdayEarly = await seed(server, { title: 'Yesterday early', ...hourAt(at(-1, 0).set({ minute: 5 })) });
    ids.yesterday = await seed(server, { title: 'Yesterday', ...hourAt(at(-1)) });
    ids.nextMonth = await seed(server, { title: 'Next month', ...hourAt(today.plus({ months: 1 }).set({ hour: 12 })) });
    const lastDay = today.plus({ months: 24 });
    ids.lastDayLate = await seed(server, {
      title: 'Last day of the window',
      start_date: wall(lastDay.set({ hour: 22 })),
      end_date: wall(lastDay.set({ hour: 23, minute: 30 })),
    });
    ids.dayAfterWindow = await seed(server, {
      title: 'Day after the window',
      ...hourAt(lastDay.plus({ days: 1 }).set({ hour: 1 })),
    });
    ids.in25Months = await seed(server, {
      title: '25 months ahead',
      ...hourAt(today.plus({ months: 25 }).set({ hour: 12 })),
    });
  });
  after(() => server.close());

  test('lists yesterday … 24 months ahead, ordered by start, and excludes events outside', async () => {
    assert.deepEqual(await listIds(server), [ids.yesterdayEarly, ids.yesterday, ids.nextMonth, ids.lastDayLate]);
  });

  test('rest_url echoes the normalised window and status=publish to anonymous callers', async () => {
    const body = await listOk(server);
    const start = wall(today.minus({ days: 1 }));
    const end = wall(today.plus({ months: 24 }).endOf('day'));
    assert.deepEqual(urlQuery(server, body.rest_url), [
      ['page', '1'],
      ['per_page', '10'],
      ['start_date', start],
      ['end_date', end],
      ['status', 'publish'],
    ]);
    assert.equal(body.total, 4);
    assert.equal(body.total_pages, 1);
    assert.equal('next_rest_url' in body, false);
    assert.equal('previous_rest_url' in body, false);
  });

  test('an explicit start_date keeps the default end of the window', async () => {
    const body = await listOk(server, { start_date: wall(today.minus({ days: 3 })).slice(0, 10), per_page: 50 });
    assert.deepEqual(
      body.events.map((e: { id: number }) => e.id),
      [ids.threeDaysAgo, ids.ongoing, ids.yesterdayEarly, ids.yesterday, ids.nextMonth, ids.lastDayLate],
    );
    const query = Object.fromEntries(urlQuery(server, body.rest_url));
    assert.equal(query.start_date, wall(today.minus({ days: 3 })));
    assert.equal(query.end_date, wall(today.plus({ months: 24 }).endOf('day')));
  });

  test('an explicit end_date in the past keeps the default start, so nothing matches', async () => {
    const body = await listOk(server, { end_date: wall(today.minus({ days: 3 })).slice(0, 10) });
    assert.deepEqual(body.events, []);
    assert.equal(body.total, 0);
    const query = Object.fromEntries(urlQuery(server, body.rest_url));
    assert.equal(query.start_date, wall(today.minus({ days: 1 })));
    assert.equal(query.end_date, wall(today.minus({ days: 3 }).endOf('day')));
  });

  test('logged-in editors get no status in rest_url (they see every status)', async () => {
    const body = await listOk(server, {}, server.tokens.editor);
    assert.equal(
      urlQuery(server, body.rest_url).some(([key]) => key === 'status'),
      false,
    );
  });
});

describe('paging', () => {
  let server: TestServer;
  const ids: number[] = [];

  before(async () => {
    server = await startServer();
    const base = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 10 });
    // Created out of start order, so the list order must come from the start dates.
    for (const day of [3, 1, 4, 0, 2]) {
      ids[day] = await seed(server, { title: `Day ${day}`, ...hourAt(base.plus({ days: day, hours: 12 })) });
    }
  });
  after(() => server.close());

  test('per_page splits the list; totals and X-TEC-* headers are the same on every page', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await listOk(server, { per_page: 2, page }));
    assert.deepEqual(
      pages.map((p) => p.events.map((e: { id: number }) => e.id)),
      [[ids[0], ids[1]], [ids[2], ids[3]], [ids[4]]],
    );
    for (const p of pages) {
      assert.equal(p.total, 5);
      assert.equal(p.total_pages, 3);
    }
  });

  test('next_rest_url and previous_rest_url follow the reference rules', async () => {
    const first = await listOk(server, { per_page: 2 });
    assert.equal('previous_rest_url' in first, false);
    const firstQuery = urlQuery(server, first.rest_url);
    assert.deepEqual(firstQuery.slice(0, 2), [
      ['page', '1'],
      ['per_page', '2'],
    ]);
    // next: the same query with page moved to the end.
    const rest = firstQuery.slice(1);
    assert.deepEqual(urlQuery(server, first.next_rest_url), [...rest, ['page', '2']]);

    const second = await listOk(server, { per_page: 2, page: 2 });
    assert.deepEqual(urlQuery(server, second.rest_url), [['page', '2'], ...rest]);
    assert.deepEqual(urlQuery(server, second.next_rest_url), [...rest, ['page', '3']]);
    // Back to page 1: `page` is dropped entirely.
    assert.deepEqual(urlQuery(server, second.previous_rest_url), rest);
    assert.deepEqual(Object.keys(second), [
      'events',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ]);

    const third = await listOk(server, { per_page: 2, page: 3 });
    assert.equal('next_rest_url' in third, false);
    assert.deepEqual(urlQuery(server, third.previous_rest_url), [...rest, ['page', '2']]);
  });

  test('the links are followable and give the neighbouring pages', async () => {
    const second = await listOk(server, { per_page: 2, page: 2 });
    const follow = async (link: string | undefined) => {
      const url = new URL(link!);
      const response = await server.request<EventList>('GET', `${url.pathname}${url.search}`);
      assert.equal(response.status, 200);
      return response.body.events.map((e) => e.id);
    };
    assert.deepEqual(await follow(second.next_rest_url), [ids[4]]);
    assert.deepEqual(await follow(second.previous_rest_url), [ids[0], ids[1]]);
  });

  test('an empty page past the last → 404 event-archive-page-not-found', async () => {
    const response = await list(server, { per_page: 2, page: 4 });
    assert.equal(response.status, 404);
    assert.equal(response.body.code, 'event-archive-page-not-found');
    const far = await list(server, { page: 99 });
    assert.equal(far.status, 404);
  });

  test('per_page defaults to 10 and values above 50 are clamped to 50', async () => {
    const defaults = await listOk(server);
    assert.equal(Object.fromEntries(urlQuery(server, defaults.rest_url)).per_page, '10');
    const big = await listOk(server, { per_page: 500 });
    assert.equal(Object.fromEntries(urlQuery(server, big.rest_url)).per_page, '50');
    assert.equal(big.events.length, 5);
    assert.equal(big.total_pages, 1);
  });

  test('per_page and page must be positive integers → 400 rest_invalid_param naming the param', async () => {
    for (const bad of [0, -1, 'foo', 1.5, '']) {
      const perPage = await assertInvalid(server, { per_page: bad }, ['per_page']);
      assert.equal(perPage.body.message, 'Invalid parameter(s): per_page');
      await assertInvalid(server, { page: bad }, ['page']);
    }
    // Every bad parameter is named in the same 400.
    await assertInvalid(server, { page: 0, per_page: 'foo' }, ['page', 'per_page']);
  });
});

describe('per_page clamping with more than 50 events', () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
    const base = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 5, hours: 8 });
    for (let i = 0; i < 52; i++) await seed(server, { title: `Event ${i}`, ...hourAt(base.plus({ minutes: 10 * i })) });
  });
  after(() => server.close());

  test('per_page=100 returns 50 events and paginates as per_page=50', async () => {
    const body = await listOk(server, { per_page: 100 });
    assert.equal(body.events.length, 50);
    assert.equal(body.total, 52);
    assert.equal(body.total_pages, 2);
    const next = Object.fromEntries(urlQuery(server, body.next_rest_url));
    assert.equal(next.per_page, '50');
    assert.equal(next.page, '2');
    const second = await listOk(server, { per_page: 100, page: 2 });
    assert.equal(second.events.length, 2);
    assert.equal(second.events[1]!.title, 'Event 51');
  });
});
