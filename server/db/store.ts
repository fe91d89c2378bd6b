// The store: one database connection and the repositories built on it. Services receive the
// store; only repositories hold SQL.
import { openDatabase, type Db } from './open.ts';
import { sitesRepository } from './repositories/sites.ts';
import { usersRepository } from './repositories/users.ts';
import { postsRepository } from './repositories/posts.ts';
import { termsRepository } from './repositories/terms.ts';
import { eventListRepository } from './repositories/event-list.ts';
import { linkedListRepository } from './repositories/linked-list.ts';
import { termListRepository } from './repositories/term-list.ts';
import { translationsRepository } from './repositories/translations.ts';
import { sessionsRepository } from './repositories/sessions.ts';
import { trashRepository } from './repositories/trash.ts';
import { changesRepository } from './repositories/changes.ts';
import { originsRepository } from './repositories/origins.ts';
import { importUidsRepository } from './repositories/import-uids.ts';
import { locationTextsRepository } from './repositories/location-texts.ts';
import { seriesRepository } from './repositories/series.ts';
import { seriesUndoRepository } from './repositories/series-undo.ts';
import { calDavRepository } from './repositories/caldav.ts';
import { preferencesRepository } from './repositories/preferences.ts';

export interface Store {
  db: Db;
  sites: ReturnType<typeof sitesRepository>;
  users: ReturnType<typeof usersRepository>;
  posts: ReturnType<typeof postsRepository>;
  terms: ReturnType<typeof termsRepository>;
  eventList: ReturnType<typeof eventListRepository>;
  linkedList: ReturnType<typeof linkedListRepository>;
  termList: ReturnType<typeof termListRepository>;
  translations: ReturnType<typeof translationsRepository>;
  sessions: ReturnType<typeof sessionsRepository>;
  trash: ReturnType<typeof trashRepository>;
  changes: ReturnType<typeof changesRepository>;
  origins: ReturnType<typeof originsRepository>;
  importUids: ReturnType<typeof importUidsRepository>;
  locationTexts: ReturnType<typeof locationTextsRepository>;
  series: ReturnType<typeof seriesRepository>;
  seriesUndo: ReturnType<typeof seriesUndoRepository>;
  calDav: ReturnType<typeof calDavRepository>;
  preferences: ReturnType<typeof preferencesRepository>;
  /**
   * Runs `fn` in one transaction: a failed request changes nothing (contract §6). Inside another
   * transaction (a request's, see `writing`) it joins that one, and a failure rolls back the
   * whole outer one. Not a savepoint: a savepoint copies every page it changes into a statement
   * journal first (measured: +20 % CPU per create).
   */
  transaction<T>(fn: () => T): T;
  /**
   * Runs a read-only request on one snapshot of the database. Its statements all see the same
   * state, even when another process (the CLI) commits meanwhile, and they share one WAL read
   * lock: a statement outside a transaction takes and releases that lock itself (two `fcntl`
   * calls, ~3 µs, on every statement).
   */
  snapshot<T>(fn: () => T): T;
  /**
   * Runs a write request holding the write lock from its first statement (BEGIN IMMEDIATE), so
   * what its validation read cannot change before it writes. A deferred transaction that reads
   * first fails with SQLITE_BUSY_SNAPSHOT when another process commits in between; this one
   * waits for the lock instead (busy_timeout).
   */
  writing<T>(fn: () => T): T;
  close(): void;
}

export function createStore(db: Db): Store {
  // One transaction function for every call (better-sqlite3 builds four wrappers per function).
  const posts = postsRepository(db);
  const inTransaction = db.transaction((fn: () => unknown) => {
    posts.forgetSlugs(); // what the posts repository remembers is valid within one transaction
    return fn();
  });
  const joined = <T>(fn: () => T): T => (db.inTransaction ? fn() : (inTransaction(fn) as T));
  return {
    db,
    sites: sitesRepository(db),
    users: usersRepository(db),
    posts,
    terms: termsRepository(db),
    eventList: eventListRepository(db),
    linkedList: linkedListRepository(db),
    termList: termListRepository(db),
    translations: translationsRepository(db),
    sessions: sessionsRepository(db),
    trash: trashRepository(db),
    changes: changesRepository(db),
    origins: originsRepository(db),
    importUids: importUidsRepository(db),
    locationTexts: locationTextsRepository(db),
    series: seriesRepository(db),
    seriesUndo: seriesUndoRepository(db),
    calDav: calDavRepository(db),
    preferences: preferencesRepository(db),
    transaction: joined,
    // A transaction that only reads: BEGIN (deferred) takes no lock until the first read.
    snapshot: joined,
    writing: <T>(fn: () => T) => (db.inTransaction ? fn() : (inTransaction.immediate(fn) as T)),
    close: () => db.close(),
  };
}

export function openStore(file: string): Store {
  return createStore(openDatabase(file));
}
