// The calendar's date arithmetic (renderer/src/state/calendar-range.ts): which days each view shows
// decides what the range feed is asked for, so an off-by-one here is a missing event on screen.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  addDays,
  addMonths,
  isIsoDate,
  startOfWeek,
  step,
  visibleRange,
} from '../../renderer/src/state/calendar-range.ts';

describe('calendar ranges', () => {
  it('adds days and months across month and year ends, clamping to the last day', () => {
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
    assert.equal(addDays('2028-03-01', -1), '2028-02-29');
    assert.equal(addMonths('2027-01-31', 1), '2027-02-28');
    assert.equal(addMonths('2028-01-31', 1), '2028-02-29');
    assert.equal(addMonths('2027-01-15', -1), '2026-12-15');
  });

  it('accepts only real dates', () => {
    assert.equal(isIsoDate('2027-02-28'), true);
    assert.equal(isIsoDate('2027-02-29'), false);
    assert.equal(isIsoDate('2027-2-3'), false);
    assert.equal(isIsoDate(null), false);
  });

  it('starts weeks on the chosen first day', () => {
    // 2027-03-10 is a Wednesday.
    assert.equal(startOfWeek('2027-03-10', 1), '2027-03-08');
    assert.equal(startOfWeek('2027-03-10', 0), '2027-03-07');
    assert.equal(startOfWeek('2027-03-07', 1), '2027-03-01');
  });

  it('gives each view its days as [start, end)', () => {
    assert.deepEqual(visibleRange('day', '2027-03-10', 1), { start: '2027-03-10', end: '2027-03-11' });
    assert.deepEqual(visibleRange('week', '2027-03-10', 1), { start: '2027-03-08', end: '2027-03-15' });
    assert.deepEqual(visibleRange('list', '2027-03-10', 1), { start: '2027-03-01', end: '2027-04-01' });
    // Six weeks from the Monday on or before the 1st (March 2027 starts on a Monday).
    assert.deepEqual(visibleRange('month', '2027-03-10', 1), { start: '2027-03-01', end: '2027-04-12' });
    assert.deepEqual(visibleRange('month', '2027-03-10', 0), { start: '2027-02-28', end: '2027-04-11' });
  });

  it('steps by the view’s own unit', () => {
    assert.equal(step('day', '2027-03-10', -1), '2027-03-09');
    assert.equal(step('week', '2027-03-10', 1), '2027-03-17');
    assert.equal(step('month', '2027-03-31', 1), '2027-04-30');
    assert.equal(step('list', '2027-03-10', -1), '2027-02-10');
  });
});
