// Dates as people type them (renderer/src/features/events/editor/date-input.ts): the locale decides
// the order of numbers, ISO always works, written months in English and Spanish, a time alone
// keeps the date, and an entry the locale's order cannot read is a question, not a guess.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  addMinutes,
  dateOrder,
  describeDate,
  formatDateInput,
  minutesBetween,
  readDateInput,
} from '../../renderer/src/features/events/editor/date-input.ts';

const today = '2026-11-20';
const read = (text: string, locale: string, extra: { allDay?: boolean; current?: string } = {}) =>
  readDateInput(text, { locale, today, allDay: extra.allDay ?? false, current: extra.current });
const value = (text: string, locale: string, extra: { allDay?: boolean; current?: string } = {}) => {
  const reading = read(text, locale, extra);
  return reading.kind === 'date' ? reading.value : reading.kind;
};

describe('typed dates', () => {
  it('the locale decides the order: es and en-GB day first, en-US month first', () => {
    assert.equal(dateOrder('es-ES'), 'DMY');
    assert.equal(dateOrder('en-GB'), 'DMY');
    assert.equal(dateOrder('en-US'), 'MDY');
    assert.equal(dateOrder('ja-JP'), 'YMD');
    assert.equal(value('05/12/2026 19:30', 'es-ES'), '2026-12-05 19:30');
    assert.equal(value('5/12/2026 19:30', 'es-MX'), '2026-12-05 19:30');
    assert.equal(value('05/12/2026 19:30', 'en-GB'), '2026-12-05 19:30');
    assert.equal(value('05/12/2026 19:30', 'en-US'), '2026-05-12 19:30');
    assert.equal(value('12/5/2026 7:30 PM', 'en-US'), '2026-12-05 19:30');
  });

  it('ISO always works, whatever the locale', () => {
    for (const locale of ['en-US', 'es-ES', 'en-GB'])
      for (const text of ['2026-12-05 19:30', '2026-12-05T19:30', '2026/12/05 19:30'])
        assert.equal(value(text, locale), '2026-12-05 19:30', `${text} in ${locale}`);
  });

  it('written forms: "5 dic 2026 19:30", "Dec 5 2026 7:30pm", "5.12.2026", "5 de diciembre de 2026"', () => {
    assert.equal(value('5 dic 2026 19:30', 'es-ES'), '2026-12-05 19:30');
    assert.equal(value('5 dic. 2026, 19:30', 'es-ES'), '2026-12-05 19:30');
    assert.equal(value('sáb 5 dic 2026 19:30', 'es-ES'), '2026-12-05 19:30');
    assert.equal(value('Dec 5 2026 7:30pm', 'en-US'), '2026-12-05 19:30');
    assert.equal(value('Dec 5, 2026 7:30 p.m.', 'en-GB'), '2026-12-05 19:30');
    assert.equal(value('5 December 2026 at 7pm', 'en-GB'), '2026-12-05 19:00');
    assert.equal(value('5.12.2026', 'en-US', { current: '2026-01-01 10:15' }), '2026-12-05 10:15');
    assert.equal(value('5.12.2026 19.30', 'es-ES'), '2026-12-05 19:30');
    assert.equal(value('5 de diciembre de 2026 a las 19:30', 'es-ES'), '2026-12-05 19:30');
    assert.equal(value('4 mar 2027 9:00', 'es-ES'), '2027-03-04 09:00', '"mar" is March, not martes');
    assert.equal(value('19h30', 'es-ES', { current: '2026-12-05 10:00' }), '2026-12-05 19:30');
  });

  it('a time alone keeps the date; a date alone keeps the time; no year is the next such date', () => {
    assert.equal(value('21:15', 'es-ES', { current: '2026-12-05 19:30' }), '2026-12-05 21:15');
    assert.equal(value('9pm', 'en-US', { current: '2026-12-05 19:30' }), '2026-12-05 21:00');
    assert.equal(value('6/12/2026', 'es-ES', { current: '2026-12-05 19:30' }), '2026-12-06 19:30');
    assert.equal(value('5 dic', 'es-ES'), '2026-12-05 09:00');
    assert.equal(value('3/1', 'es-ES', { allDay: true }), '2027-01-03', 'January has passed: next year');
    assert.equal(value('mañana', 'es-ES', { allDay: true }), '2026-11-21');
    assert.equal(value('tomorrow 8:00', 'en-US'), '2026-11-21 08:00');
  });

  it('all-day fields take dates only', () => {
    assert.equal(value('05/12/2026', 'es-ES', { allDay: true }), '2026-12-05');
    assert.equal(value('19:30', 'es-ES', { allDay: true, current: '2026-12-05' }), 'invalid');
  });

  it('what the locale’s order cannot read is questioned, never guessed; nonsense is refused', () => {
    assert.deepEqual(read('25/12/2026 19:30', 'en-US'), { kind: 'ambiguous', options: ['2026-12-25 19:30'] });
    assert.deepEqual(read('12/25/2026', 'es-ES', { allDay: true }), { kind: 'ambiguous', options: ['2026-12-25'] });
    for (const text of ['31/31/2026', '2026-02-30', 'next blursday', '25:00', '5/12/2026 19:75', '13pm'])
      assert.equal(read(text, 'es-ES', { current: '2026-12-05 10:00' }).kind, 'invalid', text);
    assert.equal(read('  ', 'es-ES').kind, 'empty');
  });

  it('says back what it understood, 24-hour in Spanish, and shows values in the locale’s numbers', () => {
    assert.match(describeDate('2026-12-05 19:30', 'es-ES', false), /^sáb, 5 dic 2026, 19:30$/);
    assert.match(describeDate('2026-12-05 19:30', 'es-MX', false), /19:30/);
    assert.match(describeDate('2026-12-05 19:30', 'en-US', false), /Sat, Dec 5, 2026, 7:30\sPM/);
    assert.equal(formatDateInput('2026-12-05 19:30', 'es-ES', false), '5/12/2026 19:30');
    assert.equal(formatDateInput('2026-12-05 19:30', 'en-GB', false), '05/12/2026 19:30');
    assert.equal(formatDateInput('2026-12-05 19:30', 'en-US', false), '12/5/2026 7:30 PM');
    // What a field shows reads back as the same value.
    for (const locale of ['es-ES', 'es-MX', 'en-US', 'en-GB', 'de-DE', 'ja-JP'])
      assert.equal(value(formatDateInput('2026-12-05 19:30', locale, false), locale), '2026-12-05 19:30', locale);
  });

  it('lengths: minutes between two values, and a value moved by them', () => {
    assert.equal(minutesBetween('2026-12-05 19:30', '2026-12-06 01:00'), 330);
    assert.equal(addMinutes('2026-12-31 23:00', 90), '2027-01-01 00:30');
    assert.equal(addMinutes('2026-12-05', 2 * 24 * 60), '2026-12-07');
    assert.equal(minutesBetween('', '2026-12-05'), undefined);
  });
});
