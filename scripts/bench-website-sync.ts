// Website sync at scale (issue 38's speed goals): Almanac's own time per synced event beside the
// website's, and the event loop's p99 delay while 1,000 events sync — a first publish (1,000
// events here go to the website) and a first pull (1,000 events there come here). The stand-in
// website runs in its own process (scripts/bench/tec-site-child.ts), so this process's CPU time is
// Almanac's alone; the website's is the child's. The floor, measured in the same run, is creating
// the same 1,000 events locally through the same operations (our machines' speed varies 2–8× from
// day to day: the ratio is what compares across runs). Requests are counted, not timed. The event
// loop's p99 and max during each sync stand beside the idle loop's, measured in the same run, and
// the machine's load. To see what holds the loop: BENCH_BLOCKS=10 (the blocks over 10 ms, on the
// clock of `node --cpu-prof`'s profile) and BENCH_WINDOWS=1 (each sync's stretch on that clock).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { openDataDir } from '../server/data-dir.ts';
import { administratorContext } from '../server/operations/context.ts';
import { writeEvent } from '../server/operations/events/writes.ts';
import { FileCredentialStore } from '../server/website-sync/credentials.ts';
import { connectWebsite } from '../server/website-sync/website-service.ts';
import { syncSite } from '../server/website-sync/sync-run.ts';
import type { Store } from '../server/db/store.ts';

const { values } = parseArgs({ options: { events: { type: 'string', default: '1000' } } });
const EVENTS = Number(values.events);
const PASSWORD = 'abcd efgh ijkl mnop qrst uvwx';

interface Website {
  url: string;
  child: ChildProcess;
  ask<T>(what: string): Promise<T>;
}

async function website(seed: number): Promise<Website> {
  const child = fork(new URL('./bench/tec-site-child.ts', import.meta.url).pathname, ['--events', String(seed)], {
    execArgv: ['--import', 'tsx'],
  });
  const url = await new Promise<string>((resolve) => child.once('message', (m: { url: string }) => resolve(m.url)));
  return {
    url,
    child,
    ask: (what) =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as never));
        child.send(what);
      }),
  };
}

/** The machine's load (as `uptime` prints it) beside each figure: 2 cores shared, figures vary with it. */
const load = () =>
  `load ${loadavg()
    .map((each) => each.toFixed(2))
    .join(', ')}`;

const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const childCpuMs = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) => (b.user - a.user + b.system - a.system) / 1000;

function seedLocal(store: Store, count: number): number {
  const ctx = administratorContext(store);
  const started = process.cpuUsage();
  store.writing(() => {
    for (let i = 0; i < count; i++) {
      const day = DateTime.now()
        .plus({ days: 1 + (i % 300) })
        .toFormat('yyyy-MM-dd');
      writeEvent(ctx, {
        title: `Almanac event ${i}`,
        description: `<p>Made in Almanac, number ${i}.</p>`,
        start_date: `${day} 19:00`,
        end_date: `${day} 21:00`,
        cost: `€${i % 40}`,
        categories: ['Bench'],
        venue: i % 2 ? { venue: 'Bench hall' } : undefined,
      } as never);
    }
  });
  return cpuMs(started) / count;
}

async function measure(label: string, store: Store, site: Website, mode: 'publish' | 'import', floorMs: number) {
  const credentials = new FileCredentialStore(join(store.db.name, '..'));
  const siteRow = store.sites.byCode('default')!;
  await connectWebsite(store, credentials, siteRow, { url: site.url, login: 'admin', password: PASSWORD, mode });
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  const childBefore = (await site.ask<{ cpu: NodeJS.CpuUsage }>('cpu')).cpu;
  const requestsBefore = (await site.ask<{ requests: number }>('requests')).requests;
  loop.enable();
  const wall = performance.now();
  const window = process.hrtime.bigint();
  const blocks = process.env.BENCH_BLOCKS ? watchBlocks(Number(process.env.BENCH_BLOCKS)) : undefined;
  const cpu = process.cpuUsage();
  const result = await syncSite({ store, siteId: siteRow.id, credentials });
  const ownMs = cpuMs(cpu);
  const wallMs = performance.now() - wall;
  loop.disable();
  // For reading a --cpu-prof profile of this run: the measured stretch on the profile's clock (µs).
  if (process.env.BENCH_WINDOWS)
    console.log(`${label}: window ${window / 1000n}–${process.hrtime.bigint() / 1000n} µs`);
  if (blocks) console.log(`${label}: blocks ${JSON.stringify(blocks())}`);
  const childAfter = (await site.ask<{ cpu: NodeJS.CpuUsage }>('cpu')).cpu;
  const requests = (await site.ask<{ requests: number }>('requests')).requests - requestsBefore;
  if (!result.ok) throw new Error(`${label}: ${JSON.stringify(result)}`);
  const synced = result.counts.sent + result.counts.received;
  console.log(
    `${label}: ${synced} objects in ${(wallMs / 1000).toFixed(1)} s; Almanac's own CPU ${(ownMs / EVENTS).toFixed(2)} ms/event ` +
      `(${(ownMs / EVENTS / floorMs).toFixed(1)}× the floor of ${floorMs.toFixed(2)} ms/event), the website's ${(childCpuMs(childBefore, childAfter) / EVENTS).toFixed(2)} ms/event; ` +
      `event loop ${loopDelay(loop)}; ${requests} requests (${(requests / EVENTS).toFixed(2)}/event); ${load()}`,
  );
}

/** How often the loop's timer samples (ms). */
const LOOP_RESOLUTION_MS = 5;

/**
 * The loop's delay: how late its sampling timer fired. Node's histogram records the whole interval
 * between two firings — the resolution included (an idle loop's p50 is 5.1 ms at a 5 ms resolution,
 * 1.1 ms at 1 ms: checked) — so the delay is what it records less the resolution. Both are printed;
 * the figures before 2026-11-29 15:50 in docs/PERFORMANCE.md were the recorded intervals.
 */
function loopDelay(histogram: ReturnType<typeof monitorEventLoopDelay>): string {
  const ms = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS).toFixed(1);
  const raw = (ns: number) => (ns / 1e6).toFixed(1);
  return (
    `p99 delay ${ms(histogram.percentile(99))} ms, max ${ms(histogram.max)} ms ` +
    `(recorded intervals at a ${LOOP_RESOLUTION_MS} ms resolution: p99 ${raw(histogram.percentile(99))}, max ${raw(histogram.max)})`
  );
}

/**
 * For finding what holds the loop (with `--cpu-prof`): a 1 ms heartbeat; each gap between two beats
 * longer than `ms` is a block, given as [start, end] on the profile's clock (µs).
 */
function watchBlocks(ms: number): () => [number, number][] {
  const found: [number, number][] = [];
  let last = process.hrtime.bigint();
  const beat = setInterval(() => {
    const now = process.hrtime.bigint();
    if (now - last > BigInt(ms * 1e6)) found.push([Number(last / 1000n), Number(now / 1000n)]);
    last = now;
  }, 1);
  return () => {
    clearInterval(beat);
    return found;
  };
}

/**
 * The event loop's floors in the same run, for 3 s each: idle (this process asleep), and busy —
 * pure CPU work in 2 ms slices with a turn of the loop between, as a perfectly sliced sync would
 * be. On a loaded machine a busy process waits for a core far longer than a sleeping one wakes
 * late (the scheduler favours sleepers), so the busy floor is the fair one for a sync's figures.
 */
async function loopFloors(when: string): Promise<void> {
  const idle = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  idle.disable();
  const busy = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  busy.enable();
  const until = performance.now() + 3_000;
  while (performance.now() < until) {
    const slice = performance.now() + 2;
    while (performance.now() < slice) Math.sqrt(Math.random());
    await new Promise((resolve) => setImmediate(resolve));
  }
  busy.disable();
  console.log(
    `event loop floors (${when}): idle ${loopDelay(idle)}; busy in 2 ms slices ${loopDelay(busy)}; ${load()}`,
  );
}

const dirs: string[] = [];
const sites: Website[] = [];
try {
  // Floor: the same events created locally through the same operations.
  const floorDir = mkdtempSync(join(tmpdir(), 'almanac-bench-website-floor-'));
  dirs.push(floorDir);
  const floorStore = openDataDir(floorDir, { timezone: 'Europe/Berlin' });
  const floorMs = seedLocal(floorStore, EVENTS);
  floorStore.close();

  // Warm-up (not measured): every module of the sync and the HTTP client loaded and compiled once,
  // as in the running app, so the figures below are the steady cost per event.
  const warmDir = mkdtempSync(join(tmpdir(), 'almanac-bench-website-warm-'));
  dirs.push(warmDir);
  const warmStore = openDataDir(warmDir, { timezone: 'Europe/Berlin' });
  seedLocal(warmStore, 20);
  const warmSite = await website(20);
  sites.push(warmSite);
  const warmCredentials = new FileCredentialStore(warmDir);
  await connectWebsite(warmStore, warmCredentials, warmStore.sites.byCode('default')!, {
    url: warmSite.url,
    login: 'admin',
    password: PASSWORD,
    mode: 'merge',
  });
  await syncSite({ store: warmStore, siteId: 1, credentials: warmCredentials });
  warmStore.close();

  // The event loop's own floors in the same run, before and after the syncs (loopFloors).
  await loopFloors('before');
  // A first publish: events made here go to an empty website.
  const publishDir = mkdtempSync(join(tmpdir(), 'almanac-bench-website-publish-'));
  dirs.push(publishDir);
  const publishStore = openDataDir(publishDir, { timezone: 'Europe/Berlin' });
  seedLocal(publishStore, EVENTS);
  const empty = await website(0);
  sites.push(empty);
  await measure(`first publish of ${EVENTS}`, publishStore, empty, 'publish', floorMs);
  publishStore.close();

  // A first pull: events made on the website come to an empty Almanac site.
  const pullDir = mkdtempSync(join(tmpdir(), 'almanac-bench-website-pull-'));
  dirs.push(pullDir);
  const pullStore = openDataDir(pullDir, { timezone: 'Europe/Berlin' });
  const seeded = await website(EVENTS);
  sites.push(seeded);
  await measure(`first pull of ${EVENTS}`, pullStore, seeded, 'import', floorMs);
  pullStore.close();
  await loopFloors('after');
} finally {
  for (const site of sites) site.child.send('stop');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
