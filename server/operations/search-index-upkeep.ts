// Builds the search index of a calendar that existed before it (migration 0019) after start-up,
// off the request path: a batch of posts per short transaction, the event loop free between
// batches, the batch sized so a step takes ~25 ms whatever the machine's load, so a request waits
// for one step at most. Smaller steps cost more than they save: each commit writes the index a
// new segment (10,000 items/s in batches of 100, 18,000 in batches of 5,000, measured at 100k).
// Searches read the rows until it is done (db/repositories/search-index.ts), and the UI tells the
// progress (almanac/v1/search-index). A stop loses at most one batch: the next start goes on from
// the cursor.
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Store } from '../db/store.ts';
import { searchBackfillOf } from '../db/repositories/search-backfill.ts';

const STEP_MS = 25;
const FIRST_BATCH = 200;
const MIN_BATCH = 50;
const MAX_BATCH = 5_000;

/** Runs the backfill to its end (or until `stopped()`); resolves with how many items it indexed. */
export async function buildSearchIndex(
  store: Store,
  stopped: () => boolean,
  whenWritable: () => Promise<void> = async () => {},
): Promise<number> {
  const backfill = searchBackfillOf(store.db);
  if (backfill.state().phase === 'done') return 0;
  await whenWritable();
  store.writing(() => backfill.countIfNeeded());
  let batch = FIRST_BATCH;
  let indexed = 0;
  while (!stopped()) {
    await whenWritable();
    if (stopped()) break;
    const started = performance.now();
    const before = backfill.state().done;
    const state = store.writing(() => backfill.step(batch));
    indexed += state.done - before;
    if (state.phase === 'done') break;
    const ms = performance.now() - started;
    batch = Math.min(MAX_BATCH, Math.max(MIN_BATCH, Math.round((batch * STEP_MS) / Math.max(ms, 0.5))));
    await yieldToRequests();
  }
  return indexed;
}

/** Starts the backfill at once (searches scan until it is done); the returned function stops it. */
export function scheduleSearchIndexBuild(
  store: Store,
  log: (line: string) => void,
  whenWritable: () => Promise<void> = async () => {},
): () => void {
  let stopped = false;
  const started = performance.now();
  const first = setTimeout(() => {
    buildSearchIndex(store, () => stopped, whenWritable)
      .then((indexed) => {
        if (indexed > 0)
          log(`search index: ${indexed} items indexed in ${Math.round((performance.now() - started) / 1000)} s`);
      })
      .catch((error: Error) => log(`search index build failed: ${error.message}`));
  }, 0);
  first.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
  };
}
