// Opens the SQLite database with the settings every connection needs, then migrates it.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate, pendingMigrations } from './migrate.ts';
import { rotatingBackup } from './backup.ts';
import { updatePlannerStats } from './planner-stats.ts';

export type Db = Database.Database;

/** Hourly `PRAGMA optimize` while a server runs; the timer never keeps the process alive. */
export function scheduleOptimize(db: Db): () => void {
  const timer = setInterval(
    () => {
      if (db.open) updatePlannerStats(db, () => db.pragma('optimize'));
    },
    60 * 60 * 1000,
  );
  timer.unref();
  return () => clearInterval(timer);
}

export function openDatabase(file: string): Db {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    // WAL: readers never block the writer, and a crash mid-write leaves the last commit intact.
    db.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode (only a power loss can drop the
    // last commits), at a fraction of FULL's fsync cost.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // Another process (a CLI command while the app runs) may hold the write lock briefly.
    db.pragma('busy_timeout = 5000');
    // 8 MiB of page cache (better-sqlite3's default is 16 MiB). The file is in the OS page cache
    // anyway, so a miss costs a copy, not a disk read; the hot index pages fit, and the cache no
    // longer grows the process by 16 MiB once a daily backup or a varied load has read through it.
    db.pragma('cache_size = -8000');
    // Before changing the schema of an existing database, keep a copy of it.
    const { pending, existing } = pendingMigrations(db);
    if (pending > 0 && existing) rotatingBackup(db, file, 'before-migration');
    migrate(db);
    // Keep the query planner's statistics current as calendars grow (SQLite's recommended upkeep:
    // it analyses only what changed a lot, with a bounded cost).
    updatePlannerStats(db, () => db.pragma('optimize = 0x10002'));
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A second connection to an open, migrated database, for reading only (the read worker): the
 * same per-connection settings, no migration, no upkeep.
 */
export function openReadConnection(file: string): Db {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  // 2 MiB: every commit by the writing connection empties this connection's cache anyway, so a
  // larger one would hold memory without saving reads.
  db.pragma('cache_size = -2000');
  return db;
}
