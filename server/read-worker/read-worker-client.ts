// The event loop's side of the read worker (read-worker.ts). better-sqlite3 is synchronous, and the
// desktop app hosts the service in its main process: a search or a large filtered list over 100k
// events takes 40–90 ms, five frames of a frozen event loop. Collection reads therefore run on one
// worker thread with its own connection; the event loop only resolves the site and caller, checks
// the response cache, and sends the answer. If the worker cannot run (it failed to start or died),
// the request runs on the event loop as before: slower to share, never lost.
// The worker costs ~23 MB of memory while it runs, so it starts with the first slow read and stops
// after a minute without one. The service runs two (app.ts): the REST API's, and CalDAV's, which
// each time it starts warms CalDAV's read path between jobs (caldav/warm-up.ts: the site zones'
// VTIMEZONEs, the rendering code compiled).
//
// Besides one-answer jobs it runs streams: a long answer (a calendar app's sync over CalDAV) made a
// chunk at a time on the worker, each chunk asked for when the event loop's reader wants the next
// (so a slow client holds the worker's generator, not an ever-growing queue of chunks).
import { Worker } from 'node:worker_threads';
import type { Actor } from '../domain/roles.ts';
import { workerUrl } from '../worker-url.ts';
import type { WarmUpJob, WarmUpReport } from '../caldav/warm-up.ts';

export interface ReadJob {
  /** endpointKey() of the endpoint to call. */
  key: string;
  /** The site's code: the worker reads the site again, in its own snapshot. */
  siteCode: string;
  actor: Actor | null;
  /** The Host the request named (URLs in the response use it). */
  host: string;
  /** Path parameters and query string, merged (there is no body on a read). */
  raw: Record<string, unknown>;
  schemaSerialization: boolean;
}

export interface ReadAnswer {
  status: number;
  headers: Record<string, string>;
  /** Serialized JSON. */
  body: string;
}

/** A long answer to make on the worker, a chunk at a time (its `kind` names what makes it). */
export interface StreamJob {
  kind: 'caldav';
  job: unknown;
}

/** Text a client sent, to read on the worker (a calendar object a calendar app PUTs: caldav/object-limits.ts). */
export interface ParseJob {
  kind: 'caldav-object';
  text: string;
  timezone: string;
}

/** What a running worker tells of its state (stats()). */
export interface ReadWorkerStats {
  /** What its warm-up did; undefined while it runs (or when the worker was started without one). */
  warmedUp: WarmUpReport | undefined;
  /** Zone-years its VTIMEZONEs have sampled (vtimezone.ts): a read that samples none found its zone made. */
  zoneYearsSampled: number;
  /** The sites whose search keys it read ahead of their first search (event-keys.ts). */
  searchKeySites: number[];
  /** The endpoints whose argument validator and answer serializer it compiled ahead of their first job (read-job.ts). */
  endpointsPrepared: number;
  /** The sites whose public list and search it answered ahead, so that a first search runs warm code. */
  searchesWarmed: number;
  /** The thread's scheduling priority (its nice value; Linux only, else undefined). */
  niceness: number | undefined;
}

/** How the worker warms up as it starts, and where what failed in it goes (a log, not a problem shown). */
export interface WarmUpSetup {
  /** Read at each start (the server's address is known once it listens). */
  job: () => WarmUpJob;
  onFailure: (line: string) => void;
}

/** The worker's reply to one job, or to a stream's request for its next chunk. */
export type WorkerReply =
  | { id: number; answer: ReadAnswer }
  | { id: number; stats: ReadWorkerStats }
  | { warmUpFailed: string }
  | { searchKeysLoaded: true }
  | { id: number; failure: string }
  | { id: number; chunk: string }
  | { id: number; end: true }
  | { id: number; error: unknown }
  | { id: number; parsed: unknown };

/** What the event loop sends the worker. */
export type WorkerRequest =
  | { id: number; job: ReadJob }
  | { id: number; stats: true }
  | { id: number; stream: StreamJob }
  | { id: number; next: true }
  | { id: number; cancel: true }
  | { id: number; parse: ParseJob };

type StreamReply = { chunk: string } | { end: true } | { error: unknown } | { lost: true };
type ParseReply = { parsed: unknown } | { error: unknown } | { lost: true };

/** Runs a job on the event loop instead (same code as the worker's). */
type LocalRunner = (job: ReadJob) => ReadAnswer;

/** A worker without a job for this long is stopped (the next slow read starts a new one). */
const READ_WORKER_IDLE_MS = 60_000;
/**
 * …unless it holds a large calendar's search keys: then it stays while the calendar is in use
 * (a search typed minutes after the last read would otherwise read the keys again, 0.5 s at
 * 100k events). ~24 MB at 100k events, ~33 MB at 1M, for this long after the last read.
 */
const READ_WORKER_WITH_KEYS_IDLE_MS = 20 * 60_000;

export class ReadWorker {
  private worker: Worker | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly pending = new Map<number, { job: ReadJob; resolve: (answer: ReadAnswer) => void }>();
  /** Streams under way: each one's waiting request for a chunk (none between two), and whether the worker went. */
  private readonly streams = new Map<number, { waiting?: (reply: StreamReply) => void; lost: boolean }>();
  /** parse() requests waiting for their answer. */
  private readonly parsing = new Map<number, (reply: ParseReply) => void>();
  /** stats() requests waiting for their answer. */
  private readonly statsWaiting = new Map<number, (stats: ReadWorkerStats | undefined) => void>();
  private nextId = 1;
  /** The running worker read search keys ahead (it then stops after READ_WORKER_WITH_KEYS_IDLE_MS). */
  private holdsSearchKeys = false;
  /** Set once the worker could not start: from then on every job runs locally. */
  private broken = false;
  /** Jobs answered by the worker, and by the event loop instead. */
  readonly served = { worker: 0, locally: 0 };
  /** Threads started so far (tests check that one was started ahead of the job that needs it). */
  starts = 0;

  constructor(
    private readonly databaseFile: string,
    private readonly runLocally: LocalRunner,
    private readonly log: (line: string) => void = () => {},
    private readonly idleMs = READ_WORKER_IDLE_MS,
    /** Without it the worker does not warm up (tests of the worker alone, ALMANAC_READ_WORKER_WARM_UP=0). */
    private readonly warmUp?: WarmUpSetup,
    /** How much lower than the event loop's the thread's priority is (Linux; 0: the same). */
    private readonly niceness = 0,
    /**
     * How long it stays up idle once it holds search keys; null: it never reads them ahead
     * (CalDAV's worker answers no REST search, and the keys cost ~24 MB at 100k events).
     */
    private readonly keysIdleMs: number | null = READ_WORKER_WITH_KEYS_IDLE_MS,
  ) {}

  /** Starts the worker if it is not running. */
  start(): void {
    if (this.worker || this.broken) return;
    let worker: Worker;
    try {
      worker = new Worker(workerUrl('./read-worker-boot.mjs', import.meta.url), {
        workerData: {
          databaseFile: this.databaseFile,
          warmUp: this.warmUp?.job(),
          niceness: this.niceness,
          preloadSearchKeys: this.keysIdleMs !== null,
        },
        // Its heap holds one request at a time: a small young generation keeps its memory small.
        resourceLimits: { maxYoungGenerationSizeMb: 8 },
      });
    } catch (error) {
      this.fail(`the read worker could not start: ${(error as Error).message}`);
      return;
    }
    this.worker = worker;
    this.holdsSearchKeys = false;
    this.starts++;
    worker.unref(); // it never keeps the process alive on its own
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (error) => this.log(`read worker error: ${error.message}`));
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      if (code !== 0 && this.pending.size > 0) this.log(`read worker stopped (exit code ${code}); reads run locally`);
      // Whatever was under way is answered here; the next job starts a new worker.
      for (const [id, { job, resolve }] of this.pending) {
        this.pending.delete(id);
        resolve(this.local(job));
      }
      this.loseStreams();
      this.loseParses();
      this.answerStats();
    });
  }

  /** Whether a worker thread is up (or booting). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /**
   * Ahead of a job that may follow: starts the worker if it stopped idle, and when it has nothing
   * to do, puts its idle stop off by another idle period.
   */
  prepare(): void {
    if (this.broken) return;
    this.start();
    if (this.busy === 0) this.idle();
  }

  /** What the running worker tells of its state; undefined when none runs (or it stops first). */
  stats(): Promise<ReadWorkerStats | undefined> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(undefined);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.statsWaiting.set(id, resolve);
      worker.postMessage({ id, stats: true } satisfies WorkerRequest);
    });
  }

  run(job: ReadJob): Promise<ReadAnswer> {
    if (this.broken) return Promise.resolve(this.local(job));
    clearTimeout(this.idleTimer);
    this.start();
    const worker = this.worker;
    if (!worker) return Promise.resolve(this.local(job));
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { job, resolve });
      if (this.pending.size === 1) worker.ref(); // busy: keep the process up until it answers
      worker.postMessage({ id, job } satisfies WorkerRequest);
    });
  }

  /**
   * A stream made on the worker: its chunks as the consumer asks for them. `local` makes the same
   * chunks on the event loop, for when the worker cannot run (or stops before the first chunk);
   * `errorOf` turns an error the worker sent back (as data) into the error to throw.
   */
  async *stream(
    job: StreamJob,
    local: () => AsyncGenerator<string>,
    errorOf: (error: unknown) => Error,
  ): AsyncGenerator<string> {
    const worker = this.busyWorker();
    if (!worker) {
      this.served.locally++;
      yield* local();
      return;
    }
    const id = this.nextId++;
    const state: { waiting?: (reply: StreamReply) => void; lost: boolean } = { lost: false };
    this.streams.set(id, state);
    worker.ref();
    let finished = false;
    let sent = false;
    try {
      for (;;) {
        const reply = state.lost
          ? ({ lost: true } as const)
          : await new Promise<StreamReply>((resolve) => {
              state.waiting = resolve;
              worker.postMessage((sent ? { id, next: true } : { id, stream: job }) satisfies WorkerRequest);
            });
        if ('chunk' in reply) {
          sent = true;
          yield reply.chunk;
        } else if ('end' in reply) {
          finished = true;
          this.served.worker++;
          return;
        } else if ('error' in reply) {
          finished = true;
          throw errorOf(reply.error);
        } else {
          finished = true;
          // The worker stopped: before the first chunk the event loop makes the whole answer;
          // after it the answer cannot be mended, and ends short (the client asks again).
          if (sent) throw new Error('the read worker stopped during a stream');
          this.served.locally++;
          yield* local();
          return;
        }
      }
    } finally {
      this.streams.delete(id);
      // The consumer went away (the client hung up): the worker's generator closes its snapshot.
      if (!finished && !state.lost && this.worker === worker)
        worker.postMessage({ id, cancel: true } satisfies WorkerRequest);
      if (this.pending.size === 0 && this.streams.size === 0 && this.parsing.size === 0) this.idle();
    }
  }

  /**
   * Text read on the worker (`job`), so that reading what a client sent — up to a megabyte of
   * iCalendar, some 100 ms of CPU — never holds up the event loop. `local` reads it here when the
   * worker cannot run (or stopped meanwhile); an error the worker sent back (as data) is thrown
   * as `errorOf` makes it.
   */
  async parse<T>(job: ParseJob, local: () => T, errorOf: (error: unknown) => Error): Promise<T> {
    const worker = this.busyWorker();
    if (!worker) {
      this.served.locally++;
      return local();
    }
    const id = this.nextId++;
    const reply = await new Promise<ParseReply>((resolve) => {
      this.parsing.set(id, resolve);
      worker.ref();
      worker.postMessage({ id, parse: job } satisfies WorkerRequest);
    });
    this.parsing.delete(id);
    if (this.pending.size === 0 && this.streams.size === 0 && this.parsing.size === 0) this.idle();
    if ('parsed' in reply) {
      this.served.worker++;
      return reply.parsed as T;
    }
    if ('error' in reply) throw errorOf(reply.error);
    this.served.locally++;
    return local();
  }

  /** The worker, started if need be and kept from its idle stop; undefined when it cannot run. */
  private busyWorker(): Worker | undefined {
    if (this.broken) return undefined;
    clearTimeout(this.idleTimer);
    this.start();
    return this.worker;
  }

  /** Jobs, streams and parses sent and not yet answered. */
  get busy(): number {
    return this.pending.size + this.streams.size + this.parsing.size;
  }

  async stop(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    this.broken = true; // no new worker after stop; late jobs run locally
    if (worker) await worker.terminate();
    for (const [id, { job, resolve }] of this.pending) {
      this.pending.delete(id);
      resolve(this.local(job));
    }
    this.loseStreams();
    this.loseParses();
    this.answerStats();
  }

  /** The worker is gone: parse() requests are read on the event loop instead. */
  private loseParses(): void {
    for (const [id, resolve] of this.parsing) {
      this.parsing.delete(id);
      resolve({ lost: true });
    }
  }

  /** The worker is gone: stats() requests learn that none runs. */
  private answerStats(): void {
    for (const [id, resolve] of this.statsWaiting) {
      this.statsWaiting.delete(id);
      resolve(undefined);
    }
  }

  /** The worker is gone: every stream's next request for a chunk learns it. */
  private loseStreams(): void {
    for (const state of this.streams.values()) {
      state.lost = true;
      const waiting = state.waiting;
      state.waiting = undefined;
      waiting?.({ lost: true });
    }
  }

  private settle(reply: WorkerReply): void {
    if ('warmUpFailed' in reply) return this.warmUp?.onFailure(`read worker warm-up: ${reply.warmUpFailed}`);
    if ('searchKeysLoaded' in reply) {
      this.holdsSearchKeys = true;
      if (this.busy === 0) this.idle(); // its stop, if under way, waits the longer time
      return;
    }
    if ('stats' in reply) {
      const resolve = this.statsWaiting.get(reply.id);
      this.statsWaiting.delete(reply.id);
      return resolve?.(reply.stats);
    }
    if ('parsed' in reply || ('error' in reply && this.parsing.has(reply.id))) {
      const parse = this.parsing.get(reply.id);
      this.parsing.delete(reply.id);
      return parse?.(reply);
    }
    if ('chunk' in reply || 'end' in reply || 'error' in reply) {
      const state = this.streams.get(reply.id);
      const waiting = state?.waiting;
      if (state) state.waiting = undefined;
      waiting?.(reply);
      return;
    }
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0 && this.streams.size === 0 && this.parsing.size === 0) this.idle();
    if ('answer' in reply) {
      this.served.worker++;
      return entry.resolve(reply.answer);
    }
    // An unexpected fault in the worker: answered the same way the event loop would answer it.
    this.log(`read worker: ${reply.failure}`);
    entry.resolve(this.local(entry.job));
  }

  /** No job under way: unref the worker, and stop it if none comes for a while. */
  private idle(): void {
    const worker = this.worker;
    if (!worker) return;
    worker.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(
      () => {
        if (this.worker !== worker || this.busy > 0) return;
        this.worker = undefined;
        void worker.terminate();
      },
      Math.max(this.idleMs, this.holdsSearchKeys ? (this.keysIdleMs ?? 0) : 0),
    );
    this.idleTimer.unref();
  }

  private local(job: ReadJob): ReadAnswer {
    this.served.locally++;
    return this.runLocally(job);
  }

  private fail(message: string): void {
    this.broken = true;
    this.log(message);
  }
}
