// npm run bench:files [-- --events N --import-events M --big-mb B]: calendar files (issue 22).
// Seeds N events (100k) through the bulk path, serves them with the real app on 127.0.0.1, and
// measures: the .ics and .csv export of every event over HTTP (time to the last byte, size, and
// the server's RSS growth while streaming: flat memory is the goal), the import of an M-event
// (10k) .ics into a fresh site (preview and real), the same as .csv, and a preview of a ~B MB
// (50 MB) .ics read as a stream. Prints a table and, last, `BENCH {json}`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { openDataDir } from '../server/data-dir.ts';
import { bulkSeed } from './seed/bulk-seed.ts';
import { listen } from '../server/listen.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    'import-events': { type: 'string', default: '10000' },
    'big-mb': { type: 'string', default: '50' },
  },
});
const EVENTS = Number(values.events);
const IMPORT_EVENTS = Number(values['import-events']);
const BIG_MB = Number(values['big-mb']);

const dataDir = mkdtempSync(join(tmpdir(), 'almanac-bench-files-'));
console.log(`Seeding ${EVENTS} events into ${dataDir} …`);
const store = openDataDir(dataDir, { timezone: 'America/New_York' });
const admin = store.users.byLogin('admin')!;
bulkSeed(store, 'default', EVENTS, admin.id);
const token = store.users.createToken(admin.id, 'bench');
for (const code of ['ics-copy', 'csv-copy', 'big']) {
  const site = store.sites.create({ code, title: code, timezone: 'America/New_York', language: 'en' });
  store.users.setRole(site.id, admin.id, 'administrator');
}
const listening = await listen({ store, port: 0 });
const run = promisify(execFile);
const auth = { authorization: `Bearer ${token}` };

/** Peak RSS growth (MB) while `work` runs, sampled every 20 ms. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
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
  const { result, peakMb } = await withPeakRss(() => importOnce(`${format}-copy`, file, type, false));
  record(
    `import ${IMPORT_EVENTS} events .${format}`,
    `import_${format}_ms`,
    result.ms,
    `${result.summary.created} created, RSS +${peakMb} MB`,
  );
  const again = await importOnce(`${format}-copy`, file, type, false);
  record(
    `re-import ${IMPORT_EVENTS} events .${format}`,
    `reimport_${format}_ms`,
    again.ms,
    `${again.summary.updated} updated`,
  );
}

// A big file: the whole export repeated with fresh UIDs until it weighs BIG_MB, previewed.
const whole = (await exportOnce('ics', '', true)).text;
const body = whole.slice(whole.indexOf('BEGIN:VEVENT'), whole.lastIndexOf('END:VCALENDAR'));
const head = whole.slice(0, whole.indexOf('BEGIN:VEVENT'));
let big = head;
for (let copy = 0; big.length < BIG_MB * 1e6; copy++) big += body.replace(/\r\nUID:/g, `\r\nUID:copy${copy}-`);
big += 'END:VCALENDAR\r\n';
const bigEvents = (big.match(/BEGIN:VEVENT/g) ?? []).length;
const { result: bigPreview, peakMb: bigRss } = await withPeakRss(() => importOnce('big', big, 'text/calendar', true));
record(
  `preview ${(big.length / 1e6).toFixed(0)} MB .ics (${bigEvents} events)`,
  'preview_big_ms',
  bigPreview.ms,
  `RSS +${bigRss} MB`,
);
results.preview_big_rss_mb = bigRss;

console.log('');
console.log('| scenario | time | detail |');
console.log('| --- | --- | --- |');
for (const [name, time, detail] of rows) console.log(`| ${name} | ${time} | ${detail} |`);
await listening.close();
store.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(`BENCH ${JSON.stringify({ events: EVENTS, import_events: IMPORT_EVENTS, ...results })}`);
