// A series' dates checked against an independent implementation: python-dateutil's rrule (not
// ical.js, which the server uses), with the instants placed in the zone by Python's zoneinfo. The
// rules cover what goes wrong in recurrence code: DST changes both ways, zones east and west of
// UTC and south of the equator, Feb 29 yearly, the last day of the month, BYSETPOS, WKST with an
// interval, numbered weekdays, UNTIL in UTC, COUNT, and extra and excluded dates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readRecurrenceRule } from '../../contract/recurrence.ts';
import { slotsOf, type SeriesShape } from '../../server/operations/series/slots.ts';
import { pythonMissing, runPython } from '../support/python.ts';

const missing = pythonMissing('dateutil');

interface Case {
  name: string;
  rule: string;
  start: string;
  end: string;
  timezone: string;
  allDay?: boolean;
  rdates?: string[];
  exdates?: string[];
  through: string;
}

const CASES: Case[] = [
  {
    name: 'weekly across both US DST changes',
    rule: 'FREQ=WEEKLY;BYDAY=TU,TH',
    start: '2027-01-05 10:00:00',
    end: '2027-01-05 11:30:00',
    timezone: 'America/New_York',
    through: '2027-12-31',
  },
  {
    name: 'daily at 02:30, skipped by the spring change',
    rule: 'FREQ=DAILY;COUNT=40',
    start: '2027-02-20 02:30:00',
    end: '2027-02-20 03:00:00',
    timezone: 'America/New_York',
    through: '2027-12-31',
  },
  {
    name: 'daily at 01:30 through the autumn repeat (Berlin)',
    rule: 'FREQ=DAILY;UNTIL=20271105T000000Z',
    start: '2027-10-20 02:30:00',
    end: '2027-10-20 04:00:00',
    timezone: 'Europe/Berlin',
    through: '2027-12-31',
  },
  {
    name: 'every other Tuesday until a date, Sydney (south, east)',
    rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20280630',
    start: '2027-01-05 19:00:00',
    end: '2027-01-05 21:00:00',
    timezone: 'Australia/Sydney',
    through: '2028-12-31',
  },
  {
    name: 'yearly on Feb 29',
    rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    start: '2028-02-29 12:00:00',
    end: '2028-02-29 13:00:00',
    timezone: 'Asia/Kolkata',
    through: '2045-12-31',
  },
  {
    name: 'the last day of every month',
    rule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
    start: '2027-01-31 18:00:00',
    end: '2027-01-31 19:00:00',
    timezone: 'America/Los_Angeles',
    through: '2028-12-31',
  },
  {
    name: 'the last weekday of the month (BYSETPOS)',
    rule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    start: '2027-01-29 17:00:00',
    end: '2027-01-29 18:00:00',
    timezone: 'Europe/London',
    through: '2028-06-30',
  },
  {
    name: 'the first Saturday, ten times',
    rule: 'FREQ=MONTHLY;BYDAY=1SA;COUNT=10',
    start: '2027-01-02 09:00:00',
    end: '2027-01-02 13:00:00',
    timezone: 'Pacific/Auckland',
    through: '2028-12-31',
  },
  {
    name: 'WKST changes an every-other-week rule',
    rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU',
    start: '2027-08-05 08:00:00',
    end: '2027-08-05 09:00:00',
    timezone: 'America/Sao_Paulo',
    through: '2028-03-31',
  },
  {
    name: 'every weekday, with extra and excluded dates',
    rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    start: '2027-03-01 08:30:00',
    end: '2027-03-01 09:00:00',
    timezone: 'Asia/Tokyo',
    rdates: ['2027-03-06', '2027-04-10'],
    exdates: ['2027-03-03', '2027-03-22'],
    through: '2027-05-31',
  },
  {
    name: 'all day, the last Monday of May, yearly',
    rule: 'FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO',
    start: '2027-05-31 00:00:00',
    end: '2027-05-31 23:59:59',
    allDay: true,
    timezone: 'America/Chicago',
    through: '2040-12-31',
  },
  {
    name: 'every third day, a half-hour zone',
    rule: 'FREQ=DAILY;INTERVAL=3',
    start: '2027-03-20 23:30:00',
    end: '2027-03-21 00:15:00',
    timezone: 'Australia/Adelaide',
    through: '2027-06-30',
  },
];

/** dateutil's dates and UTC instants for a case (what our slots should be). */
const DATEUTIL = `
import json, sys
from datetime import datetime, timezone, timedelta, date
from zoneinfo import ZoneInfo
from dateutil.rrule import rrulestr, rruleset
out = []
for case in json.load(sys.stdin):
    zone = ZoneInfo(case['timezone'])
    start = datetime.strptime(case['start'], '%Y-%m-%d %H:%M:%S')
    end = datetime.strptime(case['end'], '%Y-%m-%d %H:%M:%S')
    length = end - start
    rule = case['rule']
    # dateutil reads UNTIL=...Z as an aware instant; the rule runs on naive wall times.
    if 'UNTIL=' in rule and rule.split('UNTIL=')[1].split(';')[0].endswith('Z'):
        until_text = rule.split('UNTIL=')[1].split(';')[0]
        until = datetime.strptime(until_text, '%Y%m%dT%H%M%SZ').replace(tzinfo=timezone.utc).astimezone(zone).replace(tzinfo=None)
        rule = rule.replace('UNTIL=' + until_text, 'UNTIL=' + until.strftime('%Y%m%dT%H%M%S'))
    elif 'UNTIL=' in rule:
        until_text = rule.split('UNTIL=')[1].split(';')[0]
        rule = rule.replace('UNTIL=' + until_text, 'UNTIL=' + until_text + 'T235959')
    rs = rruleset()
    rs.rrule(rrulestr(rule, dtstart=start))
    t = start.time()
    for d in case.get('rdates', []):
        rs.rdate(datetime.combine(date.fromisoformat(d), t))
    through = datetime.combine(date.fromisoformat(case['through']), datetime.max.time())
    excluded = set(case.get('exdates', []))
    slots = []
    for wall in rs.between(start - timedelta(seconds=1), through, inc=True):
        if wall.date().isoformat() in excluded:
            continue
        if case.get('allDay'):
            s = datetime.combine(wall.date(), datetime.min.time())
            e = datetime.combine(wall.date() + (end.date() - start.date()), datetime.strptime('23:59:59', '%H:%M:%S').time())
        else:
            s = wall
            e = wall + length
        su = s.replace(tzinfo=zone).astimezone(timezone.utc)
        # A wall time DST skipped: the occurrence keeps its length (zoneinfo moves the start forward).
        eu = (su + length) if (not case.get('allDay') and su.astimezone(zone).replace(tzinfo=None) != s) else e.replace(tzinfo=zone).astimezone(timezone.utc)
        slots.append([wall.date().isoformat(), su.strftime('%Y-%m-%d %H:%M:%S'), eu.strftime('%Y-%m-%d %H:%M:%S')])
    out.append(slots)
print(json.dumps(out))
`;

test('series dates and instants agree with python-dateutil and zoneinfo', { skip: missing }, () => {
  const expected = runPython<[string, string, string][][]>(DATEUTIL, CASES);
  CASES.forEach((c, index) => {
    const reading = readRecurrenceRule(c.rule);
    assert.ok('rule' in reading, `${c.name}: ${JSON.stringify(reading)}`);
    const shape: SeriesShape = {
      rule: reading.rule,
      startLocal: c.start,
      endLocal: c.end,
      allDay: c.allDay ?? false,
      timezone: c.timezone,
      rdates: c.rdates ?? [],
      exdates: c.exdates ?? [],
    };
    const ours = slotsOf(shape, c.start.slice(0, 10), c.through, 5000).slots.map((slot) => [
      slot.date,
      slot.startUtc,
      slot.endUtc,
    ]);
    assert.ok(ours.length > 2, `${c.name}: only ${ours.length} dates`);
    assert.deepEqual(ours, expected[index], c.name);
  });
});
