// A series as almanac/v1/series answers it: its rule (and the rule in English and Spanish), its
// dates, and the occurrences the caller may read.
import type { OperationContext } from '../../operations/context.ts';
import type { SeriesRow } from '../../db/repositories/series.ts';
import type { Series } from '../../../contract/app/series.ts';
import { describeRecurrence } from '../../../contract/recurrence-text.ts';
import type { RecurrenceRule } from '../../../contract/recurrence.ts';
import { can } from '../../domain/roles.ts';
import { dateList, storedRule } from '../../operations/series/series-state.ts';

export function endsOf(rule: RecurrenceRule): Series['ends'] {
  return rule.until !== undefined ? 'until' : rule.count !== undefined ? 'count' : 'never';
}

export function wordsOf(rule: RecurrenceRule, start: string, timezone: string) {
  const date = start.slice(0, 10);
  return { en: describeRecurrence(rule, date, timezone, 'en'), es: describeRecurrence(rule, date, timezone, 'es') };
}

export function presentSeries(ctx: OperationContext, row: SeriesRow): Series {
  const rule = storedRule(row);
  return {
    id: row.id,
    first: row.first_id,
    rule: row.rule,
    rdates: dateList(row.rdates),
    exdates: dateList(row.exdates),
    description: wordsOf(rule, row.start_local, row.timezone),
    timezone: row.timezone,
    start: row.start_local,
    end: row.end_local,
    all_day: row.all_day === 1,
    ends: endsOf(rule),
    horizon: row.horizon,
    status: row.status,
    uid: row.uid,
    occurrences: ctx.store.series
      .occurrences(ctx.site.id, row.id)
      .filter((post) => can.readPost(ctx.actor, post))
      .map((post) => ({
        id: post.id,
        date: post.recurrence ?? '',
        start: post.start_local ?? '',
        end: post.end_local ?? '',
        status: post.status,
        detached: post.detached === 1,
      })),
  };
}
