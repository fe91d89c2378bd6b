// The Repeat control's rules (renderer/src/features/series/repeat-rule.ts) and what a change of
// one occurrence means for its series (series-edits.ts), under plain Node.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  customFromRule,
  customProblems,
  followStart,
  presetOf,
  presetsFor,
  ruleFromCustom,
  ruleInWords,
  ruleShiftedBy,
} from '../../renderer/src/features/series/repeat-rule.ts';
import {
  feedTimes,
  placedTimes,
  seriesChangeFrom,
  seriesSchedule,
} from '../../renderer/src/features/series/series-edits.ts';
import { readRecurrenceRule } from '../../contract/recurrence.ts';

describe('Repeat choices', () => {
  it('offers the common rules for the start date, each a rule the service accepts', () => {
    // Tuesday 8 December 2026: the second Tuesday.
    const presets = Object.fromEntries(presetsFor('2026-12-08').map((p) => [p.preset, p.rule]));
    assert.deepEqual(presets, {
      daily: 'FREQ=DAILY',
      weekly: 'FREQ=WEEKLY;BYDAY=TU',
      monthlyNth: 'FREQ=MONTHLY;BYDAY=2TU',
      monthlyDay: 'FREQ=MONTHLY;BYMONTHDAY=8',
      yearly: 'FREQ=YEARLY',
      weekdays: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    });
    for (const rule of Object.values(presets)) assert.ok('rule' in readRecurrenceRule(rule), rule);
  });

  it('a fifth weekday is the last; a fourth that is also the last offers both', () => {
    const fifth = presetsFor('2026-12-29').find((p) => p.preset === 'monthlyNth');
    assert.equal(fifth?.rule, 'FREQ=MONTHLY;BYDAY=-1TU');
    // 24 November 2026 is the fourth and the last Tuesday of November.
    const both = presetsFor('2026-11-24').map((p) => p.rule);
    assert.ok(both.includes('FREQ=MONTHLY;BYDAY=4TU'));
    assert.ok(both.includes('FREQ=MONTHLY;BYDAY=-1TU'));
    assert.equal(presetsFor('2026-12-08').filter((p) => p.preset === 'monthlyLast').length, 0);
  });

  it('names each choice in words, in English and Spanish', () => {
    assert.equal(ruleInWords('FREQ=WEEKLY;BYDAY=TU', '2026-12-08', 'Europe/Madrid', 'en', 'en-GB'), 'Every Tuesday');
    assert.equal(ruleInWords('FREQ=WEEKLY;BYDAY=TU', '2026-12-08', 'Europe/Madrid', 'es', 'es-ES'), 'Todos los martes');
    assert.equal(
      ruleInWords('FREQ=WEEKLY;INTERVAL=2;UNTIL=20270630;BYDAY=TU', '2026-12-08', 'Europe/Madrid', 'en', 'en-GB'),
      'Every other Tuesday until 30 June 2027',
    );
    assert.equal(
      ruleInWords('FREQ=MONTHLY;BYDAY=2TU', '2026-12-08', 'UTC', 'en', 'en-US'),
      'Monthly on the second Tuesday',
    );
    assert.equal(ruleInWords('UNTL=2027', '2026-12-08', 'UTC', 'en', 'en-US'), undefined);
  });

  it("writes its dates in the UI's locale, as every other date there (issue 36: no '4 January' in US English)", () => {
    const until = 'FREQ=WEEKLY;UNTIL=20270104;BYDAY=TU';
    assert.equal(ruleInWords(until, '2026-12-08', 'UTC', 'en', 'en-US'), 'Every Tuesday until January 4, 2027');
    assert.equal(ruleInWords(until, '2026-12-08', 'UTC', 'en', 'en-GB'), 'Every Tuesday until 4 January 2027');
    assert.equal(
      ruleInWords(until, '2026-12-08', 'UTC', 'es', 'es-MX'),
      'Todos los martes, hasta el 4 de enero de 2027',
    );
    assert.equal(ruleInWords('FREQ=YEARLY', '2026-12-01', 'UTC', 'en', 'en-US'), 'Every year on December 1');
    assert.equal(ruleInWords('FREQ=YEARLY', '2026-12-01', 'UTC', 'en', 'en-GB'), 'Every year on 1 December');
    assert.equal(ruleInWords('FREQ=YEARLY', '2026-12-01', 'UTC', 'es', 'es'), 'Todos los años, el 1 de diciembre');
  });

  it('recognises a preset in any part order, and anything else as custom', () => {
    assert.equal(presetOf('', '2026-12-08'), 'none');
    assert.equal(presetOf('BYDAY=TU;FREQ=WEEKLY', '2026-12-08'), 'weekly');
    assert.equal(presetOf('FREQ=WEEKLY;BYDAY=TU', '2026-12-09'), 'custom', 'Tuesday is no preset of a Wednesday');
    assert.equal(presetOf('FREQ=WEEKLY;BYDAY=TU;COUNT=5', '2026-12-08'), 'custom');
  });

  it('a preset follows the start date; a custom rule stays', () => {
    assert.equal(followStart('FREQ=WEEKLY;BYDAY=TU', '2026-12-08 10:00', '2026-12-09 10:00'), 'FREQ=WEEKLY;BYDAY=WE');
    assert.equal(
      followStart('FREQ=MONTHLY;BYDAY=2TU', '2026-12-08', '2026-12-17'),
      'FREQ=MONTHLY;BYDAY=3TH',
      'monthly on the Nth weekday of the new date',
    );
    const custom = 'FREQ=WEEKLY;BYDAY=TU,TH';
    assert.equal(followStart(custom, '2026-12-08', '2026-12-09'), custom);
    assert.equal(followStart('', '2026-12-08', '2026-12-09'), '');
  });
});

describe('Custom… dialog', () => {
  it('builds every shape the issue names, and reads it back', () => {
    const start = '2026-12-08';
    const base = customFromRule('', start);
    assert.deepEqual(base.weekdays, ['TU']);
    const cases: [Partial<typeof base>, string][] = [
      [{ freq: 'DAILY', interval: 3 }, 'FREQ=DAILY;INTERVAL=3'],
      [{ freq: 'WEEKLY', interval: 2, weekdays: ['TH', 'TU'] }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH'],
      [{ freq: 'MONTHLY', monthly: 'day', monthDay: 8 }, 'FREQ=MONTHLY;BYMONTHDAY=8'],
      [{ freq: 'MONTHLY', monthly: 'weekday', ordinal: -1, weekday: 'FR' }, 'FREQ=MONTHLY;BYDAY=-1FR'],
      [{ freq: 'YEARLY', ends: 'count', count: 5 }, 'FREQ=YEARLY;COUNT=5'],
      [{ freq: 'WEEKLY', ends: 'until', until: '2027-06-30' }, 'FREQ=WEEKLY;UNTIL=20270630;BYDAY=TU'],
    ];
    for (const [patch, rule] of cases) {
      const fields = { ...base, ...patch };
      assert.deepEqual(customProblems(fields, start), []);
      assert.equal(ruleFromCustom(fields), rule);
      assert.ok('rule' in readRecurrenceRule(rule), rule);
      assert.equal(ruleFromCustom(customFromRule(rule, start)), rule, `${rule} read back`);
    }
  });

  it('names what cannot make a rule, field by field', () => {
    const start = '2026-12-08';
    const base = customFromRule('', start);
    assert.deepEqual(customProblems({ ...base, interval: 0 }, start), ['interval']);
    assert.deepEqual(customProblems({ ...base, interval: Number.NaN }, start), ['interval']);
    assert.deepEqual(customProblems({ ...base, weekdays: [] }, start), ['weekdays']);
    assert.deepEqual(customProblems({ ...base, ends: 'until', until: '2026-12-01' }, start), ['until']);
    assert.deepEqual(customProblems({ ...base, ends: 'count', count: 10000 }, start), ['count']);
    // An empty weekday list is no problem for a monthly rule.
    assert.deepEqual(customProblems({ ...base, freq: 'MONTHLY', weekdays: [] }, start), []);
  });
});

describe('a change of one occurrence for its series', () => {
  const series = { start: '2026-12-01 10:00:00', rule: 'FREQ=WEEKLY;BYDAY=TU' };
  const before = { start: '2026-12-15 10:00', end: '2026-12-15 11:00', allDay: false };

  it('all events: the new time and length on the series’ first date', () => {
    const after = { start: '2026-12-15 10:30', end: '2026-12-15 11:45', allDay: false };
    assert.deepEqual(seriesSchedule('all', series, before, after), {
      changes: { all_day: false, start_date: '2026-12-01 10:30', end_date: '2026-12-01 11:45' },
    });
  });

  it('a move to another day moves the first date and the weekdays with it', () => {
    const after = { start: '2026-12-16 10:00', end: '2026-12-16 11:00', allDay: false };
    assert.deepEqual(seriesSchedule('all', series, before, after), {
      changes: { all_day: false, start_date: '2026-12-02 10:00', end_date: '2026-12-02 11:00' },
      rule: 'FREQ=WEEKLY;BYDAY=WE',
    });
    // This and following: the new series starts at this occurrence, at its new place.
    assert.deepEqual(seriesSchedule('following', series, before, after), {
      changes: { all_day: false, start_date: '2026-12-16 10:00', end_date: '2026-12-16 11:00' },
      rule: 'FREQ=WEEKLY;BYDAY=WE',
    });
    // A rule the organizer chose wins over the moved one.
    assert.equal(seriesSchedule('all', series, before, after, 'FREQ=DAILY').rule, 'FREQ=DAILY');
  });

  it('an all-day series keeps its number of days; a timed one turned all-day sends its dates', () => {
    const day = { start: '2026-12-15', end: '2026-12-15', allDay: true };
    const twoDays = { start: '2026-12-17', end: '2026-12-18', allDay: true };
    assert.deepEqual(seriesSchedule('all', { ...series, rule: 'FREQ=WEEKLY;BYDAY=TU' }, day, twoDays), {
      changes: { all_day: true, start_date: '2026-12-03', end_date: '2026-12-04' },
      rule: 'FREQ=WEEKLY;BYDAY=TH',
    });
    assert.deepEqual(seriesSchedule('all', series, before, { start: '2026-12-15', end: '2026-12-15', allDay: true }), {
      changes: { all_day: true, start_date: '2026-12-01', end_date: '2026-12-01' },
    });
  });

  it('weekdays move across the week’s end', () => {
    assert.equal(ruleShiftedBy('FREQ=WEEKLY;BYDAY=FR,SA', 2, '2026-12-20'), 'FREQ=WEEKLY;BYDAY=MO,SU');
    assert.equal(ruleShiftedBy('FREQ=WEEKLY;BYDAY=MO', -1, '2026-12-13'), 'FREQ=WEEKLY;BYDAY=SU');
  });

  it('a monthly or yearly rule moves to the day its occurrence was dragged to', () => {
    // The 8th, dragged a day later: the 9th (it used to keep the 8th and change only the time).
    assert.equal(ruleShiftedBy('FREQ=MONTHLY;BYMONTHDAY=8', 1, '2026-12-09'), 'FREQ=MONTHLY;BYMONTHDAY=9');
    // The last day stays the last day when dropped on a month's last day; elsewhere it is that day.
    assert.equal(ruleShiftedBy('FREQ=MONTHLY;BYMONTHDAY=-1', -1, '2027-02-28'), 'FREQ=MONTHLY;BYMONTHDAY=-1');
    assert.equal(ruleShiftedBy('FREQ=MONTHLY;BYMONTHDAY=-1', -1, '2026-12-30'), 'FREQ=MONTHLY;BYMONTHDAY=30');
    // The first Saturday (5 Dec 2026), a day later: the first Sunday (6 Dec).
    assert.equal(ruleShiftedBy('FREQ=MONTHLY;BYDAY=1SA', 1, '2026-12-06'), 'FREQ=MONTHLY;BYDAY=1SU');
    // The first Sunday (6 Dec 2026), a day later: Monday 7 Dec is the first Monday.
    assert.equal(ruleShiftedBy('FREQ=MONTHLY;BYDAY=1SU', 1, '2026-12-07'), 'FREQ=MONTHLY;BYDAY=1MO');
    // The first Monday (7 Dec), a day later: Tuesday 8 Dec is the second Tuesday of December.
    assert.equal(ruleShiftedBy('FREQ=MONTHLY;BYDAY=1MO', 1, '2026-12-08'), 'FREQ=MONTHLY;BYDAY=2TU');
    // The last Friday (29 Jan 2027), a day earlier: Thursday 28 Jan is the last Thursday too.
    assert.equal(ruleShiftedBy('FREQ=MONTHLY;BYDAY=-1FR', -1, '2027-01-28'), 'FREQ=MONTHLY;BYDAY=-1TH');
    // The last Friday (25 Dec 2026), a day earlier: Thursday 24 Dec is the fourth (31 Dec is the last).
    assert.equal(ruleShiftedBy('FREQ=MONTHLY;BYDAY=-1FR', -1, '2026-12-24'), 'FREQ=MONTHLY;BYDAY=4TH');
    // Thanksgiving (the 4th Thursday of November), a day later: the 4th Friday of November.
    assert.equal(
      ruleShiftedBy('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', 1, '2026-11-27'),
      'FREQ=YEARLY;BYMONTH=11;BYDAY=4FR',
    );
    // 31 December, a day later: 1 January.
    assert.equal(
      ruleShiftedBy('FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=31', 1, '2027-01-01'),
      'FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1',
    );
    // Days that come from the first date stay (the new first date moves them); so do rules that
    // cannot be moved day for day.
    for (const rule of ['FREQ=MONTHLY', 'FREQ=YEARLY', 'FREQ=DAILY', 'FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1'])
      assert.equal(ruleShiftedBy(rule, 1, '2026-12-09'), rule);
    assert.equal(ruleShiftedBy('FREQ=MONTHLY;BYMONTHDAY=1,15', 1, '2026-12-02'), 'FREQ=MONTHLY;BYMONTHDAY=1,15');
  });

  it('"All events" of a monthly series dragged a day later moves the series and its rule', () => {
    const monthly = { start: '2026-12-08 18:00', rule: 'FREQ=MONTHLY;BYMONTHDAY=8' };
    const moved = seriesSchedule(
      'all',
      monthly,
      { start: '2027-01-08 18:00', end: '2027-01-08 19:00', allDay: false },
      { start: '2027-01-09 18:00', end: '2027-01-09 19:00', allDay: false },
    );
    assert.deepEqual(moved, {
      changes: { all_day: false, start_date: '2026-12-09 18:00', end_date: '2026-12-09 19:00' },
      rule: 'FREQ=MONTHLY;BYMONTHDAY=9',
    });
  });

  it('a drop in the calendar is read as wall times in the event’s own zone', () => {
    const feed = {
      start: '2026-12-15 10:00:00',
      end: '2026-12-15 11:00:00',
      start_utc: '2026-12-15T09:00:00Z',
      all_day: false,
      timezone: 'Europe/Madrid',
    };
    assert.deepEqual(feedTimes(feed), before);
    const placed = {
      allDay: false,
      start: new Date('2026-12-16T09:30:00Z'),
      end: new Date('2026-12-16T10:30:00Z'),
      startStr: '',
      endStr: '',
    };
    assert.deepEqual(placedTimes(placed, feed), { start: '2026-12-16 10:30', end: '2026-12-16 11:30', allDay: false });
    const allDay = { allDay: true, start: null, end: null, startStr: '2026-12-17', endStr: '2026-12-19' };
    assert.deepEqual(placedTimes(allDay, feed), { start: '2026-12-17', end: '2026-12-18', allDay: true });
  });

  it('an edit of an occurrence as a series change: its fields, the schedule from the move, the rule', () => {
    const same = { ...before };
    // A new title only: no dates are sent (they would move the series' first date).
    assert.deepEqual(seriesChangeFrom('all', series, { title: 'Stories' }, before, same, undefined, false), {
      changes: { title: 'Stories' },
      include_detached: false,
    });
    // The editor sends dates with any date change; the series gets its own schedule.
    const later = { start: '2026-12-15 10:30', end: '2026-12-15 11:30', allDay: false };
    const write = { title: 'Stories', start_date: later.start, end_date: later.end, all_day: false };
    assert.deepEqual(seriesChangeFrom('all', series, write, before, later, undefined, true), {
      changes: { title: 'Stories', all_day: false, start_date: '2026-12-01 10:30', end_date: '2026-12-01 11:30' },
      include_detached: true,
    });
    assert.deepEqual(seriesChangeFrom('following', series, {}, before, same, 'FREQ=DAILY', false), {
      rule: 'FREQ=DAILY',
      changes: {},
      include_detached: false,
    });
  });
});
