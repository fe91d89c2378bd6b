// npm run bench:caldav [-- --events 10000] [--runs 10]
// CalDAV on a calendar of N events (issue 30), against the real server on 127.0.0.1 over HTTP:
//   - initial sync as a client does it: sync-collection (hrefs + ETags), then calendar-multiget of
//     every object in batches of 100 (target ≤ 5 s end to end), and the event loop's delay p99
//     while it runs (target ≤ 16 ms; measured in this process, which also runs the client, so the
//     figure is an upper bound of the server's own);
//   - an incremental sync-collection after 10 changes made through the REST API (target ≤ 50 ms);
//   - a calendar-query for one month with calendar-data (target ≤ 50 ms);
// each beside a floor measured in the same run: PROPFIND Depth 0 on the calendar. Prints a table,
// then `BENCH {json}`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDataDir } from '../server/data-dir.ts';
import { listen } from '../server/listen.ts';
import { bulkSeed } from './seed/bulk-seed.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
  },
});
const EVENTS = Number(values.events);
const RUNS = Number(values.runs);
const TARGETS = { initialSyncMs: 5000, incrementalMs: 50, monthQueryMs: 50, loopP99Ms: 16 };

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

const dataDir = mkdtempSync(join(tmpdir(), 'almanac-bench-caldav-'));
const store = openDataDir(dataDir, { timezone: 'America/New_York' });
const admin = store.users.byLogin('admin')!;
bulkSeed(store, 'default', EVENTS, admin.id);
const token = store.users.createToken(admin.id, 'bench-caldav');
console.log(`Seeded ${EVENTS} events.`);
const server = await listen({ store, port: 0 });
const auth = `Basic ${Buffer.from(`admin:${token}`).toString('base64')}`;
const calendar = `${server.url}/caldav/calendars/admin/default/`;

async function dav(method: string, url: string, body: string, depth = '1'): Promise<{ ms: number; text: string }> {
  const started = performance.now();
  const response = await fetch(url, {
    method,
    body,
    headers: { authorization: auth, depth, 'content-type': 'application/xml; charset=utf-8' },
  });
  const text = await response.text();
  if (response.status !== 207) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - started, text };
}

const syncBody = (tokenText: string) =>
  `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${tokenText}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
const hrefsOf = (text: string) => [...text.matchAll(/<d:href>([^<]+\.ics)<\/d:href>/g)].map((m) => m[1]!);
const tokenOf = (text: string) => /<d:sync-token>([^<]+)</.exec(text)![1]!;

// Floor: the calendar's own properties.
const floor: number[] = [];
for (let i = 0; i < RUNS * 2; i++)
  floor.push(
    (
      await dav(
        'PROPFIND',
        calendar,
        '<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/><d:sync-token/></d:prop></d:propfind>',
        '0',
      )
    ).ms,
  );

// Initial sync: hrefs and ETags, then every object, 100 at a time — with the event loop watched.
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const syncStarted = performance.now();
const list = await dav('REPORT', calendar, syncBody(''));
const hrefs = hrefsOf(list.text);
let objects = 0;
for (let at = 0; at < hrefs.length; at += 100) {
  const batch = hrefs.slice(at, at + 100);
  const got = await dav(
    'REPORT',
    calendar,
    `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>${batch
      .map((href) => `<d:href>${href}</d:href>`)
      .join('')}</c:calendar-multiget>`,
  );
  objects += (got.text.match(/BEGIN:VEVENT/g) ?? []).length;
}
const initialMs = performance.now() - syncStarted;
loop.disable();
const loopP99 = loop.percentile(99) / 1e6;
if (objects !== EVENTS) throw new Error(`initial sync fetched ${objects} objects, expected ${EVENTS}`);

// Incremental: 10 changes through the REST API, then sync-collection from the token.
const incremental: number[] = [];
let syncToken = tokenOf(list.text);
const api = `${server.url}/svc/events/v1`;
for (let run = 0; run < RUNS; run++) {
  for (let i = 0; i < 10; i++) {
    const id = 1 + Math.floor(Math.random() * EVENTS);
    const ids = (await (await fetch(`${api}/events?per_page=1&page=${id}&start_date=2000-01-01`)).json()) as {
      events?: { id: number }[];
    };
    const eventId = ids.events?.[0]?.id;
    if (eventId === undefined) continue;
    await fetch(`${api}/events/${eventId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Changed ${run}-${i}` }),
    });
  }
  const delta = await dav('REPORT', calendar, syncBody(syncToken));
  incremental.push(delta.ms);
  syncToken = tokenOf(delta.text);
}

// A month: the busiest month of the calendar, with calendar-data.
const month = store.db
  .prepare(
    "SELECT substr(start_utc, 1, 7) AS m FROM posts WHERE type = 'event' GROUP BY m ORDER BY count(*) DESC LIMIT 1",
  )
  .pluck()
  .get() as string;
const [year, mm] = month.split('-').map(Number) as [number, number];
const next = mm === 12 ? `${year + 1}0101` : `${year}${String(mm + 1).padStart(2, '0')}01`;
const monthQuery = `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${month.replace('-', '')}01T000000Z" end="${next}T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;
const monthly: number[] = [];
let monthObjects = 0;
for (let run = 0; run < RUNS; run++) {
  const got = await dav('REPORT', calendar, monthQuery);
  monthly.push(got.ms);
  monthObjects = (got.text.match(/BEGIN:VEVENT/g) ?? []).length;
}

const floorMs = median(floor);
const result = {
  events: EVENTS,
  floor_propfind_depth0_ms: round(floorMs),
  initial_sync_ms: round(initialMs),
  initial_sync_ratio: round(initialMs / floorMs),
  event_loop_p99_ms: round(loopP99),
  incremental_10_changes_ms: round(median(incremental)),
  incremental_ratio: round(median(incremental) / floorMs),
  month_query_ms: round(median(monthly)),
  month_query_events: monthObjects,
  month_query_ratio: round(median(monthly) / floorMs),
  targets: TARGETS,
};
console.table([
  { measure: 'floor: PROPFIND Depth 0 (median)', ms: result.floor_propfind_depth0_ms, target: '' },
  { measure: `initial sync, ${EVENTS} objects`, ms: result.initial_sync_ms, target: `≤ ${TARGETS.initialSyncMs}` },
  { measure: 'event loop p99 during it', ms: result.event_loop_p99_ms, target: `≤ ${TARGETS.loopP99Ms}` },
  {
    measure: 'sync-collection, 10 changes (median)',
    ms: result.incremental_10_changes_ms,
    target: `≤ ${TARGETS.incrementalMs}`,
  },
  {
    measure: `calendar-query, a month (${monthObjects} events, median)`,
    ms: result.month_query_ms,
    target: `≤ ${TARGETS.monthQueryMs}`,
  },
]);
console.log(`BENCH ${JSON.stringify(result)}`);
await server.close();
store.close();
if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
