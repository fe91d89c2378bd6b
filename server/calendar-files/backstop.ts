// The clock backstops of the file reader's work counts (ics/expand-series.ts, series-cost.ts).
// The counts decide what a file may cost, the same on every machine; a clock only catches a
// machine far slower than ours. The test suite runs many files at once on two cores, where a
// one-second clock could trip before the count and a test's outcome would hang on the machine's
// load: the test runner stretches the clocks (scripts/run-tests.mjs sets ALMANAC_BACKSTOP_SCALE),
// so the counts — what the tests check — always decide there.
const scale = Number(process.env.ALMANAC_BACKSTOP_SCALE ?? 1);

/** `ms`, stretched by ALMANAC_BACKSTOP_SCALE (≥ 1) where one is set. */
export function backstopMs(ms: number): number {
  return Number.isFinite(scale) && scale > 1 ? ms * scale : ms;
}
