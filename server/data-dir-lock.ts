// "A server owns this data dir" as a real operating-system lock, held for the server's lifetime.
//
// A pid in a file is not a lock: two servers could start on one data dir, the second one's exit
// removed the first one's run file, and `restore` then swapped the database under a live server
// whose next acknowledged writes were lost. So the owner holds an exclusive lock on
// `<data dir>/almanac.lock`, a tiny SQLite database kept in an open EXCLUSIVE transaction. SQLite
// takes that lock with fcntl() on Unix and LockFileEx() on Windows: the kernel drops it when the
// process dies (even by SIGKILL or a power cut), so a crash never leaves a stale lock behind, and
// SQLite also refuses a second connection of the same process. The lock file's content is
// irrelevant; the main database stays shared (the CLI may write while the app runs).
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readRunFile, type RunInfo } from './run-file.ts';

const lockFile = (dataDir: string) => join(dataDir, 'almanac.lock');

/** Another process (or another service in this one) owns the data dir. */
export class DataDirLockedError extends Error {
  /** The owner's run file, when it has written one yet. */
  readonly owner: RunInfo | undefined;

  constructor(dataDir: string, owner: RunInfo | undefined) {
    super(
      owner
        ? `Almanac is already running on ${dataDir} (pid ${owner.pid}, ${owner.url}); stop it first`
        : `Almanac is already running on ${dataDir} (it is starting or stopping); stop it first`,
    );
    this.owner = owner;
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  release(): void;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

/** Takes the data dir's lock, or throws DataDirLockedError naming the running owner. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  // timeout 0: never wait for the owner; a second server is refused at once.
  const db = new Database(lockFile(dataDir), { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new DataDirLockedError(dataDir, readRunFile(dataDir));
    throw error;
  }
  let held = true;
  return {
    dataDir,
    release() {
      if (!held) return;
      held = false;
      db.close(); // closing the connection drops the lock
    },
  };
}

/** Whether some process holds the data dir's lock right now (without keeping it). */
export function isDataDirLocked(dataDir: string): boolean {
  try {
    acquireDataDirLock(dataDir).release();
    return false;
  } catch (error) {
    if (error instanceof DataDirLockedError) return true;
    throw error;
  }
}

/** Runs `fn` holding the data dir's lock (restore: no server may start meanwhile). */
export function withDataDirLock<T>(dataDir: string, fn: () => T): T {
  const lock = acquireDataDirLock(dataDir);
  try {
    return fn();
  } finally {
    lock.release();
  }
}
