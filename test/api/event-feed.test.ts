// almanac/v1/event-feed, the calendar's range feed: every event of a range, compact, with the same
// filters and exactly the same visibility as svc/events/v1/events — except the events hidden from
// listings, which it shows (marked) to whoever may edit them (issue 36). The agreement is checked
// for every role and a spread of filters against all pages of /events.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, startServer, type TestServer } from '../support/server.ts';
import { capPerDay } from '../../contract/day-cap.ts';

let server: TestServer;
const FEED = '/almanac/v1/event-feed';
let venueId: number;
let musicId: number;

before(async () => {
  server = await startServer({ timezone: 'America/New_York' });
  const venue = await server.admin('POST', 'venues', { json: { venue: 'Blue Hall', city: 'Springfield' } });
  venueId = venue.body.id;
  const music = await server.admin('POST', 'categories', { json: { name: 'Music' } });
  musicId = music.body.id;
  const day = (n: number) => `2031-03-${String(n).padStart(2, '0')}`;
  const plan: [string, Record<string, unknown>, keyof TestServer['tokens']][] = [
    ['Published concert', { categories: [musicId], venue: venueId, featured: true }, 'administrator'],
    ['Published talk', {}, 'author'],
    ['Draft by author', { status: 'draft' }, 'author'],
    ['Draft by author2', { status: 'draft' }, 'author2'],
    ['Pending by contributor', { status: 'pending' }, 'contributor'],
    ['Private by editor', { status: 'private' }, 'editor'],
    ['Hidden from listings', { hide_from_listings: true }, 'administrator'],
    ['Protected jazz', { password: 'secret', description: 'jazz inside' }, 'administrator'],
    ['All-day fair', { all_day: true, categories: [musicId] }, 'editor'],
    ['Hidden talk by author', { hide_from_listings: true }, 'author'],
    ['Hidden draft by contributor', { hide_from_listings: true, status: 'draft' }, 'contributor'],
  ];
  for (const [index, [title, fields, who]] of plan.entries()) {
    await createEvent(
      server,
      {
        title,
        start_date: `${day(index + 1)} 19:00`,
        end_date: `${day(index + 2)} 21:00`,
        status: 'publish',
        ...fields,
      },
      server.tokens[who],
    );
  }
});
after(() => server.close());

async function listIds(query: Record<string, string | number>, token?: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const response = await server.request('GET', 'events', { query: { ...query, per_page: 2, page }, token });
    if (response.status === 404 && page > 1) break;
    assert.equal(response.status, 200, response.text);
    ids.push(...response.body.events.map((event: { id: number }) => event.id));
    if (page >= Number(response.headers.get('x-tec-totalpages'))) break;
  }
  return ids;
}

async function feed(query: Record<string, string | number>, token?: string) {
  return server.request('GET', FEED, { query, token });
}

describe('the feed and /events agree', () => {
  const window = { start_date: '2031-03-01', end_date: '2031-04-30' };
  const filters: Record<string, Record<string, string | number>> = {
    window,
    'a category': { ...window, categories: 'music' },
    'a venue': { ...window, venue: 0 },
    search: { ...window, search: 'jazz' },
    featured: { ...window, featured: 'true' },
    'status draft': { ...window, status: 'draft' },
    'status any visible': { ...window, status: 'publish,draft,pending,private' },
    'starts after, strict': { starts_after: '2031-03-04 12:00', strict_dates: 'true' },
  };
  for (const role of ['anonymous', 'subscriber', 'contributor', 'author', 'editor', 'administrator'] as const) {
    test(`for ${role}, with every filter`, async () => {
      const token = role === 'anonymous' ? undefined : server.tokens[role];
      for (const [name, raw] of Object.entries(filters)) {
        const query = { ...raw };
        if ('venue' in query) query.venue = venueId;
        const response = await feed(query, token);
        if (response.status !== 200) {
          // A filter /events refuses (anonymous asking for drafts) is refused the same way.
          const list = await server.request('GET', 'events', { query, token });
          assert.equal(response.status, list.status, `${role} ${name}`);
          assert.equal(response.body.code, list.body.code);
          continue;
        }
        // Hidden events aside (below), exactly what /events lists.
        const listed = response.body.events.filter(
          (event: { hide_from_listings: boolean }) => !event.hide_from_listings,
        );
        const ids = listed.map((event: { id: number }) => event.id);
        assert.deepEqual(ids, await listIds(query, token), `${role}, ${name}`);
        assert.equal(response.body.total, response.body.events.length);
      }
    });
  }
});

test('events hidden from listings: in the feed for whoever may edit them, marked; never in /events', async () => {
  const window = { start_date: '2031-03-01', end_date: '2031-04-30' };
  const hidden: Record<string, string[]> = {
    anonymous: [],
    subscriber: [],
    // A contributor edits its own drafts and pending events; an author all its own; editors every one.
    contributor: ['Hidden draft by contributor'],
    author: ['Hidden talk by author'],
    editor: ['Hidden from listings', 'Hidden talk by author', 'Hidden draft by contributor'],
    administrator: ['Hidden from listings', 'Hidden talk by author', 'Hidden draft by contributor'],
  };
  for (const [role, titles] of Object.entries(hidden)) {
    const token = role === 'anonymous' ? undefined : server.tokens[role as keyof TestServer['tokens']];
    const response = await feed(window, token);
    assert.equal(response.status, 200, response.text);
    const shown = response.body.events.filter((event: { hide_from_listings: boolean }) => event.hide_from_listings);
    assert.deepEqual(
      shown.map((event: { title: string }) => event.title),
      titles,
      role,
    );
    // The same in the Events list's route, its total included; /events lists none of them.
    const page = await server.request('GET', '/almanac/v1/event-list', { query: { ...window, per_page: 50 }, token });
    assert.equal(page.status, 200, page.text);
    const pageHidden = page.body.events.filter((event: { hide_from_listings: boolean }) => event.hide_from_listings);
    assert.deepEqual(
      pageHidden.map((event: { title: string }) => event.title),
      titles,
      `${role}: event-list`,
    );
    assert.equal(Number(page.headers.get('x-tec-total')), page.body.events.length, `${role}: its total`);
    const contract = await server.request('GET', 'events', { query: { ...window, per_page: 50 }, token });
    assert.ok(
      !contract.body.events.some((event: { hide_from_listings: boolean }) => event.hide_from_listings),
      `${role}: svc/events/v1 lists no hidden event`,
    );
    // A search in the Events list finds them too.
    const search = await server.request('GET', '/almanac/v1/event-list', {
      query: { ...window, search: 'Hidden' },
      token,
    });
    assert.deepEqual(
      search.body.events
        .map((event: { title: string }) => event.title)
        .filter((title: string) => titles.includes(title)),
      titles,
      `${role}: search`,
    );
  }
});

test('each event is compact: UTC instants and wall times, all day, status, categories, venue name', async () => {
  const response = await feed({ start_date: '2031-03-01', end_date: '2031-04-30' }, server.tokens.administrator);
  const concert = response.body.events.find((event: { title: string }) => event.title === 'Published concert');
  assert.deepEqual(concert, {
    id: concert.id,
    title: 'Published concert',
    status: 'publish',
    start_utc: '2031-03-02T00:00:00Z',
    end_utc: '2031-03-03T02:00:00Z',
    start: '2031-03-01 19:00:00',
    end: '2031-03-02 21:00:00',
    timezone: 'America/New_York',
    all_day: false,
    featured: true,
    categories: [musicId],
    venue: 'Blue Hall',
    etag: concert.etag,
    series: null,
    hide_from_listings: false,
  });
  const single = await server.request('GET', `events/${concert.id}`);
  assert.equal(concert.etag, single.headers.get('etag'), "the feed's ETag is the event's");
  const fair = response.body.events.find((event: { title: string }) => event.title === 'All-day fair');
  assert.equal(fair.all_day, true);
  assert.equal(fair.start, '2031-03-09 00:00:00');
  assert.equal(fair.end, '2031-03-10 23:59:59');
  assert.equal(response.body.start_date, '2031-03-01 00:00:00');
  assert.equal(response.body.end_date, '2031-04-30 23:59:59');
  const hidden = response.body.events.find((event: { title: string }) => event.title === 'Hidden from listings');
  assert.equal(hidden?.hide_from_listings, true, 'an administrator sees the hidden event, marked');
  const anonymous = await feed({ start_date: '2031-03-01', end_date: '2031-04-30' });
  assert.ok(!anonymous.body.events.some((event: { title: string }) => event.title === 'Hidden from listings'));
});

test('no paging cap: a month with more events than a page of /events comes back whole', async () => {
  for (let i = 0; i < 60; i++)
    await createEvent(server, { title: `Busy ${i}`, start_date: '2031-06-15 10:00', end_date: '2031-06-15 11:00' });
  const response = await feed({ start_date: '2031-06-01', end_date: '2031-06-30' });
  assert.equal(response.status, 200);
  assert.equal(response.body.events.length, 60);
  assert.equal(response.body.total, 60);
});

test('bad parameters get the /events errors, naming each parameter', async () => {
  const response = await feed({ start_date: 'not a date', categories: 'no-such-category', geoloc_lat: 100 });
  assert.equal(response.status, 400);
  assert.equal(response.body.code, 'rest_invalid_param');
  assert.deepEqual(Object.keys(response.body.data.params).sort(), ['categories', 'geoloc_lat', 'start_date']);
});

test('translation_language: titles in that variant where one exists', async () => {
  const created = await createEvent(server, {
    title: 'Night of jazz',
    start_date: '2031-07-01 20:00',
    end_date: '2031-07-01 23:00',
  });
  await server.admin('PATCH', `events/${created.id}`, {
    query: { translation_language: 'mx' },
    json: { title: 'Noche de jazz' },
  });
  const mx = await feed({ start_date: '2031-07-01', end_date: '2031-07-02', translation_language: 'mx' });
  assert.deepEqual(
    mx.body.events.map((event: { title: string }) => event.title),
    ['Noche de jazz'],
  );
  const base = await feed({ start_date: '2031-07-01', end_date: '2031-07-02' });
  assert.deepEqual(
    base.body.events.map((event: { title: string }) => event.title),
    ['Night of jazz'],
  );
});

// The feed's JSON is written by SQLite (json_object), not by our serializer: titles with every kind
// of character must come out as the same strings the single read gives, as valid JSON.
test('titles with quotes, backslashes, control characters and non-Latin text come out exactly', async () => {
  const titles = ['Say "hi" \\ bye', 'Tab\there', 'Año nuevo — 新年 🎉', "O'Brien's <b>night</b>"];
  const ids: number[] = [];
  for (const title of titles) {
    const created = await createEvent(server, { title, start_date: '2031-08-10 10:00', end_date: '2031-08-10 11:00' });
    ids.push(created.id);
  }
  const response = await feed({ start_date: '2031-08-10', end_date: '2031-08-10' });
  assert.equal(response.status, 200, response.text);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  for (const id of ids) {
    const single = await server.request('GET', `events/${id}`);
    const entry = response.body.events.find((event: { id: number }) => event.id === id);
    assert.equal(entry?.title, single.body.title, `event ${id}`);
  }
});

test('Server-Timing gives the time the server spent on the answer', async () => {
  const response = await feed({ start_date: '2031-03-01', end_date: '2031-04-30' }, server.tokens.administrator);
  const duration = Number(/^app;dur=(\d+\.\d)$/.exec(response.headers.get('server-timing') ?? '')?.[1]);
  // Reading the events of two months takes more than a tenth of a millisecond (0.0 was a bug).
  assert.ok(duration > 0, `server-timing: ${response.headers.get('server-timing')}`);
});

// per_day: the month grid's cut made by the service (contract/day-cap.ts, the same code the UI cut
// with), so a busy month sends the ~100 events drawn, not thousands.
describe('per_day: the month grid cut', () => {
  // Six weeks from Sunday 2031-09-28 (October 2031's grid), in the site's zone (New York).
  const grid = { start_date: '2031-09-28', end_date: '2031-11-09' };
  before(async () => {
    const at = (day: string, hour: number, extra: Record<string, unknown> = {}) =>
      createEvent(server, {
        title: `Grid ${day} ${hour}`,
        start_date: `${day} ${String(hour).padStart(2, '0')}:00`,
        end_date: `${day} ${String(hour).padStart(2, '0')}:30`,
        ...extra,
      });
    // A busy day (7), a day with exactly per_day + 1 (4), a quiet day (1), a festival over three
    // days and an all-day event on the busy day, one event at 23:30 New York (the next day in UTC).
    for (let hour = 8; hour < 15; hour++) await at('2031-10-07', hour);
    for (let hour = 8; hour < 12; hour++) await at('2031-10-14', hour);
    await at('2031-10-21', 9);
    await at('2031-10-06', 23, { title: 'Late', start_date: '2031-10-06 23:30', end_date: '2031-10-06 23:50' });
    await createEvent(server, { title: 'Festival', start_date: '2031-10-06 18:00', end_date: '2031-10-08 12:00' });
    await createEvent(server, { title: 'Fair', all_day: true, start_date: '2031-10-07', end_date: '2031-10-07' });
  });

  test('sends what the UI cut from the whole range would draw, in its order, and counts the rest', async () => {
    const whole = await feed(grid);
    assert.equal(whole.status, 200, whole.text);
    const cut = await feed({ ...grid, per_day: 3 });
    assert.equal(cut.status, 200, cut.text);
    const expected = capPerDay(
      whole.body.events,
      { start: grid.start_date, end: grid.end_date },
      'America/New_York',
      3,
    );
    assert.deepEqual(cut.body.events, expected.shown);
    assert.deepEqual(cut.body.more, Object.fromEntries(expected.more));
    assert.equal(cut.body.total, whole.body.total);
    // What the cut means here: the busy day shows 3 (the festival and the fair among them) and
    // counts the rest; the day with 4 shows all 4 (no "+1 more" line); no event is lost.
    assert.equal(cut.body.more['2031-10-07'], 7 + 2 - 3);
    assert.equal(cut.body.more['2031-10-14'], undefined);
    const titles = cut.body.events.map((event: { title: string }) => event.title);
    assert.ok(titles.includes('Festival') && titles.includes('Fair'), titles.join(', '));
    const counted = Object.values(cut.body.more as Record<string, number>).reduce((sum, n) => sum + n, 0);
    assert.ok(cut.body.events.length < whole.body.events.length);
    assert.equal(cut.body.events.length + counted, whole.body.events.length, 'every event is drawn or counted');
  });

  test('the cut sees what the caller sees, and translated titles', async () => {
    for (const role of ['contributor', 'author'] as const) {
      const token = server.tokens[role];
      const whole = await feed(grid, token);
      const cut = await feed({ ...grid, per_day: 2 }, token);
      const expected = capPerDay(
        whole.body.events,
        { start: grid.start_date, end: grid.end_date },
        'America/New_York',
        2,
      );
      assert.deepEqual(cut.body.events, expected.shown, role);
    }
    const mx = await feed({ ...grid, per_day: 2, translation_language: 'mx' });
    assert.equal(mx.status, 200, mx.text);
  });

  test('per_day needs both dates, 1 to 20, and a range of at most a year', async () => {
    const queries: Record<string, string | number>[] = [
      { per_day: 3 },
      { start_date: '2031-10-01', per_day: 3 },
      { ...grid, per_day: 0 },
      { ...grid, per_day: 21 },
      { ...grid, per_day: 'many' },
      { start_date: '2031-01-01', end_date: '2033-01-01', per_day: 3 },
    ];
    for (const query of queries) {
      const response = await feed(query);
      assert.equal(response.status, 400, `${JSON.stringify(query)}: ${response.text}`);
      assert.equal(response.body.code, 'rest_invalid_param');
      assert.deepEqual(Object.keys(response.body.data.params), ['per_day'], JSON.stringify(query));
    }
  });
});
