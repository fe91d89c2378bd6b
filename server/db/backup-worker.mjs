// Worker thread of backup.ts: writes a consistent copy of the database with `VACUUM INTO`, on a
// connection of its own, so the server's event loop never waits for a backup (a large calendar
// takes seconds to copy). Plain JavaScript on purpose: a worker starts from a file path, and this
// file runs unchanged from the source tree and next to the esbuild bundles (scripts/build*.mjs copy it).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { databaseFile, target } = workerData;
const db = new Database(databaseFile, { fileMustExist: true });
try {
  // A read transaction on the WAL: writers go on meanwhile, and the copy is one snapshot.
  db.pragma('busy_timeout = 5000');
  db.prepare('VACUUM INTO ?').run(target);
} finally {
  db.close();
}
parentPort.postMessage('done');
