// The events an import job has read, spilled to a private temporary SQLite database instead of
// kept in the heap (issue 31: "preview and import of a 60 MB file stay under 150 MB above the idle
// service"). A 60 MB export is about 100,000 events; as objects they took 250–350 MB until the
// file's end, where the plan could start on them. Here each is serialized as it is read (v8's
// structured serialization: the very object comes back, undefined fields included) and read back
// one at a time, in file order, while the plan checks and writes it.
//
// SQLite's anonymous database (file name ''): an on-disk file in the system's temporary directory
// that SQLite deletes itself, also when the job's worker dies; only its page cache (kept small)
// is memory. It has nothing to do with the site's database, and the job's writes are untouched.
import Database from 'better-sqlite3';
import { deserialize, serialize } from 'node:v8';
import type { ImportedEvent, ImportedEvents } from './imported-event.ts';
import type { EventShelf } from './event-shelf.ts';

/** Pages of the temporary database kept in memory (KiB): the rest goes to its file. */
const CACHE_KIB = 4096;

export class EventSpill implements EventShelf<SpilledEvents> {
  private readonly db = new Database('');
  private readonly insert;
  private count = 0;

  constructor() {
    // A scratch file: nothing to recover after a crash, so no journal and no syncing.
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.pragma(`cache_size = -${CACHE_KIB}`);
    this.db.exec(
      'CREATE TABLE events (seq INTEGER PRIMARY KEY, ord INTEGER NOT NULL, series_uid TEXT, event BLOB NOT NULL)',
    );
    this.insert = this.db.prepare('INSERT INTO events (ord, series_uid, event) VALUES (?, ?, ?)');
    // One transaction for all the inserts (a commit per event would be the slow part).
    this.db.exec('BEGIN');
  }

  put(order: number, event: ImportedEvent): void {
    this.insert.run(order, event.seriesUid ?? null, serialize(event));
    this.count++;
  }

  get length(): number {
    return this.count;
  }

  sorted(): SpilledEvents {
    this.db.exec('COMMIT');
    // seq (the rowid) is the order of insertion: among events of one line, the order they were put in.
    this.db.exec('CREATE INDEX events_order ON events (ord, seq)');
    return new SpilledEvents(this.db, this.count);
  }

  discard(): void {
    this.db.close();
  }
}

/** The spilled events, read back in order each time they are iterated; close() deletes them. */
export class SpilledEvents implements ImportedEvents {
  private readonly all;
  private readonly series;

  constructor(
    private readonly db: Database.Database,
    readonly length: number,
  ) {
    this.all = db.prepare('SELECT event FROM events ORDER BY ord, seq').pluck();
    this.series = db.prepare('SELECT event FROM events WHERE series_uid IS NOT NULL ORDER BY ord, seq').pluck();
  }

  [Symbol.iterator](): Iterator<ImportedEvent> {
    return read(this.all.iterate() as IterableIterator<Buffer>);
  }

  ofSeries(): Iterable<ImportedEvent> {
    return { [Symbol.iterator]: () => read(this.series.iterate() as IterableIterator<Buffer>) };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** Deserialized one row at a time; leaving the loop early closes the statement (return()). */
function* read(rows: IterableIterator<Buffer>): Generator<ImportedEvent, void, undefined> {
  try {
    for (const row of rows) yield deserialize(row) as ImportedEvent;
  } finally {
    rows.return?.();
  }
}
