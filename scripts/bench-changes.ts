// npm run bench:changes [-- --events 100000] [--writes 20] [--streams 50] [--seconds 30]
// The change stream (issue "Live, bilingual…"), against the real server (the built dist/cli.mjs as
// a child process, as `almanac serve` runs):
//   - latency: an external write → the event drawn in an open month view of a busy calendar, in
//     headless Chromium; for a script's HTTP write to this server, and for a write by another
//     process on the same data dir (a second server in this process: it reaches the first only
//     through the database, as the CLI does);
//   - idle cost: the server's CPU with N idle streams open, against none (from /proc, Linux).
// Targets: 1 s p95; < 1 % of a core for 50 idle streams. Prints a table, then `BENCH {json}`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDataDir } from '../server/data-dir.ts';
import { bulkSeed } from './seed/bulk-seed.ts';
import { listen } from '../server/listen.ts';
import { DEFAULT_CONTEXT, launchBrowser } from './ui/browser.ts';
import { serveBuilt } from './ui/serve-built.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    writes: { type: 'string', default: '20' },
    streams: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
  },
});
const EVENTS = Number(values.events);
const WRITES = Number(values.writes);
const STREAMS = Number(values.streams);
const SECONDS = Number(values.seconds);
const TARGETS = { latencyP95Ms: 1000, idleCpuPercent: 1 };

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const round = (n: number) => Math.round(n * 10) / 10;

const dataDir = mkdtempSync(join(tmpdir(), 'almanac-bench-changes-'));
const store = openDataDir(dataDir, { timezone: 'America/New_York' });
const admin = store.users.byLogin('admin')!;
bulkSeed(store, 'default', EVENTS, admin.id);
const token = store.users.createToken(admin.id, 'bench-changes');
console.log(`Seeded ${EVENTS} events.`);

const server = await serveBuilt(dataDir);
const { child, signInUrl, origin } = server;

// A second server on the same data dir, in this process: its writes reach the first one only
// through the database (data_version), like the CLI's. (Not through `almanac serve`: the data-dir
// lock rightly refuses a second one.)
const second = await listen({ store, port: 0, readWorker: false });

// --- Latency ---------------------------------------------------------------------------------
const browser = await launchBrowser();
const page = await (await browser.newContext(DEFAULT_CONTEXT)).newPage();
await page.goto(signInUrl);
await page.getByText(/Signed in as admin/).waitFor();
const month = new Date().toISOString().slice(0, 7);
await page.evaluate((hash) => (window.location.hash = hash), `#/calendar?view=month&date=${month}-15`);
await page.locator('.calendar-frame[aria-busy="false"] .calendar-event').first().waitFor({ timeout: 60_000 });
console.log(`Month view open with ${await page.locator('.calendar-event').count()} events drawn.`);

const latencies = { http: [] as number[], otherProcess: [] as number[] };
for (let i = 0; i < WRITES * 2; i++) {
  const via = i % 2 === 0 ? 'http' : 'otherProcess';
  const title = `Live ${via} ${i}`;
  const day = `${month}-${String(1 + (i % 28)).padStart(2, '0')}`;
  const started = await page.evaluate(() => performance.now());
  // All-day: drawn first in its day, never folded into "+N more" on a busy calendar.
  const response = await fetch(`${via === 'http' ? origin : second.url}/svc/events/v1/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title, start_date: day, end_date: day, all_day: true }),
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  const shown = await page.waitForFunction(
    (wanted) =>
      [...document.querySelectorAll('.calendar-event')].some((element) => element.textContent?.includes(wanted))
        ? performance.now()
        : false,
    title,
    { polling: 'raf', timeout: 10_000 },
  );
  latencies[via].push(((await shown.jsonValue()) as number) - started);
}
await browser.close();

// --- Idle cost -------------------------------------------------------------------------------
const clockTicks = 100; // USER_HZ on Linux
const cpuSeconds = () => {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks; // utime + stime
};
async function cpuPercentOver(seconds: number): Promise<number> {
  const before = cpuSeconds();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return ((cpuSeconds() - before) / seconds) * 100;
}
const idleNone = await cpuPercentOver(SECONDS);
const controllers: AbortController[] = [];
for (let i = 0; i < STREAMS; i++) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/almanac/v1/changes`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  void response.body?.pipeTo(new WritableStream()).catch(() => {});
  controllers.push(controller);
}
await new Promise((resolve) => setTimeout(resolve, 1000));
const idleStreams = await cpuPercentOver(SECONDS);
for (const controller of controllers) controller.abort();

await second.close();
store.close();
await server.stop();
if (!values.keep) rmSync(dataDir, { recursive: true, force: true });

const rows: [string, number, number][] = [
  ['Script write (HTTP) → on screen, p95 ms', percentile(latencies.http, 95), TARGETS.latencyP95Ms],
  ['Other process write → on screen, p95 ms', percentile(latencies.otherProcess, 95), TARGETS.latencyP95Ms],
  [`CPU with ${STREAMS} idle streams, % of a core`, idleStreams, TARGETS.idleCpuPercent],
];
console.log('\n| Measure | Value | Target | Met |\n|---|---|---|---|');
for (const [name, value, target] of rows)
  console.log(`| ${name} | ${round(value)} | ${target} | ${value <= target ? 'yes' : 'no'} |`);
console.log(
  `(p50: HTTP ${round(percentile(latencies.http, 50))} ms, other process ${round(percentile(latencies.otherProcess, 50))} ms; CPU with no stream ${round(idleNone)} %)`,
);
console.log(
  'BENCH ' +
    JSON.stringify({
      events: EVENTS,
      http_ms: {
        p50: round(percentile(latencies.http, 50)),
        p95: round(percentile(latencies.http, 95)),
        all: latencies.http.map(round),
      },
      other_process_ms: {
        p50: round(percentile(latencies.otherProcess, 50)),
        p95: round(percentile(latencies.otherProcess, 95)),
        all: latencies.otherProcess.map(round),
      },
      idle_cpu_percent: { streams: STREAMS, with_streams: round(idleStreams), without: round(idleNone) },
      targets: TARGETS,
    }),
);
