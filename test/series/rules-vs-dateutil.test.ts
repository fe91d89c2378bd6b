// Every part of the recurrence rules the series model accepts (contract/recurrence.ts), checked
// against an independent implementation over many generated rules, starts and zones
// (property-based, fast-check): python-dateutil's rrule gives the dates, Python's zoneinfo places
// them in the zone, and the series' slots (operations/series/slots.ts) must be the same dates at
// the same instants. A case that differs is shrunk by fast-check to a small one and printed with
// the seed that reproduces it (ALMANAC_RULES_SEED=… to run that seed again).
//
// Issue 36 found with it: a yearly series from 29 February 2028 had an occurrence on 1 March 2029
// (a date that does not exist is skipped, not moved), and BYWEEKNO was ignored.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { readRecurrenceRule, WEEKDAYS } from '../../contract/recurrence.ts';
import { slotsOf, type SeriesShape } from '../../server/operations/series/slots.ts';
import { PYTHON, pythonMissing } from '../support/python.ts';

const missing = pythonMissing('dateutil');

interface Case {
  rule: string;
  start: string;
  end: string;
  timezone: string;
  allDay: boolean;
  rdates: string[];
  exdates: string[];
  through: string;
}

/** dateutil's slots of one case per line of stdin: [date, start UTC, end UTC][] per line of stdout. */
const DATEUTIL = `
import datetime as real_datetime, json, sys, types, warnings
from datetime import datetime, timezone, timedelta, date
from zoneinfo import ZoneInfo
import dateutil.rrule
from dateutil.rrule import rrulestr, rruleset
warnings.simplefilter('ignore')
# dateutil checks UNTIL only on the dates a rule gives: one that gives none (BYSETPOS=29 of a
# daily rule) is walked to the year 9999. Its last year is made the year after the range asked.
shim = types.SimpleNamespace(**{name: getattr(real_datetime, name) for name in dir(real_datetime) if not name.startswith('__')})
dateutil.rrule.datetime = shim
def slots_of(case):
    zone = ZoneInfo(case['timezone'])
    start = datetime.strptime(case['start'], '%Y-%m-%d %H:%M:%S')
    end = datetime.strptime(case['end'], '%Y-%m-%d %H:%M:%S')
    length = end - start
    rule = case['rule']
    # dateutil reads UNTIL=...Z as an instant; the rule runs on the zone's wall times.
    if 'UNTIL=' in rule:
        until_text = rule.split('UNTIL=')[1].split(';')[0]
        if until_text.endswith('Z'):
            wall = datetime.strptime(until_text, '%Y%m%dT%H%M%SZ').replace(tzinfo=timezone.utc).astimezone(zone).replace(tzinfo=None)
        else:
            wall = datetime.strptime(until_text + 'T235959', '%Y%m%dT%H%M%S')
        rule = rule.replace('UNTIL=' + until_text, 'UNTIL=' + wall.strftime('%Y%m%dT%H%M%S'))
    through = datetime.combine(date.fromisoformat(case['through']), datetime.max.time()).replace(microsecond=0)
    shim.MAXYEAR = through.year + 1
    parsed = rrulestr(rule, dtstart=start)
    # A rule that never matches would be searched up to the year 9999: bound it by the range asked.
    bound = parsed._until if parsed._until is not None and parsed._until < through else through
    rs = rruleset()
    rs.rrule(parsed.replace(until=bound))
    for d in case['rdates']:
        rs.rdate(datetime.combine(date.fromisoformat(d), start.time()))
    excluded = set(case['exdates'])
    slots = []
    for wall in rs.between(start - timedelta(seconds=1), through, inc=True):
        if wall.date().isoformat() in excluded:
            continue
        if case['allDay']:
            s = datetime.combine(wall.date(), datetime.min.time())
            e = datetime.combine(wall.date() + (end.date() - start.date()), datetime.strptime('23:59:59', '%H:%M:%S').time())
        else:
            s = wall
            e = wall + length
        su = s.replace(tzinfo=zone).astimezone(timezone.utc)
        # A wall time DST skipped: the occurrence keeps its length (zoneinfo moves the start forward).
        skipped = not case['allDay'] and su.astimezone(zone).replace(tzinfo=None) != s
        eu = (su + length) if skipped else e.replace(tzinfo=zone).astimezone(timezone.utc)
        slots.append([wall.date().isoformat(), su.strftime('%Y-%m-%d %H:%M:%S'), eu.strftime('%Y-%m-%d %H:%M:%S')])
    return slots
for line in sys.stdin:
    try:
        print(json.dumps(slots_of(json.loads(line))), flush=True)
    except Exception as error:
        print(json.dumps({'error': repr(error)}), flush=True)
`;

/** One Python process for the whole run, asked one case at a time (so that fast-check can shrink). */
class Dateutil {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: ((line: string) => void)[] = [];
  private errors = '';

  constructor() {
    this.child = spawn(PYTHON, ['-c', DATEUTIL]);
    this.child.stderr.on('data', (chunk: Buffer) => (this.errors += chunk.toString()));
    createInterface({ input: this.child.stdout }).on('line', (line) => this.waiting.shift()?.(line));
    this.child.on('exit', () => {
      for (const answer of this.waiting.splice(0)) answer('');
    });
  }

  slots(c: Case): Promise<[string, string, string][]> {
    return new Promise((resolve, reject) => {
      this.waiting.push((line) =>
        line === '' ? reject(new Error(`python failed: ${this.errors}`)) : resolve(JSON.parse(line)),
      );
      this.child.stdin.write(`${JSON.stringify(c)}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
  }
}

const ZONES = [
  'UTC',
  'America/New_York',
  'America/Sao_Paulo',
  'Europe/Berlin',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Tehran',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'Pacific/Apia',
];

const nonZero = (min: number, max: number) => fc.integer({ min, max }).filter((n) => n !== 0);
const list = <T>(item: fc.Arbitrary<T>, maxLength: number) =>
  fc.option(fc.uniqueArray(item, { minLength: 1, maxLength }), { nil: undefined, freq: 2 });
/** Given in about a third of the rules. */
const sometimes = <T>(item: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: item });
const pad = (n: number) => String(n).padStart(2, '0');
const compactDate = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/** A rule text with any of the parts the model takes, for its frequency. */
const ruleText = fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY').chain((freq) =>
  fc
    .record({
      interval: fc.oneof(
        { weight: 3, arbitrary: fc.constant(1) },
        { weight: 2, arbitrary: fc.integer({ min: 2, max: 5 }) },
      ),
      end: fc.oneof(
        fc.constant(''),
        fc.integer({ min: 1, max: 60 }).map((n) => `COUNT=${n}`),
        fc
          .record({ days: fc.integer({ min: 0, max: 1500 }), utc: fc.boolean(), hour: fc.integer({ min: 0, max: 23 }) })
          .map((u) => ({ until: u })),
      ),
      byDay: list(
        fc.record({
          day: fc.constantFrom(...WEEKDAYS),
          ordinal:
            freq === 'MONTHLY'
              ? fc.option(nonZero(-5, 5), { nil: undefined })
              : freq === 'YEARLY'
                ? fc.option(fc.oneof(nonZero(-5, 5), nonZero(-53, 53)), { nil: undefined })
                : fc.constant(undefined),
        }),
        4,
      ),
      byMonthDay: freq === 'WEEKLY' ? fc.constant(undefined) : list(fc.oneof(nonZero(-31, 31), nonZero(28, 31)), 4),
      byYearDay:
        freq === 'YEARLY'
          ? list(fc.oneof(nonZero(-366, 366), fc.constantFrom(1, 60, 365, 366, -1, -366)), 3)
          : fc.constant(undefined),
      byWeekNo:
        freq === 'YEARLY'
          ? list(fc.oneof(nonZero(-53, 53), fc.constantFrom(1, 52, 53, -1)), 3)
          : fc.constant(undefined),
      byMonth: list(fc.integer({ min: 1, max: 12 }), 4),
      bySetPos: sometimes(fc.uniqueArray(fc.oneof(nonZero(-4, 4), nonZero(-40, 40)), { minLength: 1, maxLength: 3 })),
      wkst: sometimes(fc.constantFrom(...WEEKDAYS)),
    })
    .map((parts) => ({ freq, ...parts })),
);

const caseArbitrary: fc.Arbitrary<Case> = fc
  .record({
    rule: ruleText,
    start: fc.date({
      min: new Date('1995-01-01T00:00:00Z'),
      max: new Date('2035-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.constantFrom(0, 15, 30, 45),
    minutes: fc.constantFrom(30, 60, 90, 180, 1440),
    allDay: fc.boolean(),
    timezone: fc.constantFrom(...ZONES),
    years: fc.integer({ min: 1, max: 4 }),
    rdates: fc.array(fc.integer({ min: 0, max: 1400 }), { maxLength: 3 }),
    exdates: fc.array(fc.integer({ min: 0, max: 1400 }), { maxLength: 3 }),
  })
  .map((g) => {
    const day = new Date(Date.UTC(g.start.getUTCFullYear(), g.start.getUTCMonth(), g.start.getUTCDate()));
    const parts = [`FREQ=${g.rule.freq}`];
    if (g.rule.interval !== 1) parts.push(`INTERVAL=${g.rule.interval}`);
    if (typeof g.rule.end === 'string') {
      if (g.rule.end) parts.push(g.rule.end);
    } else {
      const until = addDays(day, g.rule.end.until.days);
      parts.push(
        g.rule.end.until.utc
          ? `UNTIL=${compactDate(until)}T${pad(g.rule.end.until.hour)}0000Z`
          : `UNTIL=${compactDate(until)}`,
      );
    }
    if (g.rule.byMonth) parts.push(`BYMONTH=${g.rule.byMonth.join(',')}`);
    if (g.rule.byWeekNo) parts.push(`BYWEEKNO=${g.rule.byWeekNo.join(',')}`);
    if (g.rule.byYearDay) parts.push(`BYYEARDAY=${g.rule.byYearDay.join(',')}`);
    if (g.rule.byMonthDay) parts.push(`BYMONTHDAY=${g.rule.byMonthDay.join(',')}`);
    if (g.rule.byDay) parts.push(`BYDAY=${g.rule.byDay.map((d) => `${d.ordinal ?? ''}${d.day}`).join(',')}`);
    if (g.rule.bySetPos) parts.push(`BYSETPOS=${g.rule.bySetPos.join(',')}`);
    if (g.rule.wkst) parts.push(`WKST=${g.rule.wkst}`);
    const startWall = `${isoDate(day)} ${g.allDay ? '00:00:00' : `${pad(g.hour)}:${pad(g.minute)}:00`}`;
    const endWall = g.allDay
      ? `${isoDate(day)} 23:59:59`
      : new Date(Date.parse(`${startWall.replace(' ', 'T')}Z`) + g.minutes * 60_000)
          .toISOString()
          .slice(0, 19)
          .replace('T', ' ');
    const through = new Date(day);
    through.setUTCFullYear(through.getUTCFullYear() + g.years);
    return {
      rule: parts.join(';'),
      start: startWall,
      end: endWall,
      timezone: g.timezone,
      allDay: g.allDay,
      rdates: [...new Set(g.rdates.map((n) => isoDate(addDays(day, n))))].sort(),
      exdates: [...new Set(g.exdates.map((n) => isoDate(addDays(day, n))))].sort(),
      through: isoDate(through),
    };
  })
  .filter((c) => 'rule' in readRecurrenceRule(c.rule));

function ours(c: Case): [string, string, string][] {
  const reading = readRecurrenceRule(c.rule);
  assert.ok('rule' in reading);
  const shape: SeriesShape = {
    rule: reading.rule,
    startLocal: c.start,
    endLocal: c.end,
    allDay: c.allDay,
    timezone: c.timezone,
    rdates: c.rdates,
    exdates: c.exdates,
  };
  return slotsOf(shape, c.start.slice(0, 10), c.through, 5000).slots.map((slot) => [
    slot.date,
    slot.startUtc,
    slot.endUtc,
  ]);
}

let dateutil: Dateutil | undefined;
before(() => {
  if (!missing) dateutil = new Dateutil();
});
after(() => dateutil?.close());

const seed = Number(process.env.ALMANAC_RULES_SEED) || Date.now() % 2_147_483_647;

test(`every rule part the model accepts gives dateutil's dates (seed ${seed})`, { skip: missing }, async () => {
  await fc.assert(
    fc.asyncProperty(caseArbitrary, async (c) => {
      assert.deepEqual(ours(c), await dateutil!.slots(c), JSON.stringify(c));
    }),
    { numRuns: 1000, seed, endOnFailure: false },
  );
});

test(
  'the examples of issue 36: a date that does not exist is skipped; BYWEEKNO is honoured',
  { skip: missing },
  async () => {
    const cases: Case[] = [
      // Yearly from 29 February 2028: the next one is 29 February 2032, not 1 March 2029.
      {
        rule: 'FREQ=YEARLY',
        start: '2028-02-29 19:00:00',
        end: '2028-02-29 21:00:00',
        timezone: 'Europe/Berlin',
        allDay: false,
        rdates: [],
        exdates: [],
        through: '2036-12-31',
      },
      // Monthly on the 31st: the months without one are skipped.
      {
        rule: 'FREQ=MONTHLY;COUNT=7',
        start: '2027-01-31 10:00:00',
        end: '2027-01-31 11:00:00',
        timezone: 'America/New_York',
        allDay: false,
        rdates: [],
        exdates: [],
        through: '2028-12-31',
      },
      // ISO week 1, Mondays: once a year (not every week).
      {
        rule: 'FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO',
        start: '2027-01-04 09:00:00',
        end: '2027-01-04 10:00:00',
        timezone: 'Europe/Amsterdam',
        allDay: false,
        rdates: [],
        exdates: [],
        through: '2031-12-31',
      },
    ];
    const [leap, monthly, week1] = await Promise.all(cases.map((c) => dateutil!.slots(c)));
    assert.deepEqual(
      leap!.map((slot) => slot[0]),
      ['2028-02-29', '2032-02-29', '2036-02-29'],
    );
    assert.deepEqual(
      monthly!.map((slot) => slot[0]),
      ['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31', '2027-08-31', '2027-10-31', '2027-12-31'],
    );
    assert.deepEqual(
      week1!.map((slot) => slot[0]),
      // The Monday of the week with 4 January in it.
      ['2027-01-04', '2028-01-03', '2029-01-01', '2029-12-31', '2030-12-30', '2031-12-29'],
    );
    cases.forEach((c, index) => assert.deepEqual(ours(c), [leap, monthly, week1][index], c.rule));
  },
);
