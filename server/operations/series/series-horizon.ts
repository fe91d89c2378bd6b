// Occurrences exist up to a horizon (a site setting, 24 months ahead by default, as The Events
// Calendar does). A series whose rule goes on past it gets the new dates as time moves: at start
// and daily, off the request path — one series per short transaction, the event loop free between
// them — so a thousand never-ending series never hold up a request.
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { OperationContext } from '../context.ts';
import { administratorContext } from '../context.ts';
import type { SeriesRow } from '../../db/repositories/series.ts';
import type { Store } from '../../db/store.ts';
import { MAX_SERIES_OCCURRENCES } from '../../../contract/recurrence.ts';
import { slotsOf } from './slots.ts';
import { horizonFor, shapeOf } from './series-state.ts';
import { addOccurrences } from './occurrences.ts';

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Occurrences one step of the upkeep adds at most (a few milliseconds of writes). */
const STEP = 12;

/**
 * The series' next occurrences toward today's horizon, at most `limit` of them. Returns how many
 * were added, and whether the series still lags (then call again).
 */
export function extendSeries(
  ctx: OperationContext,
  series: SeriesRow,
  limit = MAX_SERIES_OCCURRENCES,
): { added: number; lagging: boolean } {
  const horizon = horizonFor(ctx, series.start_local.slice(0, 10));
  if (series.status !== 'active' || series.never_ends !== 1 || series.horizon >= horizon)
    return { added: 0, lagging: false };
  const held = new Set(ctx.store.series.datesAfter(ctx.site.id, series.id, series.horizon));
  const { slots, more } = slotsOf(shapeOf(series), dayAfter(series.horizon), horizon, limit + 1);
  const step = slots.slice(0, limit);
  const cut = slots.length > limit;
  const missing = step.filter((slot) => !held.has(slot.date));
  const template = ctx.store.series.template(ctx.site.id, series.id);
  const added = template ? addOccurrences(ctx, series, template, missing, series.first_id).length : 0;
  ctx.store.series.update(ctx.site.id, series.id, {
    horizon: cut ? step.at(-1)!.date : horizon,
    never_ends: cut || more ? 1 : 0,
  });
  return { added, lagging: cut };
}

export interface UpkeepResult {
  series: number;
  occurrences: number;
}

/**
 * Every lagging series of every site, one transaction each, yielding to pending requests between
 * them. `stopped` is checked between series (the service stopping).
 */
export async function extendAllSeries(store: Store, stopped: () => boolean = () => false): Promise<UpkeepResult> {
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
      for (let lagging = true; lagging && !stopped();) {
        const step = store.writing(() => {
          const series = store.series.get(site_id, id);
          return series ? extendSeries(ctx, series, STEP) : { added: 0, lagging: false };
        });
        lagging = step.lagging;
        if (step.added > 0) extended = true;
        result.occurrences += step.added;
        await yieldToRequests();
      }
      if (extended) result.series++;
    }
  }
  return result;
}

/** Runs the upkeep now and then every day until the returned function is called. */
export function scheduleSeriesUpkeep(store: Store, log: (line: string) => void): () => void {
  let stopped = false;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running || stopped) return;
    running = extendAllSeries(store, () => stopped)
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
