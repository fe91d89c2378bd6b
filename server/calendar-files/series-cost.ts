// What a file's rule may cost the series model before the import asks it. The model works a rule
// out from the series' start to its horizon (operations/series/slots.ts, up to MAX_STEPS candidate
// days), where the reader only worked it out within its window, fast-forwarded: a rule from 1970
// that rarely matches ("every day that is a Friday the 13th") costs the model thousands of days,
// and a file of a hundred of them would hold up the import, twice (the check, then the write). So
// the candidate days the rule examines from its start to the horizon are counted here first — by
// the model's own walk (domain/recurrence-dates.ts), stopped at a budget — and a series over it is
// expanded as single events instead (`series_expanded`, why `too_costly`), as the reader does with
// its own budgets (issue 31).
import { readRecurrenceRule } from '../../contract/recurrence.ts';
import { ruleDates } from '../domain/recurrence-dates.ts';
import { MAX_STEPS } from '../operations/series/slots.ts';
import { backstopMs } from './backstop.ts';

/**
 * Candidate days one rule may examine, start to horizon: as many as the model itself walks
 * (MAX_STEPS), so any rule the model can work out is worth asking it. Measured on a machine at
 * load 16 on 2 cores: 4–150× faster than ical.js (a daily rule over 29 years, 10,593 dates, 86 ms
 * against 349 ms; "the last weekday of the month" 13 ms against 1.9 s).
 */
export const SERIES_RULE_CANDIDATES = MAX_STEPS;
/** Candidate days all the series of one file may examine together (a few seconds at worst). */
export const FILE_RULE_CANDIDATES = 2_000_000;
/** Backstops of the counts, for a machine much slower than ours. */
const SERIES_MS = backstopMs(1_000);
const FILE_MS = backstopMs(5_000);

export class RuleCostBudget {
  private left = FILE_RULE_CANDIDATES;
  private deadline: number | undefined;

  /**
   * Whether the model may work out `rule` from `startLocal` through `through` (a date) within the
   * budget; what it examined is spent either way. `limit`: occurrences after which the model stops.
   */
  affords(rule: string, startLocal: string, allDay: boolean, through: string, limit: number): boolean {
    const reading = readRecurrenceRule(rule);
    if ('problems' in reading) return true; // the model reads the rule itself, and says what is wrong with it
    const now = performance.now();
    this.deadline ??= now + FILE_MS;
    const deadline = Math.min(now + SERIES_MS, this.deadline);
    const until = reading.rule.until;
    // UNTIL as a wall time near enough for a count (the model places it in the series' zone).
    const untilWall =
      until === undefined
        ? {}
        : { until: until.includes('T') ? until.replace('T', ' ').slice(0, 19) : `${until} 23:59:59` };
    const walk = ruleDates(reading.rule, {
      start: startLocal.slice(0, 10),
      time: allDay ? '00:00:00' : startLocal.slice(11, 19),
      ...untilWall,
      through,
      maxCandidates: Math.min(SERIES_RULE_CANDIDATES, Math.max(0, this.left)),
    });
    for (let found = 0; found <= limit; found++) {
      if (walk.next() === undefined) break;
      if (found % 64 === 0 && performance.now() > deadline) {
        this.left -= walk.examined;
        return false;
      }
    }
    this.left -= walk.examined;
    return !walk.gaveUp;
  }
}
