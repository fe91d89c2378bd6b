import { test } from 'node:test';
import assert from 'node:assert/strict';

import { parseDateCell, parseTimeCell, sniffSlashOrder } from '../../server/calendar-files/csv/cell-dates.ts';
import { parseTimezoneCell } from '../../server/calendar-files/csv/cell-timezone.ts';
import { parseRecords, sniffDelimiter } from '../../server/calendar-files/csv/parse-records.ts';
import { isValidTimezone } from '../../server/domain/dates.ts';

test('parseRecords: the line each record starts on, through multi-byte text and mixed line endings', () => {
  const text = 'h1,h2\r\n\r\n"ünïcödé €","x\r\ny\nz"\n\r\n🎉,"\n"\rlast,row';
  const { records } = parseRecords(text);
  assert.deepEqual(
    records.map((r) => [r.line, r.fields]),
    [
      [1, ['h1', 'h2']],
      [3, ['ünïcödé €', 'x\r\ny\nz']],
      [7, ['🎉', '\n']],
      [9, ['last', 'row']],
    ],
  );
});

test('sniffDelimiter: the most frequent of , ; tab outside quotes', () => {
  assert.equal(sniffDelimiter('a,b,c'), ',');
  assert.equal(sniffDelimiter('a;b;c'), ';');
  assert.equal(sniffDelimiter('a\tb\tc'), '\t');
  assert.equal(sniffDelimiter('"a;b;c",d'), ',');
  assert.equal(sniffDelimiter('"a,b,c";d'), ';');
  assert.equal(sniffDelimiter('single'), ',');
  assert.equal(sniffDelimiter('a,b;c'), ',', 'a tie is a comma');
});

test('parseTimeCell', () => {
  const cases: [string, string | null][] = [
    ['14:30', '14:30:00'],
    ['7:30:00', '07:30:00'],
    ['07:30:15.5', '07:30:15'],
    ['2:30 pm', '14:30:00'],
    ['2:30PM', '14:30:00'],
    ['2 p.m.', '14:00:00'],
    ['12:00 am', '00:00:00'],
    ['12:15 pm', '12:15:00'],
    ['9am', '09:00:00'],
    ['14.30', '14:30:00'],
    ['14h30', '14:30:00'],
    ['14', null],
    ['0:30 am', null],
    ['13:00 pm', null],
    ['24:00', null],
    ['12:60', null],
    ['noon', null],
  ];
  for (const [input, expected] of cases) assert.equal(parseTimeCell(input), expected, input);
});

test('parseDateCell', () => {
  const cases: [string, ReturnType<typeof parseDateCell>][] = [
    ['2028-02-29', { date: '2028-02-29' }],
    ['2027-02-29', null],
    ['2026-13-01', null],
    ['2026-1-5', { date: '2026-01-05' }],
    ['1/5/2026', { date: '2026-01-05' }],
    ['1/5/69', { date: '2069-01-05' }],
    ['1/5/70', { date: '1970-01-05' }],
    ['05.01.2026', { date: '2026-01-05' }],
    ['Mon, 5 January 2026', { date: '2026-01-05' }],
    ['5-Jan-26', { date: '2026-01-05' }],
    ['Jan 5th, 2026 9:15 am', { date: '2026-01-05', time: '09:15:00' }],
    ['2026-01-05T09:15:00.000Z', { date: '2026-01-05', time: '09:15:00', offsetMinutes: 0 }],
    ['2026-01-05 09:15 -0530', { date: '2026-01-05', time: '09:15:00', offsetMinutes: -330 }],
    ['2026-01-05 09:15 UTC', { date: '2026-01-05', time: '09:15:00', offsetMinutes: 0 }],
    ['2026-01-05 banana', null],
    ['20260105', null],
    ['5 Smarch 2026', null],
    ['', null],
  ];
  for (const [input, expected] of cases) assert.deepEqual(parseDateCell(input), expected, input);
  assert.deepEqual(parseDateCell('1/5/2026', 'dmy'), { date: '2026-05-01' });
});

test('sniffSlashOrder', () => {
  assert.equal(sniffSlashOrder(['01/05/2026', '2026-01-05']), 'mdy');
  assert.equal(sniffSlashOrder(['01/05/2026', '13/05/2026']), 'dmy');
  assert.equal(sniffSlashOrder(['13/05/2026', '05/13/2026']), 'mdy');
});

test('parseTimezoneCell gives names the event model accepts', () => {
  for (const cell of [
    'UTC+2',
    'UTC-12',
    'UTC+14',
    'UTC-13',
    'UTC+5:45',
    'UTC-9.5',
    'Asia/Kolkata',
    'US/Eastern',
    'Tokyo Standard Time',
  ]) {
    const zone = parseTimezoneCell(cell);
    assert.ok(zone && isValidTimezone(zone), `${cell} → ${zone}`);
  }
  assert.equal(parseTimezoneCell('UTC-13'), 'UTC-13', 'beyond the Etc/GMT zones');
  assert.equal(parseTimezoneCell('UTC-9.5'), 'UTC-9:30');
  assert.equal(parseTimezoneCell('UTC+5.33'), null, 'a fraction that is no whole minute');
  assert.equal(parseTimezoneCell('nowhere'), null);
});
