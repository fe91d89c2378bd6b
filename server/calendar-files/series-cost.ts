// What a file's rule may cost the series model before the import asks it. The model works a rule
// out from the series' start to its horizon (operations/series/slots.ts, up to 200,000 dates), where
// the reader only worked it out within its window, fast-forwarded: a rule from 1970 that rarely
// matches ("every day that is a Friday the 13th") costs the model ~0.7 s, and a file of a hundred
// of them would freeze the import for minutes, twice (the check, then the write). So the dates the
// rule examines from its start to the horizon are counted here first — by the same ical.js
// iterator, stopped at a budget — and a series over it is expanded as single events instead
// (`series_expanded`, why `too_costly`), as the reader does with its own budgets (issue 31).
import ICAL from 'ical.js';
import { weightOf } from './ics/expand-series.ts';

/**
 * Dates one rule may examine, start to horizon, each at its weight (the reader's weightOf: a
 * monthly BYDAY or BYSETPOS date costs ical.js ten or thirty times a plain one): the reader's own
 * per-series allowance, a few tenths of a second. Measured: a weekly rule from 1970 costs 1,001,
 * "the 2nd Tuesday" monthly from 1970 15,500, "the last weekday of the month" (BYSETPOS) from 2000
 * 28,400 and "every day that is a Friday the 13th" from 1970 21,600 — those two are expanded.
 */
export const SERIES_RULE_CANDIDATES = 20_000;
/** Dates all the series of one file may examine together (the reader's file allowance). */
export const FILE_RULE_CANDIDATES = 150_000;
/** Backstops of the counts, for a machine much slower than ours. */
const SERIES_MS = 1_000;
const FILE_MS = 5_000;

class Spent extends Error {}

interface ContractingIterator {
  check_contracting_rules(): boolean;
}

function floating(wall: string, isDate: boolean): ICAL.Time {
  const [date, time = '00:00:00'] = wall.split(' ') as [string, string?];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute, second] = time.split(':').map(Number) as [number, number, number];
  return ICAL.Time.fromData(isDate ? { year, month, day, isDate } : { year, month, day, hour, minute, second, isDate });
}

export class RuleCostBudget {
  private left = FILE_RULE_CANDIDATES;
  private deadline: number | undefined;

  /**
   * Whether the model may work out `rule` from `startLocal` through `through` (a date) within the
   * budget; what it examined is spent either way. `limit`: occurrences after which the model stops.
   */
  affords(rule: string, startLocal: string, allDay: boolean, through: string, limit: number): boolean {
    const now = performance.now();
    this.deadline ??= now + FILE_MS;
    const deadline = Math.min(now + SERIES_MS, this.deadline);
    let seriesLeft = SERIES_RULE_CANDIDATES;
    let iterator: ICAL.RecurIterator;
    try {
      const recur = ICAL.Recur.fromString(rule);
      iterator = recur.iterator(floating(allDay ? startLocal.slice(0, 10) : startLocal, allDay));
    } catch {
      return true; // the model reads the rule itself, and says what is wrong with it
    }
    const weight = weightOf(iterator.rule);
    const check = (iterator as unknown as ContractingIterator).check_contracting_rules.bind(iterator);
    (iterator as unknown as ContractingIterator).check_contracting_rules = () => {
      if ((seriesLeft -= weight) < 0 || (this.left -= weight) < 0 || performance.now() > deadline) throw new Spent();
      return check();
    };
    try {
      for (let found = 0; found <= limit; found++) {
        const next = iterator.next();
        if (!next || next.toString().slice(0, 10) > through) break;
      }
      return true;
    } catch (error) {
      if (error instanceof Spent) return false;
      return true;
    }
  }
}
