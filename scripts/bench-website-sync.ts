// Website sync at scale (issue 38's speed goals): Almanac's own time per synced event beside the
// website's, and the event loop's p99 delay while 1,000 events sync — a first publish (1,000
// events here go to the website) and a first pull (1,000 events there come here). The stand-in
// website runs in its own process (scripts/bench/tec-site-child.ts), so this process's CPU time is
// Almanac's alone; the website's is the child's. The floor, measured in the same run, is creating
// the same 1,000 events locally through the same operations (our machines' speed varies 2–8× from
// day to day: the ratio is what compares across runs). Requests are counted, not timed.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const childBefore = (await site.ask<{ cpu: NodeJS.CpuUsage }>('cpu')).cpu;
  const requestsBefore = (await site.ask<{ requests: number }>('requests')).requests;
  loop.enable();
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const result = await syncSite({ store, siteId: siteRow.id, credentials });
  const ownMs = cpuMs(cpu);
  const wallMs = performance.now() - wall;
  loop.disable();
  const childAfter = (await site.ask<{ cpu: NodeJS.CpuUsage }>('cpu')).cpu;
  const requests = (await site.ask<{ requests: number }>('requests')).requests - requestsBefore;
  if (!result.ok) throw new Error(`${label}: ${JSON.stringify(result)}`);
  const synced = result.counts.sent + result.counts.received;
  console.log(
    `${label}: ${synced} objects in ${(wallMs / 1000).toFixed(1)} s; Almanac's own CPU ${(ownMs / EVENTS).toFixed(2)} ms/event ` +
      `(${(ownMs / EVENTS / floorMs).toFixed(1)}× the floor of ${floorMs.toFixed(2)} ms/event), the website's ${(childCpuMs(childBefore, childAfter) / EVENTS).toFixed(2)} ms/event; ` +
      `event loop p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms; ${requests} requests (${(requests / EVENTS).toFixed(2)}/event)`,
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

  // The event loop's own floor in the same run: this process idle for 3 s, the machine as it is
  // (at load 7 on two cores an idle loop's p99 is itself tens of ms: the wait for a core).
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  idle.disable();
  console.log(
    `event loop idle (floor): p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms, max ${(idle.max / 1e6).toFixed(1)} ms`,
  );

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
} finally {
  for (const site of sites) site.child.send('stop');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
