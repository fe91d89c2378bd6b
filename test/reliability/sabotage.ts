// A deliberately broken database layer, to show that crash.test.ts (and, with no-transaction,
// cross-process-snapshot.test.ts, via SNAPSHOT_SABOTAGE) can fail. Never loaded by `npm test`: those
// tests preload it into their child server only when asked, passing the mode as CRASH_SABOTAGE:
//
//   CRASH_SABOTAGE=no-transaction  store.transaction() runs its statements without BEGIN/COMMIT
//                                  (each one commits alone): a kill between two statements of one
//                                  request leaves a partial record.
//   CRASH_SABOTAGE=late-commit     writes are grouped into one long transaction committed every
//                                  2 s: requests are answered before their data is committed, so a
//                                  kill loses acknowledged writes.
//   CRASH_SABOTAGE=sync-off        synchronous = OFF on every connection (only a power loss or an OS
//                                  crash can lose data this way: the test is expected to pass).
import Database from 'better-sqlite3';

const mode = process.env.CRASH_SABOTAGE;
const proto = Database.prototype as any;

function withVariants(run: (...args: unknown[]) => unknown) {
  return Object.assign(run, { deferred: run, immediate: run, exclusive: run });
}

function lateCommit(db: Database.Database, fn: (...args: unknown[]) => unknown, args: unknown[]): unknown {
  if (!db.inTransaction) {
    db.exec('BEGIN IMMEDIATE');
    setTimeout(() => {
      if (db.open && db.inTransaction) db.exec('COMMIT');
    }, 2000).unref();
  }
  db.exec('SAVEPOINT sabotage');
  try {
    const result = fn.apply(db, args);
    db.exec('RELEASE sabotage');
    return result;
  } catch (error) {
    db.exec('ROLLBACK TO sabotage');
    db.exec('RELEASE sabotage');
    throw error;
  }
}

if (mode === 'no-transaction') {
  proto.transaction = function (this: Database.Database, fn: (...args: unknown[]) => unknown) {
    return withVariants((...args) => fn.apply(this, args));
  };
} else if (mode === 'late-commit') {
  proto.transaction = function (this: Database.Database, fn: (...args: unknown[]) => unknown) {
    return withVariants((...args) => lateCommit(this, fn, args));
  };
} else if (mode === 'sync-off') {
  const pragma = proto.pragma as (this: Database.Database, source: string, options?: unknown) => unknown;
  proto.pragma = function (this: Database.Database, source: string, options?: unknown) {
    return pragma.call(this, /^\s*synchronous\s*=/i.test(source) ? 'synchronous = OFF' : source, options);
  };
} else if (mode) {
  throw new Error(`unknown CRASH_SABOTAGE: ${mode}`);
}
if (mode) console.error(`sabotage: ${mode}`);
