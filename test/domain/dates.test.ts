import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime, IANAZone } from 'luxon';
import {
  dateDetails,
  formatWall,
  isValidTimezone,
  isoFromWalls,
  isoWithOffset,
  parseDateInput,
  parseTokens,
  timezoneAbbreviation,
  toZone,
  utcWall,
  utcWallToZoneWall,
  wallToDateTime,
  wallToUtcWall,
} from '../../server/domain/dates.ts';

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';
// Saturday 2026-11-21 14:30 EST: every relative form below is computed from here.
const NOW = DateTime.fromISO('2026-11-21T14:30:00', { zone: NY });

interface Shown {
  at: string;
  hasTime: boolean;
  hasOffset: boolean;
}

/** Compact view of a parse: wall time and offset in the requested zone, plus the flags. */
function parse(input: unknown, tz = NY, now = NOW): Shown | null {
  const result = parseDateInput(input, tz, now);
  if (!result) return null;
  // The result must always be expressed in the requested zone.
  assert.equal(result.dateTime.zone.equals(toZone(tz)), true, `zone of ${String(input)}`);
  return {
    at: `${formatWall(result.dateTime)} ${result.dateTime.toFormat('ZZ')}`,
    hasTime: result.hasTime,
    hasOffset: result.hasOffset,
  };
}

const at = (wall: string, hasTime: boolean, hasOffset = false): Shown => ({ at: wall, hasTime, hasOffset });

describe('isValidTimezone / toZone', () => {
  it('accepts IANA names, UTC and WordPress manual offsets', () => {
    for (const tz of [
      NY,
      BERLIN,
      'Asia/Kolkata',
      'Etc/GMT+5',
      'UTC',
      'UTC+0',
      'UTC+5',
      'UTC-3',
      'UTC+5.5',
      'UTC+5.75',
      'UTC-9.5',
      'UTC+5:30',
      'UTC-3:30',
      'UTC+05:45',
      'UTC+14',
      'UTC-12',
    ]) {
      assert.equal(isValidTimezone(tz), true, tz);
    }
  });

  it('rejects empty, garbage and out-of-range offsets', () => {
    for (const tz of [
      '',
      'garbage',
      'America/Nowhere',
      'UTC+99',
      'UTC+15',
      'UTC+14:30',
      'UTC+5:60',
      'UTC+5.',
      'UTC+5.33',
      'UTC+',
      'UTC 5',
      '+05:00',
    ]) {
      assert.equal(isValidTimezone(tz), false, tz);
    }
  });

  it('builds zones with the right offsets and throws on invalid names', () => {
    assert.equal(toZone('UTC').offset(0), 0);
    assert.equal(toZone('UTC+5').offset(0), 300);
    assert.equal(toZone('UTC+5.5').offset(0), 330);
    assert.equal(toZone('UTC-3:30').offset(0), -210);
    assert.equal(toZone('UTC+05:45').offset(0), 345);
    assert.equal(toZone(NY).offset(Date.UTC(2027, 0, 1)), -300);
    assert.throws(() => toZone('UTC+99'), /Invalid timezone/);
    assert.throws(() => toZone(''), /Invalid timezone/);
  });
});

describe('parseDateInput: absolute forms', () => {
  it('reads Unix timestamps (numbers and digit strings) as instants shown in tz', () => {
    assert.deepEqual(parse(1700000000), at('2023-11-14 17:13:20 -05:00', true, true));
    assert.deepEqual(parse('1700000000'), at('2023-11-14 17:13:20 -05:00', true, true));
    assert.deepEqual(parse(' 1700000000 ', 'UTC'), at('2023-11-14 22:13:20 +00:00', true, true));
    assert.deepEqual(parse(1700000000, BERLIN), at('2023-11-14 23:13:20 +01:00', true, true));
    assert.deepEqual(parse('-86400', 'UTC'), at('1969-12-31 00:00:00 +00:00', true, true));
    assert.deepEqual(parse(0, 'UTC+5'), at('1970-01-01 05:00:00 +05:00', true, true));
    assert.equal(parseDateInput(1700000000.5, 'UTC')?.dateTime.millisecond, 500);
  });

  it('reads a plain date as midnight in tz without a time', () => {
    assert.deepEqual(parse('2027-01-10'), at('2027-01-10 00:00:00 -05:00', false));
    assert.deepEqual(parse('2027-07-10', BERLIN), at('2027-07-10 00:00:00 +02:00', false));
  });

  it('reads date-times with a space or T, seconds and fractions optional', () => {
    assert.deepEqual(parse('2027-01-10 16:45'), at('2027-01-10 16:45:00 -05:00', true));
    assert.deepEqual(parse('2027-01-10 16:45:30'), at('2027-01-10 16:45:30 -05:00', true));
    assert.deepEqual(parse('2027-01-10T16:45:30'), at('2027-01-10 16:45:30 -05:00', true));
    assert.deepEqual(parse('2027-07-10T16:45'), at('2027-07-10 16:45:00 -04:00', true));
    const fraction = parseDateInput('2027-01-10T16:45:30.25', NY, NOW);
    assert.equal(fraction?.dateTime.millisecond, 250);
    assert.equal(fraction?.dateTime.second, 30);
  });

  it('converts date-times with an offset into tz', () => {
    assert.deepEqual(parse('2027-01-10T10:00:00Z'), at('2027-01-10 05:00:00 -05:00', true, true));
    assert.deepEqual(parse('2027-01-10T02:00:00Z'), at('2027-01-09 21:00:00 -05:00', true, true));
    assert.deepEqual(parse('2027-01-10T10:00:00+02:00'), at('2027-01-10 03:00:00 -05:00', true, true));
    assert.deepEqual(parse('2027-01-10T10:00:00+0200'), at('2027-01-10 03:00:00 -05:00', true, true));
    assert.deepEqual(parse('2027-01-10T10:00:00-05'), at('2027-01-10 10:00:00 -05:00', true, true));
    assert.deepEqual(parse('2027-01-10 10:00:00.500Z', BERLIN), at('2027-01-10 11:00:00 +01:00', true, true));
    assert.deepEqual(parse('2027-01-10 10:00 +02:00', 'UTC'), at('2027-01-10 08:00:00 +00:00', true, true));
  });

  it('reads slash dates: YYYY/MM/DD and US-order MM/DD/YYYY, with an optional time', () => {
    assert.deepEqual(parse('2027/01/10'), at('2027-01-10 00:00:00 -05:00', false));
    assert.deepEqual(parse('01/10/2027'), at('2027-01-10 00:00:00 -05:00', false));
    assert.deepEqual(parse('1/2/2027'), at('2027-01-02 00:00:00 -05:00', false));
    assert.deepEqual(parse('01/10/2027 4:30 pm'), at('2027-01-10 16:30:00 -05:00', true));
    assert.deepEqual(parse('2027/01/10 16:00:05'), at('2027-01-10 16:00:05 -05:00', true));
  });

  it('combines an absolute date with relative parts', () => {
    assert.deepEqual(parse('2027-01-10 +1 day'), at('2027-01-11 00:00:00 -05:00', false));
    assert.deepEqual(parse('2027-01-10 9am'), at('2027-01-10 09:00:00 -05:00', true));
    assert.deepEqual(parse('2027-01-31 +1 month'), at('2027-02-28 00:00:00 -05:00', false));
    assert.deepEqual(parse('2027-01-10T10:00:00Z +1 day'), at('2027-01-11 05:00:00 -05:00', true, true));
    assert.deepEqual(parse('2027-01-10 wednesday'), at('2027-01-13 00:00:00 -05:00', false));
  });
});

describe('parseDateInput: relative forms', () => {
  const cases: Array<[string, Shown]> = [
    ['now', at('2026-11-21 14:30:00 -05:00', true)],
    ['NOW', at('2026-11-21 14:30:00 -05:00', true)],
    ['today', at('2026-11-21 00:00:00 -05:00', false)],
    ['midnight', at('2026-11-21 00:00:00 -05:00', true)],
    ['noon', at('2026-11-21 12:00:00 -05:00', true)],
    ['tomorrow', at('2026-11-22 00:00:00 -05:00', false)],
    ['yesterday', at('2026-11-20 00:00:00 -05:00', false)],
    ['tomorrow 9am', at('2026-11-22 09:00:00 -05:00', true)],
    ['Tomorrow   9 AM', at('2026-11-22 09:00:00 -05:00', true)],
    ['tomorrow noon', at('2026-11-22 12:00:00 -05:00', true)],
    ['today 18:30', at('2026-11-21 18:30:00 -05:00', true)],
    ['today 16:00:05', at('2026-11-21 16:00:05 -05:00', true)],
    ['yesterday 4:30pm', at('2026-11-20 16:30:00 -05:00', true)],
    ['12am', at('2026-11-21 00:00:00 -05:00', true)],
    ['12pm', at('2026-11-21 12:00:00 -05:00', true)],
    // NOW is a Saturday: a bare weekday includes today, 'next'/'last' never do.
    ['saturday', at('2026-11-21 00:00:00 -05:00', false)],
    ['wednesday', at('2026-11-25 00:00:00 -05:00', false)],
    ['Wed', at('2026-11-25 00:00:00 -05:00', false)],
    ['next saturday', at('2026-11-28 00:00:00 -05:00', false)],
    ['last saturday', at('2026-11-14 00:00:00 -05:00', false)],
    ['next wednesday', at('2026-11-25 00:00:00 -05:00', false)],
    ['last wednesday', at('2026-11-18 00:00:00 -05:00', false)],
    ['next wednesday 4pm', at('2026-11-25 16:00:00 -05:00', true)],
    ['this friday', at('2026-11-27 00:00:00 -05:00', false)],
    ['next week', at('2026-11-28 14:30:00 -05:00', false)],
    ['last week', at('2026-11-14 14:30:00 -05:00', false)],
    ['next month', at('2026-12-21 14:30:00 -05:00', false)],
    ['last month', at('2026-10-21 14:30:00 -04:00', false)],
    ['next year', at('2027-11-21 14:30:00 -05:00', false)],
    ['next day', at('2026-11-22 14:30:00 -05:00', false)],
    ['+5 days', at('2026-11-26 14:30:00 -05:00', false)],
    ['-2 weeks', at('2026-11-07 14:30:00 -05:00', false)],
    ['+1 month', at('2026-12-21 14:30:00 -05:00', false)],
    ['+ 1 year', at('2027-11-21 14:30:00 -05:00', false)],
    ['+1 fortnight', at('2026-12-05 14:30:00 -05:00', false)],
    ['2 days ago', at('2026-11-19 14:30:00 -05:00', false)],
    ['3 hours', at('2026-11-21 17:30:00 -05:00', true)],
    ['+90 min', at('2026-11-21 16:00:00 -05:00', true)],
    ['-30 seconds', at('2026-11-21 14:29:30 -05:00', true)],
    ['1 sec ago', at('2026-11-21 14:29:59 -05:00', true)],
    ['now +1 day', at('2026-11-22 14:30:00 -05:00', true)],
    ['tomorrow +2 hours', at('2026-11-22 02:00:00 -05:00', true)],
    ['+1 week 2 days', at('2026-11-30 14:30:00 -05:00', false)],
    // Left to right, as PHP: a day word after a time resets the clock to midnight.
    ['noon tomorrow', at('2026-11-22 00:00:00 -05:00', false)],
  ];
  for (const [input, expected] of cases) {
    it(`reads ${JSON.stringify(input)}`, () => {
      assert.deepEqual(parse(input), expected);
    });
  }

  it('computes relative forms in the requested zone, not in the zone of now', () => {
    // 14:30 EST is 20:30 in Berlin, so 'today' there is still 2026-11-21; 'now' is the same instant.
    assert.deepEqual(parse('now', BERLIN), at('2026-11-21 20:30:00 +01:00', true));
    assert.deepEqual(parse('tomorrow', BERLIN), at('2026-11-22 00:00:00 +01:00', false));
    const lateNow = DateTime.fromISO('2026-11-21T20:00:00', { zone: NY }); // already Sunday in Berlin
    assert.deepEqual(parse('today', BERLIN, lateNow), at('2026-11-22 00:00:00 +01:00', false));
    assert.deepEqual(parse('tomorrow 9am', 'UTC-3:30'), at('2026-11-22 09:00:00 -03:30', true));
  });

  it('defaults now to the current time', () => {
    const before = Date.now();
    const result = parseDateInput('now', 'UTC');
    assert.ok(result);
    assert.ok(Math.abs(result.dateTime.toMillis() - before) < 5000);
  });
});

describe('parseDateInput: rejections', () => {
  const bad: unknown[] = [
    '',
    '   ',
    'before my birthday',
    'next',
    'last',
    '+5',
    'ago',
    '5 ago',
    'this week',
    'next constructor',
    '2027-02-30',
    '2027-13-01',
    '2027-00-10',
    '2027-01-10 25:00',
    '2027-01-10 24:00',
    '2027-01-10 10:60',
    '2027-01-10T',
    '2027-01-10T9am',
    '13pm',
    '0am',
    '13/01/2027',
    '+1 day 2027-01-10',
    'tomorrow 2027-01-10',
    '16:00Z',
    '2027-01-10 10:00 +02:00 extra',
    '2027-01-10 10:00+25:00',
    'tomorrowx',
    '9amish',
    '5 dayz',
    '0000-01-01',
    '99999999999999',
    'x'.repeat(101),
    `tomorrow${' '.repeat(95)}9am`,
    'tomorrow\t9am',
    'tomorrow\n',
    'now\u0000',
    {},
    [],
    ['2027-01-10'],
    true,
    false,
    null,
    undefined,
    NaN,
    Infinity,
    1e20,
    10n,
  ];
  for (const input of bad) {
    const label = typeof input === 'string' ? JSON.stringify(input.slice(0, 30)) : String(input);
    it(`rejects ${label}`, () => {
      assert.equal(parseDateInput(input, NY, NOW), null);
    });
  }

  it('throws for an invalid timezone rather than returning null', () => {
    assert.throws(() => parseDateInput('now', 'Mars/Olympus', NOW), /Invalid timezone/);
  });
});

describe('DST in a positive-offset zone (Europe/Berlin, 2027-03-28 and 2027-10-31)', () => {
  it('converts wall times around the spring change', () => {
    assert.equal(wallToUtcWall('2027-03-28 01:59:59', BERLIN), '2027-03-28 00:59:59');
    assert.equal(wallToUtcWall('2027-03-28 03:00:00', BERLIN), '2027-03-28 01:00:00');
    assert.equal(wallToUtcWall('2027-03-27 12:00:00', BERLIN), '2027-03-27 11:00:00');
    assert.equal(wallToUtcWall('2027-03-29 12:00:00', BERLIN), '2027-03-29 10:00:00');
  });

  it('moves a wall time in the spring gap forward', () => {
    // 02:30 does not exist; it becomes 03:30 CEST = 01:30 UTC.
    assert.equal(wallToUtcWall('2027-03-28 02:30:00', BERLIN), '2027-03-28 01:30:00');
    assert.equal(formatWall(wallToDateTime('2027-03-28 02:30:00', BERLIN)), '2027-03-28 03:30:00');
    assert.deepEqual(parse('2027-03-28 02:30', BERLIN), at('2027-03-28 03:30:00 +02:00', true));
  });

  it('takes the first occurrence of a wall time in the autumn overlap', () => {
    assert.equal(wallToUtcWall('2027-10-31 01:59:59', BERLIN), '2027-10-30 23:59:59');
    assert.equal(wallToUtcWall('2027-10-31 02:30:00', BERLIN), '2027-10-31 00:30:00');
    assert.equal(wallToUtcWall('2027-10-31 03:00:00', BERLIN), '2027-10-31 02:00:00');
    assert.equal(isoWithOffset('2027-10-31 02:30:00', BERLIN), '2027-10-31T02:30:00+02:00');
  });

  it('maps UTC back to Berlin walls on both sides of the overlap', () => {
    assert.equal(utcWallToZoneWall('2027-10-31 00:30:00', BERLIN), '2027-10-31 02:30:00');
    assert.equal(utcWallToZoneWall('2027-10-31 01:30:00', BERLIN), '2027-10-31 02:30:00');
    assert.equal(utcWallToZoneWall('2027-03-28 01:00:00', BERLIN), '2027-03-28 03:00:00');
  });

  it('names the zone as PHP does: the abbreviation in common use, else the GMT offset', () => {
    assert.equal(timezoneAbbreviation(BERLIN, DateTime.fromISO('2027-01-15T12:00:00Z')), 'CET');
    assert.equal(timezoneAbbreviation(BERLIN, DateTime.fromISO('2027-07-15T12:00:00Z')), 'CEST');
    assert.equal(timezoneAbbreviation('Asia/Kolkata', DateTime.fromISO('2027-07-15T12:00:00Z')), 'IST');
    assert.equal(timezoneAbbreviation('Asia/Tokyo', DateTime.fromISO('2027-07-15T12:00:00Z')), 'JST');
    assert.equal(timezoneAbbreviation('America/Lima', DateTime.fromISO('2027-07-15T12:00:00Z')), 'GMT-5');
  });
});

describe('DST in a negative-offset zone (America/New_York, 2027-03-14 and 2027-11-07)', () => {
  it('converts wall times around the spring change', () => {
    assert.equal(wallToUtcWall('2027-03-14 01:59:59', NY), '2027-03-14 06:59:59');
    assert.equal(wallToUtcWall('2027-03-14 03:00:00', NY), '2027-03-14 07:00:00');
    assert.equal(wallToUtcWall('2027-03-13 12:00:00', NY), '2027-03-13 17:00:00');
    assert.equal(wallToUtcWall('2027-03-15 12:00:00', NY), '2027-03-15 16:00:00');
  });

  it('moves a wall time in the spring gap forward', () => {
    assert.equal(wallToUtcWall('2027-03-14 02:30:00', NY), '2027-03-14 07:30:00');
    assert.equal(isoWithOffset('2027-03-14 02:30:00', NY), '2027-03-14T03:30:00-04:00');
    assert.deepEqual(parse('2027-03-14 02:30'), at('2027-03-14 03:30:00 -04:00', true));
  });

  it('takes the first (EDT) occurrence in the autumn overlap, whatever the season of now', () => {
    assert.equal(wallToUtcWall('2027-11-07 00:59:59', NY), '2027-11-07 04:59:59');
    assert.equal(wallToUtcWall('2027-11-07 01:30:00', NY), '2027-11-07 05:30:00');
    assert.equal(wallToUtcWall('2027-11-07 02:00:00', NY), '2027-11-07 07:00:00');
    assert.equal(isoWithOffset('2027-11-07 01:30:00', NY), '2027-11-07T01:30:00-04:00');
    const summerNow = DateTime.fromISO('2027-07-01T12:00:00', { zone: NY });
    const winterNow = DateTime.fromISO('2027-01-01T12:00:00', { zone: NY });
    assert.deepEqual(parse('2027-11-07 01:30', NY, summerNow), at('2027-11-07 01:30:00 -04:00', true));
    assert.deepEqual(parse('2027-11-07 01:30', NY, winterNow), at('2027-11-07 01:30:00 -04:00', true));
  });

  it('maps UTC back to New York walls on both sides of the overlap', () => {
    assert.equal(utcWallToZoneWall('2027-11-07 05:30:00', NY), '2027-11-07 01:30:00');
    assert.equal(utcWallToZoneWall('2027-11-07 06:30:00', NY), '2027-11-07 01:30:00');
    assert.equal(utcWallToZoneWall('2027-11-07 07:00:00', NY), '2027-11-07 02:00:00');
  });

  it('keeps the clock time for day steps but counts real hours for hour steps', () => {
    const saturdayNoon = DateTime.fromISO('2027-03-13T12:00:00', { zone: NY });
    assert.deepEqual(parse('+1 day', NY, saturdayNoon), at('2027-03-14 12:00:00 -04:00', false));
    assert.deepEqual(parse('+24 hours', NY, saturdayNoon), at('2027-03-14 13:00:00 -04:00', true));
    assert.deepEqual(parse('tomorrow 2:30am', NY, saturdayNoon), at('2027-03-14 03:30:00 -04:00', true));
  });

  it('abbreviates EST in winter and EDT in summer', () => {
    assert.equal(timezoneAbbreviation(NY, DateTime.fromISO('2027-01-15T12:00:00Z')), 'EST');
    assert.equal(timezoneAbbreviation(NY, DateTime.fromISO('2027-07-15T12:00:00Z')), 'EDT');
    // Either side of the spring change (07:00 UTC).
    assert.equal(timezoneAbbreviation(NY, DateTime.fromISO('2027-03-14T06:59:59Z')), 'EST');
    assert.equal(timezoneAbbreviation(NY, DateTime.fromISO('2027-03-14T07:00:00Z')), 'EDT');
    assert.equal(timezoneAbbreviation('America/Los_Angeles', DateTime.fromISO('2027-01-15T12:00:00Z')), 'PST');
  });
});

describe('manual offsets', () => {
  it('converts wall times with a fixed offset all year', () => {
    assert.equal(wallToUtcWall('2027-03-05 19:30:00', 'UTC+5'), '2027-03-05 14:30:00');
    assert.equal(wallToUtcWall('2027-07-05 19:30:00', 'UTC+5'), '2027-07-05 14:30:00');
    assert.equal(wallToUtcWall('2027-03-05 19:30:00', 'UTC-3:30'), '2027-03-05 23:00:00');
    assert.equal(wallToUtcWall('2027-03-05 22:00:00', 'UTC-3:30'), '2027-03-06 01:30:00');
    assert.equal(wallToUtcWall('2027-03-05 19:30:00', 'UTC+5.5'), '2027-03-05 14:00:00');
    assert.equal(utcWallToZoneWall('2027-03-05 23:00:00', 'UTC-3:30'), '2027-03-05 19:30:00');
  });

  it('abbreviates with the normalised offset', () => {
    const moment = DateTime.fromISO('2027-07-15T12:00:00Z');
    assert.equal(timezoneAbbreviation('UTC+5', moment), 'UTC+5');
    assert.equal(timezoneAbbreviation('UTC-3:30', moment), 'UTC-3:30');
    assert.equal(timezoneAbbreviation('UTC+5.5', moment), 'UTC+5:30');
    assert.equal(timezoneAbbreviation('UTC+05:45', moment), 'UTC+5:45');
    assert.equal(timezoneAbbreviation('UTC', moment), 'UTC');
    assert.equal(timezoneAbbreviation('Etc/UTC', moment), 'UTC');
  });

  it('writes ISO offsets', () => {
    assert.equal(isoWithOffset('2027-03-05 19:30:00', 'UTC+5'), '2027-03-05T19:30:00+05:00');
    assert.equal(isoWithOffset('2027-03-05 19:30:00', 'UTC-3:30'), '2027-03-05T19:30:00-03:30');
  });
});

describe('wall time helpers', () => {
  it('formats a DateTime in its own zone', () => {
    const dt = DateTime.fromISO('2027-03-05T09:04:03.999Z').setZone(BERLIN);
    assert.equal(formatWall(dt), '2027-03-05 10:04:03');
    assert.equal(formatWall(DateTime.fromISO('0987-01-02T03:04:05', { zone: 'UTC' })), '0987-01-02 03:04:05');
  });

  it('interprets wall times in a zone and rejects malformed ones', () => {
    const dt = wallToDateTime('2027-03-05 19:30:00', 'America/Los_Angeles');
    assert.equal(dt.toUTC().toISO(), '2027-03-06T03:30:00.000Z');
    assert.equal(dt.zoneName, 'America/Los_Angeles');
    assert.throws(() => wallToDateTime('2027-03-05', NY), /Malformed/);
    assert.throws(() => wallToDateTime('2027-02-30 10:00:00', NY), /Impossible/);
    assert.throws(() => wallToDateTime('2027-03-05 10:00:00', 'Nowhere/Land'), /Invalid timezone/);
  });

  it('round-trips UTC and zone walls', () => {
    assert.equal(utcWallToZoneWall('2027-03-06 03:30:00', 'America/Los_Angeles'), '2027-03-05 19:30:00');
    assert.equal(wallToUtcWall('2027-03-05 19:30:00', 'UTC'), '2027-03-05 19:30:00');
    assert.equal(utcWallToZoneWall('2027-12-31 23:30:00', 'UTC+5'), '2028-01-01 04:30:00');
  });

  it('writes ISO 8601 with the offset in force', () => {
    assert.equal(isoWithOffset('2027-03-05 19:30:00', 'America/Los_Angeles'), '2027-03-05T19:30:00-08:00');
    assert.equal(isoWithOffset('2027-07-05 19:30:00', 'America/Los_Angeles'), '2027-07-05T19:30:00-07:00');
    assert.equal(isoWithOffset('2027-03-05 19:30:00', 'UTC'), '2027-03-05T19:30:00+00:00');
  });

  it('splits dates into zero-padded details', () => {
    assert.deepEqual(dateDetails('2027-03-05 19:30:07'), {
      year: '2027',
      month: '03',
      day: '05',
      hour: '19',
      minutes: '30',
      seconds: '07',
    });
    assert.deepEqual(dateDetails('2027-3-5 9:05'), {
      year: '2027',
      month: '03',
      day: '05',
      hour: '09',
      minutes: '05',
      seconds: '00',
    });
    assert.deepEqual(dateDetails('2027-03-05'), {
      year: '2027',
      month: '03',
      day: '05',
      hour: '00',
      minutes: '00',
      seconds: '00',
    });
  });

  it('gives the epoch breakdown for missing or malformed input', () => {
    const epoch = { year: '1970', month: '01', day: '01', hour: '00', minutes: '00', seconds: '00' };
    for (const input of [null, undefined, '', 'garbage', '2027/03/05 10:00:00', '2027-03-05 10']) {
      assert.deepEqual(dateDetails(input), epoch, String(input));
    }
  });
});

describe('isoFromWalls (json_ld dates from the stored local and UTC walls)', () => {
  it('derives the offset from the two walls, on both sides of a DST change', () => {
    assert.equal(isoFromWalls('2027-03-05 19:30:00', '2027-03-06 03:30:00'), '2027-03-05T19:30:00-08:00');
    assert.equal(isoFromWalls('2027-07-01 20:00:00', '2027-07-01 18:00:00'), '2027-07-01T20:00:00+02:00');
    assert.equal(isoFromWalls('2027-01-10 10:00:00', '2027-01-10 10:00:00'), '2027-01-10T10:00:00+00:00');
    assert.equal(isoFromWalls('2027-02-12 08:00:00', '2027-02-12 11:30:00'), '2027-02-12T08:00:00-03:30');
  });
});

describe('parseDateInput: the plain date-time fast path', () => {
  // 'YYYY-MM-DD[ HH:MM[:SS]]' skips the token rules; it must mean exactly what they mean, DST gaps
  // and overlaps, impossible dates and out-of-range clock fields included.
  const zones = [NY, BERLIN, 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Sao_Paulo', 'UTC', 'UTC+5:30'];
  const days = [
    '2027-03-14',
    '2027-11-07',
    '2027-03-28',
    '2027-10-31',
    '2027-04-04',
    '2027-02-29',
    '2028-02-29',
    '2027-2-3',
    '2027-13-01',
    '2027-04-31',
    '0001-01-01',
    '9999-12-31',
    '0000-06-01',
    '1969-12-31',
  ];
  const times = [
    '',
    ' 00:00',
    ' 01:30',
    't02:30',
    ' 02:30:59',
    ' 23:59:59',
    ' 24:00',
    ' 10:60',
    ' 10:00:60',
    ' 3:05',
    't12:00:00',
  ];

  it('agrees with the token rules on every form it takes', () => {
    let checked = 0;
    for (const tz of zones) {
      for (const day of days) {
        for (const time of times) {
          const text = `${day}${time}`;
          const fast = parseDateInput(text, tz, NOW);
          const general = parseTokens(text, toZone(tz), NOW);
          const show = (r: typeof fast) =>
            r && { at: r.dateTime.toISO(), zone: r.dateTime.zoneName, hasTime: r.hasTime, hasOffset: r.hasOffset };
          assert.deepEqual(show(fast), show(general), `${text} in ${tz}`);
          checked++;
        }
      }
    }
    assert.equal(checked, zones.length * days.length * times.length);
  });

  it('reads the common forms in the zone, with the DST policy', () => {
    assert.deepEqual(parse('2027-05-01 10:00'), at('2027-05-01 10:00:00 -04:00', true));
    assert.deepEqual(parse('2027-05-01'), at('2027-05-01 00:00:00 -04:00', false));
    // Gap: forward by the gap; overlap: the earlier occurrence.
    assert.deepEqual(parse('2027-03-14 02:30'), at('2027-03-14 03:30:00 -04:00', true));
    assert.deepEqual(parse('2027-11-07T01:30:00'), at('2027-11-07 01:30:00 -04:00', true));
    assert.equal(parse('2027-02-30 10:00'), null);
    assert.equal(parse('2027-05-01 24:00'), null);
  });
});

describe('utcWall', () => {
  it('equals formatting the instant after toUTC(), across zones, DST and the storable range', () => {
    const instants = [-62135596800000, -1e12, 0, 1e12, 1805000000000, 1815000000000, 253402300799000];
    for (const zone of [NY, BERLIN, 'Asia/Kathmandu', 'UTC+14', 'UTC-3:30', 'UTC']) {
      for (const ms of instants) {
        for (const shift of [0, 1, 999, 3_599_999, 86_399_999]) {
          const dt = DateTime.fromMillis(ms + shift, { zone: toZone(zone) });
          assert.equal(utcWall(dt), formatWall(dt.toUTC()), `${ms + shift} in ${zone}`);
        }
      }
    }
  });
});

describe('toZone: memoized offsets', () => {
  // The memo answers a whole 6-hour span from its two ends. Checked against luxon's own zone on
  // zones with unusual transitions: 30-minute DST (Lord Howe), a skipped day (Apia), +5:45
  // (Kathmandu), a 2-hour DST (Troll), DST suspended for Ramadan (Casablanca), southern DST.
  const ZONES = [
    'Australia/Lord_Howe',
    'Pacific/Apia',
    'Asia/Kathmandu',
    'Antarctica/Troll',
    'Africa/Casablanca',
    'America/Sao_Paulo',
    'Europe/Berlin',
    'America/New_York',
  ];
  const from = Date.UTC(1970, 0, 1);
  const to = Date.UTC(2040, 0, 1);
  const STEP = (23 * 60 + 7) * 60_000; // an odd step: every position inside the spans comes up
  const MINUTE = 60_000;
  for (const name of ZONES)
    it(`${name}: every offset 1970–2040 is luxon's`, () => {
      const raw = IANAZone.create(name);
      const memo = toZone(name);
      const check = (t: number) =>
        assert.equal(memo.offset(t), raw.offset(t), `${name} at ${new Date(t).toISOString()}`);
      let previous = raw.offset(from);
      for (let t = from; t < to; t += STEP) {
        check(t);
        const now = raw.offset(t);
        if (now !== previous) {
          // A transition since the last sample: found to the minute, then checked around it.
          let [low, high] = [t - STEP, t];
          while (high - low > MINUTE) {
            const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
            if (raw.offset(middle) === previous) low = middle;
            else high = middle;
          }
          for (let m = high - 6 * 60 * MINUTE; m < high + 6 * 60 * MINUTE; m += 5 * MINUTE) check(m);
        }
        previous = now;
      }
    });
});
