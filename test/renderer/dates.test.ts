// One way to write dates and times in the UI (renderer/src/i18n/dates.ts): 24-hour in Spanish
// whatever the region (es-MX, es-US), time ranges through Intl's formatRange everywhere, and an
// event's own zone beside the display zone's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatDateTime,
  formatInBothZones,
  formatTime,
  formatTimeRange,
  formatWallTime,
  formatWhen,
  whenPieces,
  zoneCity,
} from '../../renderer/src/i18n/dates.ts';

const at = (iso: string) => new Date(iso);
const sp = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, ' ');

test('Spanish writes 24-hour times in every region; English keeps its clock', () => {
  for (const locale of ['es-ES', 'es-MX', 'es-US', 'es-AR'])
    assert.equal(formatTime(at('2026-12-05T18:00:00Z'), locale, 'UTC'), '18:00', locale);
  assert.equal(sp(formatTime(at('2026-12-05T18:00:00Z'), 'en-US', 'UTC')), '6:00 PM');
  assert.equal(formatTime(at('2026-12-05T18:00:00Z'), 'en-US', 'UTC', true), '6pm', 'the month grid’s short form');
  assert.equal(formatTime(at('2026-12-05T18:00:00Z'), 'es-ES', 'UTC', true), '18:00', 'never a bare "18"');
  assert.equal(formatTime(at('2026-12-05T18:30:00Z'), 'en-US', 'UTC', true), '6:30pm');
  assert.equal(formatTime(at('2026-12-05T00:05:00Z'), 'en-US', 'UTC', true), '12:05am');
  assert.equal(formatTime(at('2026-12-05T18:00:00Z'), 'en-GB', 'UTC', true), '18:00');
});

test('time ranges: one format, the same around midnight', () => {
  assert.equal(formatTimeRange(at('2026-12-05T18:00:00Z'), at('2026-12-05T20:00:00Z'), 'es-ES', 'UTC'), '18:00–20:00');
  assert.equal(formatTimeRange(at('2026-12-05T21:00:00Z'), at('2026-12-05T23:59:00Z'), 'es-MX', 'UTC'), '21:00–23:59');
  assert.equal(
    sp(formatTimeRange(at('2026-12-05T18:00:00Z'), at('2026-12-05T20:30:00Z'), 'en-US', 'UTC')),
    '6:00 – 8:30 PM',
  );
  assert.equal(
    sp(formatTimeRange(at('2026-12-05T18:00:00Z'), at('2026-12-05T20:30:00Z'), 'en-US', 'UTC', true)),
    '6 – 8:30 PM',
  );
  assert.match(formatDateTime(at('2026-12-05T18:00:00Z'), 'es-MX', 'UTC'), /18:00/);
});

test('when, in words, and the event’s own zone beside the display zone', () => {
  assert.equal(
    formatWhen(
      { allDay: false, start: at('2026-12-05T18:00:00Z'), end: at('2026-12-05T20:00:00Z'), startDay: '', endDay: '' },
      'es-ES',
      'Europe/London',
      'full',
    ),
    'sábado, 5 de diciembre de 2026, 18:00–20:00',
  );
  assert.equal(
    sp(
      formatWhen(
        {
          allDay: true,
          start: at('2026-12-05T00:00:00Z'),
          end: at('2026-12-07T00:00:00Z'),
          startDay: '2026-12-05',
          endDay: '2026-12-07',
        },
        'en-US',
        'UTC',
        'medium',
      ),
    ),
    'Dec 5 – 7, 2026',
  );
  // 19:00 in New York is 01:00 the next day in Berlin.
  assert.equal(
    formatInBothZones(at('2026-12-06T00:00:00Z'), 'America/New_York', 'Europe/Berlin', 'es-ES'),
    'sáb 19:00 New York · dom 1:00 Berlin',
  );
  assert.equal(
    formatInBothZones(at('2026-12-05T18:00:00Z'), 'America/New_York', 'America/Chicago', 'es-ES'),
    '13:00 New York · 12:00 Chicago',
  );
  assert.equal(zoneCity('America/Argentina/Buenos_Aires'), 'Buenos Aires');
  assert.equal(zoneCity('UTC+5'), 'UTC+5');
});

test('whenPieces: formatWhen in the pieces a narrow column puts on their own lines', () => {
  const at = (start: string, end: string, allDay = false) => ({
    allDay,
    start: new Date(start),
    end: new Date(end),
    startDay: start.slice(0, 10),
    endDay: end.slice(0, 10),
  });
  const cases: [ReturnType<typeof at>, string, number][] = [
    [at('2026-12-01T08:00:00Z', '2026-12-01T12:45:00Z'), 'en-US', 2],
    [at('2026-12-01T08:00:00Z', '2026-12-01T12:45:00Z'), 'es-ES', 2],
    [at('2026-12-01T08:00:00Z', '2026-12-03T10:00:00Z'), 'en-US', 2],
    [at('2026-12-01T08:00:00Z', '2026-12-03T10:00:00Z'), 'es-ES', 2],
    [at('2026-12-01T08:00:00Z', '2026-12-01T08:00:00Z'), 'en-GB', 2],
    [at('2026-12-01T00:00:00Z', '2026-12-01T23:59:59Z', true), 'en-US', 1],
    [at('2026-12-01T00:00:00Z', '2026-12-04T23:59:59Z', true), 'es-ES', 1],
  ];
  for (const [event, locale, count] of cases) {
    const pieces = whenPieces(event, locale, 'UTC', 'medium');
    const said = pieces.map((piece) => piece.text).join('|');
    // With their spaces, the very text formatWhen writes (what screen readers and searches read).
    assert.equal(
      pieces.map((piece) => piece.text + piece.joiner + piece.gap).join(''),
      formatWhen(event, locale, 'UTC', 'medium'),
      `${locale} ${said}`,
    );
    assert.equal(pieces.length, count, `${locale}: ${said}`);
  }
  const texts = (index: number, locale: string) =>
    whenPieces(cases[index]![0], locale, 'UTC', 'medium').map((piece) => sp(piece.text));
  assert.deepEqual(texts(0, 'en-US'), ['Dec 1, 2026', '8:00 AM – 12:45 PM']);
  assert.deepEqual(texts(1, 'es-ES'), ['1 dic 2026', '8:00–12:45']);
  // The "," that joins a day to its times is apart (a date on a line of its own need not show it);
  // a range over days keeps its "–" in its first piece: no joiner there, it is half the range.
  const joiners = (index: number, locale: string) =>
    whenPieces(cases[index]![0], locale, 'UTC', 'medium').map((piece) => piece.joiner);
  assert.deepEqual(joiners(0, 'en-US'), [',', '']);
  assert.deepEqual(joiners(1, 'es-ES'), [',', '']);
  assert.deepEqual(joiners(2, 'en-US'), ['', '']);
  assert.match(sp(whenPieces(cases[2]![0], 'en-US', 'UTC', 'medium')[0]!.text), /–$/);
  // A style whose words join day and time ("… at …") lose only those words from sight.
  const full = whenPieces(cases[0]![0], 'en-US', 'UTC', 'full');
  assert.equal(
    full[0]!.text + full[0]!.joiner + full[0]!.gap + full[1]!.text,
    formatWhen(cases[0]![0], 'en-US', 'UTC', 'full'),
  );
  assert.doesNotMatch(full[0]!.text, /[, ]$/);
});

test('whenPieces keeps each answer (a page of the Events list draws them again and again): the same words as a first call, per zone, language and day', () => {
  const event = (
    start: string,
    end: string,
    allDay = false,
    startDay = start.slice(0, 10),
    endDay = end.slice(0, 10),
  ) => ({
    allDay,
    start: new Date(start),
    end: new Date(end),
    startDay,
    endDay,
  });
  const evening = event('2027-02-05T00:00:00Z', '2027-02-05T02:00:00Z');
  const first = whenPieces(evening, 'en-US', 'America/New_York', 'medium');
  // Another event at the same times: the kept answer, which is the words formatWhen writes.
  const again = whenPieces({ ...evening }, 'en-US', 'America/New_York', 'medium');
  assert.equal(again, first);
  assert.equal(
    again.map((piece) => piece.text + piece.joiner + piece.gap).join(''),
    formatWhen(evening, 'en-US', 'America/New_York', 'medium'),
  );
  assert.ok(Object.isFrozen(first), 'a kept answer cannot be changed by one caller for the others');
  // The zone, the language and the style are part of what is kept: Feb 4 in New York, Feb 5 in UTC.
  assert.match(sp(whenPieces(evening, 'en-US', 'America/New_York', 'medium')[0]!.text), /Feb 4/);
  assert.match(sp(whenPieces(evening, 'en-US', 'UTC', 'medium')[0]!.text), /Feb 5/);
  assert.match(sp(whenPieces(evening, 'es-ES', 'UTC', 'medium')[0]!.text), /5 feb/);
  assert.match(sp(whenPieces(evening, 'en-US', 'UTC', 'full')[0]!.text), /Friday/);
  // All-day events by their days: the same instants with other days are other words.
  const day = event('2027-02-05T05:00:00Z', '2027-02-06T04:59:59Z', true, '2027-02-05', '2027-02-05');
  const twoDays = { ...day, endDay: '2027-02-06' };
  assert.notDeepEqual(
    whenPieces(day, 'en-US', 'UTC', 'medium').map((piece) => piece.text),
    whenPieces(twoDays, 'en-US', 'UTC', 'medium').map((piece) => piece.text),
  );
});

test('an import preview’s wall time in the UI’s words, never moved by a zone', () => {
  assert.equal(sp(formatWallTime('2027-03-16 09:00:00', 'en-US')), 'Mar 16, 2027, 9:00 AM');
  assert.equal(sp(formatWallTime('2027-03-16 09:00:00', 'es-ES')), '16 mar 2027, 9:00');
  assert.equal(sp(formatWallTime('2027-03-16 21:30:00', 'es-MX')), '16 mar 2027, 21:30');
  assert.equal(formatWallTime('soon', 'en-US'), 'soon');
});
