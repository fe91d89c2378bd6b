// npm run soak -- --minutes M [--rate R] [--events N] [--workers W] [--interval S] [--event-loop] [--keep]
// A steady mixed load on the built server (dist/cli.mjs) for M minutes, to find leaks and slow
// degradation: seeds a data dir through the bulk path, starts the server as a child process on
// 127.0.0.1, and sends R requests/s (default 200) from a fixed pool of W workers, each request at its
// slot on a fixed schedule: ~80% reads (single events, filtered lists, venues, organizers, terms)
// and ~20% writes (creates, updates, deletes). Every S seconds (default 10) it prints throughput,
// errors (any non-2xx — no deliberately bad request is sent — and any network error or timeout),
// latency, CPU and the child's RSS (VmRSS, read every second and averaged over the interval, since
// a garbage-collected heap saw-tooths); at the end a table, the RSS trend and a last line
// `SOAK {json}`. Exits 1 on any error, if the server dies, or if the average RSS of the last quarter
// of the run is more than 20% above that of the first quarter.
// --event-loop: the server also reports its event loop's delay (server/event-loop-stats.ts) every
// interval; each sample row and the SOAK line then carry it (target: p99 under one frame, 16 ms).
import { prng } from '../test/support/prng.ts';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDataDir } from '../server/data-dir.ts';
import { bulkSeed } from './seed/bulk-seed.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    rate: { type: 'string', default: '200' },
    events: { type: 'string', default: '20000' },
    workers: { type: 'string', default: '32' },
    interval: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    'event-loop': { type: 'boolean', default: false },
  },
});
const EVENT_LOOP = values['event-loop'];
const MINUTES = Number(values.minutes);
const RATE = Number(values.rate);
const EVENTS = Number(values.events);
const WORKERS = Number(values.workers);
const INTERVAL_S = Number(values.interval);
const MAX_RSS_GROWTH = 0.2;
const REQUEST_TIMEOUT_MS = 10_000;
for (const [name, value] of Object.entries({ MINUTES, RATE, EVENTS, WORKERS, INTERVAL_S })) {
  if (!Number.isFinite(value) || value <= 0 || (name !== 'MINUTES' && name !== 'RATE' && !Number.isInteger(value))) {
    console.error(`soak: invalid ${name.toLowerCase()}: ${value}`);
    process.exit(2);
  }
}
if (!existsSync('dist/cli.mjs')) {
  console.error('soak: dist/cli.mjs is missing; run it as `npm run soak`, which builds it first');
  process.exit(2);
}

const random = prng(Number(values.seed));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

// --- Seed -------------------------------------------------------------------------------------

const dataDir = mkdtempSync(join(tmpdir(), 'almanac-soak-'));
process.stdout.write(`Seeding ${EVENTS} events into ${dataDir} … `);
const store = openDataDir(dataDir, { timezone: 'America/New_York' });
const admin = store.users.byLogin('admin')!;
const seeded = bulkSeed(store, 'default', EVENTS, admin.id);
const token = store.users.createToken(admin.id, 'soak');
const ids = (sql: string) => (store.db.prepare(sql).all() as { id: number }[]).map((r) => r.id);
const seededEvents = ids("SELECT id FROM posts WHERE type = 'event'");
const seededVenues = ids("SELECT id FROM posts WHERE type = 'venue'");
const seededOrganizers = ids("SELECT id FROM posts WHERE type = 'organizer'");
const categoryIds = ids("SELECT id FROM terms WHERE taxonomy = 'category'");
const tagIds = ids("SELECT id FROM terms WHERE taxonomy = 'tag'");
const categorySlugs = (
  store.db.prepare("SELECT slug FROM terms WHERE taxonomy = 'category'").all() as { slug: string }[]
).map((r) => r.slug);
store.close();
console.log(`${seeded.seconds.toFixed(1)} s (${seeded.venues} venues, ${seeded.organizers} organizers).`);

// --- Server -----------------------------------------------------------------------------------

// SOAK_NODE_ARGS: extra Node options for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
const nodeArgs = (process.env.SOAK_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...nodeArgs, 'dist/cli.mjs', 'serve', '--port', '0', '--data-dir', dataDir], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: EVENT_LOOP ? { ...process.env, ALMANAC_EVENT_LOOP_STATS_MS: String(INTERVAL_S * 1000) } : process.env,
});
interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}
/** The server's event-loop reports: the latest interval's, and the whole run's so far. */
const loopReports: { interval: LoopDelay; run: LoopDelay }[] = [];
let loopLineBuffer = '';
child.stdout.on('data', (chunk: Buffer) => {
  loopLineBuffer += chunk.toString('utf8');
  const lines = loopLineBuffer.split('\n');
  loopLineBuffer = lines.pop()!;
  for (const line of lines) if (line.startsWith('event-loop ')) loopReports.push(JSON.parse(line.slice(11)));
});
let childOutput = '';
const keepOutput = (chunk: Buffer) => (childOutput = (childOutput + chunk.toString('utf8')).slice(-16_000));
child.stdout.on('data', keepOutput);
child.stderr.on('data', keepOutput);
let childExit: string | undefined;
const exited = new Promise<void>((resolve) =>
  child.once('exit', (code, signal) => {
    childExit = `exit ${code ?? signal}`;
    resolve();
  }),
);
const stopChild = async () => {
  if (childExit) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
};
process.once('SIGINT', () => {
  void stopChild().then(() => process.exit(130));
});

const apiRoot = await new Promise<string>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${childOutput}`)), 30_000);
  child.stdout.on('data', () => {
    const match = /Almanac API root: (http:\/\/\S+)/.exec(childOutput);
    if (match) {
      clearTimeout(timer);
      resolve(match[1]!);
    }
  });
  void exited.then(() => reject(new Error(`server ${childExit} before listening:\n${childOutput}`)));
});
if (new URL(apiRoot).hostname !== '127.0.0.1') throw new Error(`soak only targets 127.0.0.1, not ${apiRoot}`);
const pid = child.pid!;
console.log(`Server pid ${pid} at ${apiRoot}`);

function rssMb(): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
/** CPU seconds used by the child (utime + stime; Linux clock ticks are 1/100 s). */
function cpuSeconds(): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// --- Requests ---------------------------------------------------------------------------------

interface Planned {
  kind: string;
  method: string;
  path: string;
  body?: unknown;
  auth?: boolean;
  /** Called with the parsed body of a 2xx answer. */
  done?: (body: unknown) => void;
}

const created: number[] = []; // events this run created and nobody has deleted yet
let serial = 0;

function newEvent(): Planned {
  const n = ++serial;
  const start = day(1 + Math.floor(random() * 300));
  return {
    kind: 'POST event',
    method: 'POST',
    path: 'events',
    auth: true,
    body: {
      title: `Soak event ${n}`,
      status: 'publish',
      description: `<p>Soak test event number ${n}.</p>`,
      start_date: `${start} 18:00:00`,
      end_date: `${start} 21:30:00`,
      cost: `${5 + (n % 40)}`,
      venue: pick(seededVenues),
      organizer: pick(seededOrganizers),
      categories: [pick(categoryIds)],
      tags: [pick(tagIds), pick(tagIds)],
    },
    done: (body) => created.push((body as { id: number }).id),
  };
}

/** The next request of the mix: ~80% reads, ~20% writes. */
function plan(): Planned {
  const roll = random() * 100;
  // Reads (80).
  if (roll < 30) return { kind: 'GET event', method: 'GET', path: `events/${pick(seededEvents)}` };
  if (roll < 38) {
    const page = 1 + Math.floor(random() * 50);
    return {
      kind: 'GET events',
      method: 'GET',
      path: `events?start_date=${day(-30)}&end_date=${day(365)}&page=${page}`,
    };
  }
  if (roll < 44) {
    return {
      kind: 'GET events?filters',
      method: 'GET',
      path: `events?start_date=${day(0)}&end_date=${day(180)}&categories=${pick(categorySlugs)}&per_page=20`,
    };
  }
  if (roll < 48)
    return {
      kind: 'GET events?search',
      method: 'GET',
      path: `events?search=${pick(['Jazz', 'Market', 'Opera', 'Yoga'])}`,
    };
  if (roll < 51)
    return { kind: 'GET events?venue', method: 'GET', path: `events?venue=${pick(seededVenues)}&featured=false` };
  if (roll < 53) return { kind: 'GET events?geo', method: 'GET', path: 'events?geoloc_lat=52.5&geoloc_lng=13.4' };
  if (roll < 60) return { kind: 'GET venue', method: 'GET', path: `venues/${pick(seededVenues)}` };
  if (roll < 65) {
    const page = 1 + Math.floor(random() * Math.max(1, Math.floor(seededVenues.length / 10)));
    return { kind: 'GET venues', method: 'GET', path: `venues?page=${page}` };
  }
  if (roll < 67)
    return { kind: 'GET venues?search', method: 'GET', path: `venues?search=${pick(['Berlin', 'Lima', 'Madrid'])}` };
  if (roll < 70) return { kind: 'GET organizer', method: 'GET', path: `organizers/${pick(seededOrganizers)}` };
  if (roll < 75)
    return { kind: 'GET categories', method: 'GET', path: 'categories?hide_empty=false&orderby=count&order=desc' };
  if (roll < 78) return { kind: 'GET tags', method: 'GET', path: 'tags?per_page=50' };
  if (roll < 80) return { kind: 'GET category', method: 'GET', path: `categories/${pick(categoryIds)}` };
  // Writes (20): created events are deleted again, so the calendar keeps its size.
  if (roll < 88) return newEvent();
  if (roll < 95) {
    const patch: Record<string, unknown> = pick([
      { title: `Updated ${++serial}` },
      { featured: random() < 0.5 },
      { cost: `${10 + (serial % 30)}`, categories: [pick(categoryIds)] },
    ]);
    return { kind: 'PATCH event', method: 'PATCH', path: `events/${pick(seededEvents)}`, auth: true, body: patch };
  }
  const victim = created.shift();
  if (victim === undefined) return newEvent();
  return {
    kind: 'DELETE event',
    method: 'DELETE',
    path: `events/${victim}${random() < 0.5 ? '?force=true' : ''}`,
    auth: true,
  };
}

// --- Counters ---------------------------------------------------------------------------------

interface Totals {
  requests: number;
  errors: number;
  reads: number;
  writes: number;
}
const totals: Totals = { requests: 0, errors: 0, reads: 0, writes: 0 };
const errorKinds = new Map<string, number>();
const errorSamples: string[] = [];
let latencies: number[] = []; // this interval's, in ms
const allLatencies: number[] = [];
const kindLatencies = new Map<string, number[]>();
let intervalErrors = 0;
let intervalRequests = 0;
let maxLagMs = 0;

function recordError(kind: string, detail: string) {
  totals.errors++;
  intervalErrors++;
  errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  if (errorSamples.length < 10) errorSamples.push(`${kind}: ${detail.slice(0, 300)}`);
}

async function send(request: Planned): Promise<void> {
  const started = performance.now();
  const headers: Record<string, string> = {};
  if (request.auth) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${apiRoot}/${request.path}`, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.status < 200 || response.status >= 300) {
      recordError(`${request.kind} ${response.status}`, `${request.method} ${request.path} → ${text}`);
    } else if (request.done) request.done(JSON.parse(text));
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const code = (error as Error).name === 'TimeoutError' ? 'timeout' : (cause?.code ?? (error as Error).message);
    recordError(`${request.kind} ${code}`, `${request.method} ${request.path}: ${String(error)}`);
  }
  const ms = performance.now() - started;
  latencies.push(ms);
  allLatencies.push(ms);
  const perKind = kindLatencies.get(request.kind) ?? [];
  perKind.push(ms);
  kindLatencies.set(request.kind, perKind);
  totals.requests++;
  intervalRequests++;
  if (request.method === 'GET') totals.reads++;
  else totals.writes++;
}

// --- Run --------------------------------------------------------------------------------------

interface Sample {
  t: number; // seconds since the start
  rps: number;
  errors: number;
  /** Mean and max of the interval's once-a-second readings. */
  rssMb: number;
  rssMaxMb: number;
  cpuPct: number;
  p50: number;
  p99: number;
  /** The server's event-loop delay over the interval (with --event-loop). */
  loopP99?: number;
  loopMax?: number;
}
const mean = (list: number[]) => (list.length === 0 ? 0 : list.reduce((a, b) => a + b, 0) / list.length);
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const samples: Sample[] = [];
const rssReadings: { t: number; mb: number }[] = []; // once a second, for the trend
let intervalRss: number[] = [];
const fmt = (n: number, width: number, digits = 1) => n.toFixed(digits).padStart(width);

const t0 = performance.now();
const clientCpuStart = process.cpuUsage();
const durationMs = MINUTES * 60_000;
const deadline = t0 + durationMs;
const slotMs = 1000 / RATE;
let nextSlot = 0;
let lastSampleAt = t0;
let lastCpu = cpuSeconds();
console.log(
  `Soak: ${MINUTES} min at ${RATE} req/s, ${WORKERS} workers, ~20% writes; a sample every ${INTERVAL_S} s\n` +
    '   time   req/s  errors  RSS MB   CPU %  p50 ms  p99 ms' +
    (EVENT_LOOP ? ' loop99  loopmax' : ''),
);

function takeSample() {
  const now = performance.now();
  const seconds = (now - lastSampleAt) / 1000;
  if (seconds <= 0.5 || childExit || intervalRss.length === 0) return;
  const cpu = cpuSeconds();
  const sorted = latencies.sort((a, b) => a - b);
  const sample: Sample = {
    t: Math.round((now - t0) / 1000),
    rps: intervalRequests / seconds,
    errors: intervalErrors,
    rssMb: mean(intervalRss),
    rssMaxMb: Math.max(0, ...intervalRss),
    cpuPct: ((cpu - lastCpu) / seconds) * 100,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
  const loop = loopReports.at(-1)?.interval;
  if (EVENT_LOOP && loop) Object.assign(sample, { loopP99: loop.p99, loopMax: loop.max });
  samples.push(sample);
  console.log(
    `${fmt(sample.t, 6, 0)}s ${fmt(sample.rps, 7)} ${fmt(sample.errors, 7, 0)} ${fmt(sample.rssMb, 7)} ` +
      `${fmt(sample.cpuPct, 7)} ${fmt(sample.p50, 7)} ${fmt(sample.p99, 7)}` +
      (sample.loopP99 === undefined ? '' : ` ${fmt(sample.loopP99, 7)} ${fmt(sample.loopMax ?? 0, 7)}`),
  );
  lastSampleAt = now;
  lastCpu = cpu;
  latencies = [];
  intervalRss = [];
  intervalRequests = 0;
  intervalErrors = 0;
}

async function worker(): Promise<void> {
  // Each turn takes the next slot of the schedule and waits for its time: the pool sends RATE
  // requests/s for as long as it keeps up, never more, and stops at the deadline.
  while (!childExit) {
    const due = t0 + nextSlot++ * slotMs;
    if (due >= deadline) return;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else maxLagMs = Math.max(maxLagMs, -wait);
    await send(plan());
  }
}

async function sampler(): Promise<void> {
  for (let i = 1; t0 + i * 1000 <= deadline && !childExit; i++) {
    await sleep(t0 + i * 1000 - performance.now());
    let mb: number;
    try {
      mb = rssMb();
    } catch {
      return; // the server is gone (reported below)
    }
    rssReadings.push({ t: i, mb });
    intervalRss.push(mb);
    if (i % INTERVAL_S === 0) takeSample();
  }
}

await Promise.all([...Array.from({ length: WORKERS }, worker), sampler()]);
if (deadline - lastSampleAt >= INTERVAL_S * 500) takeSample(); // a last interval of at least half the length
const died = childExit;
if (died) recordError('server died', `${died}\n${childOutput}`);
const elapsedS = (performance.now() - t0) / 1000;
const clientCpu = process.cpuUsage(clientCpuStart);
const clientCpuPct = ((clientCpu.user + clientCpu.system) / 1e6 / elapsedS) * 100;
await stopChild();
if (!values.keep) rmSync(dataDir, { recursive: true, force: true });

// --- Report -----------------------------------------------------------------------------------

const quarter = Math.max(1, Math.floor(rssReadings.length / 4));
const firstQuarterMb = mean(rssReadings.slice(0, quarter).map((r) => r.mb));
const lastQuarterMb = mean(rssReadings.slice(-quarter).map((r) => r.mb));
const growth = firstQuarterMb > 0 ? (lastQuarterMb - firstQuarterMb) / firstQuarterMb : 0;
/** Least-squares slope of RSS over time, MB per minute. */
function slopeMbPerMin(): number {
  if (rssReadings.length < 2) return 0;
  const xs = rssReadings.map((r) => r.t / 60);
  const ys = rssReadings.map((r) => r.mb);
  const mx = mean(xs);
  const my = mean(ys);
  const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / sxx;
}
const slope = slopeMbPerMin();
const sortedAll = allLatencies.sort((a, b) => a - b);

console.log('\n| time s | req/s | errors | RSS MB (mean) | RSS MB (max) | CPU % | p50 ms | p99 ms |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const s of samples) {
  console.log(
    `| ${s.t} | ${s.rps.toFixed(1)} | ${s.errors} | ${s.rssMb.toFixed(1)} | ${s.rssMaxMb.toFixed(1)} | ${s.cpuPct.toFixed(0)} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} |`,
  );
}
console.log('\n| request | count | p50 ms | p99 ms | max ms |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [kind, list] of [...kindLatencies].sort((a, b) => a[0].localeCompare(b[0]))) {
  list.sort((a, b) => a - b);
  console.log(
    `| ${kind} | ${list.length} | ${percentile(list, 50).toFixed(1)} | ${percentile(list, 99).toFixed(1)} | ${percentile(list, 100).toFixed(1)} |`,
  );
}
console.log(
  `\nRSS trend: first quarter ${firstQuarterMb.toFixed(1)} MB, last quarter ${lastQuarterMb.toFixed(1)} MB ` +
    `(${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%, limit +${MAX_RSS_GROWTH * 100}%), slope ${slope.toFixed(2)} MB/min ` +
    `(${rssReadings.length} readings, ${quarter} per quarter)`,
);
console.log(
  `${totals.requests} requests in ${elapsedS.toFixed(1)} s (${(totals.requests / elapsedS).toFixed(1)} req/s, target ${RATE}); ` +
    `${totals.writes} writes (${((totals.writes / Math.max(1, totals.requests)) * 100).toFixed(1)}%); ` +
    `latency p50 ${percentile(sortedAll, 50).toFixed(1)} ms, p99 ${percentile(sortedAll, 99).toFixed(1)} ms, ` +
    `max ${percentile(sortedAll, 100).toFixed(1)} ms; max schedule lag ${maxLagMs.toFixed(0)} ms; ` +
    `load generator CPU ${clientCpuPct.toFixed(0)}%`,
);
const loopRun = loopReports.at(-1)?.run;
if (EVENT_LOOP) {
  console.log(
    loopRun
      ? `Server event-loop delay over the run: p50 ${loopRun.p50} ms, p99 ${loopRun.p99} ms, max ${loopRun.max} ms (${loopRun.samples} samples; target p99 < 16 ms)`
      : 'Server event-loop delay: no report received',
  );
}
if (totals.errors > 0) {
  console.log(`${totals.errors} errors: ${JSON.stringify(Object.fromEntries(errorKinds))}`);
  for (const line of errorSamples) console.log(`  ${line}`);
}
const rssOk = growth <= MAX_RSS_GROWTH;
const ok = totals.errors === 0 && rssOk && !died;
if (!rssOk) console.log(`RSS grew ${(growth * 100).toFixed(1)}% (more than ${MAX_RSS_GROWTH * 100}%)`);
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
console.log(
  'SOAK ' +
    JSON.stringify({
      ok,
      minutes: MINUTES,
      target_rate: RATE,
      workers: WORKERS,
      events: EVENTS,
      requests: totals.requests,
      reads: totals.reads,
      writes: totals.writes,
      rate: round(totals.requests / elapsedS),
      errors: totals.errors,
      error_kinds: Object.fromEntries(errorKinds),
      latency_ms: {
        p50: round(percentile(sortedAll, 50)),
        p99: round(percentile(sortedAll, 99)),
        max: round(percentile(sortedAll, 100)),
      },
      max_schedule_lag_ms: Math.round(maxLagMs),
      server_cpu_pct: round(mean(samples.map((s) => s.cpuPct))),
      client_cpu_pct: round(clientCpuPct),
      rss_mb: {
        first_quarter: round(firstQuarterMb),
        last_quarter: round(lastQuarterMb),
        growth_pct: round(growth * 100),
        slope_mb_per_min: round(slope, 2),
        max: round(Math.max(0, ...rssReadings.map((r) => r.mb))),
      },
      ...(EVENT_LOOP ? { event_loop_ms: loopRun ?? null } : {}),
      samples: samples.map((s) => ({
        t: s.t,
        rps: round(s.rps),
        errors: s.errors,
        rss_mb: round(s.rssMb),
        ...(s.loopP99 === undefined ? {} : { loop_p99_ms: s.loopP99, loop_max_ms: s.loopMax }),
      })),
      server: died ?? 'ok',
    }),
);
process.exit(ok ? 0 : 1);
