// The query planner's statistics: sqlite_stat1 (rows per index prefix), without stat4's samples.
//
// better-sqlite3 builds SQLite with SQLITE_ENABLE_STAT4, so ANALYZE (and PRAGMA optimize) also
// store sample rows of every index in sqlite_stat4. With samples present, SQLite plans a statement
// again each time a parameter that is compared with a sampled index column is bound to a new
// value: a slug lookup took 12–18 µs instead of 3–4 µs, and nearly every statement we run pays it
// (a create runs 13). Our statements are written so the right index does not depend on the values
// (test/db/query-plans.test.ts holds every list shape to an index), so the samples buy nothing.
import type { Db } from './open.ts';

/** Runs a statistics update (ANALYZE, PRAGMA optimize), then drops the samples it stored. */
export function updatePlannerStats(db: Db, update: () => void): void {
  update();
  const hasSamples = db
    .prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4' AND EXISTS (SELECT 1 FROM sqlite_stat4)")
    .get();
  if (!hasSamples) return;
  db.exec('DELETE FROM sqlite_stat4');
  // Reload the statistics into this connection's planner (it holds the samples it read).
  db.exec('ANALYZE sqlite_schema');
}
