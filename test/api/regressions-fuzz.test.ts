// Regressions found by the schema-driven fuzzer (test/support/fuzz.ts, npm run fuzz).
//
// Dates near the ends of the storable range: the parser kept a value's year within 1–9999 in
// the zone it was read in, but its UTC instant could cross into year 10000 (or its site-zone
// wall time into year 0). '9999-12-31 23:00' in New York was stored as utc '10000-01-01 04:00:00',
// breaking the 'YYYY-MM-DD HH:MM:SS' format of every date field (contract §3); and since stored
// dates compare as strings, '10000-…' sorted before '2027-…': `ends_before=2030-01-01` listed that
// event, and `start_date=0001-01-01&end_date=9999-12-31` (everything) listed nothing at all.
import { test, after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, createEvent, type TestServer } from '../support/server.ts';
import { assertInvalidParam, inDays, snapshot } from '../support/helpers.ts';

let server: TestServer;
let soon: { id: number; title: string };
before(async () => {
  server = await startServer(); // site zone America/New_York
  soon = await createEvent(server, { title: 'Soon', start_date: inDays(1), end_date: inDays(1, '11:00:00') });
});
after(() => server.close());

const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function expectRejected(method: string, path: string, json: Record<string, unknown>, param: string) {
  const before = snapshot(server);
  const response = await server.admin(method, path, { json });
  assertInvalidParam(response, param, `${method} ${path} ${JSON.stringify(json)}`);
  assert.deepEqual(snapshot(server), before, 'nothing written');
}

describe('event dates whose UTC instant leaves years 1–9999 are rejected (400), not stored', () => {
  test('start/end on 9999-12-31 late in a zone behind UTC', async () => {
    await expectRejected(
      'POST',
      'events',
      { title: 'Y10K', start_date: '9999-12-31 22:00:00', end_date: '9999-12-31 23:00:00' },
      'start_date',
    );
    await expectRejected(
      'POST',
      'events',
      { title: 'Y10K', start_date: '9999-12-31 10:00:00', end_date: '9999-12-31 23:00:00' },
      'end_date',
    );
    await expectRejected(
      'POST',
      'events',
      { title: 'Y10K', start_date: '9999-12-31 12:00', end_date: '9999-12-31 13:00', timezone: 'UTC-12' },
      'start_date',
    );
  });

  test('a Unix timestamp in year 10000, and an all-day end widened past it', async () => {
    await expectRejected(
      'POST',
      'events',
      { title: 'Y10K', start_date: 253402300700, end_date: 253402300800 },
      'end_date',
    );
    await expectRejected(
      'POST',
      'events',
      { title: 'Y10K', start_date: '9999-12-31', end_date: '9999-12-31', all_day: true },
      'end_date',
    );
  });

  test('a time zone change that would move the stored dates out of range names timezone', async () => {
    const event = await createEvent(server, {
      title: 'Edge',
      start_date: '9999-12-31 20:00:00',
      end_date: '9999-12-31 21:00:00',
      timezone: 'UTC',
    });
    await expectRejected('PATCH', `events/${event.id}`, { timezone: 'UTC-12' }, 'timezone');
    const unchanged = await server.admin('GET', `events/${event.id}`);
    assert.equal(unchanged.body.timezone, 'UTC');
    assert.equal(unchanged.body.utc_end_date, '9999-12-31 21:00:00');
  });

  test('the last storable instant is still accepted, and every date field keeps its format', async () => {
    const response = await server.admin('POST', 'events', {
      json: { title: 'Last second', start_date: '9999-12-31 18:00:00', end_date: '9999-12-31 18:59:59' },
    });
    assert.equal(response.status, 201, response.text);
    assert.equal(response.body.utc_end_date, '9999-12-31 23:59:59');
    assert.equal(response.body.end_date_details.year, '9999');
    for (const key of ['date', 'date_utc', 'modified', 'modified_utc', 'start_date', 'end_date', 'utc_start_date'])
      assert.match(response.body[key], DATE, key);
  });
});

describe('publication dates (date, date_utc) out of range in UTC or in the site zone', () => {
  test('events, venues and organizers answer 400 on the parameter', async () => {
    const times = { start_date: inDays(2), end_date: inDays(2, '11:00:00') };
    await expectRejected('POST', 'events', { title: 'P', ...times, date: '9999-12-31 23:00:00' }, 'date');
    await expectRejected('POST', 'events', { title: 'P', ...times, date_utc: '0001-01-01 00:00:00' }, 'date_utc');
    await expectRejected('POST', 'venues', { venue: 'Far Hall', date: '9999-12-31 23:00:00' }, 'date');
    await expectRejected('POST', 'organizers', { organizer: 'Far Org', date_utc: '0001-01-01 02:00:00' }, 'date_utc');
    await expectRejected('PATCH', `events/${soon.id}`, { date: '9999-12-31 23:30:00' }, 'date');
  });
});

describe('list date filters at the ends of the range compare correctly', () => {
  const titles = async (query: Record<string, string>) => {
    const response = await server.request('GET', 'events', { query: { ...query, per_page: 50 } });
    assert.equal(response.status, 200, response.text);
    return (response.body.events as { title: string }[]).map((e) => e.title);
  };

  test('start_date=0001-01-01&end_date=9999-12-31 lists everything', async () => {
    assert.ok((await titles({ start_date: '0001-01-01', end_date: '9999-12-31' })).includes(soon.title));
    assert.ok((await titles({ end_date: '9999-12-31' })).includes(soon.title));
  });

  test('strict bounds past 9999-12-31 23:59:59 UTC', async () => {
    assert.ok((await titles({ ends_before: '9999-12-31 23:00', strict_dates: 'true' })).includes(soon.title));
    assert.ok(!(await titles({ starts_after: '9999-12-31 23:00', strict_dates: 'true' })).includes(soon.title));
    assert.ok(!(await titles({ ends_before: '2030-01-01' })).some((t) => t === 'Last second'));
  });
});
