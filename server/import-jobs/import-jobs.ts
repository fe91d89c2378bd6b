// Import jobs, the event loop's side: each import (or preview) of a calendar file runs on a worker
// thread of its own (import-worker.ts) — reading, planning and writing — so the service keeps
// answering while it runs. A job is started with a file on disk and then read for its progress
// (shared memory the worker bumps), cancelled (a flag the worker checks at each event and chunk:
// its transaction rolls back) or awaited for its summary.
//
// Why one transaction on a worker, not chunks staged into a side table and swapped in: the import
// plan checks each event against what the site has (UIDs, venues, organizers, terms, slugs)
// including what this very import created a moment before, and writes through the same
// operations as the API; staging would need a second copy of all that, and the "short swap" of
// 10k events with their links and terms is itself no shorter than the writes. Holding SQLite's
// write lock on the worker is harmless to readers (WAL snapshots); the event loop's writers wait
// at the write gate (../http/write-gate.ts) as promises — for the length of the import (about
// 1–2 s for 10k events), never inside SQLite's busy handler.
//
// Imports that write run one at a time, in order (SQLite has one writer); previews run at once.
import { Worker } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import type { ImportSummary } from '../../contract/app/import-summary.ts';
import type { ImportJob as ImportJobBody, ImportJobListed, ImportJobStatus } from '../../contract/app/import-job.ts';
import { workerUrl } from '../worker-url.ts';
import type { WriteGate } from '../http/write-gate.ts';
import {
  PHASES,
  SLOT,
  SLOT_COUNT,
  type ImportJobSpec,
  type JobError,
  type LoopMessage,
  type WorkerMessage,
} from './import-job-protocol.ts';

/** How long a finished job stays readable (the UI polls it once more for the summary). */
const KEEP_FINISHED_MS = 10 * 60 * 1000;
/** How long a spare worker waits for a job before it stops (~20 MB while it waits). */
const SPARE_MS = 60_000;
/** The import worker's young generation (V8's default is several times this). */
const IMPORT_WORKER_YOUNG_MB = 4;

export interface ImportJobOwner {
  siteId: number;
  /** 0 for anonymous (never, in practice: importing needs an editor). */
  userId: number;
}

export class ImportJob {
  readonly id = randomUUID();
  readonly startedAt = new Date();
  status: ImportJobStatus = 'running';
  summary: ImportSummary | undefined;
  error: JobError | undefined;
  /** Settles when the job ends, whichever way (never rejects: see status and error). */
  readonly finished: Promise<void>;
  private readonly slots = new Int32Array(new SharedArrayBuffer(SLOT_COUNT * 4));
  private settle!: () => void;

  constructor(
    readonly spec: ImportJobSpec,
    readonly owner: ImportJobOwner,
  ) {
    this.finished = new Promise((resolve) => (this.settle = resolve));
  }

  /** The size of the job's file (known once its worker began reading). */
  get bytesTotal(): number {
    return Atomics.load(this.slots, SLOT.bytesTotal);
  }

  get shared(): SharedArrayBuffer {
    return this.slots.buffer as SharedArrayBuffer;
  }

  /** Set when its turn has come and its worker is being started (a writing job may wait for those before it). */
  started = false;

  /**
   * Its turn has come: 'starting' until its worker reports reading. Said apart from 'waiting'
   * (for another import), which a job with none before it used to show while its thread started:
   * 3.5–7 s from the sources through tsx on a busy machine (import-worker-boot.mjs).
   */
  begin(): void {
    if (this.started) return;
    this.started = true;
    Atomics.store(this.slots, SLOT.phase, PHASES.indexOf('starting'));
  }

  /**
   * Asks the worker to stop; it rolls back at its next event (or chunk of the file). A job still
   * waiting for its turn ends at once.
   */
  cancel(): void {
    Atomics.store(this.slots, SLOT.cancel, 1);
    Atomics.notify(this.slots, SLOT.holdAt); // a worker a test holds wakes up to the Cancel
    if (!this.started) this.end('cancelled', { error: { kind: 'cancelled' } });
  }

  get cancelling(): boolean {
    return Atomics.load(this.slots, SLOT.cancel) === 1;
  }

  end(status: ImportJobStatus, result: { summary?: ImportSummary; error?: JobError }): void {
    if (this.status !== 'running') return;
    this.status = status;
    this.summary = result.summary;
    this.error = result.error;
    Atomics.store(this.slots, SLOT.phase, PHASES.indexOf('finished'));
    this.settle();
  }

  /** Tests only: the worker stops once `events` are handled, until release() or a Cancel. */
  holdAt(events: number): void {
    Atomics.store(this.slots, SLOT.holdAt, events);
  }

  /** Tests only: lifts holdAt. */
  release(): void {
    Atomics.store(this.slots, SLOT.holdAt, 0);
    Atomics.notify(this.slots, SLOT.holdAt);
  }

  /** What GET almanac/v1/import-jobs/{id} answers. */
  body(): ImportJobBody {
    const body: ImportJobBody = this.listed();
    if (this.summary) body.summary = this.summary;
    return body;
  }

  /** The job in GET almanac/v1/import-jobs: all but its summary. */
  listed(): ImportJobListed {
    const slot = (index: number) => Atomics.load(this.slots, index);
    const body: ImportJobListed = {
      id: this.id,
      status: this.status,
      phase: PHASES[slot(SLOT.phase)] ?? 'waiting',
      dry_run: this.spec.dryRun,
      file_name: this.spec.fileName,
      started: this.startedAt.toISOString(),
      bytes_read: slot(SLOT.bytesRead),
      bytes_total: slot(SLOT.bytesTotal),
      events_total: slot(SLOT.eventsTotal),
      events_planned: slot(SLOT.eventsPlanned),
      events_written: this.status === 'done' || this.status === 'running' ? slot(SLOT.eventsWritten) : 0,
    };
    if (this.summary)
      body.counts = { created: this.summary.created, updated: this.summary.updated, skipped: this.summary.skipped };
    const error = jobErrorBody(this.error);
    // The API's error shape (data.status included), as the import would have answered it.
    if (error) body.error = { code: error.code, message: error.message, data: { status: error.status, ...error.data } };
    return body;
  }
}

/** A job's error as the API's error shape (code, message, data). */
export function jobErrorBody(
  error: JobError | undefined,
): { status: number; code: string; message: string; data: Record<string, unknown> } | undefined {
  if (!error) return undefined;
  switch (error.kind) {
    case 'cancelled':
      return {
        status: 409,
        code: 'almanac_import_cancelled',
        message: 'The import was cancelled; nothing was written.',
        data: {},
      };
    case 'file':
      return {
        status: 400,
        code: 'almanac_invalid_file',
        message: `Line ${error.line}: ${error.message}`,
        data: Object.assign({ line: error.line, reason: error.code }, error.columns ? { columns: error.columns } : {}),
      };
    case 'api':
      return { status: error.status, code: error.code, message: error.message, data: error.data };
    case 'fault':
      return {
        status: 500,
        code: 'almanac_import_failed',
        message: 'The import stopped on an unexpected error; nothing was written.',
        data: {},
      };
  }
}

export interface ImportJobsOptions {
  /** The event loop's write gate of this database: closed while a job holds the write lock. */
  gate: WriteGate;
  /** After a job committed: the response cache and the change stream learn of it at once. */
  committed?: () => void;
  /** A fault in a job (logged by the caller). */
  log?: (line: string) => void;
  /** Keep a worker started ahead of the next job (default true; the CLI runs one job and exits). */
  spare?: boolean;
}

export class ImportJobs {
  private readonly jobs = new Map<string, ImportJob>();
  /** The writing jobs, one after another. */
  private queue: Promise<void> = Promise.resolve();
  /** Writing jobs started and not yet ended: a new one with none before it begins at once. */
  private writesQueued = 0;
  private readonly workers = new Set<Worker>();
  /** A worker started ahead of the next job (keepSpare). */
  private spare: Worker | undefined;
  private spareTimer: NodeJS.Timeout | undefined;
  /** Workers whose life as a spare is watched (a reused one is watched once). */
  private readonly watched = new WeakSet<Worker>();
  private stopped = false;
  /** Tests only (holdNextJobAt). */
  private nextHold = 0;

  constructor(private readonly options: ImportJobsOptions) {}

  /**
   * Tests only, and no HTTP surface: the next job started stops once it has handled `events`
   * events (inside its transaction), until its release() or a Cancel — a job halfway, for certain.
   */
  holdNextJobAt(events: number): void {
    this.nextHold = events;
  }

  /** Starts a job (a writing one after those before it); `cleanup` runs once it ended. */
  start(spec: ImportJobSpec, owner: ImportJobOwner, cleanup?: () => void): ImportJob {
    const job = new ImportJob(spec, owner);
    if (this.nextHold > 0) job.holdAt(this.nextHold);
    this.nextHold = 0;
    this.jobs.set(job.id, job);
    const run = () => (job.status !== 'running' ? Promise.resolve() : this.run(job));
    if (spec.dryRun) void run();
    else {
      // One at a time, in order; begun now (not a tick later) when none is before it, so that the
      // job's first answer already says 'starting', never 'waiting' for an import that is not there.
      const turn = () => run().finally(() => this.writesQueued--);
      this.queue = this.writesQueued++ === 0 ? turn() : this.queue.then(turn);
    }
    void job.finished.then(() => {
      cleanup?.();
      setTimeout(() => this.jobs.delete(job.id), KEEP_FINISHED_MS).unref();
    });
    return job;
  }

  /** The job, if it exists and belongs to `owner`. */
  get(id: string, owner: ImportJobOwner): ImportJob | undefined {
    const job = this.jobs.get(id);
    return job && job.owner.siteId === owner.siteId && job.owner.userId === owner.userId ? job : undefined;
  }

  /** The jobs of `owner` (running, and ended in the last ten minutes), newest first. */
  list(owner: ImportJobOwner): ImportJob[] {
    return [...this.jobs.values()]
      .filter((job) => job.owner.siteId === owner.siteId && job.owner.userId === owner.userId)
      .reverse();
  }

  /** Jobs still running (the server waits for them, cancelled, when it stops). */
  get running(): ImportJob[] {
    return [...this.jobs.values()].filter((job) => job.status === 'running');
  }

  /** Stops every job (rolled back) and its worker. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.spareTimer);
    this.spare = undefined;
    for (const job of this.running) job.cancel();
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }

  /**
   * A worker for the next job: the spare started after the last one (its code already loaded:
   * from a bundle that is ~0.1–0.4 s saved, from the sources through tsx ~2 s), or a new one.
   */
  private takeWorker(): Worker {
    const spare = this.spare;
    this.spare = undefined;
    clearTimeout(this.spareTimer);
    return spare ?? this.startWorker();
  }

  /** Threads started for jobs, and jobs that took their preview's read (the tests of reuse read them). */
  readonly stats = { workersStarted: 0, readsReused: 0 };

  private startWorker(): Worker {
    this.stats.workersStarted++;
    // A small young generation: a big file's read makes short-lived garbage fast (an ical.js tree
    // per event), and V8's default young space let the service grow ~50 MB more while it ran
    // (60 MB .ics preview, built server: +191 → +142 MB over the idle service; a 10k-event
    // import took the same time, 1.5–1.6 s in one process).
    const worker = new Worker(workerUrl('./import-worker-boot.mjs', import.meta.url), {
      resourceLimits: { maxYoungGenerationSizeMb: IMPORT_WORKER_YOUNG_MB },
    });
    this.workers.add(worker);
    worker.once('exit', () => this.workers.delete(worker));
    return worker;
  }

  /**
   * After a job: one worker waits, unreferenced, for the next job (a preview is often followed by
   * its import): the job's own worker when it ended well on a small file — its code is loaded and
   * warm (a 10k-event import after its preview ran 5–15 % faster on it than on a new thread in an
   * A/B at load 1.2–1.6) — else a new one.
   */
  private keepSpare(used?: Worker): void {
    if (this.spare || this.stopped || this.options.spare === false) {
      void used?.terminate();
      return;
    }
    let spare: Worker;
    try {
      spare = used ?? this.startWorker();
    } catch {
      return; // the next job starts its own, and reports why it cannot
    }
    spare.unref();
    if (!this.watched.has(spare)) {
      this.watched.add(spare);
      spare.on('error', () => {}); // a spare that fails is replaced by a new worker at the next job
      spare.once('exit', () => {
        if (this.spare === spare) this.spare = undefined;
      });
    }
    this.spare = spare;
    this.spareTimer = setTimeout(() => {
      if (this.spare !== spare) return;
      this.spare = undefined;
      void spare.terminate();
    }, SPARE_MS);
    this.spareTimer.unref();
  }

  private run(job: ImportJob): Promise<void> {
    job.begin();
    let release: (() => void) | undefined;
    let worker: Worker;
    try {
      worker = this.takeWorker();
      worker.ref();
      worker.postMessage({ type: 'start', spec: job.spec, shared: job.shared } satisfies LoopMessage);
    } catch (error) {
      job.end('failed', { error: { kind: 'fault', message: (error as Error).message } });
      return job.finished;
    }
    let exited = false;
    const finish = (status: ImportJobStatus, result: { summary?: ImportSummary; error?: JobError }) => {
      if (job.status !== 'running') return;
      // The worker's transaction has ended (committed or rolled back) before it reported.
      const wrote = release !== undefined && status === 'done';
      release?.();
      release = undefined;
      job.end(status, result);
      if (wrote) this.options.committed?.();
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      // A worker that failed or was stopped is not trusted with another job. One that read a big
      // file takes the next too: a thread of its own for the import after a 63 MB preview took the
      // service +162–168 MB over idle (the ended thread's memory stays with the allocator), the
      // preview's thread +137 MB, no more than the preview itself (bench:files, built server).
      const reusable = !exited && status === 'done';
      if (!reusable && !exited) void worker.terminate();
      this.keepSpare(reusable ? worker : undefined);
    };
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'lock') {
        release = this.options.gate.close();
        worker.postMessage({ type: 'go' });
      } else if (message.type === 'done') {
        if (message.reusedRead) this.stats.readsReused++;
        finish('done', { summary: message.summary });
      } else {
        if (message.error.kind === 'fault') this.options.log?.(`import job ${job.id}: ${message.error.message}`);
        finish(message.error.kind === 'cancelled' ? 'cancelled' : 'failed', { error: message.error });
      }
    };
    const onError = (error: Error) => {
      this.options.log?.(`import job ${job.id}: ${error.stack ?? error.message}`);
      finish('failed', { error: { kind: 'fault', message: error.message } });
    };
    const onExit = (code: number) => {
      exited = true;
      // Gone without a word (terminated, out of memory): its connection closed, its transaction rolled back.
      finish(job.cancelling ? 'cancelled' : 'failed', {
        error: job.cancelling
          ? { kind: 'cancelled' }
          : { kind: 'fault', message: `the import worker stopped (exit code ${code})` },
      });
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    return job.finished;
  }
}
