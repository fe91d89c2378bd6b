// The read worker thread (started through read-worker-boot.mjs by read-worker-client.ts): its own
// connection to the data dir's database, the same route tables, and one job at a time — and
// streams (CalDAV's whole-calendar reads), each on a read connection of its own, a chunk whenever
// the event loop asks, so jobs run between two chunks. As it starts it warms the CalDAV read path
// (caldav/warm-up.ts), between jobs, so the first calendar app to ask does not pay for it.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openReadConnection } from '../db/open.ts';
import { createStore } from '../db/store.ts';
import { ALL_ROUTES } from '../api/routes.ts';
import { APP_ROUTES } from '../app-api/routes.ts';
import { APP_NAMESPACE, EVENTS_NAMESPACE } from '../http/namespaces.ts';
import { offThreadEndpoints, prepareEndpoint, runReadJob, warmListAndSearch } from './read-job.ts';
import type { StreamJob, WorkerReply, WorkerRequest } from './read-worker-client.ts';
import { davErrorData, davRead, type DavReadJob } from '../caldav/dav-read.ts';
import { warmUp, type WarmUpJob, type WarmUpReport } from '../caldav/warm-up.ts';
import { zoneYearsSampled } from '../calendar-files/ics-export/vtimezone.ts';
import { readClientObject } from '../caldav/object-limits.ts';

const {
  databaseFile,
  warmUp: warmUpJob,
  niceness: lowerBy = 0,
  preloadSearchKeys = true,
} = workerData as { databaseFile: string; warmUp?: WarmUpJob; niceness?: number; preloadSearchKeys?: boolean };

/**
 * Lowers this thread's scheduling priority by `by` (Linux: a thread is a task of its own, and
 * setpriority() on its id changes only it; elsewhere nothing changes). CalDAV's worker runs
 * work a caller may make long — a 20,000-href multiget, eight callers' turns back to back — and
 * on a busy machine its CPU came before the event loop's and the REST read worker's: the window's
 * searches waited up to 1.3 s (issue 37). Lowered, it gets what they leave. Undefined where
 * unknown.
 */
function lowerPriority(by: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (by > 0) setPriority(tid, Math.min(19, getPriority(tid) + by));
    return getPriority(tid);
  } catch {
    return undefined; // a sandbox without /proc: the thread keeps the process's priority
  }
}
const niceness = lowerPriority(lowerBy);

const store = createStore(openReadConnection(databaseFile));
const endpoints = offThreadEndpoints([
  [EVENTS_NAMESPACE.name, ALL_ROUTES],
  [APP_NAMESPACE.name, APP_ROUTES],
]);

// What the warm-up did, once it is done (the stats request tells it).
let warmedUp: WarmUpReport | undefined;

// Streams under way (a calendar app's sync): each made a chunk at a time, when the event loop asks.
const streams = new Map<number, AsyncGenerator<string>>();

function startStream(stream: StreamJob): AsyncGenerator<string> {
  if (stream.kind === 'caldav') return davRead({ store }, stream.job as DavReadJob);
  throw new Error(`unknown stream ${String(stream.kind)}`);
}

async function nextChunk(id: number, chunks: AsyncGenerator<string>): Promise<void> {
  let reply: WorkerReply;
  try {
    const next = await chunks.next();
    if (next.done) {
      streams.delete(id);
      reply = { id, end: true };
    } else reply = { id, chunk: next.value };
  } catch (error) {
    streams.delete(id);
    reply = { id, error: davErrorData(error) };
  }
  parentPort!.postMessage(reply);
}

parentPort!.on('message', (request: WorkerRequest) => {
  const { id } = request;
  if ('stats' in request) {
    parentPort!.postMessage({
      id,
      stats: {
        warmedUp,
        zoneYearsSampled: zoneYearsSampled(),
        searchKeySites,
        endpointsPrepared,
        searchesWarmed,
        niceness,
      },
    } satisfies WorkerReply);
    return;
  }
  warmUpWhenIdle(); // the worker is busy: the warm-up waits
  preloadSearchKeysWhenIdle();
  if ('parse' in request) {
    let reply: WorkerReply;
    try {
      reply = { id, parsed: readClientObject(request.parse.text, request.parse.timezone) };
    } catch (error) {
      reply = { id, error: davErrorData(error) };
    }
    parentPort!.postMessage(reply);
    return;
  }
  if ('job' in request) {
    let reply: WorkerReply;
    try {
      reply = { id, answer: runReadJob(store, endpoints, request.job) };
    } catch (error) {
      reply = { id, failure: (error as Error).stack ?? String(error) };
    }
    parentPort!.postMessage(reply);
    return;
  }
  if ('cancel' in request) {
    const chunks = streams.get(id);
    streams.delete(id);
    void chunks?.return(undefined);
    return;
  }
  if ('stream' in request) {
    try {
      streams.set(id, startStream(request.stream));
    } catch (error) {
      parentPort!.postMessage({ id, error: davErrorData(error) } satisfies WorkerReply);
      return;
    }
  }
  const chunks = streams.get(id);
  if (chunks) void nextChunk(id, chunks);
});

// The warm-up starts once the worker has had nothing to do for a moment: the read that started it
// (the window's first month view) is answered first; a job that comes during the warm-up waits for
// one of its steps at most, and a stream (a calendar app's report) stops the rendering under way
// and holds the rest of the warm-up until it ends. A failure is told to the event loop, which logs
// it; the worker goes on serving.
const WARM_UP_AFTER_IDLE_MS = 200;
let warmUpTimer: NodeJS.Timeout | undefined;
let warmUpStarted = false;

/** Between two steps of the warm-up: a turn of the loop, and no stream under way (a calendar app that asks meanwhile goes first). */
async function stillIdle(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (streams.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

function warmUpWhenIdle(): void {
  if (!warmUpJob || warmUpStarted) return;
  clearTimeout(warmUpTimer);
  warmUpTimer = setTimeout(() => {
    if (streams.size > 0) return warmUpWhenIdle();
    warmUpStarted = true;
    warmUp(store, warmUpJob, { pause: stillIdle, interrupted: () => streams.size > 0 }).then(
      (report) => {
        warmedUp = report;
        for (const failure of report.failures) parentPort!.postMessage({ warmUpFailed: failure } satisfies WorkerReply);
      },
      (error: Error) => parentPort!.postMessage({ warmUpFailed: error.stack ?? String(error) } satisfies WorkerReply),
    );
  }, WARM_UP_AFTER_IDLE_MS);
}
warmUpWhenIdle();

// The event keys a search of a large calendar filters by (event-keys.ts) are read once the worker
// has been idle a moment after it starts — the first search typed then finds them in memory
// instead of reading them itself (454 ms at 100k events, load 15). One read per site, between
// jobs: a job that comes meanwhile waits for it. The event loop is told, and keeps this worker
// (and so its keys) longer without a job (read-worker-client.ts). Then, a chunk per idle moment, the
// text keys of those sites (passwords, each text's last characters: what an anonymous search and
// a term of one or two characters read), so that the first such search does not read them either.
const searchKeySites: number[] = [];
let endpointsPrepared = 0;
let searchesWarmed = 0;
let preloadTimer: NodeJS.Timeout | undefined;
// CalDAV's worker answers no REST search: it never reads the keys (read-worker-client.ts).
let preloaded = !preloadSearchKeys;
let textPreloaded = !preloadSearchKeys;

function preloadSearchKeysWhenIdle(): void {
  if (preloaded && textPreloaded) return;
  clearTimeout(preloadTimer);
  preloadTimer = setTimeout(() => {
    if (streams.size > 0) return preloadSearchKeysWhenIdle();
    if (preloaded) {
      // A chunk of each site's per idle moment: a job that comes waits for one chunk at most.
      textPreloaded = true;
      try {
        for (const siteId of searchKeySites) if (!store.eventList.preloadSearchTextKeys(siteId)) textPreloaded = false;
        if (textPreloaded) warmSearches();
      } catch (error) {
        textPreloaded = true;
        parentPort!.postMessage({
          warmUpFailed: `search text keys: ${(error as Error).stack ?? String(error)}`,
        } satisfies WorkerReply);
      }
      return preloadSearchKeysWhenIdle();
    }
    preloaded = true;
    preloadSearchKeysWhenIdle();
    readAhead();
    if (searchKeySites.length > 0) parentPort!.postMessage({ searchKeysLoaded: true } satisfies WorkerReply);
  }, WARM_UP_AFTER_IDLE_MS);
}
/** A step done ahead that failed: the event loop logs it; the first job then does the work itself. */
function failedAhead(what: string, error: unknown): void {
  parentPort!.postMessage({
    warmUpFailed: `${what}: ${(error as Error).stack ?? String(error)}`,
  } satisfies WorkerReply);
}

/**
 * What a first search would do, done while idle: compile each endpoint's arguments' validator
 * and answer's serializer (three endpoints, ~30 ms) and read the keys of each site of over 5,000
 * events; once their text keys are read too (warmSearches), answer a public list and search of
 * those sites and throw them away (the JIT's first pass, the index's statements). A profile of the first search at 100k events put 26 of
 * its 74 ms in the compiling; with all of it done ahead it took 21–45 ms (the same word again: 14).
 */
function readAhead(): void {
  try {
    for (const endpoint of endpoints.values()) {
      prepareEndpoint(endpoint);
      endpointsPrepared++;
    }
  } catch (error) {
    failedAhead('compiling endpoints', error);
  }
  try {
    for (const site of store.sites.list()) if (store.eventList.preloadSearchKeys(site.id)) searchKeySites.push(site.id);
  } catch (error) {
    failedAhead('search keys', error);
  }
}

/** Once the text keys are read too (a public search reads them all at once when they are not). */
function warmSearches(): void {
  for (const siteId of searchKeySites) {
    try {
      const site = store.sites.list().find((each) => each.id === siteId);
      if (site) warmListAndSearch(store, endpoints, site.code);
      searchesWarmed++;
    } catch (error) {
      failedAhead('a first list and search', error);
    }
  }
}

preloadSearchKeysWhenIdle();
