// V8 settings for the long-running server process (`almanac serve`, and the desktop app's main
// process, which calls the same function). Measured with the bench (docs/PERFORMANCE.md).
//
// 1. Old-generation growth. Under a sustained load V8 let the old generation grow to about 4× its
//    live size before the next full collection (its default factor favours throughput). The
//    server's live heap is ~15–25 MB, so 20–40 MB of garbage built up: RSS right after a
//    saturating load was 176–180 MB at 100k events (target: under 150). With the next limit at
//    1.2× the live size: 157–161 MB in three alternated runs, no measurable change in CPU per
//    request.
// 2. A collection once the server has gone quiet. Under load V8 grows the young generation to
//    2 × 16 MiB and keeps it committed until a memory-reducing collection, which its memory
//    reducer only schedules after a full collection. Since the request path stopped producing
//    much garbage (no object spreads), no full collection happened near the end of a load, and
//    RSS stayed at ~143 MB idle instead of returning to ~100 MB. One full collection a few
//    seconds into a quiet spell (~14 ms, nothing waiting) shrinks the young generation to 1 MiB.
// 3. The young generation capped at 2 × 8 MiB instead of 2 × 16. V8 reads `--max-semi-space-size`
//    only at process start (which neither `npm start` nor the desktop app's main process controls
//    from inside), but it reads the growth factor each time it grows the young generation: after
//    a collection that left it at the cap, growth is switched off, and on again once it is back
//    below. RSS right after a saturating load 145 → 127–130 MB (two alternated runs each); server
//    CPU per request unchanged within noise (create 796 vs 700 µs, list 1,473 vs 1,496, one event
//    420 vs 396: medians of four interleaved runs).
import v8 from 'node:v8';
import vm from 'node:vm';
import { PerformanceObserver } from 'node:perf_hooks';

const HEAP_GROWING_PERCENT = 20;
const QUIET_CHECK_MS = 5_000;
/** Less CPU than this in a check interval (0.5 %) counts as quiet. */
const QUIET_CPU_MICROS = 25_000;
/** A young generation above this was grown by a load (V8 starts it at 1 MiB). */
const GROWN_YOUNG_BYTES = 4 * 1024 * 1024;

/** Where the young generation stops growing (V8 doubles it from 1 MiB; its own cap is 32 MiB). */
const YOUNG_CAP_BYTES = 16 * 1024 * 1024;
/** V8's default `--semi-space-growth-factor`. */
const DEFAULT_YOUNG_GROWTH = 2;

interface HeapSample {
  /** Committed bytes of V8's young generation (new_space). */
  youngBytes: number;
  /** Process CPU time (user + system) used during the last check interval, in µs. */
  cpuMicros: number;
}

/** Worth a full collection: the young generation grew under load and the process is now quiet. */
export function shouldCollectWhenQuiet(sample: HeapSample): boolean {
  return sample.youngBytes > GROWN_YOUNG_BYTES && sample.cpuMicros < QUIET_CPU_MICROS;
}

/** The young generation's growth factor to use from now on: none once it reached the cap. */
export function youngGrowthFactor(youngBytes: number): number {
  return youngBytes >= YOUNG_CAP_BYTES ? 1 : DEFAULT_YOUNG_GROWTH;
}

/** `gc()` without starting Node with --expose-gc: a context created while the flag is set has it. */
export function fullCollection(): (() => void) | undefined {
  v8.setFlagsFromString('--expose-gc');
  try {
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? () => gc() : undefined;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

function youngGenerationBytes(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/** After each collection, stops or resumes the young generation's growth (3. above). */
function capYoungGeneration(): () => void {
  let factor = DEFAULT_YOUNG_GROWTH;
  const observer = new PerformanceObserver(() => {
    const next = youngGrowthFactor(youngGenerationBytes());
    if (next === factor) return;
    v8.setFlagsFromString(`--semi-space-growth-factor=${next}`);
    factor = next;
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    observer.disconnect();
    v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_YOUNG_GROWTH}`);
  };
}

/** Applies the three settings; returns a function that undoes the running parts. */
export function tuneHeapForServing(): () => void {
  // Read by V8 at each full collection, so setting it after start takes effect.
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const stopCap = capYoungGeneration();
  const collect = fullCollection();
  if (!collect) return stopCap;
  let last = process.cpuUsage();
  const timer = setInterval(() => {
    const used = process.cpuUsage(last);
    last = process.cpuUsage();
    if (shouldCollectWhenQuiet({ youngBytes: youngGenerationBytes(), cpuMicros: used.user + used.system })) collect();
  }, QUIET_CHECK_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopCap();
  };
}
