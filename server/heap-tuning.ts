// V8 settings for the long-running server process (`almanac serve`, and the desktop app's main
// process, which calls the same function).
//
// Why: under a sustained load V8 let the old generation grow to about 4× its live size before the
// next full collection (its default growth factor is tuned for throughput, up to 4.0). The
// server's live heap is ~15–25 MB, so 20–40 MB of garbage built up and RSS rose to 175–180 MB
// right after a saturating mixed load at 100k events (target: under 150 MB). With the next limit
// set at 1.2× the live size, three alternated runs each measured 157–161 MB against 176–180 MB,
// with no measurable change in server CPU per request (one event, list, filtered list, create;
// docs/PERFORMANCE.md). The young generation (2 × 16 MiB under load) cannot be capped from here:
// V8 reads `--max-semi-space-size` only when the process starts.
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 20;

export function tuneHeapForServing(): void {
  // Read by V8 at each full collection, so setting it after start takes effect.
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
