// Reads rows of wide tables (posts has 46 columns) at about half better-sqlite3's cost per row.
//
// Why: on Node 20 (an addon ABI below 127), better-sqlite3 builds each row object from C++ one
// property at a time through V8's generic Set, ~0.2 µs per column: ~10 µs of a ~13 µs posts row
// read. Raw mode hands back an array instead (~4 µs of it), and a function compiled once per
// statement turns that array into an object literal, which V8 creates with one ready-made shape
// (~0.1 µs). Measured on a 100k-event calendar: 13.0 → 8.0 µs per posts row read by id, and
// server CPU per uncached request −13 % for one event, −18 % for a list page.
//
// The rows are the same plain objects as before: the same keys in the same order, and a repeated
// column name keeps its last value, as better-sqlite3's own rows do.
import type Database from 'better-sqlite3';
import { prepareCached } from './statements.ts';

interface RowReader<Row> {
  get(...params: unknown[]): Row | undefined;
  all(...params: unknown[]): Row[];
}

interface KeyedRowReader<Key, Row> {
  all(...params: unknown[]): [Key, Row][];
}

type Build = (values: unknown[]) => unknown;

// One reader per statement: statements are long-lived (prepared once, or cached by SQL text).
const readers = new WeakMap<Database.Statement, RowReader<unknown>>();
const keyedReaders = new WeakMap<Database.Statement, KeyedRowReader<unknown, unknown>>();

/**
 * A reader of `statement`'s rows as objects. It switches the statement to raw mode, so the
 * statement must only be read through this reader from then on.
 */
export function rowReader<Row>(statement: Database.Statement): RowReader<Row> {
  let reader = readers.get(statement);
  if (!reader) {
    const build = rawWithBuild(statement, 0);
    reader = {
      get(...params) {
        const values = statement.get(...params) as unknown[] | undefined;
        return values === undefined ? undefined : build(values);
      },
      all(...params) {
        const rows = statement.all(...params) as unknown[][];
        const objects = new Array<unknown>(rows.length);
        for (let i = 0; i < rows.length; i++) objects[i] = build(rows[i]!);
        return objects;
      },
    };
    readers.set(statement, reader);
  }
  return reader as RowReader<Row>;
}

/**
 * For a statement whose first column is a key (`SELECT tp.post_id, t.* …`): each row as
 * `[key, object of the other columns]`, which saves copying each object to drop the key. Raw
 * mode as above.
 */
export function keyedRowReader<Key, Row>(statement: Database.Statement): KeyedRowReader<Key, Row> {
  let reader = keyedReaders.get(statement);
  if (!reader) {
    const build = rawWithBuild(statement, 1);
    reader = {
      all(...params) {
        const rows = statement.all(...params) as unknown[][];
        const pairs = new Array<[unknown, unknown]>(rows.length);
        for (let i = 0; i < rows.length; i++) pairs[i] = [rows[i]![0], build(rows[i]!)];
        return pairs;
      },
    };
    keyedReaders.set(statement, reader);
  }
  return reader as KeyedRowReader<Key, Row>;
}

/**
 * Switches `statement` to raw mode and compiles `(values) => ({ "site_id": values[0], … })` for
 * its columns from `from` on. The names come from the database schema, never from a request, and
 * JSON.stringify quotes each one as a string literal.
 */
function rawWithBuild(statement: Database.Statement, from: number): Build {
  statement.raw(true);
  return buildOf(
    statement.columns().map((column) => column.name),
    from,
  );
}

function buildOf(names: string[], from = 0): Build {
  const properties = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).slice(from);
  return new Function('values', `return { ${properties.join(', ')} };`) as Build;
}

/** A table's rows as one JSON text (see jsonRows()): the SQL that writes it and what builds each row. */
interface JsonTable {
  select: string;
  build: Build;
}
const jsonTables = new WeakMap<Database.Database, Map<string, JsonTable>>();

/**
 * `SELECT * FROM table WHERE where` as the same objects rowReader() gives (in no set order), read
 * through one JSON text that SQLite writes for all of them: better-sqlite3 hands over each column
 * of each row on its own (~0.2 µs a value: 46 columns of 16 posts rows took 3× the search index's
 * query that found them), one string and JSON.parse() (native) half as much. JSON keeps every
 * value SQLite holds in a row as it is — text (NUL and all), integers, reals (to the last bit:
 * SQLite writes 17 digits), NULL — except a BLOB, which no write of ours stores: SQLite refuses
 * most of them ("JSON cannot hold BLOB values") and the rows are then read the plain way.
 */
export function jsonRows<Row>(db: Database.Database, table: string, where: string, params: unknown[]): Row[] {
  let tables = jsonTables.get(db);
  if (!tables) jsonTables.set(db, (tables = new Map()));
  let json = tables.get(table);
  if (!json) {
    const names = db
      .prepare(`SELECT * FROM ${table} LIMIT 0`)
      .columns()
      .map((column) => column.name);
    const values = names.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ');
    json = { select: `'[' || group_concat(json_array(${values}), ',') || ']'`, build: buildOf(names) };
    tables.set(table, json);
  }
  let text: string | null;
  try {
    text = prepareCached(db, `SELECT ${json.select} FROM ${table} WHERE ${where}`)
      .pluck()
      .get(...params) as string | null;
  } catch (error) {
    if (!/BLOB/.test((error as Error).message)) throw error;
    return rowReader<Row>(prepareCached(db, `SELECT * FROM ${table} WHERE ${where}`)).all(...params);
  }
  if (text === null) return [];
  const arrays = JSON.parse(text) as unknown[][];
  const rows = new Array<Row>(arrays.length);
  for (let i = 0; i < arrays.length; i++) rows[i] = json.build(arrays[i]!) as Row;
  return rows;
}
