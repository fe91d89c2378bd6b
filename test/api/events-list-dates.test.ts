// GET /events date filters: start_date / end_date in inclusive (whole days) and strict mode, the
// strict </> filters starts_* / ends_*, relative input, validation, and DST days on a site with a
// negative offset (America/New_York) and one with a positive offset (Europe/Berlin).
// tec-reference §5.1–5.2 and §12; api-contract §5.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { startServer, type TestServer } from '../support/server.ts';
import {
  assertInvalid,
  awayFromMidnight,
  hourAt,
  listIds,
  listOk,
  seed,
  urlQuery,
  wall,
} from './events-list.helpers.ts';

const NEW_YORK = 'America/New_York';

describe('start_date / end_date and the strict filters (the reference example, 2018-01-01)', () => {
  let server: TestServer;
  const ids = {} as Record<'dec31' | 'inside' | 'jan2' | 'morning' | 'overlapEnd' | 'overlapStart', number>;

  before(async () => {
    server = await startServer();
    const event = (title: string, start: string, end: string) =>
      seed(server, { title, start_date: start, end_date: end });
    ids.dec31 = await event('Dec 31 afternoon', '2017-12-31 15:30:00', '2017-12-31 17:00:00');
    ids.morning = await event('Jan 1 morning', '2018-01-01 10:00:00', '2018-01-01 11:00:00');
    ids.overlapStart = await event('Jan 1 14:00-16:00', '2018-01-01 14:00:00', '2018-01-01 16:00:00');
    ids.inside = await event('Jan 1 15:30-17:00', '2018-01-01 15:30:00', '2018-01-01 17:00:00');
    ids.overlapEnd = await event('Jan 1 17:30-19:00', '2018-01-01 17:30:00', '2018-01-01 19:00:00');
    ids.jan2 = await event('Jan 2 afternoon', '2018-01-02 16:00:00', '2018-01-02 17:00:00');
  });
  after(() => server.close());

  const jan1 = () => [ids.morning, ids.overlapStart, ids.inside, ids.overlapEnd];

  test('inclusive mode (default) widens start_date/end_date to the whole written day', async () => {
    const body = await listOk(server, { start_date: '2018-01-01 15:00', end_date: '2018-01-01 18:00' });
    assert.deepEqual(
      body.events.map((e: { id: number }) => e.id),
      jan1(),
    );
    const query = Object.fromEntries(urlQuery(server, body.rest_url));
    assert.equal(query.start_date, '2018-01-01 00:00:00');
    assert.equal(query.end_date, '2018-01-01 23:59:59');
    assert.equal(query.strict_dates, undefined);
    // strict_dates=false (and 0) is the same as leaving it out.
    assert.deepEqual(
      await listIds(server, { start_date: '2018-01-01 15:00', end_date: '2018-01-01 18:00', strict_dates: 'false' }),
      jan1(),
    );
    assert.deepEqual(
      await listIds(server, { start_date: '2018-01-01 15:00', end_date: '2018-01-01 18:00', strict_dates: 0 }),
      jan1(),
    );
  });

  test('strict_dates=true applies the exact times: only events fully inside 15:00–18:00', async () => {
    const body = await listOk(server, {
      start_date: '2018-01-01 15:00',
      end_date: '2018-01-01 18:00',
      strict_dates: 'true',
    });
    assert.deepEqual(
      body.events.map((e: { id: number }) => e.id),
      [ids.inside],
    );
    const query = Object.fromEntries(urlQuery(server, body.rest_url));
    assert.equal(query.start_date, '2018-01-01 15:00:00');
    assert.equal(query.end_date, '2018-01-01 18:00:00');
    assert.equal(query.strict_dates, 'true');
    // Other FILTER_VALIDATE_BOOLEAN spellings of true.
    for (const flag of ['1', 'yes', 'on']) {
      assert.deepEqual(
        await listIds(server, { start_date: '2018-01-01 15:00', end_date: '2018-01-01 18:00', strict_dates: flag }),
        [ids.inside],
      );
    }
  });

  test('strict start_date is >= and strict end_date is <= (the bounds themselves match)', async () => {
    assert.deepEqual(
      await listIds(server, { start_date: '2018-01-01 15:30:00', end_date: '2018-01-01 17:00:00', strict_dates: 1 }),
      [ids.inside],
    );
    assert.deepEqual(
      await listIds(server, { start_date: '2018-01-01 15:30:01', end_date: '2018-01-01 17:00:00', strict_dates: 1 }),
      [],
    );
    assert.deepEqual(
      await listIds(server, { start_date: '2018-01-01 15:30:00', end_date: '2018-01-01 16:59:59', strict_dates: 1 }),
      [],
    );
  });

  test('a relative filter alone drops the default window, so past events appear', async () => {
    // Inclusive: a date-only value means the end of that day (23:59:59).
    const body = await listOk(server, { starts_after: '2017-12-31', per_page: 50 });
    assert.deepEqual(
      body.events.map((e: { id: number }) => e.id),
      [...jan1(), ids.jan2],
    );
    const query = Object.fromEntries(urlQuery(server, body.rest_url));
    assert.equal(query.start_date, undefined);
    assert.equal(query.end_date, undefined);
    assert.equal(query.starts_after, '2017-12-31 23:59:59');
  });

  test('starts_before / ends_before / ends_after in inclusive mode use the end of the written day', async () => {
    // start < 2018-01-01 23:59:59
    assert.deepEqual(await listIds(server, { starts_before: '2018-01-01 09:00' }), [ids.dec31, ...jan1()]);
    // end < 2018-01-01 23:59:59
    assert.deepEqual(await listIds(server, { ends_before: '2018-01-01' }), [ids.dec31, ...jan1()]);
    // end > 2018-01-01 23:59:59
    assert.deepEqual(await listIds(server, { ends_after: '2018-01-01 08:00' }), [ids.jan2]);
    // start > 2018-01-01 23:59:59
    assert.deepEqual(await listIds(server, { starts_after: '2018-01-01 08:00' }), [ids.jan2]);
  });

  test('with strict_dates the starts_*/ends_* comparisons are strict < and >', async () => {
    const strict = { strict_dates: 'true' };
    // B (15:30-17:00) sits exactly on every bound below and must never match.
    assert.deepEqual(await listIds(server, { ...strict, starts_before: '2018-01-01 15:30' }), [
      ids.dec31,
      ids.morning,
      ids.overlapStart,
    ]);
    assert.deepEqual(await listIds(server, { ...strict, starts_after: '2018-01-01 15:30' }), [
      ids.overlapEnd,
      ids.jan2,
    ]);
    assert.deepEqual(await listIds(server, { ...strict, ends_before: '2018-01-01 17:00' }), [
      ids.dec31,
      ids.morning,
      ids.overlapStart,
    ]);
    assert.deepEqual(await listIds(server, { ...strict, ends_after: '2018-01-01 17:00' }), [ids.overlapEnd, ids.jan2]);
    const body = await listOk(server, { ...strict, ends_after: '2018-01-01 17:00' });
    assert.equal(Object.fromEntries(urlQuery(server, body.rest_url)).ends_after, '2018-01-01 17:00:00');
  });

  test('explicit start_date/end_date and relative filters intersect', async () => {
    assert.deepEqual(
      await listIds(server, { start_date: '2018-01-01', starts_before: '2018-01-01 15:30', strict_dates: 'true' }),
      [ids.morning, ids.overlapStart],
    );
    assert.deepEqual(
      await listIds(server, { starts_after: '2018-01-01', ends_before: '2018-01-01 16:30', strict_dates: 'true' }),
      [ids.morning, ids.overlapStart],
    );
    // Inclusive: both relative bounds are the end of their day.
    assert.deepEqual(await listIds(server, { starts_after: '2017-12-31', end_date: '2018-01-01' }), jan1());
  });

  test('Unix timestamps are accepted (inclusive mode widens them to the whole day)', async () => {
    const at = DateTime.fromISO('2018-01-01T16:00:00', { zone: NEW_YORK }).toUnixInteger();
    assert.deepEqual(await listIds(server, { start_date: at, end_date: at }), jan1());
    const from = DateTime.fromISO('2018-01-01T15:00:00', { zone: NEW_YORK }).toUnixInteger();
    const to = DateTime.fromISO('2018-01-01T18:00:00', { zone: NEW_YORK }).toUnixInteger();
    assert.deepEqual(await listIds(server, { start_date: from, end_date: to, strict_dates: 'true' }), [ids.inside]);
  });

  test('strict times without an offset are read in the site timezone (contract §5 deviation)', async () => {
    // 20:30–22:00 UTC is 15:30–17:00 in New York; read as UTC it would match nothing here.
    assert.deepEqual(
      await listIds(server, { start_date: '2018-01-01 15:30', end_date: '2018-01-01 17:00', strict_dates: 'true' }),
      [ids.inside],
    );
    // An explicit offset is honoured.
    assert.deepEqual(
      await listIds(server, {
        start_date: '2018-01-01T20:30:00Z',
        end_date: '2018-01-01T22:00:00+00:00',
        strict_dates: 'true',
      }),
      [ids.inside],
    );
  });

  test('unparseable dates → 400 rest_invalid_param naming each bad parameter', async () => {
    for (const param of ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after']) {
      for (const bad of ['before my birthday', 'garbage', '2018-13-45', '']) {
        await assertInvalid(server, { [param]: bad }, [param]);
      }
    }
    await assertInvalid(server, { start_date: 'soon', ends_after: 'later', end_date: '2018-01-01' }, [
      'start_date',
      'ends_after',
    ]);
  });

  test("strict_dates must be boolean-like: '' or 'maybe' → 400", async () => {
    await assertInvalid(server, { strict_dates: '' }, ['strict_dates']);
    await assertInvalid(server, { strict_dates: 'maybe' }, ['strict_dates']);
    await assertInvalid(server, { strict_dates: 'maybe', start_date: '2018-01-01' }, ['strict_dates']);
  });
});

describe('relative date input (tomorrow, +1 week)', () => {
  let server: TestServer;
  const ids = {} as Record<'in3' | 'in7Late' | 'in8' | 'todayEarly' | 'tomorrow', number>;
  let today: DateTime;

  before(async () => {
    server = await startServer();
    await awayFromMidnight(NEW_YORK);
    today = DateTime.now().setZone(NEW_YORK).startOf('day');
    const at = (days: number, hour: number) => hourAt(today.plus({ days }).set({ hour }));
    ids.todayEarly = await seed(server, { title: 'Today 00:10', ...hourAt(today.set({ minute: 10 })) });
    ids.tomorrow = await seed(server, { title: 'Tomorrow', ...at(1, 12) });
    ids.in3 = await seed(server, { title: 'In 3 days', ...at(3, 12) });
    ids.in7Late = await seed(server, { title: 'In 7 days, late', ...at(7, 22) });
    ids.in8 = await seed(server, { title: 'In 8 days', ...at(8, 1) });
  });
  after(() => server.close());

  test('start_date=tomorrow&end_date=+1 week covers tomorrow 00:00 … the end of the day a week ahead', async () => {
    const body = await listOk(server, { start_date: 'tomorrow', end_date: '+1 week' });
    assert.deepEqual(
      body.events.map((e: { id: number }) => e.id),
      [ids.tomorrow, ids.in3, ids.in7Late],
    );
    const query = Object.fromEntries(urlQuery(server, body.rest_url));
    assert.equal(query.start_date, wall(today.plus({ days: 1 })));
    assert.equal(query.end_date, wall(today.plus({ days: 7 }).endOf('day')));
  });

  test('other relative forms: today, +3 days, next week, 2 days ago', async () => {
    assert.deepEqual(await listIds(server, { start_date: 'today', end_date: '+3 days' }), [
      ids.todayEarly,
      ids.tomorrow,
      ids.in3,
    ]);
    // start > tomorrow 23:59:59 and end < (now + 7 days) 23:59:59
    assert.deepEqual(await listIds(server, { starts_after: 'tomorrow', ends_before: 'next week' }), [
      ids.in3,
      ids.in7Late,
    ]);
    assert.deepEqual(await listIds(server, { starts_after: '2 days ago', starts_before: 'tomorrow' }), [
      ids.todayEarly,
      ids.tomorrow,
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// DST: events on both sides of each change, utc_* values, and whole-day filters on the change day.
// ---------------------------------------------------------------------------------------------

interface DstCase {
  title: string;
  start: string;
  utcStart: string;
}

async function seedDst(server: TestServer, cases: DstCase[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const c of cases) {
    const start = DateTime.fromFormat(c.start, 'yyyy-MM-dd HH:mm:ss', { zone: 'UTC' });
    const event = await server.admin('POST', 'events', {
      json: { title: c.title, start_date: c.start, end_date: wall(start.plus({ minutes: 15 })) },
    });
    assert.equal(event.status, 201, event.text);
    assert.equal(event.body.utc_start_date, c.utcStart, `${c.title}: utc_start_date on create`);
    ids.set(c.title, event.body.id);
  }
  return ids;
}

/** Lists the events of one whole (site-local) day and checks titles and utc_start_date values. */
async function assertDay(server: TestServer, day: string, cases: DstCase[], expected: string[]): Promise<void> {
  const body = await listOk(server, { start_date: day, end_date: day, per_page: 50 });
  assert.deepEqual(
    body.events.map((e: { title: string }) => e.title),
    expected,
    `events of ${day}`,
  );
  for (const e of body.events) {
    const c = cases.find((x) => x.title === e.title)!;
    assert.equal(e.utc_start_date, c.utcStart, `${e.title}: utc_start_date in the list`);
    assert.equal(e.start_date, c.start, `${e.title}: local start_date in the list`);
  }
}

describe('DST in America/New_York (negative offset)', () => {
  let server: TestServer;
  // Spring forward 2027-03-14 02:00 EST → 03:00 EDT (a 23-hour day).
  const spring: DstCase[] = [
    { title: 'Mar 13 23:30 EST', start: '2027-03-13 23:30:00', utcStart: '2027-03-14 04:30:00' },
    { title: 'Mar 14 00:30 EST', start: '2027-03-14 00:30:00', utcStart: '2027-03-14 05:30:00' },
    { title: 'Mar 14 01:30 EST', start: '2027-03-14 01:30:00', utcStart: '2027-03-14 06:30:00' },
    { title: 'Mar 14 03:30 EDT', start: '2027-03-14 03:30:00', utcStart: '2027-03-14 07:30:00' },
    { title: 'Mar 14 23:30 EDT', start: '2027-03-14 23:30:00', utcStart: '2027-03-15 03:30:00' },
    { title: 'Mar 15 00:30 EDT', start: '2027-03-15 00:30:00', utcStart: '2027-03-15 04:30:00' },
  ];
  // Fall back 2027-11-07 02:00 EDT → 01:00 EST (a 25-hour day); 01:30 happens twice, the first wins.
  const fall: DstCase[] = [
    { title: 'Nov 6 23:30 EDT', start: '2027-11-06 23:30:00', utcStart: '2027-11-07 03:30:00' },
    { title: 'Nov 7 00:30 EDT', start: '2027-11-07 00:30:00', utcStart: '2027-11-07 04:30:00' },
    { title: 'Nov 7 01:30 EDT', start: '2027-11-07 01:30:00', utcStart: '2027-11-07 05:30:00' },
    { title: 'Nov 7 02:30 EST', start: '2027-11-07 02:30:00', utcStart: '2027-11-07 07:30:00' },
    { title: 'Nov 7 23:30 EST', start: '2027-11-07 23:30:00', utcStart: '2027-11-08 04:30:00' },
    { title: 'Nov 8 00:30 EST', start: '2027-11-08 00:30:00', utcStart: '2027-11-08 05:30:00' },
  ];

  before(async () => {
    server = await startServer({ timezone: NEW_YORK });
    await seedDst(server, [...spring, ...fall]);
  });
  after(() => server.close());

  test('the spring-forward day (23 hours) lists exactly its own events', async () => {
    await assertDay(server, '2027-03-14', spring, [
      'Mar 14 00:30 EST',
      'Mar 14 01:30 EST',
      'Mar 14 03:30 EDT',
      'Mar 14 23:30 EDT',
    ]);
    await assertDay(server, '2027-03-15', spring, ['Mar 15 00:30 EDT']);
  });

  test('the fall-back day (25 hours) lists exactly its own events', async () => {
    await assertDay(server, '2027-11-07', fall, [
      'Nov 7 00:30 EDT',
      'Nov 7 01:30 EDT',
      'Nov 7 02:30 EST',
      'Nov 7 23:30 EST',
    ]);
    await assertDay(server, '2027-11-06', fall, ['Nov 6 23:30 EDT']);
  });

  test('strict times on a change day use the offset in force at that wall time', async () => {
    const titles = async (query: Record<string, string>) =>
      (await listOk(server, { strict_dates: 'true', per_page: 50, ...query })).events.map(
        (e: { title: string }) => e.title,
      );
    // 03:15 EDT = 07:15Z: after the 01:30 EST event (06:30Z), before the 03:30 EDT one (07:30Z).
    assert.deepEqual(await titles({ start_date: '2027-03-14 03:15', end_date: '2027-03-14 12:00' }), [
      'Mar 14 03:30 EDT',
    ]);
    // 01:50 EST = 06:50Z: the 01:30–01:45 EST event (ends 06:45Z) fits; read as EDT (05:50Z) it would not.
    assert.deepEqual(await titles({ start_date: '2027-03-14 01:00', end_date: '2027-03-14 01:50' }), [
      'Mar 14 01:30 EST',
    ]);
    // 02:15 EST = 07:15Z on the fall-back day.
    assert.deepEqual(await titles({ starts_after: '2027-11-07 02:15', starts_before: '2027-11-07 12:00' }), [
      'Nov 7 02:30 EST',
    ]);
  });
});

describe('DST in Europe/Berlin (positive offset)', () => {
  let server: TestServer;
  // Spring forward 2027-03-28 02:00 CET → 03:00 CEST.
  const spring: DstCase[] = [
    { title: 'Mar 27 23:30 CET', start: '2027-03-27 23:30:00', utcStart: '2027-03-27 22:30:00' },
    { title: 'Mar 28 00:30 CET', start: '2027-03-28 00:30:00', utcStart: '2027-03-27 23:30:00' },
    { title: 'Mar 28 01:30 CET', start: '2027-03-28 01:30:00', utcStart: '2027-03-28 00:30:00' },
    { title: 'Mar 28 03:30 CEST', start: '2027-03-28 03:30:00', utcStart: '2027-03-28 01:30:00' },
    { title: 'Mar 28 23:30 CEST', start: '2027-03-28 23:30:00', utcStart: '2027-03-28 21:30:00' },
    // Same UTC date as the change day, but the next local day: must not be listed on Mar 28.
    { title: 'Mar 29 00:30 CEST', start: '2027-03-29 00:30:00', utcStart: '2027-03-28 22:30:00' },
  ];
  // Fall back 2027-10-31 03:00 CEST → 02:00 CET; 02:30 happens twice, the first wins.
  const fall: DstCase[] = [
    { title: 'Oct 30 23:30 CEST', start: '2027-10-30 23:30:00', utcStart: '2027-10-30 21:30:00' },
    { title: 'Oct 31 00:30 CEST', start: '2027-10-31 00:30:00', utcStart: '2027-10-30 22:30:00' },
    { title: 'Oct 31 02:30 CEST', start: '2027-10-31 02:30:00', utcStart: '2027-10-31 00:30:00' },
    { title: 'Oct 31 03:30 CET', start: '2027-10-31 03:30:00', utcStart: '2027-10-31 02:30:00' },
    { title: 'Oct 31 23:30 CET', start: '2027-10-31 23:30:00', utcStart: '2027-10-31 22:30:00' },
    { title: 'Nov 1 00:30 CET', start: '2027-11-01 00:30:00', utcStart: '2027-10-31 23:30:00' },
  ];

  before(async () => {
    server = await startServer({ timezone: 'Europe/Berlin' });
    await seedDst(server, [...spring, ...fall]);
  });
  after(() => server.close());

  test('the spring-forward day lists exactly its own events', async () => {
    await assertDay(server, '2027-03-28', spring, [
      'Mar 28 00:30 CET',
      'Mar 28 01:30 CET',
      'Mar 28 03:30 CEST',
      'Mar 28 23:30 CEST',
    ]);
    await assertDay(server, '2027-03-27', spring, ['Mar 27 23:30 CET']);
    await assertDay(server, '2027-03-29', spring, ['Mar 29 00:30 CEST']);
  });

  test('the fall-back day lists exactly its own events', async () => {
    await assertDay(server, '2027-10-31', fall, [
      'Oct 31 00:30 CEST',
      'Oct 31 02:30 CEST',
      'Oct 31 03:30 CET',
      'Oct 31 23:30 CET',
    ]);
    await assertDay(server, '2027-10-30', fall, ['Oct 30 23:30 CEST']);
    await assertDay(server, '2027-11-01', fall, ['Nov 1 00:30 CET']);
  });

  test('rest_url echoes the whole day in site time', async () => {
    const body = await listOk(server, { start_date: '2027-10-31 12:00', end_date: '2027-10-31' });
    const query = Object.fromEntries(urlQuery(server, body.rest_url));
    assert.equal(query.start_date, '2027-10-31 00:00:00');
    assert.equal(query.end_date, '2027-10-31 23:59:59');
  });

  test('strict times on the change days', async () => {
    const titles = async (query: Record<string, string>) =>
      (await listOk(server, { strict_dates: 'true', per_page: 50, ...query })).events.map(
        (e: { title: string }) => e.title,
      );
    // 03:15 CEST = 01:15Z: after 01:30 CET (00:30Z), before 03:30 CEST (01:30Z).
    assert.deepEqual(await titles({ start_date: '2027-03-28 03:15', end_date: '2027-03-28 12:00' }), [
      'Mar 28 03:30 CEST',
    ]);
    // 03:15 CET = 02:15Z on the fall-back day.
    assert.deepEqual(await titles({ start_date: '2027-10-31 03:15', end_date: '2027-10-31 12:00' }), [
      'Oct 31 03:30 CET',
    ]);
  });
});
