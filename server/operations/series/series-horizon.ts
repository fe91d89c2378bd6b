// Occurrences exist up to a horizon (a site setting, 24 months ahead by default, as The Events
// Calendar does). A series whose rule goes on past it gets the new dates as time moves: at start
// and daily, off the request path — each series' dates worked out once, then written a few at a
// time in short transactions with the event loop free between them — so a thousand never-ending
// series never hold up a request.
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { OperationContext } from '../context.ts';
import { administratorContext } from '../context.ts';
import type { SeriesRow } from '../../db/repositories/series.ts';
import type { Store } from '../../db/store.ts';
import { MAX_SERIES_OCCURRENCES } from '../../../contract/recurrence.ts';
import { slotsOf, type Slot } from './slots.ts';
import { horizonFor, shapeOf } from './series-state.ts';
import { addOccurrences } from './occurrences.ts';

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Occurrences one write of the upkeep adds at most: ~0.2 ms of CPU each, so a write stays a few
 * milliseconds even when the machine is busy (working the dates out, ical.js stepping from the
 * series' start, is done once per series, outside the writes).
 */
const STEP = 6;

/** What a lagging series needs: its missing slots up to the horizon (or `limit` of them), and where it then stands. */
interface ExtensionPlan {
  /** The series row the plan was made from: a write checks it is still the same. */
  series: SeriesRow;
  missing: Slot[];
  horizon: string;
  neverEnds: 0 | 1;
}

function planExtension(
  ctx: OperationContext,
  series: SeriesRow,
  limit = MAX_SERIES_OCCURRENCES,
): ExtensionPlan | undefined {
  const horizon = horizonFor(ctx, series.start_local.slice(0, 10));
  if (series.status !== 'active' || series.never_ends !== 1 || series.horizon >= horizon) return undefined;
  const held = new Set(ctx.store.series.datesAfter(ctx.site.id, series.id, series.horizon));
  const { slots, more } = slotsOf(shapeOf(series), dayAfter(series.horizon), horizon, limit + 1);
  const step = slots.slice(0, limit);
  const cut = slots.length > limit;
  return {
    series,
    missing: step.filter((slot) => !held.has(slot.date)),
    horizon: cut ? step.at(-1)!.date : horizon,
    neverEnds: cut || more ? 1 : 0,
  };
}

/**
 * Adds `slots` (the next part of a plan, in date order) and moves the horizon to the last of them,
 * or to the plan's horizon when `last`. Returns how many were added.
 */
function applyExtension(ctx: OperationContext, plan: ExtensionPlan, slots: Slot[], last: boolean): number {
  const template = ctx.store.series.template(ctx.site.id, plan.series.id);
  const added = template ? addOccurrences(ctx, plan.series, template, slots, plan.series.first_id).length : 0;
  ctx.store.series.update(
    ctx.site.id,
    plan.series.id,
    last ? { horizon: plan.horizon, never_ends: plan.neverEnds } : { horizon: slots.at(-1)!.date },
  );
  return added;
}

/**
 * Whether the series is as the plan saw it — every column, its horizon where the upkeep's own
 * last write left it — so nothing (an edit, a split, a delete of its first occurrence) changed it
 * between two writes of the upkeep.
 */
function unchanged(now: SeriesRow | undefined, planned: SeriesRow, horizon: string): boolean {
  if (!now) return false;
  const keys = Object.keys(planned) as (keyof SeriesRow)[];
  return keys.every((key) => (key === 'horizon' ? now.horizon === horizon : now[key] === planned[key]));
}

export interface UpkeepResult {
  series: number;
  occurrences: number;
}

/**
 * Every lagging series of every site, one transaction each, yielding to pending requests between
 * them. `stopped` is checked between series (the service stopping).
 */
export async function extendAllSeries(
  store: Store,
  stopped: () => boolean = () => false,
  /** Called after each write (the service empties its response cache and wakes its change streams). */
  wrote: () => void = () => {},
  /** Awaited before each write: an import job may hold the write lock (http/write-gate.ts). */
  whenWritable: () => Promise<void> = async () => {},
): Promise<UpkeepResult> {
  const result: UpkeepResult = { series: 0, occurrences: 0 };
  const contexts = new Map<number, OperationContext>();
  const contextOf = (siteId: number) => {
    let ctx = contexts.get(siteId);
    if (!ctx) {
      const site = store.sites.list().find((s) => s.id === siteId);
      if (!site) return undefined;
      ctx = administratorContext(store, site.code);
      contexts.set(siteId, ctx);
    }
    return ctx;
  };
  let after = 0;
  for (;;) {
    if (stopped()) break;
    // A page of candidates; each is judged against its own site's horizon.
    const page = store.series.neverEnding(after, 100);
    if (page.length === 0) break;
    for (const { site_id, id } of page) {
      after = id;
      if (stopped()) break;
      const ctx = contextOf(site_id);
      if (!ctx) continue;
      let extended = false;
      // Planned once (a read), then written STEP occurrences per transaction; if the series
      // changed in between (an edit, a delete), the rest is planned again from what it is now.
      for (let replans = 0; replans < 3 && !stopped(); replans++) {
        const series = store.series.get(site_id, id);
        const plan = series && planExtension(ctx, series);
        if (!plan) break;
        let horizon = plan.series.horizon;
        let finished = true;
        for (let at = 0; at < plan.missing.length || at === 0; at += STEP) {
          if (stopped()) return result;
          const slots = plan.missing.slice(at, at + STEP);
          const last = at + STEP >= plan.missing.length;
          await whenWritable();
          if (stopped()) return result;
          const added = store.writing(() => {
            if (!unchanged(store.series.get(site_id, id), plan.series, horizon)) return undefined;
            return applyExtension(ctx, plan, slots, last);
          });
          if (added === undefined) {
            finished = false;
            break;
          }
          wrote();
          horizon = last ? plan.horizon : slots.at(-1)!.date;
          if (added > 0) extended = true;
          result.occurrences += added;
          await yieldToRequests();
        }
        if (finished) break;
      }
      if (extended) result.series++;
    }
  }
  return result;
}

/** Runs the upkeep now and then every day until the returned function is called. */
export function scheduleSeriesUpkeep(
  store: Store,
  log: (line: string) => void,
  wrote: () => void = () => {},
  whenWritable: () => Promise<void> = async () => {},
): () => void {
  let stopped = false;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running || stopped) return;
    running = extendAllSeries(store, () => stopped, wrote, whenWritable)
      .then((done) => {
        if (done.series > 0) log(`series upkeep: ${done.occurrences} occurrences added to ${done.series} series`);
      })
      .catch((error: Error) => log(`series upkeep failed: ${error.message}`))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(run, 2_000);
  const daily = setInterval(run, 24 * 60 * 60 * 1000);
  first.unref();
  daily.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(daily);
  };
}
