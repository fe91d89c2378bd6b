// Checkpoints the WAL on a worker thread while the server takes writes.
//
// Why: a checkpoint copies the WAL's pages into the database file and syncs both files (three
// fsyncs, ~1.7 ms each on our VM). SQLite runs it inside the commit that crosses
// `wal_autocheckpoint` pages (default 1,000: about every 70 creates), on the thread that
// committed, and here that is the one thread that answers every request: under a stream of
// writes the main thread spent ~10 % of its time blocked in fsync, and every request queued
// behind it waited too. The worker's connection runs PASSIVE checkpoints after writes (they take
// no lock a writer needs), so the main thread only appends to the WAL. Its own automatic
// checkpoint stays as a safety net at SAFETY_NET_PAGES: SQLite restarts the WAL from its start
// only after a checkpoint that leaves nothing behind, which the worker alone never manages while
// writes keep coming (tried: the WAL grew to 700 MB in 6 s), so the main thread's checkpoint,
// with next to nothing left to copy, bounds the WAL at ~12 MB. Measured in docs/PERFORMANCE.md.
//
// The worker starts at the first write and ends after IDLE_MS without one: a desktop app that is
// only read pays nothing for it (a worker's isolate is ~12 MB of RSS). If it cannot start or it
// dies, the main thread checkpoints as before.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { Db } from './open.ts';

/** SQLite's default `wal_autocheckpoint`: what the main thread does without the worker. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/** The main thread's own checkpoint while the worker runs (pages of 4 KiB). */
export const SAFETY_NET_PAGES = 3000;
const IDLE_MS = 60_000;
/** After a checkpoint the worker waits this long before the next, so that writes batch up. */
const PAUSE_MS = 10;

// Slots of the shared Int32Array: the main thread's signals and the worker's counters.
const PENDING = 0; // 1: writes since the last checkpoint
const STOP = 1; // 1: finish
const CHECKPOINTS = 2; // checkpoints run
const FRAMES = 3; // WAL frames copied into the database file

// CommonJS source: it runs as is from the sources (tsx) and from the esbuild bundle alike.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL'); // as the server's connection: sync the WAL before, the file after
db.pragma('busy_timeout = 0'); // PASSIVE never waits anyway
db.pragma('cache_size = 16'); // it only copies pages
const slots = new Int32Array(workerData.slots);
for (;;) {
  Atomics.wait(slots, ${PENDING}, 0);
  if (Atomics.load(slots, ${STOP}) === 1) break;
  Atomics.store(slots, ${PENDING}, 0);
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    Atomics.add(slots, ${CHECKPOINTS}, 1);
    Atomics.store(slots, ${FRAMES}, Atomics.load(slots, ${FRAMES}) + result.checkpointed);
  } catch {
    // SQLITE_BUSY: another checkpoint is running; the next write signals again.
  }
  Atomics.wait(slots, ${STOP}, 0, workerData.pauseMs);
}
db.close();
`;

export interface WalCheckpointer {
  /** Call after every committed write: wakes (or starts) the worker. Cheap: two atomics. */
  wrote(): void;
  /** Ends the worker (if running) and hands checkpoints back to the main thread. */
  stop(): Promise<void>;
  /** Counters for tests: checkpoints the worker ran and frames they copied (cumulative). */
  stats(): { running: boolean; checkpoints: number; frames: number };
}

export function startWalCheckpointer(
  db: Db,
  options: { idleMs?: number; onError?: (error: Error) => void } = {},
): WalCheckpointer {
  const idleMs = options.idleMs ?? IDLE_MS;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker | undefined;
  let slots: Int32Array | undefined;
  let exited: Promise<void> = Promise.resolve();
  let failed = false;
  let lastWrite = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  /** Counters of the workers that have exited. */
  let retired = { checkpoints: 0, frames: 0 };

  const mainThreadCheckpoints = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };

  function start(): void {
    const shared = new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT));
    const started = new Worker(WORKER_SOURCE, {
      eval: true,
      // Its heap holds a few objects; the isolate itself is most of its cost.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8 },
      workerData: { file: db.name, driver, slots: shared.buffer, pauseMs: PAUSE_MS },
    });
    started.unref(); // never keeps the process alive
    worker = started;
    slots = shared;
    started.on('error', (error) => {
      failed = true; // not restarted: the main thread's checkpoints are correct, only slower
      options.onError?.(error);
    });
    exited = new Promise((resolve) =>
      started.once('exit', () => {
        retired = countersOf(shared, retired); // final once it has exited
        if (worker === started) {
          // It died on its own (an error): the main thread checkpoints again.
          worker = slots = undefined;
          mainThreadCheckpoints();
        }
        resolve();
      }),
    );
    db.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  }

  function finish(): Promise<void> {
    clearTimeout(idleTimer);
    idleTimer = undefined;
    if (!worker || !slots) return exited;
    worker.ref(); // whoever awaits the exit must see it: an unref'd worker's exit can be lost at shutdown
    Atomics.store(slots, STOP, 1);
    Atomics.store(slots, PENDING, 1);
    Atomics.notify(slots, PENDING);
    Atomics.notify(slots, STOP);
    worker = slots = undefined;
    mainThreadCheckpoints();
    return exited;
  }

  function checkIdle(): void {
    const quiet = Date.now() - lastWrite;
    if (quiet >= idleMs) void finish();
    else armIdleTimer(idleMs - quiet);
  }

  function armIdleTimer(ms: number): void {
    idleTimer = setTimeout(checkIdle, ms);
    idleTimer.unref();
  }

  const checkpointer: WalCheckpointer = {
    wrote() {
      lastWrite = Date.now();
      if (!worker) {
        if (failed) return;
        start();
        armIdleTimer(idleMs);
      }
      if (Atomics.compareExchange(slots!, PENDING, 0, 1) === 0) Atomics.notify(slots!, PENDING);
    },
    stop: finish,
    stats() {
      return { running: worker !== undefined, ...(slots ? countersOf(slots, retired) : retired) };
    },
  };
  return checkpointer;
}

/** A worker's counters added to `before`. */
function countersOf(slots: Int32Array, before: { checkpoints: number; frames: number }) {
  return {
    checkpoints: before.checkpoints + Atomics.load(slots, CHECKPOINTS),
    frames: before.frames + Atomics.load(slots, FRAMES),
  };
}
