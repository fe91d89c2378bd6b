// Read connections for whole-calendar reads, kept between requests. A calendar app's first sync
// is a sync-collection and then a hundred multigets: opening a connection for each (its pragmas,
// its prepared statements) cost more than many of them did. A connection is lent to one read at a
// time (its snapshot is a transaction of its own); reads at the same time get one each. Idle
// connections close after a while, so a server nobody syncs with holds none.
import type { Db } from '../db/open.ts';
import { openReadConnection } from '../db/open.ts';

/** Idle connections kept per database file. */
const MAX_IDLE = 2;
/** An idle connection closes after this long. */
const IDLE_MS = 30_000;

interface Idle {
  db: Db;
  timer: NodeJS.Timeout;
}

const idle = new Map<string, Idle[]>();

/** A read connection to `file` (the store's database), to give back with releaseConnection. */
export function borrowConnection(file: string): Db {
  const kept = idle.get(file)?.pop();
  if (kept) {
    clearTimeout(kept.timer);
    return kept.db;
  }
  return openReadConnection(file);
}

/** Gives a connection back (out of any transaction), or closes it when enough are kept. */
export function releaseConnection(file: string, db: Db): void {
  if (!db.open) return;
  if (db.inTransaction) db.exec('ROLLBACK');
  const list = idle.get(file) ?? [];
  if (list.length >= MAX_IDLE) {
    db.close();
    return;
  }
  const entry: Idle = {
    db,
    timer: setTimeout(() => {
      const at = list.indexOf(entry);
      if (at >= 0) list.splice(at, 1);
      db.close();
    }, IDLE_MS),
  };
  entry.timer.unref();
  list.push(entry);
  idle.set(file, list);
}

/** Closes every kept connection to `file` (the store closes: a restore may replace the file). */
export function closeConnections(file: string): void {
  for (const entry of idle.get(file) ?? []) {
    clearTimeout(entry.timer);
    entry.db.close();
  }
  idle.delete(file);
}
