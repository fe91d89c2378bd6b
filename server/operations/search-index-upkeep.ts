// Keeps the search index (migration 0019) in step, off the request path:
// - the fold: what writes queued (search_queue) goes into the index within about a second, a
//   batch per statement — searches meanwhile test the queued posts' rows, so they never lag;
// - the backfill: a calendar from before the index is indexed after start-up; searches read the
//   rows until it is done, and the UI tells the progress (almanac/v1/search-index).
// Each step is a short transaction with the event loop free between steps, sized so it takes
// ~25 ms whatever the machine's load: a request waits for one step at most. Smaller steps cost
// more than they save: each commit writes the index a new segment (the backfill at 100k: 10,000
// items/s in batches of 100, 18,000 in batches of 5,000). A stop loses at most one step: the
// queue and the backfill's cursor are in the database.
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Store } from '../db/store.ts';
import { searchBackfillOf } from '../db/repositories/search-index-writes.ts';

const STEP_MS = 25;
const FIRST_BATCH = 200;
const MIN_BATCH = 50;
const MAX_BATCH = 5_000;
/** How often an idle service looks at the queue (one indexed count). */
const FOLD_EVERY_MS = 1_000;

/** A batch size that adapts so each step takes about STEP_MS. */
function adaptiveBatch() {
  let batch = FIRST_BATCH;
  return {
    get size() {
      return batch;
    },
    took(ms: number) {
      batch = Math.min(MAX_BATCH, Math.max(MIN_BATCH, Math.round((batch * STEP_MS) / Math.max(ms, 0.5))));
    },
  };
}

/**
 * Folds the queue and runs the backfill until both are done (or `stopped()`); resolves with how
 * many items the backfill indexed.
 */
export async function buildSearchIndex(
  store: Store,
  stopped: () => boolean,
  whenWritable: () => Promise<void> = async () => {},
): Promise<number> {
  const writes = searchBackfillOf(store.db);
  if (writes.state().phase === 'done' && writes.queued() === 0) return 0;
  await whenWritable();
  store.writing(() => writes.countIfNeeded());
  const batch = adaptiveBatch();
  let indexed = 0;
  while (!stopped()) {
    await whenWritable();
    if (stopped()) break;
    const started = performance.now();
    const folded = store.writing(() => writes.fold(batch.size));
    if (folded === 0) {
      const before = writes.state();
      if (before.phase === 'done') break;
      const after = store.writing(() => writes.step(batch.size));
      indexed += after.done - before.done;
    }
    batch.took(performance.now() - started);
    await yieldToRequests();
  }
  return indexed;
}

/** Starts the backfill at once and folds the queue every second; the returned function stops it. */
export function scheduleSearchIndexBuild(
  store: Store,
  log: (line: string) => void,
  whenWritable: () => Promise<void> = async () => {},
): () => void {
  let stopped = false;
  let running: Promise<void> | undefined;
  let first = true;
  const run = () => {
    if (running || stopped) return;
    const started = performance.now();
    running = buildSearchIndex(store, () => stopped, whenWritable)
      .then((indexed) => {
        if (indexed > 0)
          log(`search index: ${indexed} items indexed in ${Math.round((performance.now() - started) / 1000)} s`);
      })
      .catch((error: Error) => {
        // Said once: a failing fold would otherwise fill the log every second.
        if (first) log(`search index upkeep failed: ${error.message}`);
        first = false;
      })
      .finally(() => (running = undefined));
  };
  const start = setTimeout(run, 0);
  const every = setInterval(run, FOLD_EVERY_MS);
  start.unref();
  every.unref();
  return () => {
    stopped = true;
    clearTimeout(start);
    clearInterval(every);
  };
}
