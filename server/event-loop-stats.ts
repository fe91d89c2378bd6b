// The event loop's delay while the service runs, for the benchmarks (ALMANAC_EVENT_LOOP_STATS_MS).
// better-sqlite3 is synchronous and the desktop app hosts the service in its main process, so the
// longest synchronous stretch of request work is what a user would feel as a stutter: the target is
// p99 under one frame (16 ms). Each report line gives that interval's figures and the run's so far.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

const ms = (ns: number) => Math.round(ns / 10_000) / 100;
const summary = (histogram: IntervalHistogram): LoopDelay => ({
  p50: ms(histogram.percentile(50)),
  p99: ms(histogram.percentile(99)),
  max: ms(histogram.max),
  samples: histogram.count,
});

/** Reports `event-loop {"interval":…,"run":…}` every `intervalMs`; returns the stop function. */
export function reportEventLoopDelay(intervalMs: number, log: (line: string) => void): () => void {
  // 1 ms resolution: the sampling timer's own granularity must be well below the 16 ms target.
  const interval = monitorEventLoopDelay({ resolution: 1 });
  const run = monitorEventLoopDelay({ resolution: 1 });
  interval.enable();
  run.enable();
  const timer = setInterval(() => {
    log(`event-loop ${JSON.stringify({ interval: summary(interval), run: summary(run) })}`);
    interval.reset();
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    interval.disable();
    run.disable();
  };
}
