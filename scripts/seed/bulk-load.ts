// The mechanics of writing many rows into SQLite fast, whatever the rows are: connection settings
// for the duration of a load, secondary indexes and triggers set aside and recreated after it,
// and multi-row INSERT statements. Used by the bulk seeder (bulk-seed.ts).
import { availableParallelism } from 'node:os';
import type { Db } from '../../server/db/open.ts';

/**
 * Settings while a load runs; the connection's own values come back afterwards (open.ts sets
 * WAL, synchronous NORMAL, foreign keys and the cache size on every connection).
 */
const LOAD_SETTINGS: [name: string, value: string | number][] = [
  // WAL writes every page twice (to the log, then the checkpoint copies it into the database). A
  // rollback journal writes a new page once and only journals the few pages that existed before;
  // kept in memory it still rolls back a failed load (the whole load is one transaction).
  ['journal_mode', 'MEMORY'],
  // Nothing is worth an fsync before the load is complete.
  ['synchronous', 'OFF'],
  // The loader writes ids it has just created: checking each reference would cost one or two
  // primary key lookups per row for nothing. Rows of different tables are also written in
  // batches of their own, so a row may reach SQLite before the row it refers to.
  ['foreign_keys', 'OFF'],
  // Index creation sorts its keys in runs of the page cache's size, and helper threads sort runs
  // while the main thread reads on. A small cache makes more, smaller runs to share: 4 MiB
  // measured about 10% faster overall than 8 or 16 MiB, and a cache large enough to hold the
  // whole load far slower (one huge run, sorted on one thread).
  ['cache_size', -4096],
  ['threads', availableParallelism()],
];

/**
 * Runs `load` with the settings above and restores the connection's settings afterwards, even
 * if it throws. `load` must open its own transaction (the settings only change outside one), and
 * the connection must have the database to itself (leaving WAL needs every other one closed).
 */
export function withBulkLoadSettings<T>(db: Db, load: () => T): T {
  if (db.inTransaction) throw new Error('a bulk load cannot run inside a transaction');
  const saved = LOAD_SETTINGS.map(([name]) => [name, db.pragma(name, { simple: true })] as const);
  try {
    for (const [name, value] of LOAD_SETTINGS) db.pragma(`${name} = ${value}`);
    return load();
  } finally {
    for (const [name, value] of saved.reverse()) db.pragma(`${name} = ${value}`);
  }
}

export interface SchemaObject {
  type: 'index' | 'trigger';
  name: string;
  sql: string;
}

/**
 * Drops every secondary index of `tables` (creating an index once, by sorting, is several times
 * cheaper than maintaining it row by row) and those of their triggers that `replaced` accepts
 * (the caller redoes their work in bulk); other triggers stay and fire row by row. Returns what
 * was dropped, for recreate(). Read from the schema, so indexes added by later migrations are
 * covered too; automatic indexes (PRIMARY KEY, UNIQUE) have no SQL and stay.
 */
export function setAsideIndexesAndTriggers(
  db: Db,
  tables: string[],
  replaced: (trigger: SchemaObject) => boolean,
): SchemaObject[] {
  const objects = db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master
       WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join(', ')})
       ORDER BY type, name`,
    )
    .all(...tables) as SchemaObject[];
  const dropped = objects.filter((object) => object.type === 'index' || replaced(object));
  for (const { type, name } of dropped) db.exec(`DROP ${type === 'index' ? 'INDEX' : 'TRIGGER'} "${name}"`);
  return dropped;
}

export function recreate(db: Db, objects: SchemaObject[]): void {
  for (const { sql } of objects) db.exec(sql);
}

interface BatchInsert {
  /** Adds one row: as many values as the row SQL has `?`. */
  add(...values: unknown[]): void;
  /** Writes the rows still buffered. */
  flush(): void;
}

/**
 * An INSERT that writes `rowsPerStatement` rows per statement: binding a thousand rows at once
 * costs far less than a thousand calls into SQLite (a statement takes at most 32,766 values).
 * `table` is `t (columns)`, `row` one row's `(?, ?, …)`. Values that are the same in every row are
 * better written as `@name` and given once in `shared` (converting a string for SQLite costs more
 * than the rest of binding it). Call flush() after the last row.
 */
export function batchInsert(
  db: Db,
  table: string,
  row: string,
  shared: Record<string, unknown> = {},
  rowsPerStatement = 1024,
): BatchInsert {
  // OR FAIL: a failing row ends the statement without undoing the statement's earlier rows, so
  // SQLite keeps no statement journal (a copy of every page a multi-row statement changes). The
  // error still reaches the caller, whose transaction then rolls back.
  const statement = (rows: number) =>
    db.prepare(`INSERT OR FAIL INTO ${table} VALUES ${Array(rows).fill(row).join(', ')}`);
  const full = statement(rowsPerStatement);
  const valuesPerStatement = (row.split('?').length - 1) * rowsPerStatement;
  const values: unknown[] = [];
  // better-sqlite3 takes named values as a trailing object, and refuses one the SQL does not use.
  const named = Object.keys(shared).length > 0 ? [shared] : [];
  return {
    add(...rowValues: unknown[]) {
      for (const value of rowValues) values.push(value);
      if (values.length === valuesPerStatement) {
        full.run(values, ...named);
        values.length = 0;
      }
    },
    flush() {
      if (values.length === 0) return;
      statement((values.length * rowsPerStatement) / valuesPerStatement).run(values, ...named);
      values.length = 0;
    },
  };
}
