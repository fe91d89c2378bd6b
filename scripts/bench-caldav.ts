// npm run bench:caldav [-- --events 10000] [--series 100] [--runs 3] [--at-once]
// CalDAV on a calendar of N events (issue 30), of which `--series` weekly series of 20 occurrences
// (each one object), against the real server on 127.0.0.1 over HTTP. This process is the server
// and watches its own event loop; the client is another process (bench-caldav-client.ts), as a
// phone or a desktop calendar would be. Measured, `--runs` times each:
//   - initial sync as a client does it: sync-collection (hrefs + ETags), then calendar-multiget of
//     every object in batches of 100 (target ≤ 5 s end to end) — the first run's by a first client,
//     the later runs' by another client of the same calendar — and the server's event-loop delay
//     p99 while it runs (target ≤ 16 ms), beside the p99 of the same server idle for as long;
//   - an incremental sync-collection after 10 changes made through the REST API (target ≤ 50 ms);
//   - a calendar-query for the busiest month with calendar-data (target ≤ 50 ms), first before the
//     sync (the first run's: the first query after the service starts, nothing of it rendered yet;
//     with the server process's CPU time for it, all threads), then again after the changes;
// each beside a floor measured in the same run: PROPFIND Depth 0 on the calendar (client side).
// Times are the client's (server time plus loopback HTTP: an upper bound). Prints a table, then
// `BENCH {json}`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { forkClient, idleLoopP99 } from './bench-forked-client.ts';
import { openDataDir } from '../server/data-dir.ts';
import { listen } from '../server/listen.ts';
import { administratorContext } from '../server/operations/context.ts';
import { writeSeriesDocument } from '../server/operations/series/series-document.ts';
import { bulkSeed } from './seed/bulk-seed.ts';
import { davErrorOf, davRead, type DavReadJob } from '../server/caldav/dav-read.ts';
import type { ClientReport, ClientRequest } from './bench-caldav-client.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    series: { type: 'string', default: '100' },
    runs: { type: 'string', default: '3' },
    'at-once': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const EVENTS = Number(values.events);
const SERIES = Number(values.series);
const PER_SERIES = 20;
const RUNS = Number(values.runs);
const TARGETS = { initialSyncMs: 5000, incrementalMs: 50, monthQueryMs: 50, loopP99Ms: 16 };

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

const dataDir = mkdtempSync(join(tmpdir(), 'almanac-bench-caldav-'));
const store = openDataDir(dataDir, { timezone: 'America/New_York' });
const admin = store.users.byLogin('admin')!;
const singles = Math.max(0, EVENTS - SERIES * PER_SERIES);
bulkSeed(store, 'default', singles, admin.id);
// Weekly series through the series operations, each one object of 20 occurrences (a tenth with
// an occurrence moved on its own, so its object carries an exception).
const ctx = administratorContext(store);
store.transaction(() => {
  for (let i = 0; i < SERIES; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const { series } = writeSeriesDocument(ctx, {
      uid: `bench-series-${i}@almanac`,
      master: {
        title: `Weekly session ${i}`,
        description: '<p>Every week, <strong>same place</strong>.</p>',
        start_date: `2027-02-${day} 18:00`,
        end_date: `2027-02-${day} 20:00`,
        status: 'publish',
        categories: ['Weekly'],
      },
      rule: `FREQ=WEEKLY;COUNT=${PER_SERIES}`,
      overrides: i % 10 === 0 ? [{ date: `2027-03-${day}`, input: { title: `Weekly session ${i} (moved)` } }] : [],
    });
    void series;
  }
});
const events = (store.db.prepare("SELECT count(*) FROM posts WHERE type = 'event'").pluck().get() as number) ?? 0;
const objects = singles + SERIES;
const token = store.users.createToken(admin.id, 'bench-caldav');
console.log(
  `Seeded ${events} events: ${singles} single events and ${SERIES} series of ${PER_SERIES} (${objects} objects).`,
);
const server = await listen({ store, port: 0 });
// As the service starts it (service.ts): CalDAV's worker is up before the first client comes.
// (From the sources it loads through tsx, seconds under load; the app's is a bundle.) A request
// it refuses at once tells when it is up. Its warm-up (caldav/warm-up.ts) then runs while the
// client process starts, as it would while a calendar app connects: the bench says whether it had
// finished by the first query.
const worker = server.app.davWorker;
if (worker) {
  const probe: DavReadJob = {
    kind: 'report',
    user: { id: admin.id, login: 'admin', displayName: '', superAdmin: true, tokenId: undefined },
    path: { kind: 'calendar', login: 'admin', site: 'default' },
    body: '<x:warm-up xmlns:x="urn:almanac:bench"/>',
    depth: '1',
    pageOrigin: server.url,
  };
  const ready = worker.stream({ kind: 'caldav', job: probe }, () => davRead({ store }, probe), davErrorOf);
  await ready.next().catch(() => undefined);
}

const month = store.db
  .prepare(
    "SELECT substr(start_utc, 1, 7) AS m FROM posts WHERE type = 'event' GROUP BY m ORDER BY count(*) DESC LIMIT 1",
  )
  .pluck()
  .get() as string;

// The client, in a process of its own.
const client = forkClient<ClientRequest, ClientReport>(
  fileURLToPath(new URL('./bench-caldav-client.ts', import.meta.url)),
);
const { ask, loop } = client;

const runs: (ClientReport & { loopP99: number; idleP99: number })[] = [];
// A calendar app connects a while after the app started, not in its first half second: the first
// query waits for CalDAV's worker's warm-up to end (up to 10 s; its length is printed). With
// --at-once it does not, as the warm-up's own worst case.
const waitStarted = performance.now();
if (!values['at-once'])
  while (!(await worker?.stats())?.warmedUp && performance.now() - waitStarted < 10_000)
    await new Promise((resolve) => setTimeout(resolve, 50));
console.log(`first query ${Math.round(performance.now() - waitStarted)} ms after the client was ready`);
// The warm-up's report as the first run begins and after it (undefined: not finished, or turned off).
const warmUpBefore = (await worker?.stats())?.warmedUp;
let warmUpAfter: typeof warmUpBefore;
for (let run = 0; run < RUNS; run++) {
  const report = await ask({
    url: server.url,
    login: 'admin',
    token,
    month,
    expectedObjects: objects,
    repeats: 10,
  });
  const loopP99 = loop.percentile(99) / 1e6;
  const idleP99 = await idleLoopP99(Math.min(report.initialSyncMs, 5000));
  runs.push(Object.assign(report, { loopP99, idleP99 }));
  if (run === 0) warmUpAfter = (await worker?.stats())?.warmedUp;
  console.log(
    `run ${run + 1}: floor ${round(report.floorMs)} ms, month first ${round(report.monthFirstMs)} ms (server CPU ${round(report.monthFirstCpuMs)} ms), initial sync ${round(report.initialSyncMs)} ms, loop p99 ${round(loopP99)} ms (idle ${round(idleP99)} ms), incremental ${round(report.incrementalMs)} ms, month ${round(report.monthMs)} ms (${report.monthObjects} objects)`,
  );
}
client.disconnect();

const pick = (key: 'floorMs' | 'incrementalMs' | 'monthMs' | 'loopP99' | 'idleP99') =>
  median(runs.map((run) => run[key]));
const floorMs = pick('floorMs');
// The first run meets a server that has rendered nothing; later runs are another client of the
// same calendar (its objects kept by the object cache until something changes them).
const cold = runs[0]!;
const warm = runs.slice(1);
const result = {
  events,
  objects,
  series: SERIES,
  runs: RUNS,
  floor_propfind_depth0_ms: round(floorMs),
  initial_sync_cold_ms: round(cold.initialSyncMs),
  initial_sync_cold_ratio: round(cold.initialSyncMs / floorMs),
  initial_sync_warm_ms: round(median(warm.map((run) => run.initialSyncMs))),
  initial_sync_runs_ms: runs.map((run) => round(run.initialSyncMs)),
  event_loop_p99_ms: round(pick('loopP99')),
  event_loop_p99_runs_ms: runs.map((run) => round(run.loopP99)),
  idle_event_loop_p99_ms: round(pick('idleP99')),
  incremental_10_changes_ms: round(pick('incrementalMs')),
  incremental_ratio: round(pick('incrementalMs') / floorMs),
  month_query_cold_ms: round(cold.monthFirstMs),
  month_query_cold_ratio: round(cold.monthFirstMs / floorMs),
  month_query_cold_server_cpu_ms: round(cold.monthFirstCpuMs),
  worker_warm_up: warmUpAfter
    ? { ms: warmUpAfter.ms, rendered: warmUpAfter.rendered, done_before_first_run: warmUpBefore !== undefined }
    : null,
  month_query_ms: round(pick('monthMs')),
  month_query_objects: cold.monthObjects,
  month_query_ratio: round(pick('monthMs') / floorMs),
  targets: TARGETS,
};
console.table([
  { measure: 'floor: PROPFIND Depth 0 (median)', ms: result.floor_propfind_depth0_ms, target: '' },
  {
    measure: `initial sync, ${objects} objects, first client`,
    ms: result.initial_sync_cold_ms,
    target: `≤ ${TARGETS.initialSyncMs}`,
  },
  { measure: '  the same, a later client (median)', ms: result.initial_sync_warm_ms, target: '' },
  { measure: 'server event loop p99 during a sync', ms: result.event_loop_p99_ms, target: `≤ ${TARGETS.loopP99Ms}` },
  { measure: '  the same loop idle, p99 (floor)', ms: result.idle_event_loop_p99_ms, target: '' },
  {
    measure: 'sync-collection, 10 changes (median)',
    ms: result.incremental_10_changes_ms,
    target: `≤ ${TARGETS.incrementalMs}`,
  },
  {
    measure: `calendar-query, a month (${result.month_query_objects} objects), first after the start`,
    ms: result.month_query_cold_ms,
    target: `≤ ${TARGETS.monthQueryMs}`,
  },
  { measure: '  its server CPU time, all threads', ms: result.month_query_cold_server_cpu_ms, target: '' },
  { measure: '  the same month again (median)', ms: result.month_query_ms, target: `≤ ${TARGETS.monthQueryMs}` },
]);
console.log(`BENCH ${JSON.stringify(result)}`);
await server.close();
store.close();
if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
