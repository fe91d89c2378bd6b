// npm run bench -- [--events N] [--seconds S] [--connections C] [--settle S]
// Seeds a fresh data dir through the bulk path, starts the built server (dist/cli.mjs) as a child
// process, and measures each scenario with autocannon, side by side with a bare route of the
// same body size served by the same process (the ceiling). Prints a table and, last, `BENCH {json}`.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDataDir, databaseFile } from '../server/data-dir.ts';
import { bulkSeed } from './seed/bulk-seed.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    // Idle seconds before the last RSS reading: V8 gives back the heap it grew under load only
    // after a few seconds without allocation (its memory reducer), so "after load" and "settled" differ.
    settle: { type: 'string', default: '30' },
  },
});
const EVENTS = Number(values.events);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const SETTLE_SECONDS = Number(values.settle);

const dataDir = mkdtempSync(join(tmpdir(), 'almanac-bench-'));
console.log(`Seeding ${EVENTS} events into ${dataDir} …`);
const store = openDataDir(dataDir, { timezone: 'America/New_York' });
const admin = store.users.byLogin('admin')!;
const seed = bulkSeed(store, 'default', EVENTS, admin.id);
const token = store.users.createToken(admin.id, 'bench');
const sample = store.db
  .prepare(
    `SELECT e.id AS event, (SELECT id FROM terms WHERE taxonomy = 'category' AND parent = 0 ORDER BY id LIMIT 1) AS category
     FROM posts e WHERE e.type = 'event' AND e.start_utc > datetime('now') ORDER BY e.start_utc LIMIT 1`,
  )
  .get() as { event: number; category: number };
store.close();
// The seeder writes without fsync; flush the file now, or the kernel writes it back during the
// first scenarios (hundreds of MB at 1M events) and skews them.
const flushStarted = performance.now();
for (const file of [databaseFile(dataDir), `${databaseFile(dataDir)}-wal`]) {
  if (!existsSync(file)) continue;
  const fd = openSync(file, 'r');
  fsyncSync(fd);
  closeSync(fd);
}
const flushSeconds = (performance.now() - flushStarted) / 1000;
console.log(`Flushed to disk in ${Math.round(flushSeconds * 1000)} ms.`);
console.log(`Seeded in ${seed.seconds.toFixed(2)} s (${Math.round(EVENTS / seed.seconds)} events/s).`);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function startServer(cache: boolean): Promise<{ child: ChildProcess; url: string; coldStartMs: number }> {
  // Load this process's HTTP client first (fetch loads undici on first use): its start-up is not the server's.
  await fetch('http://127.0.0.1:1/').catch(() => undefined);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['dist/cli.mjs', 'serve', '--port', '0', '--data-dir', dataDir, '--bench-route'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      // No daily backup (it would start a minute in, during a scenario; its cost is in PERFORMANCE.md).
      env: { ...process.env, ALMANAC_RESPONSE_CACHE: cache ? '1' : '0', ALMANAC_DAILY_BACKUP: '0' },
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /API root: (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  // Cold start = process start → first answered API request.
  for (;;) {
    const response = await fetch(`${url}/svc/events/v1/events/${sample.event}`).catch(() => undefined);
    if (response?.ok) {
      await response.arrayBuffer();
      break;
    }
  }
  return { child, url, coldStartMs: Math.round(performance.now() - started) };
}

interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: () => string;
  auth?: boolean;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytes: number;
}

async function measure(url: string, scenario: Scenario): Promise<Result> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (scenario.auth) headers.authorization = `Bearer ${token}`;
  // `warmup` is an autocannon 8 option its type definitions do not list yet.
  const options: autocannon.Options & { warmup: { connections: number; duration: number } } = {
    url: url + scenario.path,
    method: scenario.method ?? 'GET',
    connections: CONNECTIONS,
    duration: SECONDS,
    // Each scenario first runs unmeasured, so the JIT and SQLite's cache are warm for every row
    // alike (the first scenario, the ceiling, used to be measured cold).
    warmup: { connections: CONNECTIONS, duration: Math.min(2, SECONDS) },
    headers,
    requests: scenario.body ? [{ setupRequest: (req) => ({ ...req, body: scenario.body!() }) }] : undefined,
  };
  const result = await autocannon(options);
  return {
    name: scenario.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytes: Math.round(result.throughput.average / Math.max(result.requests.average, 1)),
  };
}

const { child, url, coldStartMs } = await startServer(true);
const eventBody = await (await fetch(`${url}/svc/events/v1/events/${sample.event}`)).text();
const listBody = await (await fetch(`${url}/svc/events/v1/events`)).text();
const month = new Date(Date.now() + 30 * 86400000).toISOString().slice(0, 10);
const month2 = new Date(Date.now() + 90 * 86400000).toISOString().slice(0, 10);
let n = 0;
const bareEventScenario: Scenario = {
  name: 'bare route (event-sized body)',
  path: `/__bench/bare?bytes=${Buffer.byteLength(eventBody)}`,
};
const bareListScenario: Scenario = {
  name: 'bare route (list-sized body)',
  path: `/__bench/bare?bytes=${Buffer.byteLength(listBody)}`,
};
const reads: Scenario[] = [
  { name: 'GET one event (embedded)', path: `/svc/events/v1/events/${sample.event}` },
  { name: 'GET /events (default window)', path: '/svc/events/v1/events' },
  // What the desktop app's list view asks: an editor sees drafts, futures and private events too.
  { name: 'GET /events (default window, signed in)', path: '/svc/events/v1/events', auth: true },
  {
    name: 'GET /events date+category+search',
    path: `/svc/events/v1/events?start_date=${month}&end_date=${month2}&categories=${sample.category}&search=Jazz`,
  },
  { name: 'GET /venues?search=', path: '/svc/events/v1/venues?search=Berlin' },
];
const writes: Scenario[] = [
  {
    name: 'POST /events (create)',
    method: 'POST',
    path: '/svc/events/v1/events',
    auth: true,
    body: () =>
      JSON.stringify({
        title: `Bench ${n++}`,
        start_date: '2027-05-01 10:00',
        end_date: '2027-05-01 12:00',
        categories: [sample.category],
      }),
  },
  {
    name: 'PATCH /events/{id} (update)',
    method: 'PATCH',
    path: `/svc/events/v1/events/${sample.event}`,
    auth: true,
    body: () => JSON.stringify({ title: `Updated ${n++}` }),
  },
];

async function run(scenarios: Scenario[], target: string, suffix = ''): Promise<Result[]> {
  const out: Result[] = [];
  for (const scenario of scenarios) {
    process.stdout.write(`  ${scenario.name}${suffix} … `);
    const result = await measure(target, scenario);
    result.name += suffix;
    out.push(result);
    console.log(`${result.rps} req/s`);
  }
  return out;
}

async function stop(server: ChildProcess): Promise<void> {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
}

/**
 * Calibration: the smallest Fastify server, alone in its process (scripts/bench-hello.mjs). Run at
 * the start and at the end: this VM's speed drifts within one bench, and the scaled figures use the
 * faster of the two readings (the smaller, conservative factor).
 */
async function calibrate(when: 'start' | 'end'): Promise<number> {
  const hello = spawn(process.execPath, ['scripts/bench-hello.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const helloUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    hello.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    hello.on('exit', (code) => reject(new Error(`bench-hello exited with ${code}`)));
  });
  const [result] = await run(
    [{ name: `calibration (${when}): minimal Fastify route, own process`, path: '/' }],
    helloUrl,
  );
  await stop(hello);
  return result!.rps;
}

const calibrationStart = await calibrate('start');

// Pass 1: the server as shipped (response cache on). Writes come last: each empties the cache.
const results: Result[] = await run([bareEventScenario, bareListScenario, ...reads], url, ' (cached)');
results.push(...(await run(writes, url)));
const rss = rssMb(child.pid!);
await stop(child);
// Pass 2: every read built from the database (cache off), the cost of a first or varied request.
const uncached = await startServer(false);
results.push(...(await run(reads, uncached.url, ' (uncached)')));
const rssUncached = rssMb(uncached.child.pid!);
console.log(`  idle ${SETTLE_SECONDS} s, then RSS again …`);
await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
const rssSettled = rssMb(uncached.child.pid!);
await stop(uncached.child);

const calibrationEnd = await calibrate('end');

const file = databaseFile(dataDir);
const dbBytes = statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
// By name, not position (a positional slip once made the list ratios use the wrong ceiling).
const rpsOf = (name: string) => results.find((r) => r.name.startsWith(name))!.rps;
const bareEvent = rpsOf(bareEventScenario.name);
const bareList = rpsOf(bareListScenario.name);
const ratio = (r: Result) =>
  r.name.startsWith('GET one')
    ? r.rps / bareEvent
    : r.name.startsWith('GET /events')
      ? r.rps / bareList
      : r.rps / bareEvent;

console.log(
  `\nAlmanac bench: ${EVENTS} events, ${CONNECTIONS} connections, ${SECONDS} s per scenario, node ${process.version}`,
);
console.log('| scenario | req/s | p50 ms | p99 ms | errors | non-2xx | bytes | × bare |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.bytes} | ${ratio(r).toFixed(2)} |`,
  );
}
console.log(
  `\nseed: ${Math.round(EVENTS / seed.seconds)} events/s (${Math.round(EVENTS / (seed.seconds + flushSeconds))} with the fsync); cold start: ${coldStartMs} ms (first start), ${uncached.coldStartMs} ms (second start); server RSS right after load: ${rss} MB (cached pass), ${rssUncached} MB (uncached pass), ${rssSettled} MB after ${SETTLE_SECONDS} s idle; database: ${(dbBytes / 1048576).toFixed(1)} MB`,
);
console.log(
  `machine calibration: the smallest Fastify route serves ${calibrationStart} req/s here at the start, ${calibrationEnd} at the end (issue 5's targets were set where it served ~96,000)`,
);
// Issue 5 set its absolute targets where the calibration route served ~96,000 req/s. Scaling by it
// is an approximation (a create is heavier on system calls than the hello route), so the measured
// figures stay the ones reported; this line only says what they would be there.
const TARGETS_MACHINE_RPS = 96_000;
const scale = TARGETS_MACHINE_RPS / Math.max(calibrationStart, calibrationEnd);
const createsScaled = Math.round(rpsOf('POST /events') * scale);
const seedScaled = Math.round((EVENTS / seed.seconds) * scale);
console.log(
  `scaled to the targets' machine (×${scale.toFixed(2)}): creates ${createsScaled}/s (target 3,000), seeding ${seedScaled} events/s (target 50,000)`,
);
if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
console.log(
  'BENCH ' +
    JSON.stringify({
      events: EVENTS,
      connections: CONNECTIONS,
      seconds: SECONDS,
      scenarios: results.map((r) => ({ ...r, ratio_to_bare: Number(ratio(r).toFixed(3)) })),
      seed_events_per_s: Math.round(EVENTS / seed.seconds),
      seed_with_fsync_events_per_s: Math.round(EVENTS / (seed.seconds + flushSeconds)),
      cold_start_ms: coldStartMs,
      cold_start_second_ms: uncached.coldStartMs,
      server_rss_mb: rss,
      server_rss_uncached_mb: rssUncached,
      server_rss_settled_mb: rssSettled,
      settle_seconds: SETTLE_SECONDS,
      database_mb: Number((dbBytes / 1048576).toFixed(1)),
      calibration_minimal_fastify_rps: calibrationEnd,
      calibration_start_rps: calibrationStart,
      targets_machine_scale: Number(scale.toFixed(3)),
      creates_per_s_scaled: createsScaled,
      seed_events_per_s_scaled: seedScaled,
    }),
);
