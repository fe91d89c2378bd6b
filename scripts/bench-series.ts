// Repeating events at scale (issue 28's targets): server time of a series create (weekly and daily,
// two years ahead), of an "all events" edit of the daily one, and the event loop while the horizon
// of 1,000 never-ending series moves on, in a site of 100k events. Each write is timed in the
// process, as the route's handler runs it (one transaction); the floor, measured in the same run,
// is one plain event create through the same operations: our machines' speed varies 2–8× from day
// to day, so the ratio is what compares across runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { openDataDir } from '../server/data-dir.ts';
import { bulkSeed } from './seed/bulk-seed.ts';
import { administratorContext } from '../server/operations/context.ts';
import { ParamErrors } from '../server/operations/errors.ts';
import { writeEvent } from '../server/operations/events/writes.ts';
import {
  createSeries,
  editSeries,
  prepareSeriesCreate,
  prepareSeriesEdit,
} from '../server/operations/series/series-writes.ts';
import { deleteSeries } from '../server/operations/series/series-removal.ts';
import { extendAllSeries } from '../server/operations/series/series-horizon.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '7' },
    'never-ending': { type: 'string', default: '1000' },
  },
});
const EVENTS = Number(values.events);
const RUNS = Number(values.runs);
const NEVER_ENDING = Number(values['never-ending']);

const dataDir = mkdtempSync(join(tmpdir(), 'almanac-bench-series-'));
console.log(`Seeding ${EVENTS} events into ${dataDir} …`);
const store = openDataDir(dataDir, { timezone: 'Europe/Berlin' });
bulkSeed(store, 'default', EVENTS, store.users.byLogin('admin')!.id);
const ctx = administratorContext(store);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (since: number) => performance.now() - since;
let day = 0;
/** A fresh event each time, on its own day (a series starts from an event). */
const newEvent = (title: string) => {
  const date = new Date(Date.parse('2027-01-04T00:00:00Z') + (day++ % 300) * 86_400_000).toISOString().slice(0, 10);
  return store.writing(() =>
    writeEvent(ctx, {
      title,
      start_date: `${date} 10:00`,
      end_date: `${date} 11:00`,
      categories: ['Bench'],
      status: 'publish',
    }),
  );
};

function timeCreate(rule: string) {
  const times: number[] = [];
  let occurrences = 0;
  for (let i = 0; i < RUNS; i++) {
    const id = newEvent(`Series ${rule}`);
    const started = performance.now();
    const series = store.writing(() => {
      const event = store.posts.get(ctx.site.id, id)!;
      const errors = new ParamErrors();
      const prepared = prepareSeriesCreate(ctx, event, { rule }, errors);
      errors.throwIfAny();
      return createSeries(ctx, event, prepared!);
    });
    times.push(ms(started));
    occurrences = store.series.occurrenceIds(ctx.site.id, series.id).length;
    if (i < RUNS - 1) store.writing(() => deleteSeries(ctx, series));
  }
  return { ms: median(times), occurrences };
}

// The floor: one event create through the same operations.
const floorTimes: number[] = [];
for (let i = 0; i < 50; i++) {
  const started = performance.now();
  newEvent('Floor');
  floorTimes.push(ms(started));
}
const floor = median(floorTimes);

const weekly = timeCreate('FREQ=WEEKLY;BYDAY=TU');
const daily = timeCreate('FREQ=DAILY');

// "All events" edit of the daily series: a new time and a new title on every occurrence.
const dailySeries = store.db.prepare('SELECT max(id) AS id FROM series').get() as { id: number };
const editTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  store.writing(() => {
    const series = store.series.get(ctx.site.id, dailySeries.id)!;
    const errors = new ParamErrors();
    const hour = 10 + (i % 2);
    const prepared = prepareSeriesEdit(
      ctx,
      series,
      {
        changes: {
          title: `Daily ${i}`,
          start_date: `${series.start_local.slice(0, 10)} ${hour}:30`,
          end_date: `${series.start_local.slice(0, 10)} ${hour + 1}:30`,
        },
      },
      errors,
    );
    errors.throwIfAny();
    editSeries(ctx, series, prepared!);
  });
  editTimes.push(ms(started));
}

// 1,000 never-ending weekly series, then as if made six months ago: their last 26 weeks missing.
console.log(`Making ${NEVER_ENDING} never-ending series …`);
const made: number[] = [];
for (let i = 0; i < NEVER_ENDING; i++) {
  const id = newEvent(`Weekly ${i}`);
  made.push(
    store.writing(() => {
      const event = store.posts.get(ctx.site.id, id)!;
      const errors = new ParamErrors();
      const prepared = prepareSeriesCreate(ctx, event, { rule: 'FREQ=WEEKLY' }, errors);
      errors.throwIfAny();
      return createSeries(ctx, event, prepared!).id;
    }),
  );
}
store.writing(() => {
  for (const id of made) {
    const occurrences = store.series.occurrences(ctx.site.id, id);
    const keep = occurrences.slice(0, occurrences.length - 26);
    for (const row of occurrences.slice(occurrences.length - 26)) store.posts.remove(ctx.site.id, row.id);
    store.series.update(ctx.site.id, id, { horizon: keep.at(-1)!.recurrence! });
  }
});
// A request every 5 ms, as a window and tools would make them: first with nothing else running
// (the floor: on a shared 2-core machine the loop's own p99 is often well above 16 ms), then
// during the upkeep.
let answered = 0;
let upkeepDone = false;
const readsUntilDone = async () => {
  while (!upkeepDone) {
    store.snapshot(() => store.posts.get(ctx.site.id, made[answered % made.length]!));
    answered++;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
const idleHistogram = monitorEventLoopDelay({ resolution: 1 });
idleHistogram.enable();
const idleReads = readsUntilDone();
await new Promise((resolve) => setTimeout(resolve, 5_000));
upkeepDone = true;
await idleReads;
idleHistogram.disable();
const idleP99 = idleHistogram.percentile(99) / 1e6;
upkeepDone = false;
answered = 0;

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
const reads = readsUntilDone();
const upkeepStarted = performance.now();
const upkeep = await extendAllSeries(store);
const upkeepMs = ms(upkeepStarted);
upkeepDone = true;
await reads;
histogram.disable();
await tick();

const p99 = histogram.percentile(99) / 1e6;
const rows = [
  ['floor: one event create', floor, '—', 1],
  [`create a weekly series (${weekly.occurrences} occurrences)`, weekly.ms, 50, weekly.ms / floor],
  [`create a daily series (${daily.occurrences} occurrences)`, daily.ms, 200, daily.ms / floor],
  [`"all events" edit of the daily series`, median(editTimes), 300, median(editTimes) / floor],
] as const;
console.log(`\nAlmanac series bench: ${EVENTS} events, median of ${RUNS} runs, node ${process.version}`);
console.log('| measure | server time ms | target ms | × floor |\n| --- | ---: | ---: | ---: |');
for (const [name, value, target, ratio] of rows)
  console.log(`| ${name} | ${value.toFixed(1)} | ${target} | ${ratio.toFixed(0)} |`);
console.log(
  `\nhorizon upkeep: ${upkeep.occurrences} occurrences added to ${upkeep.series} never-ending series in ${(upkeepMs / 1000).toFixed(1)} s; event-loop delay p99 ${p99.toFixed(1)} ms (target ≤ 16; the same loop idle for 5 s just before: ${idleP99.toFixed(1)} ms), max ${(histogram.max / 1e6).toFixed(1)} ms; ${answered} reads answered meanwhile`,
);
console.log(
  `BENCH ${JSON.stringify({ events: EVENTS, floor_ms: floor, weekly_ms: weekly.ms, daily_ms: daily.ms, edit_all_daily_ms: median(editTimes), upkeep_series: upkeep.series, upkeep_occurrences: upkeep.occurrences, upkeep_ms: upkeepMs, upkeep_loop_p99_ms: p99, idle_loop_p99_ms: idleP99 })}`,
);
store.close();
rmSync(dataDir, { recursive: true, force: true });
