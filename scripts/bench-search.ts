// npm run bench:search [-- --events 100000,1000000 --rounds 7 --writes 200 --import-events 10000]
//   [--writes-only | --searches-only]
// The search index (issue 39), in one run, for each calendar size:
//   - each word the UI bench types, as the Events list asks it (an editor's view: every status, the
//     default two-year window, 25 rows), timed in the process beside its floor: the bare FTS5 query
//     of the same terms on the same file (every matching rowid), and beside that floor a second,
//     like for like: the bare query and the page's rows read by a plain SELECT. Medians of --rounds.
//   - the same searches read by the scan (the index not built yet), for comparison;
//   - three of them asked as an anonymous caller of svc/events/v1 asks (published events without a
//     password), "(anonymous)" in the table, and two with a category chosen, "(a category)" (their
//     floor is still the bare query of the words alone);
//   - reading the site's event keys into memory (what the first search of many matches does once
//     per connection: event-keys.ts), on a connection that has not read them, then their text keys
//     (passwords, each text's last characters: what the read worker reads next);
//   - building the index of an existing calendar from nothing (what the first start after the
//     update does, in steps): its time and items per second;
//   - the database's size, and the index's share of it (dbstat);
// and, at the first size only, writes with the index's triggers and without them in one run (an
// A/B, alternated ABBA so the machine's drift cancels out): single event creates and title updates
// over HTTP, and an import of --import-events events from an .ics file; then the fold of what
// they queued into the index (the service's work a second later). Prints a table and, last,
// `BENCH_SEARCH {json}`.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDataDir } from '../server/data-dir.ts';
import { listen } from '../server/listen.ts';
import type { Store } from '../server/db/store.ts';
import type { EventListFilter } from '../server/db/repositories/event-list.ts';
import { searchIndex } from '../server/db/repositories/search-index.ts';
import { eventKeys } from '../server/db/repositories/event-keys.ts';
import { buildSearchIndex } from '../server/operations/search-index-upkeep.ts';
import { searchBackfillOf } from '../server/db/repositories/search-index-writes.ts';
import { bulkSeed } from './seed/bulk-seed.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000,1000000' },
    rounds: { type: 'string', default: '7' },
    writes: { type: 'string', default: '200' },
    // Only the writes' A/B (at the first size): no searches, no rebuild.
    'writes-only': { type: 'boolean', default: false },
    // Only the searches (and the keys' read): no rebuild of the index, no writes' A/B.
    'searches-only': { type: 'boolean', default: false },
    'import-events': { type: 'string', default: '10000' },
  },
});
const SIZES = values.events.split(',').map(Number);
const ROUNDS = Number(values.rounds);
const WRITES = Number(values.writes);
const IMPORT_EVENTS = Number(values['import-events']);
/**
 * The words bench:ui types into the Events list's search box — each of the seeder's 20 words is in
 * about one event title in five, far commoner than a real calendar's words — and two selective
 * searches (an event number: dozens of events), as a real calendar's names are.
 */
const WORDS = [
  'Jazz',
  'Market',
  'Opera',
  'Yoga',
  'Night',
  'Jazz Night',
  'Market 1',
  'Opera 2',
  'zzz',
  'Yoga 9',
  '4711',
  'Jazz 4711',
];
/**
 * The same asked as an anonymous caller of svc/events/v1 (a tool written for The Events
 * Calendar): published events only, none with a password, the API's default window.
 */
const ANONYMOUS_WORDS = ['Jazz', 'Market 1', 'Jazz 4711'];
/** And as the Events list asks it with a category chosen (the site's first). */
const CATEGORY_WORDS = ['Jazz', 'Market 1'];

const load = () => loadavg()[0]!.toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round1 = (ms: number) => Math.round(ms * 10) / 10;
/** A ratio to 0.01 (1.46 is under 1.5; 1.5 rounded from 1.54 would not say so). */
const ratio2 = (value: number) => Math.round(value * 100) / 100;
/** A time in ms to 0.1 ms, or to the µs under a millisecond (a selective word's). */
const roundMs = (ms: number) => (ms < 1 ? Math.round(ms * 1000) / 1000 : round1(ms));

function timeMedian(fn: () => unknown, rounds = ROUNDS): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * The Events list's request as an editor makes it: every status, from now to two years on; or, for
 * an anonymous caller, as svc/events/v1 asks it (published events without a password).
 */
function listFilter(search: string, anonymous = false, category?: number): EventListFilter {
  const sql = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
  return {
    siteId: 1,
    statuses: anonymous ? ['publish'] : ['publish', 'future', 'draft', 'pending', 'private'],
    ...(anonymous ? { excludeProtected: true } : {}),
    dates: [
      { column: 'end_utc', op: '>=', value: sql(Date.now()) },
      { column: 'start_utc', op: '<=', value: sql(Date.now() + 730 * 86_400_000) },
    ],
    termGroups: category === undefined ? [] : [[category]],
    orderBy: 'start',
    limit: 25,
    offset: 0,
    search,
  };
}

/** Wall and CPU milliseconds: on a shared machine the CPU time is what the work itself took. */
interface Timing {
  wall: number;
  cpu: number;
}

/**
 * Medians of two measures taken in turns, the order swapped every round, as wall time and as this
 * process's CPU time (which a loaded machine's waiting for a core does not count).
 */
function timeMedians(a: () => unknown, b: () => unknown): [Timing, Timing] {
  // A measure of a call under 10 ms (a selective word's: tens of µs) is of a batch of calls that
  // takes about 10 ms, the same count for both, divided back: one call alone is timer noise, and
  // a short batch the JIT's and the page cache's.
  const warmUp = performance.now();
  a();
  b();
  const batch = Math.min(2000, Math.max(1, Math.ceil(10 / Math.max(performance.now() - warmUp, 0.001))));
  const times = [
    { wall: [] as number[], cpu: [] as number[] },
    { wall: [] as number[], cpu: [] as number[] },
  ] as const;
  const time = (fn: () => unknown, into: (typeof times)[number]) => {
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < batch; i++) fn();
    into.wall.push((performance.now() - started) / batch);
    const cpu = process.cpuUsage(cpuStarted);
    into.cpu.push((cpu.user + cpu.system) / 1000 / batch);
  };
  // Sub-millisecond calls swing the most between batches (the CPU's caches, the other core's
  // work): more rounds for them, which cost little.
  const rounds = batch > 1 ? Math.max(ROUNDS, 21) : ROUNDS;
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      time(a, times[0]);
      time(b, times[1]);
    } else {
      time(b, times[1]);
      time(a, times[0]);
    }
  }
  return times.map((t) => ({ wall: median(t.wall), cpu: median(t.cpu) })) as [Timing, Timing];
}

interface SearchFigure {
  word: string;
  total: number;
  found_by_index: number;
  list_ms: number;
  bare_ms: number;
  ratio: number;
  /** The same as the process's CPU time. */
  list_cpu_ms: number;
  bare_cpu_ms: number;
  cpu_ratio: number;
  /** The bare query and the page's rows read plainly (CPU), and the list against it (timed beside it). */
  bare_rows_cpu_ms: number;
  cpu_ratio_rows: number;
  /**
   * The search alone (CPU): the list's page of ids and its total, found as the list finds them,
   * without reading the page's rows (eventList.pageIds()) — against the bare query timed beside it.
   */
  search_cpu_ms: number;
  search_bare_cpu_ms: number;
  search_cpu_ratio: number;
  scan_ms: number;
}

function setPhase(store: Store, phase: 'posts' | 'done'): void {
  store.db.prepare('UPDATE search_backfill SET phase = ? WHERE id = 1').run(phase);
}

function searches(store: Store): SearchFigure[] {
  const index = searchIndex(store.db);
  const category = store.db
    .prepare("SELECT min(id) FROM terms WHERE site_id = 1 AND taxonomy = 'category'")
    .pluck()
    .get() as number;
  const asked = [
    ...WORDS.map((word) => ({ word, label: word, anonymous: false, category: undefined })),
    ...ANONYMOUS_WORDS.map((word) => ({ word, label: `${word} (anonymous)`, anonymous: true, category: undefined })),
    ...CATEGORY_WORDS.map((word) => ({ word, label: `${word} (a category)`, anonymous: false, category })),
  ];
  return asked.map(({ word, label, anonymous, category: chosen }) => {
    const filter = listFilter(word, anonymous, chosen);
    const page = () => store.snapshot(() => store.eventList.page(filter));
    const { total } = page();
    const bare = index.bareQuery(1, word);
    // The rowids as one JSON array, parsed: the quickest way here to bring many of them into
    // JavaScript (a row at a time costs ~0.1 µs each; the list reads them this way too).
    const statement = store.db
      .prepare(`WITH found(id) AS (${bare.sql}) SELECT json_group_array(id) FROM found`)
      .pluck();
    const bareIds = () => JSON.parse(statement.get(...bare.params) as string) as number[];
    const found = bare.params[0] === '' ? 0 : bareIds().length;
    // The list and its floor alternate round by round (ABBA…), so the machine's drift falls on both.
    const [list, bareMs] = bare.params[0] === '' ? timeMedians(page, () => undefined) : timeMedians(page, bareIds);
    // A second floor, like for like: the bare query and the rows of the page shown (every column,
    // as a plain SELECT reads them) — what any list that answers with rows does at the least.
    // For a selective word (16 matches) the rowids alone leave no room for reading a page.
    const shown = page().rows.map((row) => row.id);
    const rowsOf =
      shown.length === 0
        ? undefined
        : store.db.prepare(`SELECT * FROM posts WHERE site_id = ? AND id IN (${shown.map(() => '?').join(',')})`);
    const [listAgain, bareRows] =
      bare.params[0] === ''
        ? timeMedians(page, () => undefined)
        : timeMedians(page, () => {
            bareIds();
            rowsOf?.all(1, ...shown);
          });
    // The search alone: what the list does that the bare query does not — every other filter, the
    // order and the total — but not the reading of the page's rows, which any list does, search or not.
    const ids = () => store.snapshot(() => store.eventList.pageIds(filter));
    if (ids() === undefined) throw new Error(`${label}: the list's page is not found by its ids`);
    const [searchOnly, bareAgain] =
      bare.params[0] === '' ? timeMedians(ids, () => undefined) : timeMedians(ids, bareIds);
    setPhase(store, 'posts');
    let scan: number;
    try {
      scan = timeMedian(page, 1);
    } finally {
      setPhase(store, 'done');
    }
    return {
      word: label,
      total,
      found_by_index: found,
      list_ms: roundMs(list.wall),
      bare_ms: roundMs(bareMs.wall),
      ratio: ratio2(list.wall / Math.max(bareMs.wall, 0.001)),
      list_cpu_ms: roundMs(list.cpu),
      bare_cpu_ms: roundMs(bareMs.cpu),
      cpu_ratio: ratio2(list.cpu / Math.max(bareMs.cpu, 0.001)),
      bare_rows_cpu_ms: roundMs(bareRows.cpu),
      cpu_ratio_rows: ratio2(listAgain.cpu / Math.max(bareRows.cpu, 0.001)),
      search_cpu_ms: roundMs(searchOnly.cpu),
      search_bare_cpu_ms: roundMs(bareAgain.cpu),
      search_cpu_ratio: ratio2(searchOnly.cpu / Math.max(bareAgain.cpu, 0.001)),
      scan_ms: round1(scan),
    };
  });
}

/** The database's pages, and the index's (its FTS5 tables and their shadow tables). */
function sizes(store: Store): { database_mb: number; index_mb: number } {
  const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
  const total = store.db.prepare('SELECT sum(pgsize) FROM dbstat').pluck().get() as number;
  const index = store.db
    .prepare("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'search\\_%' ESCAPE '\\'")
    .pluck()
    .get() as number;
  return { database_mb: mb(total), index_mb: mb(index) };
}

/** Empties the index and builds it again the way the first start after the update does. */
async function rebuild(store: Store): Promise<{ seconds: number; items: number }> {
  store.db.exec(`INSERT INTO search_posts (search_posts) VALUES ('delete-all');
    INSERT INTO search_translations (search_translations) VALUES ('delete-all');
    DELETE FROM search_translation_docs; DELETE FROM search_queue; DELETE FROM search_translation_queue;
    UPDATE search_backfill SET phase = 'posts', site_id = 0, object_id = -1, language = '', done = 0, total = NULL;`);
  const started = performance.now();
  const items = await buildSearchIndex(store, () => false);
  return { seconds: (performance.now() - started) / 1000, items };
}

/** The index's triggers, to drop and put back for the A/B. */
function triggers(store: Store): { name: string; sql: string }[] {
  return store.db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search\\_%' ESCAPE '\\'")
    .all() as { name: string; sql: string }[];
}

function importCalendar(count: number, prefix: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Almanac bench//EN'];
  for (let i = 0; i < count; i++) {
    const month = String(1 + (i % 12)).padStart(2, '0');
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${prefix}-${i}@bench`,
      'DTSTAMP:20270101T000000Z',
      `DTSTART:2028${month}${day}T${String(8 + (i % 12)).padStart(2, '0')}0000Z`,
      'DURATION:PT2H',
      `SUMMARY:${['Jazz night', 'Board meeting', 'Reading group', 'Café concert'][i % 4]} ${i}`,
      `DESCRIPTION:Event ${i} of the imported calendar\\, with a description of some length to read.`,
      `LOCATION:Hall ${i % 60}\\, Hauptstraße ${i % 60}\\, 10435 Berlin`,
      `CATEGORIES:Category ${i % 15}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

async function writesAB(store: Store, token: string) {
  const listening = await listen({ store, port: 0 });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const api = `${listening.url}/svc/events/v1`;
  const saved = triggers(store);
  const setTriggers = (on: boolean) => {
    for (const { name, sql } of saved) {
      store.db.exec(`DROP TRIGGER IF EXISTS ${name}`);
      if (on) store.db.exec(sql);
    }
  };
  let n = 0;
  const created: number[] = [];
  async function creates(): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const started = performance.now();
      const response = await fetch(`${api}/events`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `Bench café ${n++}`,
          description: '<p>A jazz evening with friends.</p>',
          start_date: '2028-05-01 10:00',
          end_date: '2028-05-01 12:00',
        }),
      });
      const body = (await response.json()) as { id: number };
      times.push(performance.now() - started);
      if (!response.ok) throw new Error(`create: ${response.status}`);
      created.push(body.id);
    }
    return median(times);
  }
  async function updates(): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const id = created[i % created.length]!;
      const started = performance.now();
      const response = await fetch(`${api}/events/${id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ title: `Renamed müsic ${n++}` }),
      });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (!response.ok) throw new Error(`update: ${response.status}`);
    }
    return median(times);
  }
  async function imports(label: string): Promise<number> {
    const body = importCalendar(IMPORT_EVENTS, `${label}-${n++}`);
    const started = performance.now();
    const response = await fetch(`${listening.url}/almanac/v1/import`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/calendar' },
      body,
    });
    const summary = (await response.json()) as { created: number };
    if (!response.ok || summary.created !== IMPORT_EVENTS) throw new Error(`import: ${JSON.stringify(summary)}`);
    return performance.now() - started;
  }
  const figures = { with: { create: [] as number[], update: [] as number[], import: [] as number[] } };
  const without = { create: [] as number[], update: [] as number[], import: [] as number[] };
  // Warm-up (the JIT, the page cache, the import worker's first start), then ABBA BAAB.
  await creates();
  await imports('warm-up');
  for (const on of [true, false, false, true, false, true, true, false]) {
    setTriggers(on);
    const into = on ? figures.with : without;
    into.create.push(await creates());
    into.update.push(await updates());
    into.import.push(await imports(on ? 'with' : 'without'));
  }
  setTriggers(true);
  await listening.close();
  // What the writes with the index queued (creates, updates, two imports), folded into it as the
  // service does a second later, off the request path.
  const writes = searchBackfillOf(store.db);
  const queued = writes.queued();
  const foldStarted = performance.now();
  while (writes.queued() > 0) store.writing(() => writes.fold(5_000));
  const foldMs = performance.now() - foldStarted;
  const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const row = (name: keyof typeof without) => ({
    with_ms: round1(avg(figures.with[name])),
    without_ms: round1(avg(without[name])),
    slower_percent: Math.round((avg(figures.with[name]) / avg(without[name]) - 1) * 100),
  });
  return {
    create: row('create'),
    update: row('update'),
    import: row('import'),
    fold: { items: queued, ms: Math.round(foldMs), items_per_s: Math.round(queued / (foldMs / 1000)) },
  };
}

const report: Record<string, unknown> = { rounds: ROUNDS, load_start: load() };
for (const [position, events] of SIZES.entries()) {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-bench-search-'));
  try {
    console.log(`\n== ${events} events (load ${load()}) ==`);
    const store = openDataDir(dir, { timezone: 'America/New_York' });
    const admin = store.users.byLogin('admin')!;
    const seed = bulkSeed(store, 'default', events, admin.id);
    console.log(`seeded in ${seed.seconds.toFixed(1)} s`);
    const size = sizes(store);
    console.log(`database ${size.database_mb} MB, of which the search index ${size.index_mb} MB`);
    const keysStarted = performance.now();
    const keys = eventKeys(store.db);
    store.snapshot(() => keys.load(1));
    const keysLoadMs = round1(performance.now() - keysStarted);
    const keysMb = round1(keys.bytes() / 2 ** 20);
    console.log(`event keys read into memory: ${keysLoadMs} ms, ${keysMb} MB`);
    // The text keys (passwords, each text's last characters), read after the keys as the read worker does.
    const textStarted = performance.now();
    store.snapshot(() => keys.loadText(1));
    const textLoadMs = round1(performance.now() - textStarted);
    const textMb = round1(keys.bytes() / 2 ** 20 - keysMb);
    console.log(`text keys read into memory: ${textLoadMs} ms, ${textMb} MB more`);
    const figures = values['writes-only'] ? [] : searches(store);
    if (figures.length > 0)
      console.log(
        '| search | total | index finds | list ms | bare FTS5 ms | × bare | list CPU ms | bare CPU ms | × bare (CPU) | bare + rows CPU ms | × (CPU) | search alone CPU ms | bare CPU ms | × bare (CPU) | scan ms |',
      );
    for (const f of figures)
      console.log(
        `| ${f.word} | ${f.total} | ${f.found_by_index} | ${f.list_ms} | ${f.bare_ms} | ${f.ratio} | ${f.list_cpu_ms} | ${f.bare_cpu_ms} | ${f.cpu_ratio} | ${f.bare_rows_cpu_ms} | ${f.cpu_ratio_rows} | ${f.search_cpu_ms} | ${f.search_bare_cpu_ms} | ${f.search_cpu_ratio} | ${f.scan_ms} |`,
      );
    const built = values['writes-only'] || values['searches-only'] ? { seconds: 0, items: 0 } : await rebuild(store);
    // (Not built in a run of the searches or the writes alone: nothing to print.)
    if (built.items > 0)
      console.log(
        `index built from nothing (as after the update): ${built.seconds.toFixed(1)} s, ${Math.round(built.items / built.seconds)} items/s`,
      );
    const entry: Record<string, unknown> = {
      events,
      load: load(),
      ...size,
      index_share_percent: Math.round((size.index_mb / size.database_mb) * 100),
      keys_load_ms: keysLoadMs,
      keys_mb: keysMb,
      text_keys_load_ms: textLoadMs,
      text_keys_mb: textMb,
      searches: figures,
      build_seconds: Math.round(built.seconds * 10) / 10,
      build_items: built.items,
    };
    if (position === 0 && !values['searches-only']) {
      const token = store.users.createToken(admin.id, 'bench');
      const ab = await writesAB(store, token);
      console.log(
        `writes with / without the index (median ms of ${WRITES} each, averaged over ABBA BAAB; import of ${IMPORT_EVENTS}):`,
      );
      for (const name of ['create', 'update', 'import'] as const) {
        const f = ab[name];
        console.log(`  ${name}: ${f.with_ms} / ${f.without_ms} ms (${f.slower_percent}% slower)`);
      }
      console.log(
        `  the fold of what they queued: ${ab.fold.items} items in ${ab.fold.ms} ms (${ab.fold.items_per_s}/s)`,
      );
      entry.writes = ab;
    }
    report[`events_${events}`] = entry;
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
report.load_end = load();
console.log('BENCH_SEARCH ' + JSON.stringify(report));
