// An import job's worker thread (import-worker-boot.mjs; started by import-jobs.ts, one per job).
// better-sqlite3 is synchronous, so whatever runs on the event loop freezes the service (and the
// desktop window) while it runs: a 5,000-event import used to hold it for 11–15 s. Here the job
// reads the file from disk in chunks, checks every event and writes them all in ONE transaction
// on the worker's own connection — all or nothing: a failure or a Cancel rolls it back and leaves
// nothing written. WAL lets the event loop's connection go on reading its snapshots meanwhile;
// its writes wait at the write gate (../http/write-gate.ts), which the event loop closes when this
// worker asks for the lock (`lock` → `go`) and opens when it reports the end.
import { parentPort } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { createReadStream, statSync } from 'node:fs';
import type { Hash } from 'node:crypto';
import Database from 'better-sqlite3';
import { createStore, type Store } from '../db/store.ts';
import type { OperationContext } from '../operations/context.ts';
import {
  readCalendarFile,
  releaseRead,
  UnmappedColumnsError,
  type ReadResult,
} from '../calendar-files/read-calendar-file.ts';
import { CalendarFileError } from '../calendar-files/imported-event.ts';
import { runFileImport } from '../calendar-files/run-import.ts';
import { asApiError } from '../http/errors.ts';
import { fullCollection } from '../heap-tuning.ts';
import { fileDigest, keepRead, keyOf, takeKeptRead } from './kept-read.ts';
import {
  PHASES,
  SLOT,
  type ImportJobSpec,
  type JobError,
  type LoopMessage,
  type WorkerMessage,
} from './import-job-protocol.ts';
import type { ImportJobPhase } from '../../contract/app/import-job.ts';

// Set by the job's `start` message: the worker may have been started ahead of its job, as the
// spare import-jobs.ts keeps, so that a job does not wait for a thread to load this code.
let spec: ImportJobSpec;
let slots: Int32Array;

class Cancelled extends Error {}

const set = (slot: number, value: number) => Atomics.store(slots, slot, value);
const phase = (name: ImportJobPhase) => set(SLOT.phase, PHASES.indexOf(name));
const checkCancel = () => {
  if (Atomics.load(slots, SLOT.cancel) === 1) throw new Cancelled();
};
const post = (message: WorkerMessage) => parentPort!.postMessage(message);

/**
 * Garbage this thread may leave before it collects it itself. Reading a big file makes garbage
 * fast (an ical.js tree per event, dropped at once) and V8 lets the old generation grow to a
 * multiple of what is live before its next full collection: the preview of a 63 MB file ended
 * 200+ MB above the idle service with only ~15 MB of it live. A full collection whenever 48 MB
 * have piled up since the last keeps the job's heap near what it holds (tens of ms, a few dozen
 * times over 100,000 events); the events themselves wait on disk (event-spill.ts).
 */
const GARBAGE_BUDGET_BYTES = 48 * 1024 * 1024;
/**
 * Files up to this size keep their events in memory: parsed events take ~4–5× the file's size in
 * the heap, so an 8 MB file (~13,000 events) stays well inside the 150 MB a job may add, and the
 * spill's writing and reading back (~6 % of a 10k-event import) is saved where it buys nothing.
 */
const SPILL_ABOVE_BYTES = 8 * 1024 * 1024;
const collect = fullCollection();
let heapAfterCollection = getHeapStatistics().used_heap_size;

/** Whether this job's file is big enough to keep the heap down by hand (set per job). */
let bigFile = false;

function keepHeapDown(): void {
  // A small file's garbage is V8's to collect when it sees fit: collections forced every 48 MB
  // cost a 10k-event import (6 MB) several full collections for no memory it needed back.
  if (!collect || !bigFile) return;
  if (getHeapStatistics().used_heap_size - heapAfterCollection < GARBAGE_BUDGET_BYTES) return;
  collect();
  heapAfterCollection = getHeapStatistics().used_heap_size;
}

/** A test's hold (SLOT.holdAt): waits, without spinning, until it is lifted or the job is cancelled. */
function holdIfAsked(handled: number): void {
  while (Atomics.load(slots, SLOT.holdAt) === handled && handled > 0) {
    checkCancel();
    Atomics.wait(slots, SLOT.holdAt, handled);
  }
  checkCancel();
}

/** The worker's own connection: the per-connection settings open.ts gives the service's. */
function openConnection(file: string): Store {
  const db = new Database(file, { fileMustExist: true });
  // The service's own writes wait at the write gate, not here; another process (the CLI) may
  // hold the lock for a while: the worker may wait, it freezes nothing.
  db.pragma('busy_timeout = 30000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -8000');
  return createStore(db);
}

/**
 * The file's text in chunks (UTF-8, a BOM dropped as the upload reader did), checking Cancel and,
 * on the pass that reads it (not a CSV file's first look), counting bytes; its bytes go into
 * `digest` when given (a preview whose read may be kept).
 */
async function* chunksOf(file: string, pass: 'scan' | 'read', digest?: Hash): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let read = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    checkCancel();
    keepHeapDown();
    read += chunk.length;
    if (pass === 'read') {
      set(SLOT.bytesRead, read);
      digest?.update(chunk);
    }
    yield decoder.decode(chunk, { stream: true });
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

function errorOf(error: unknown): JobError {
  if (error instanceof Cancelled) return { kind: 'cancelled' };
  if (error instanceof CalendarFileError)
    return {
      kind: 'file',
      line: error.line,
      code: error.code,
      message: error.message,
      ...(error instanceof UnmappedColumnsError ? { columns: error.columns } : {}),
    };
  const api = asApiError(error);
  if (api) return { kind: 'api', status: api.status, code: api.code, message: api.message, data: api.data };
  return { kind: 'fault', message: (error as Error)?.stack ?? String(error) };
}

/** Waits for the event loop's `go` (its write gate is closed). */
function lockGranted(): Promise<void> {
  return new Promise((resolve) => {
    parentPort!.once('message', (message: LoopMessage) => {
      if (message.type === 'go') resolve();
    });
    post({ type: 'lock' });
  });
}

async function run(): Promise<void> {
  const store = openConnection(spec.databaseFile);
  let read: ReadResult | undefined;
  try {
    const context = (): OperationContext => {
      const site = store.sites.byCode(spec.siteCode);
      if (!site) throw new Error(`the site ${spec.siteCode} is gone`);
      return { store, site, actor: spec.actor };
    };
    phase('reading');
    const size = statSync(spec.file).size;
    bigFile = size > SPILL_ABOVE_BYTES;
    heapAfterCollection = getHeapStatistics().used_heap_size;
    set(SLOT.bytesTotal, size);
    const site = store.snapshot(() => context().site);
    // The import that follows its preview on this thread takes the preview's read (kept-read.ts;
    // whatever this job is, the thread keeps nothing of the last one's beyond this point).
    const kept = takeKeptRead(spec, site.timezone, size);
    // A preview of a file read in memory may leave its read to the import.
    const digest = spec.dryRun && !bigFile && !kept ? fileDigest() : undefined;
    if (kept) set(SLOT.bytesRead, size);
    // The events of a big file wait on disk, not in this thread's heap, until the plan reads them back.
    // A big file is read as it comes (a CSV file twice: a first look, then its rows); a small one
    // once, whole — the first look costs a small file a second parse (+0.2 s for 10k rows).
    const source = bigFile ? (pass: 'scan' | 'read') => chunksOf(spec.file, pass) : chunksOf(spec.file, 'read', digest);
    read =
      kept?.read ??
      (await readCalendarFile(spec.format, source, {
        siteTimezone: site.timezone,
        kind: spec.kind,
        mapping: spec.mapping,
        spill: bigFile,
      }));
    const file = read;
    checkCancel();
    set(SLOT.eventsTotal, read.kind === 'events' ? read.file.events.length : read.items.length);
    const onEvent = (handled: number) => {
      checkCancel();
      set(SLOT.eventsPlanned, handled);
      if (!spec.dryRun) set(SLOT.eventsWritten, handled);
      if (handled % 256 === 0) keepHeapDown();
      holdIfAsked(handled);
    };
    const options = { dryRun: spec.dryRun, calendarKey: spec.calendarKey, onEvent };
    let summary;
    if (spec.dryRun) {
      phase('planning');
      summary = store.snapshot(() => runFileImport(context(), file, options));
    } else {
      await lockGranted();
      phase('writing');
      // One transaction for the whole import: all of it or nothing (a Cancel throws out of it).
      summary = store.writing(() => runFileImport(context(), file, options));
    }
    phase('finished');
    if (spec.dryRun && !bigFile) {
      keepRead(kept ?? { key: keyOf(spec, site.timezone, digest!.digest('hex')), bytes: size, read });
      read = undefined; // kept: not released
    }
    post({ type: 'done', summary, reusedRead: kept !== undefined });
  } catch (error) {
    post({ type: 'failed', error: errorOf(error) });
  } finally {
    if (read) releaseRead(read);
    store.close();
  }
}

// One job at a time, and after a job that ended well perhaps the next one (import-jobs.ts keeps
// the worker as its spare): a preview's worker then runs its import with the code it already
// optimised, instead of a new thread starting cold. The event loop ends the thread when done.
parentPort!.on('message', (message: LoopMessage) => {
  if (message.type !== 'start') return;
  spec = message.spec;
  slots = new Int32Array(message.shared);
  void run();
});
