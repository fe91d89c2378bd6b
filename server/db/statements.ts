// A per-connection cache of prepared statements for SQL built at run time (IN lists, list
// filters). Preparing costs more than running a small query, so hot paths reuse statements.
import type Database from 'better-sqlite3';

const MAX_CACHED = 1000;
const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function prepareCached(db: Database.Database, sql: string): Database.Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    // Distinct SQL strings are bounded by the filter combinations and IN-list lengths (≤ 100),
    // but a cap keeps a pathological client from growing memory without limit.
    if (cache.size >= MAX_CACHED) cache.clear();
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
