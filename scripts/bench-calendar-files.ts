// npm run bench:files [-- --events N --import-events M --big-mb B --busy-events K]: calendar files
// (issues 22 and 31). Seeds N events (100k) through the bulk path, serves them with the real app
// on 127.0.0.1, and measures: the .ics and .csv export of every event over HTTP (time to the last
// byte, size, and the server's RSS growth while streaming: flat memory is the goal), the import of
// an M-event (10k) .ics into a fresh site (preview and real) beside its floor — the same file only
// parsed by ical.js, nothing planned or written — the same as .csv; then, with the client in
// another process (bench-files-client.ts): the import of a K-event (5,000) file while that client
// reads events one GET at a time, each a different one (p99, and this server's event-loop delay p99 beside the
// same loop idle for as long), and a preview and an import of a ~B MB (60 MB) .ics, then of a ~B MB
// .csv, uploaded from disk to the built server (dist/cli.mjs serve, as the app runs it) started
// fresh in a process of its own: its peak RSS over its own idle RSS, each. Prints a table, the
// machine's load, and `BENCH {json}`.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { forkClient, idleLoopP99 } from './bench-forked-client.ts';
import ICAL from 'ical.js';
import type { FilesClientReport, FilesClientRequest } from './bench-files-client.ts';
import { openDataDir } from '../server/data-dir.ts';
import { bulkSeed } from './seed/bulk-seed.ts';
import { listen } from '../server/listen.ts';
import { serveBuilt } from './ui/serve-built.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    'import-events': { type: 'string', default: '10000' },
    'big-mb': { type: 'string', default: '60' },
    'busy-events': { type: 'string', default: '5000' },
  },
});
const BUSY_EVENTS = Number(values['busy-events']);
const EVENTS = Number(values.events);
const IMPORT_EVENTS = Number(values['import-events']);
const BIG_MB = Number(values['big-mb']);
/** A person reading an import's preview before confirming it. */
const PREVIEW_READING_MS = 5_000;

const dataDir = mkdtempSync(join(tmpdir(), 'almanac-bench-files-'));
console.log(`Seeding ${EVENTS} events into ${dataDir} …`);
const store = openDataDir(dataDir, { timezone: 'America/New_York' });
const admin = store.users.byLogin('admin')!;
bulkSeed(store, 'default', EVENTS, admin.id);
const token = store.users.createToken(admin.id, 'bench');
for (const code of ['ics-copy', 'csv-copy', 'busy']) {
  const site = store.sites.create({ code, title: code, timezone: 'America/New_York', language: 'en' });
  store.users.setRole(site.id, admin.id, 'administrator');
}
const listening = await listen({ store, port: 0 });
const run = promisify(execFile);
const auth = { authorization: `Bearer ${token}` };

/** Peak RSS growth (MB) while `work` runs, sampled every 20 ms, over `idle` (default: RSS at its start). */
async function withPeakRss<T>(work: () => Promise<T>, idle?: number): Promise<{ result: T; peakMb: number }> {
  global.gc?.();
  const base = idle ?? process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMb: Math.round((peak - base) / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Downloads an export in another process (the client's reading must not take the server's CPU
 * time in this one), keeping only its size; or here, keeping its text, to build import files.
 */
async function exportOnce(format: 'ics' | 'csv', query = '', keep = false) {
  const url = `${listening.url}/almanac/v1/export?format=${format}${query}`;
  if (!keep) {
    const client = `const t = performance.now(); const r = await fetch(${JSON.stringify(url)}, { headers: ${JSON.stringify(auth)} });
      if (!r.ok) throw new Error(r.status + ' ' + (await r.text())); let bytes = 0;
      for await (const c of r.body) bytes += c.length; console.log(JSON.stringify({ ms: performance.now() - t, bytes }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', client]);
    return { ...(JSON.parse(stdout) as { ms: number; bytes: number }), text: '' };
  }
  const started = performance.now();
  const response = await fetch(url, { headers: auth });
  if (!response.ok) throw new Error(`export ${format}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return { ms: performance.now() - started, bytes: text.length, text };
}

async function importOnce(site: string, body: string, contentType: string, dryRun: boolean) {
  const started = performance.now();
  const response = await fetch(`${listening.url}/${site}/almanac/v1/import?dry_run=${dryRun}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': contentType },
    body,
  });
  const summary = (await response.json()) as { created: number; updated: number; skipped: number; message?: string };
  if (!response.ok) throw new Error(`import: ${response.status} ${JSON.stringify(summary)}`);
  return { ms: performance.now() - started, summary };
}

/**
 * The floor of an .ics import: the same text only parsed by ical.js — ICAL.parse (every line
 * tokenized, every value typed into jCal) and each VEVENT's UID and SUMMARY read — best of 3.
 * Not ICAL.Event nor time values: in ical.js those look up the zone of every TZID through the
 * whole calendar (10k events: 40 s), which would make the floor, not the import, the slow part.
 */
function icalFloorMs(text: string): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const calendar = new ICAL.Component(ICAL.parse(text));
    let count = 0;
    for (const vevent of calendar.getAllSubcomponents('vevent'))
      if (vevent.getFirstPropertyValue('uid') && vevent.getFirstPropertyValue('summary') !== undefined) count++;
    if (count === 0) throw new Error('the floor read no event');
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

// The client of the import-job measures, in a process of its own.
const client = forkClient<FilesClientRequest, FilesClientReport>(
  fileURLToPath(new URL('./bench-files-client.ts', import.meta.url)),
);
const { ask, loop } = client;

/** A Google-like export of `count` events: venues, organizers and categories repeat, as in life. */
function busyCalendar(count: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN'];
  for (let i = 0; i < count; i++) {
    const month = String(1 + (i % 12)).padStart(2, '0');
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(
      'BEGIN:VEVENT',
      `UID:busy-${i}@google.com`,
      `SUMMARY:${['Jazz night', 'Board meeting', 'Reading group', 'Open studio'][i % 4]} ${Math.floor(i / 4)}`,
      `DTSTART:2027${month}${day}T${String(8 + (i % 12)).padStart(2, '0')}0000Z`,
      'DURATION:PT2H',
      `DESCRIPTION:Event ${i} of the busy calendar\\, with a description of some length to read.`,
      `LOCATION:Hall ${i % 60}\\, Hauptstraße ${i % 60}\\, 10435 Berlin\\, Germany`,
      `ORGANIZER;CN=Organizer ${i % 40}:mailto:organizer-${i % 40}@example.org`,
      `CATEGORIES:Category ${i % 15}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

const filesDir = mkdtempSync(join(tmpdir(), 'almanac-bench-files-in-'));
const floorFile = join(filesDir, 'import.ics');
const rows: [string, string, string][] = [];
const results: Record<string, number> = {};
const record = (name: string, key: string, ms: number, detail: string) => {
  rows.push([name, `${Math.round(ms)} ms`, detail]);
  results[key] = Math.round(ms);
};

// Warm-up (JIT, page cache), then the measured runs.
await exportOnce('ics', '&search=warmup');
for (const format of ['ics', 'csv'] as const) {
  const { result, peakMb } = await withPeakRss(() => exportOnce(format));
  record(
    `export ${EVENTS} events .${format}`,
    `export_${format}_ms`,
    result.ms,
    `${(result.bytes / 1e6).toFixed(1)} MB, RSS +${peakMb} MB`,
  );
  results[`export_${format}_rss_mb`] = peakMb;
}

// Import: the first IMPORT_EVENTS events of the calendar, exported and brought into a fresh site.
// The events that end by the day the IMPORT_EVENTS-th one starts: about that many.
const lastDay = (
  store.db
    .prepare(
      `SELECT end_local FROM posts WHERE type = 'event' AND status = 'publish' ORDER BY end_utc LIMIT 1 OFFSET ?`,
    )
    .pluck()
    .get(IMPORT_EVENTS - 1) as string
).slice(0, 10);
const include = `&start_date=1900-01-01&end_date=${lastDay}`;
const window = '';
// What a job costs by itself: a one-event preview (a worker started, a connection opened; from
// the sources the worker loads its TypeScript through tsx, the app's is a bundle). Best of 3.
const oneEvent =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:one\r\nSUMMARY:One\r\nDTSTART:20270101T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
let jobMs = Infinity;
for (let i = 0; i < 3; i++) jobMs = Math.min(jobMs, (await importOnce('ics-copy', oneEvent, 'text/calendar', true)).ms);
record('a job by itself: preview of a one-event file (best of 3)', 'job_overhead_ms', jobMs, 'worker start included');

for (const [format, type] of [
  ['ics', 'text/calendar'],
  ['csv', 'text/csv'],
] as const) {
  const file = (await exportOnce(format, `${include}${window}`, true)).text;
  const preview = await importOnce(`${format}-copy`, file, type, true);
  record(
    `preview ${IMPORT_EVENTS} events .${format}`,
    `preview_${format}_ms`,
    preview.ms,
    `${preview.summary.created} new`,
  );
  // The import follows its preview as in the UI, where a person reads the preview first: by then
  // the worker started after the preview has loaded its code (from the sources, through tsx,
  // ~0.5–2 s: the job overhead above; the app's bundle ~0.1 s), as it has when the user confirms.
  await new Promise((resolve) => setTimeout(resolve, PREVIEW_READING_MS));
  const { result, peakMb } = await withPeakRss(() => importOnce(`${format}-copy`, file, type, false));
  // Its floor is measured at the end: parsing in this process (the server's) now would stall it.
  if (format === 'ics') writeFileSync(floorFile, file);
  record(
    `import ${IMPORT_EVENTS} events .${format}`,
    `import_${format}_ms`,
    result.ms,
    `${result.summary.created} created, RSS +${peakMb} MB`,
  );
  await new Promise((resolve) => setTimeout(resolve, PREVIEW_READING_MS));
  const again = await importOnce(`${format}-copy`, file, type, false);
  record(
    `re-import ${IMPORT_EVENTS} events .${format}`,
    `reimport_${format}_ms`,
    again.ms,
    `${again.summary.updated} updated`,
  );
}

// A big file: the whole export repeated with fresh UIDs until it weighs BIG_MB, written to disk
// (in a function: this process, the server, holds none of its text while it is measured).
const bigFile = join(filesDir, 'big.ics');
async function writeBigFile(): Promise<{ mb: number; events: number }> {
  const whole = (await exportOnce('ics', '', true)).text;
  const body = whole.slice(whole.indexOf('BEGIN:VEVENT'), whole.lastIndexOf('END:VCALENDAR'));
  const perCopy = (body.match(/BEGIN:VEVENT/g) ?? []).length;
  writeFileSync(bigFile, whole.slice(0, whole.indexOf('BEGIN:VEVENT')));
  let bytes = 0;
  let copies = 0;
  for (; bytes < BIG_MB * 1e6; copies++) {
    const copy = body.replace(/\r\nUID:/g, `\r\nUID:copy${copies}-`);
    appendFileSync(bigFile, copy);
    bytes += Buffer.byteLength(copy);
  }
  appendFileSync(bigFile, 'END:VCALENDAR\r\n');
  return { mb: bytes / 1e6, events: perCopy * copies };
}
const { mb: bigMb, events: bigEvents } = await writeBigFile();
// The same for a ~B MB .csv (the CSV export repeated, each copy's rows with their own ID and name):
// an import job reads a CSV file of events as it comes, twice, never whole (read-csv.ts).
const bigCsv = join(filesDir, 'big.csv');
async function writeBigCsv(): Promise<{ mb: number; events: number }> {
  const whole = (await exportOnce('csv', '', true)).text;
  const headerEnd = whole.indexOf('\n') + 1;
  const rows = whole
    .slice(headerEnd)
    .split('\n')
    .filter((row) => row !== '');
  const perCopy = rows.length;
  writeFileSync(bigCsv, whole.slice(0, headerEnd));
  let bytes = 0;
  let copies = 0;
  for (; bytes < BIG_MB * 1e6; copies++) {
    // Every row starts with its name and ends with its ID and permalink: both made this copy's own.
    const copy = rows
      .map((row) => `C${copies} ${row}`.replace(/,(\d+),(http[^,\r]*)(\r?)$/, `,c${copies}-$1,$2$3`))
      .join('\n');
    appendFileSync(bigCsv, `${copy}\n`);
    bytes += Buffer.byteLength(copy) + 1;
  }
  return { mb: bytes / 1e6, events: perCopy * copies };
}
const { mb: bigCsvMb, events: bigCsvEvents } = await writeBigCsv();

// Their memory as the app runs the service: the built server (dist/cli.mjs serve) in a process of
// its own, fresh — its idle RSS holds no import worker and no heap left by earlier jobs, which this
// process's did (its "over idle" once read +0 MB) — on a data dir of its own, its RSS sampled from
// the outside. The upload comes from the forked client, as above.
const bigDir = mkdtempSync(join(tmpdir(), 'almanac-bench-files-big-'));
const bigStore = openDataDir(bigDir, { timezone: 'America/New_York' });
const bigAdmin = bigStore.users.byLogin('admin')!;
const bigToken = bigStore.users.createToken(bigAdmin.id, 'bench');
for (const code of ['big', 'bigcsv']) {
  const site = bigStore.sites.create({ code, title: code, timezone: 'America/New_York', language: 'en' });
  bigStore.users.setRole(site.id, bigAdmin.id, 'administrator');
}
bigStore.close();
const built = await serveBuilt(bigDir);
const builtRssMb = async (): Promise<number> => {
  const pid = built.child.pid!;
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return Number((await run('ps', ['-o', 'rss=', '-p', String(pid)])).stdout.trim()) / 1024;
  }
};
await new Promise((resolve) => setTimeout(resolve, 1500)); // its start-up settled
const builtIdleMb = await builtRssMb();
const bigRuns: [string, string, string, string, number, number][] = [
  ['.ics', bigFile, 'text/calendar', 'big', bigMb, bigEvents],
  ['.csv', bigCsv, 'text/csv', 'bigcsv', bigCsvMb, bigCsvEvents],
];
for (const [kind, file, contentType, site, mb, count] of bigRuns) {
  for (const dryRun of [true, false]) {
    let peak = await builtRssMb();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await builtRssMb());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const result = await ask({ url: built.origin, token: bigToken, site, file, contentType, dryRun });
    sampling = false;
    await sampler;
    if (result.status !== 'done') throw new Error(`big ${kind} ${dryRun ? 'preview' : 'import'}: ${result.status}`);
    const over = Math.round(peak - builtIdleMb);
    const key = `${dryRun ? 'preview' : 'import'}_big${kind === '.csv' ? '_csv' : ''}`;
    record(
      `${dryRun ? 'preview' : 'import'} ${mb.toFixed(0)} MB ${kind} (${count} ${kind === '.csv' ? 'rows' : 'events'}), uploaded from another process`,
      `${key}_ms`,
      result.ms,
      `${result.created} ${dryRun ? 'new' : 'created'}; the built service's RSS +${over} MB over its idle ${Math.round(builtIdleMb)} MB (target < 150 MB)`,
    );
    results[`${key}_rss_mb`] = over;
  }
}
await built.stop();
rmSync(bigDir, { recursive: true, force: true });

// A K-event import while a client in another process reads events, one GET at a time.
const request = (site: string, file: string, dryRun: boolean, readPaths?: string[]): FilesClientRequest => ({
  url: listening.url,
  token,
  site,
  file,
  contentType: 'text/calendar',
  dryRun,
  readPaths,
});
const busyFile = join(filesDir, 'busy.ics');
writeFileSync(busyFile, busyCalendar(BUSY_EVENTS));
// 2,000 different events, one GET each: none is answered from the response cache.
const readIds = store.db
  .prepare("SELECT id FROM posts WHERE type = 'event' AND status = 'publish' LIMIT 2000")
  .pluck()
  .all() as number[];
const busy = await ask(
  request(
    'busy',
    busyFile,
    false,
    readIds.map((id) => `/svc/events/v1/events/${id}`),
  ),
);
if (busy.status !== 'done') throw new Error(`busy import: ${busy.status}`);
const busyLoopP99 = loop.percentile(99) / 1e6;
const busyIdleP99 = await idleLoopP99(Math.min(busy.ms, 5000));
record(
  `import ${BUSY_EVENTS} events .ics while a client reads events one by one`,
  'busy_import_ms',
  busy.ms,
  `${busy.created} created; GET of one event p50 ${busy.getP50.toFixed(1)} / p99 ${busy.getP99.toFixed(1)} / max ${busy.getMax.toFixed(1)} ms (${busy.getsDuringImport} GETs during the import; target p99 ≤ 100 ms); server event-loop delay p99 ${busyLoopP99.toFixed(1)} ms (target ≤ 50 ms), idle ${busyIdleP99.toFixed(1)} ms`,
);
Object.assign(results, {
  busy_get_p50_ms: Math.round(busy.getP50 * 10) / 10,
  busy_get_p99_ms: Math.round(busy.getP99 * 10) / 10,
  busy_gets_during: busy.getsDuringImport,
  busy_loop_p99_ms: Math.round(busyLoopP99 * 10) / 10,
  busy_idle_loop_p99_ms: Math.round(busyIdleP99 * 10) / 10,
});
client.disconnect();

// The floor of the 10k import: the same file only parsed by ical.js (now that nothing is served).
const floor = icalFloorMs(readFileSync(floorFile, 'utf8'));
const importIcs = results.import_ics_ms!;
record(
  `floor: the ${IMPORT_EVENTS}-event .ics only parsed by ical.js`,
  'import_ics_floor_ms',
  floor,
  `the import took ${(importIcs / floor).toFixed(1)}× the floor`,
);
results.import_ics_over_floor = Math.round((importIcs / floor) * 10) / 10;
rmSync(filesDir, { recursive: true, force: true });

console.log('');
console.log('| scenario | time | detail |');
console.log('| --- | --- | --- |');
for (const [name, time, detail] of rows) console.log(`| ${name} | ${time} | ${detail} |`);
await listening.close();
store.close();
rmSync(dataDir, { recursive: true, force: true });
const load = loadavg().map((n) => n.toFixed(1));
console.log(`machine load (1/5/15 min): ${load.join(' / ')} on ${availableParallelism()} cores`);
console.log(
  `BENCH ${JSON.stringify({ events: EVENTS, import_events: IMPORT_EVENTS, busy_events: BUSY_EVENTS, load: load.join('/'), ...results })}`,
);
