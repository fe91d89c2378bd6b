// The month grid's per-day cap (contract/day-cap.ts: made by the service, and by the UI again for
// paper): which events a busy day shows, and that every hidden one is counted in its "+N more".
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { capPerDay, midnightIn } from '../../contract/day-cap.ts';
import { printHourHeight, printHours } from '../../renderer/src/features/calendar/print-layout.ts';
import type { FeedEvent } from '../../contract/app/feed.ts';

let nextId = 1;
function timed(startUtc: string, endUtc: string, extra: Partial<FeedEvent> = {}): FeedEvent {
  return {
    id: nextId++,
    title: 'Event',
    status: 'publish',
    start_utc: startUtc,
    end_utc: endUtc,
    start: startUtc.replace('T', ' ').replace('Z', ''),
    end: endUtc.replace('T', ' ').replace('Z', ''),
    timezone: 'UTC',
    all_day: false,
    featured: false,
    categories: [],
    venue: null,
    etag: '"x"',
    series: null,
    hide_from_listings: false,
    ...extra,
  };
}
function allDay(first: string, last: string): FeedEvent {
  return timed(`${first}T00:00:00Z`, `${last}T23:59:59Z`, {
    all_day: true,
    start: `${first} 00:00:00`,
    end: `${last} 23:59:59`,
  });
}

const week = { start: '2027-03-01', end: '2027-03-08' };

describe('month grid day cap', () => {
  it('finds local midnight in a zone, across a DST change', () => {
    assert.equal(new Date(midnightIn('UTC', '2027-03-01')).toISOString(), '2027-03-01T00:00:00.000Z');
    assert.equal(new Date(midnightIn('Europe/Madrid', '2027-01-15')).toISOString(), '2027-01-14T23:00:00.000Z');
    assert.equal(new Date(midnightIn('Europe/Madrid', '2027-07-15')).toISOString(), '2027-07-14T22:00:00.000Z');
    // The day after the spring change (2027-03-28 in the EU) starts at +02:00.
    assert.equal(new Date(midnightIn('Europe/Madrid', '2027-03-29')).toISOString(), '2027-03-28T22:00:00.000Z');
    assert.equal(new Date(midnightIn('UTC-3:30', '2027-03-01')).toISOString(), '2027-03-01T03:30:00.000Z');
  });

  it('shows everything on a quiet day', () => {
    const events = [timed('2027-03-02T09:00:00Z', '2027-03-02T10:00:00Z'), allDay('2027-03-03', '2027-03-04')];
    const { shown, more } = capPerDay(events, week, 'UTC', 3);
    assert.equal(shown.length, 2);
    assert.equal(more.size, 0);
  });

  it('keeps the first N of a busy day in calendar order and counts the rest', () => {
    const events = [
      timed('2027-03-02T15:00:00Z', '2027-03-02T16:00:00Z', { title: 'late' }),
      timed('2027-03-02T08:00:00Z', '2027-03-02T09:00:00Z', { title: 'early' }),
      timed('2027-03-02T12:00:00Z', '2027-03-02T13:00:00Z', { title: 'noon' }),
      allDay('2027-03-02', '2027-03-02'),
    ];
    const { shown, more } = capPerDay(events, week, 'UTC', 2);
    assert.deepEqual(
      shown.map((event) => (event.all_day ? 'all-day' : event.title)),
      ['all-day', 'early'],
    );
    assert.deepEqual([...more], [['2027-03-02', 2]]);
  });

  it('counts a multi-day event that does not fit on every day it covers', () => {
    const events = [
      timed('2027-03-03T08:00:00Z', '2027-03-03T09:00:00Z'),
      timed('2027-03-03T10:00:00Z', '2027-03-03T11:00:00Z'),
      timed('2027-03-03T12:00:00Z', '2027-03-03T13:00:00Z'),
      // Starts later than the others but spans three days: listed first (long events lead).
      timed('2027-03-02T20:00:00Z', '2027-03-04T10:00:00Z', { title: 'festival' }),
    ];
    const { shown, more } = capPerDay(events, week, 'UTC', 2);
    assert.equal(shown[0]!.title, 'festival');
    assert.equal(shown.length, 2);
    assert.deepEqual([...more], [['2027-03-03', 2]]);
  });

  it('a day with one event more than fits shows it in the line "+1 more" would take; two more keep the line', () => {
    const day = (hour: number) =>
      timed(`2027-03-02T${String(hour).padStart(2, '0')}:00:00Z`, `2027-03-02T${String(hour).padStart(2, '0')}:30:00Z`);
    const three = [day(8), day(9), day(10)];
    assert.deepEqual(capPerDay(three, week, 'UTC', 2), { shown: three, more: new Map() });
    const four = [...three, day(11)];
    const capped = capPerDay(four, week, 'UTC', 2);
    assert.deepEqual(capped.shown, [four[0], four[1]]);
    assert.deepEqual([...capped.more], [['2027-03-02', 2]]);
  });

  it('places timed events on the day of the site’s zone, not UTC', () => {
    // 23:30 UTC on the 2nd is 00:30 on the 3rd in Madrid.
    const events = [
      timed('2027-03-02T23:30:00Z', '2027-03-02T23:45:00Z'),
      timed('2027-03-02T23:40:00Z', '2027-03-02T23:50:00Z'),
      timed('2027-03-02T23:42:00Z', '2027-03-02T23:52:00Z'),
    ];
    assert.deepEqual([...capPerDay(events, week, 'Europe/Madrid', 1).more], [['2027-03-03', 2]]);
    assert.deepEqual([...capPerDay(events, week, 'UTC', 1).more], [['2027-03-02', 2]]);
  });

  it('an event ending exactly at midnight does not spill into the next day', () => {
    const events = [
      timed('2027-03-02T22:00:00Z', '2027-03-03T00:00:00Z'),
      timed('2027-03-03T09:00:00Z', '2027-03-03T10:00:00Z'),
    ];
    const { shown, more } = capPerDay(events, week, 'UTC', 1);
    assert.equal(shown.length, 2);
    assert.equal(more.size, 0);
  });

  it('clips events reaching outside the range and drops those wholly outside', () => {
    const events = [allDay('2027-02-20', '2027-03-01'), timed('2027-03-10T09:00:00Z', '2027-03-10T10:00:00Z')];
    const { shown } = capPerDay(events, week, 'UTC', 3);
    assert.equal(shown.length, 1);
  });

  it('cut again with fewer rows (paper), counts what the first cut left out too', () => {
    const day = (hour: number) =>
      timed(`2027-03-02T${String(hour).padStart(2, '0')}:00:00Z`, `2027-03-02T${String(hour).padStart(2, '0')}:30:00Z`);
    const all = Array.from({ length: 9 }, (_, i) => day(8 + i));
    const first = capPerDay(all, week, 'UTC', 5);
    assert.deepEqual([...first.more], [['2027-03-02', 4]]);
    const again = capPerDay(first.shown, week, 'UTC', 3, Object.fromEntries(first.more));
    assert.deepEqual(again, capPerDay(all, week, 'UTC', 3));
    // A day the first cut left whole but which the counts make busy keeps its "+N more" line.
    const four = all.slice(0, 4);
    assert.equal(capPerDay(four, week, 'UTC', 3).shown.length, 4);
    assert.equal(capPerDay(four, week, 'UTC', 3, { '2027-03-02': 1 }).shown.length, 3);
  });

  it('hides nothing it does not count (4,000 events in a month)', () => {
    const month = { start: '2027-03-01', end: '2027-04-12' };
    const events = Array.from({ length: 4000 }, (_, i) => {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const hour = String(8 + (i % 12)).padStart(2, '0');
      return timed(`2027-03-${day}T${hour}:00:00Z`, `2027-03-${day}T${hour}:30:00Z`);
    });
    const { shown, more } = capPerDay(events, month, 'UTC', 4);
    assert.equal(shown.length, 28 * 4);
    assert.equal(shown.length + [...more.values()].reduce((sum, n) => sum + n, 0), 4000);
  });
});

describe('the calendar on paper (print-layout.ts)', () => {
  const at = (start: string, end: string, allDay = false) =>
    ({ start_utc: start, end_utc: end, all_day: allDay }) as Parameters<typeof printHours>[0][number];

  it('the week and day grids show the hours that have events, at least eight, and fill the page', () => {
    assert.deepEqual(
      printHours(
        [at('2027-03-10T07:00:00Z', '2027-03-10T08:30:00Z'), at('2027-03-11T20:00:00Z', '2027-03-11T21:30:00Z')],
        'UTC',
      ),
      { min: '07:00:00', max: '22:00:00' },
    );
    assert.deepEqual(printHours([at('2027-03-10T10:00:00Z', '2027-03-10T11:00:00Z')], 'UTC'), {
      min: '06:00:00',
      max: '14:00:00',
    });
    assert.deepEqual(printHours([], 'UTC'), { min: '08:00:00', max: '18:00:00' });
    assert.deepEqual(printHours([at('2027-03-10T22:00:00Z', '2027-03-11T01:00:00Z')], 'UTC').max, '24:00:00');
    // In the site's zone: 18:00 UTC is 19:00 in Madrid.
    assert.equal(printHours([at('2027-03-10T18:00:00Z', '2027-03-10T23:00:00Z')], 'Europe/Madrid').max, '24:00:00');
    assert.equal(printHourHeight({ min: '08:00:00', max: '22:00:00' }), 40);
    assert.equal(printHourHeight({ min: '00:00:00', max: '24:00:00' }), 23);
  });
});
