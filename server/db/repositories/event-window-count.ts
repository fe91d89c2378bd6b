// Exact totals of date-window event lists from stored per-day counts (migration 0005).
//
// A list filtered only by visibility, `featured` and dates has the total
//   Σ n of event_window_counts rows whose start day and end day lie strictly inside the
//     window's days (every event of such a row matches, whatever its time of day), plus
//   the events whose start day or end day is one of the window's boundary days, counted
//     exactly from the date indexes (one day of events each).
// The sum visits a few rows per day of the window instead of every event in it, so the total of
// the default window costs the same at 10,000 and at 1,000,000 events.
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';
import type { Comparison, DateColumn } from './event-list.ts';

interface WindowCountFilter {
  siteId: number;
  statuses: string[];
  featured?: boolean;
  dates: { column: DateColumn; op: Comparison; value: string }[];
}

interface DayBounds {
  /** The latest day of the lower bounds (none: unbounded). */
  low?: string;
  /** The earliest day of the upper bounds. */
  high?: string;
}

const day = (utcWall: string) => utcWall.slice(0, 10);
// '~' sorts after every character of 'YYYY-MM-DD HH:MM:SS', so [d, d~) holds exactly day d.
const dayEnd = (d: string) => `${d}~`;

function dayBounds(filter: WindowCountFilter, column: DateColumn): DayBounds {
  const bounds: DayBounds = {};
  for (const { column: c, op, value } of filter.dates) {
    if (c !== column) continue;
    const d = day(value);
    if (op === '>=' || op === '>') bounds.low = bounds.low === undefined || d > bounds.low ? d : bounds.low;
    else bounds.high = bounds.high === undefined || d < bounds.high ? d : bounds.high;
  }
  return bounds;
}

interface Query {
  sql: string;
  params: unknown[];
}

function placeholders(values: unknown[]): string {
  return values.map(() => '?').join(',');
}

export function eventWindowCounter(db: Db) {
  /** Σ n over the rows strictly inside the window's days. */
  function inside(filter: WindowCountFilter, start: DayBounds, end: DayBounds): Query {
    const where = [`site_id = ?`, `status IN (${placeholders(filter.statuses)})`];
    const params: unknown[] = [filter.siteId, ...filter.statuses];
    // featured IN (0, 1) when unfiltered keeps the day ranges usable in the primary key.
    where.push(filter.featured === undefined ? 'featured IN (0, 1)' : `featured = ${filter.featured ? 1 : 0}`);
    for (const [column, bounds] of [
      ['start_day', start],
      ['end_day', end],
    ] as const) {
      if (bounds.low !== undefined) {
        where.push(`${column} > ?`);
        params.push(bounds.low);
      }
      if (bounds.high !== undefined) {
        where.push(`${column} < ?`);
        params.push(bounds.high);
      }
    }
    return { sql: `SELECT COALESCE(SUM(n), 0) FROM event_window_counts WHERE ${where.join(' AND ')}`, params };
  }

  /**
   * Events of the filter whose `column` falls on day `d`, except those whose start day is one of
   * `exceptStartDays` (already counted). The filter's own date bounds are written with a unary +
   * so SQLite cannot pick them for the index range: the range must be the one day.
   */
  function onDay(filter: WindowCountFilter, column: DateColumn, d: string, exceptStartDays: string[]): Query {
    const where = [
      'e.site_id = ?',
      "e.type = 'event'",
      `e.status IN (${placeholders(filter.statuses)})`,
      'COALESCE(e.hide_from_listings, 0) = 0',
      `e.${column} >= ?`,
      `e.${column} < ?`,
    ];
    const params: unknown[] = [filter.siteId, ...filter.statuses, d, dayEnd(d)];
    if (filter.featured !== undefined) where.push(filter.featured ? 'e.featured = 1' : 'COALESCE(e.featured, 0) = 0');
    for (const { column: c, op, value } of filter.dates) {
      where.push(`+e.${c} ${op} ?`);
      params.push(value);
    }
    if (exceptStartDays.length > 0) {
      where.push(`substr(e.start_utc, 1, 10) NOT IN (${placeholders(exceptStartDays)})`);
      params.push(...exceptStartDays);
    }
    return { sql: `SELECT COUNT(*) FROM posts e WHERE ${where.join(' AND ')}`, params };
  }

  /** The queries whose results add up to the total. */
  function queries(filter: WindowCountFilter): Query[] {
    const start = dayBounds(filter, 'start_utc');
    const end = dayBounds(filter, 'end_utc');
    const startDays = [...new Set([start.low, start.high].filter((d) => d !== undefined))];
    const endDays = [...new Set([end.low, end.high].filter((d) => d !== undefined))];
    return [
      inside(filter, start, end),
      ...startDays.map((d) => onDay(filter, 'start_utc', d, [])),
      ...endDays.map((d) => onDay(filter, 'end_utc', d, startDays)),
    ];
  }

  return {
    /** The exact number of listable events matching the filter (see the file comment). */
    count(filter: WindowCountFilter): number {
      if (filter.statuses.length === 0) return 0;
      let total = 0;
      for (const { sql, params } of queries(filter))
        total += prepareCached(db, sql)
          .pluck()
          .get(...params) as number;
      return total;
    },

    /** EXPLAIN QUERY PLAN of each query, for the plan checks in tests. */
    explain(filter: WindowCountFilter): string[][] {
      return queries(filter).map(({ sql, params }) =>
        (prepareCached(db, `EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail),
      );
    },
  };
}
