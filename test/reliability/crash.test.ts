// Crash safety of the service as a process. A child server takes concurrent creates (events with an
// inline venue, new and existing categories and a new tag; venues; tags) and If-Match updates of
// existing events from several workers, and is killed with SIGKILL at a random moment. Then, on the
// same data dir: every write that got a 2xx is there exactly as answered, a write that got no
// answer is either wholly there or not at all, no row is orphaned, term counts equal a recount and
// SQLite's integrity check passes. Three kill/restart cycles; each checks everything written so far.
// A fourth cycle stops the server the way the desktop app quits (SIGTERM → service.stop(): no new
// requests, in-flight ones finish, WAL checkpointed): the same checks, a clean exit, and an empty WAL.
//
// CRASH_SEED=N replays a run's choices (the seed is printed). CRASH_SABOTAGE=no-transaction or
// late-commit runs the child with a deliberately broken database layer (sabotage.ts): the test
// must then fail. Also here: If-Match between two clients (the desktop UI and an external tool).
import { prng } from '../support/prng.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile, openDataDir } from '../../server/data-dir.ts';
import type { Store } from '../../server/db/store.ts';
import { startChildServer, type ChildServer } from './child-server.ts';
import { startServer } from '../support/server.ts';

const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SABOTAGE = process.env.CRASH_SABOTAGE;
const CYCLES = 4;
/** How each cycle ends: killed, or stopped gracefully (the desktop app's quit path). */
const stopSignal = (cycle: number): NodeJS.Signals => (cycle === CYCLES ? 'SIGTERM' : 'SIGKILL');
const WORKERS = 8;
const TARGETS_PER_WORKER = 3;
const KILL_AFTER_MS = [300, 1500] as const;
const REQUEST_TIMEOUT_MS = 15_000;
const FIXED_CATEGORIES = ['Music', 'Theatre', 'Family', 'Outdoor'];
const FIXED_TAGS = ['free', 'weekly'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pad = (n: number) => String(n).padStart(2, '0');

// ---------------------------------------------------------------------------------------------
// HTTP

type Result = { answered: true; status: number; body: any; etag: string | null } | { answered: false; error: string };

async function call(
  apiRoot: string,
  token: string,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<Result> {
  try {
    const response = await fetch(`${apiRoot}/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // keep the text
    }
    return { answered: true, status: response.status, body, etag: response.headers.get('etag') };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { answered: false, error: cause?.code ?? cause?.message ?? String(error) };
  }
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function inPool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// What an event looks like, as answered by the API and as asked for by a request

interface TermShape {
  id: number;
  name: string;
  slug: string;
}
interface EventShape {
  id: number;
  title: string;
  status: string;
  slug: string;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  timezone: string;
  all_day: boolean;
  featured: boolean;
  cost: string;
  venue: { id: number; venue: string; city: string } | null;
  categories: TermShape[];
  tags: TermShape[];
}

const terms = (list: any): TermShape[] =>
  (Array.isArray(list) ? list : [])
    .map((t: any) => ({ id: t.id, name: t.name, slug: t.slug }))
    .sort((a: TermShape, b: TermShape) => a.id - b.id);

function eventShape(body: any): EventShape {
  const venue = body.venue && !Array.isArray(body.venue) && body.venue.id ? body.venue : null;
  return {
    id: body.id,
    title: body.title,
    status: body.status,
    slug: body.slug,
    start_date: body.start_date,
    end_date: body.end_date,
    utc_start_date: body.utc_start_date,
    utc_end_date: body.utc_end_date,
    timezone: body.timezone,
    all_day: body.all_day,
    featured: body.featured,
    cost: body.cost,
    venue: venue ? { id: venue.id, venue: venue.venue, city: venue.city } : null,
    categories: terms(body.categories),
    tags: terms(body.tags),
  };
}

/** The fields a create or update asked for: what the event must show if that request was applied. */
interface EventIntent {
  title: string;
  start_date: string;
  end_date: string;
  featured: boolean;
  categories: string[];
  /** Updates leave the venue and tags alone. */
  venue?: string;
  tags?: string[];
}

const sortedNames = (list: TermShape[]) => list.map((t) => t.name).sort();

function intentMismatch(shape: EventShape, intent: EventIntent): string | undefined {
  const want: Record<string, unknown> = {
    title: intent.title,
    start_date: intent.start_date,
    end_date: intent.end_date,
    featured: intent.featured,
    categories: [...intent.categories].sort(),
  };
  const got: Record<string, unknown> = {
    title: shape.title,
    start_date: shape.start_date,
    end_date: shape.end_date,
    featured: shape.featured,
    categories: sortedNames(shape.categories),
  };
  if (intent.venue !== undefined) {
    want.venue = intent.venue;
    got.venue = shape.venue?.venue ?? null;
  }
  if (intent.tags !== undefined) {
    want.tags = [...intent.tags].sort();
    got.tags = sortedNames(shape.tags);
  }
  const differ = Object.keys(want).filter((k) => JSON.stringify(want[k]) !== JSON.stringify(got[k]));
  return differ.length === 0
    ? undefined
    : differ.map((k) => `${k}: want ${JSON.stringify(want[k])}, got ${JSON.stringify(got[k])}`).join('; ');
}

interface EventModel {
  /** The state last acknowledged (or verified after a restart). */
  shape: EventShape;
  etag: string;
  /** Updates sent since then that got no answer: any one of them may have been applied, whole. */
  pending: EventIntent[];
  origin: string;
}
interface VenueShape {
  id: number;
  venue: string;
  city: string;
  address: string;
  slug: string;
}
const venueShape = (b: any): VenueShape => ({
  id: b.id,
  venue: b.venue,
  city: b.city,
  address: b.address,
  slug: b.slug,
});

/** A create that got no answer: its unique names tell whether (and what of it) reached the database. */
type LostCreate =
  | { kind: 'event'; label: string; intent: EventIntent & { venue: string; tags: string[] }; newCategory: string }
  | { kind: 'venue'; label: string; name: string; city: string; address: string }
  | { kind: 'tag'; label: string; name: string };

// ---------------------------------------------------------------------------------------------

test(
  'SIGKILL (and a graceful stop) mid-write: acknowledged writes survive intact, unanswered ones are all or nothing, the database stays sound',
  { timeout: 120_000 },
  async (t) => {
    t.diagnostic(`CRASH_SEED=${SEED}${SABOTAGE ? ` CRASH_SABOTAGE=${SABOTAGE}` : ''}`);
    const context = `(CRASH_SEED=${SEED})`;
    const nodeArgs = ['--import', 'tsx', ...(SABOTAGE ? ['--import', './test/reliability/sabotage.ts'] : [])];
    const dataDir = mkdtempSync(join(tmpdir(), 'almanac-crash-'));
    let server: ChildServer | undefined;
    t.after(async () => {
      await server?.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    let token: string;
    {
      const store = openDataDir(dataDir, { timezone: 'America/New_York' });
      token = store.users.createToken(store.users.byLogin('admin')!.id, 'crash-test');
      store.close();
    }
    const start = async () => (server = await startChildServer(dataDir, { nodeArgs }));
    await start();
    const api = (method: string, path: string, json?: unknown, headers?: Record<string, string>) =>
      call(server!.apiRoot, token, method, path, json, headers);

    const events = new Map<number, EventModel>();
    const venues = new Map<number, { shape: VenueShape; etag: string | null }>();
    const tags = new Map<number, TermShape>();

    // Set-up: the fixed categories and tags, and the events the workers will update (each owned by
    // one worker, so its updates are sequential and "the last one answered" is well defined).
    for (const name of FIXED_CATEGORIES) {
      const r = await api('POST', 'categories', { name });
      assert.ok(r.answered && r.status === 201, `create category ${name}: ${JSON.stringify(r)}`);
    }
    for (const name of FIXED_TAGS) {
      const r = await api('POST', 'tags', { name });
      assert.ok(r.answered && r.status === 201, `create tag ${name}: ${JSON.stringify(r)}`);
    }
    const targets: number[][] = Array.from({ length: WORKERS }, () => []);
    for (let i = 0; i < WORKERS * TARGETS_PER_WORKER; i++) {
      const r = await api('POST', 'events', {
        title: `target ${i}`,
        status: 'publish',
        start_date: `2027-01-${pad(1 + (i % 28))} 10:00:00`,
        end_date: `2027-01-${pad(1 + (i % 28))} 12:00:00`,
        categories: [FIXED_CATEGORIES[i % FIXED_CATEGORIES.length]],
        tags: [FIXED_TAGS[i % FIXED_TAGS.length]],
        venue: { venue: `Target hall ${i}`, city: 'Springfield' },
      });
      assert.ok(r.answered && r.status === 201 && r.etag, `create target ${i}: ${JSON.stringify(r)}`);
      events.set(r.body.id, { shape: eventShape(r.body), etag: r.etag, pending: [], origin: `target ${i}` });
      targets[i % WORKERS]!.push(r.body.id);
    }

    const totals = { acknowledged: 0, unanswered: 0, landed: 0, updatesLanded: 0 };
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const rng = prng(SEED + cycle * 7919);
      const killAfter = KILL_AFTER_MS[0] + Math.floor(rng() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]));
      const lost: LostCreate[] = [];
      const refused: string[] = [];
      let acknowledged = 0;
      const deadline = Date.now() + killAfter + 10_000; // bounds the loops even if the kill failed

      const worker = async (w: number) => {
        const random = prng(SEED ^ (cycle * 1_000_003 + w * 7_919));
        const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
        for (let n = 0; Date.now() < deadline; n++) {
          const label = `c${cycle}w${w}n${n}`;
          const roll = random();
          const day = 1 + Math.floor(random() * 28);
          const month = 1 + Math.floor(random() * 12);
          const hour = 8 + Math.floor(random() * 10);
          const date = `2027-${pad(month)}-${pad(day)}`;
          const start_date = `${date} ${pad(hour)}:00:00`;
          const end_date = `${date} ${pad(hour + 2)}:30:00`;
          const featured = random() < 0.5;
          let result: Result;
          let onLost: () => void;
          let onOk: (r: Result & { answered: true }) => void;
          if (roll < 0.45) {
            const newCategory = `Cat ${label}`;
            const intent = {
              title: `Crash event ${label}`,
              start_date,
              end_date,
              featured,
              categories: [pick(FIXED_CATEGORIES), newCategory],
              venue: `Hall ${label}`,
              tags: [`tag ${label}`],
            };
            result = await api('POST', 'events', {
              ...intent,
              status: 'publish',
              cost: `$${n % 50}`,
              venue: { venue: intent.venue, city: 'Springfield', address: `${n} Main Street` },
            });
            onLost = () => lost.push({ kind: 'event', label, intent, newCategory });
            onOk = (r) => {
              const shape = eventShape(r.body);
              const mismatch = intentMismatch(shape, intent);
              if (r.status !== 201 || mismatch) refused.push(`create ${label}: ${r.status} ${mismatch ?? ''}`);
              else events.set(shape.id, { shape, etag: r.etag!, pending: [], origin: label });
            };
          } else if (roll < 0.6) {
            const body = { venue: `Venue ${label}`, city: pick(['Berlin', 'Lima', 'Madrid']), address: `${n} Road` };
            result = await api('POST', 'venues', body);
            onLost = () =>
              lost.push({ kind: 'venue', label, name: body.venue, city: body.city, address: body.address });
            onOk = (r) => {
              const shape = venueShape(r.body);
              if (r.status !== 201 || shape.venue !== body.venue || shape.city !== body.city)
                refused.push(`venue ${label}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
              else venues.set(shape.id, { shape, etag: r.etag });
            };
          } else if (roll < 0.7) {
            const name = `Tag ${label}`;
            result = await api('POST', 'tags', { name });
            onLost = () => lost.push({ kind: 'tag', label, name });
            onOk = (r) => {
              if (r.status !== 201 || r.body.name !== name)
                refused.push(`tag ${label}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
              else tags.set(r.body.id, { id: r.body.id, name: r.body.name, slug: r.body.slug });
            };
          } else {
            const id = pick(targets[w]!);
            const model = events.get(id)!;
            const intent: EventIntent = {
              title: `Updated ${id} ${label}`,
              start_date,
              end_date,
              featured,
              categories: [...new Set([pick(FIXED_CATEGORIES), pick(FIXED_CATEGORIES)])],
            };
            model.pending.push(intent);
            result = await api(
              'PATCH',
              `events/${id}`,
              { title: intent.title, start_date, end_date, featured, categories: intent.categories },
              { 'if-match': model.etag },
            );
            onLost = () => {};
            onOk = (r) => {
              const shape = eventShape(r.body);
              const mismatch = intentMismatch(shape, intent);
              if (r.status !== 200 || mismatch || !r.etag) {
                model.pending.pop();
                refused.push(`update ${id} ${label}: ${r.status} ${mismatch ?? JSON.stringify(r.body).slice(0, 300)}`);
              } else Object.assign(model, { shape, etag: r.etag, pending: [] });
            };
          }
          // While a graceful stop closes, a request that still arrives is turned away (503
          // almanac_stopping): like no answer, it must have written nothing or everything.
          if (!result.answered || (result.status === 503 && result.body?.code === 'almanac_stopping')) {
            onLost();
            totals.unanswered++;
            return; // the server is gone: this worker is done for the cycle
          }
          if (result.status >= 200 && result.status < 300) acknowledged++;
          onOk(result);
        }
      };

      const running = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      await sleep(killAfter);
      const signal = stopSignal(cycle);
      const exit = await server!.stop(signal);
      await running;
      totals.acknowledged += acknowledged;
      t.diagnostic(
        `cycle ${cycle}: ${signal} after ${killAfter} ms (${exit.signal ?? `exit ${exit.code}`}); ${acknowledged} writes acknowledged, ` +
          `${lost.length} creates unanswered`,
      );
      assert.deepEqual(refused, [], `valid writes were refused or answered wrongly ${context}`);
      if (signal === 'SIGKILL')
        assert.equal(exit.signal, 'SIGKILL', `the server died before the kill ${context}:\n${server!.output()}`);
      else {
        assert.deepEqual(exit, { code: 0, signal: null }, `a graceful stop exits cleanly:\n${server!.output()}`);
        const wal = `${databaseFile(dataDir)}-wal`;
        assert.ok(!existsSync(wal) || statSync(wal).size === 0, 'the WAL was checkpointed at the stop');
      }

      // The database as the crash left it, before any server touches it again.
      const store = openDataDir(dataDir);
      let landed: { create: LostCreate; id: number }[];
      try {
        const problems = databaseProblems(store);
        const partial = lostCreateProblems(store, lost);
        landed = partial.landed;
        assert.deepEqual([...problems, ...partial.problems], [], `database after kill ${cycle} ${context}`);
      } finally {
        store.close();
      }

      // Restart on the same data dir; every acknowledged write must read back as answered.
      await start();
      const problems: string[] = [];
      await inPool([...events.entries()], 8, async ([id, model]) => {
        const r = await api('GET', `events/${id}`);
        if (!r.answered || r.status !== 200) {
          problems.push(`event ${id} (${model.origin}): ${r.answered ? r.status : r.error}`);
          return;
        }
        const shape = eventShape(r.body);
        if (JSON.stringify(shape) === JSON.stringify(model.shape)) {
          if (r.etag !== model.etag) problems.push(`event ${id}: ETag ${r.etag}, answered ${model.etag}`);
        } else if (model.pending.some((intent) => intentMismatch(shape, intent) === undefined)) {
          // An update that got no answer was applied (whole): fine. It is the state from now on.
          totals.updatesLanded++;
        } else {
          problems.push(
            `event ${id} (${model.origin}) differs from its last answer ${JSON.stringify(model.shape)}` +
              ` and from every unanswered update ${JSON.stringify(model.pending)}: ${JSON.stringify(shape)}`,
          );
        }
        Object.assign(model, { shape, etag: r.etag, pending: [] });
      });
      await inPool([...venues.entries()], 8, async ([id, venue]) => {
        const r = await api('GET', `venues/${id}`);
        if (!r.answered || r.status !== 200) problems.push(`venue ${id}: ${r.answered ? r.status : r.error}`);
        else if (JSON.stringify(venueShape(r.body)) !== JSON.stringify(venue.shape) || r.etag !== venue.etag)
          problems.push(`venue ${id}: ${JSON.stringify(venueShape(r.body))} ≠ ${JSON.stringify(venue.shape)}`);
      });
      await inPool([...tags.entries()], 8, async ([id, tag]) => {
        const r = await api('GET', `tags/${id}`);
        if (!r.answered || r.status !== 200) problems.push(`tag ${id}: ${r.answered ? r.status : r.error}`);
        else if (r.body.name !== tag.name || r.body.slug !== tag.slug)
          problems.push(`tag ${id}: ${r.body.name}/${r.body.slug} ≠ ${tag.name}/${tag.slug}`);
      });
      // Creates that got no answer but reached the database: whole, and kept from now on.
      await inPool(landed, 8, async ({ create, id }) => {
        const path = create.kind === 'event' ? `events/${id}` : create.kind === 'venue' ? `venues/${id}` : `tags/${id}`;
        const r = await api('GET', path);
        if (!r.answered || r.status !== 200) {
          problems.push(`unanswered ${create.kind} ${create.label} (id ${id}) unreadable: ${JSON.stringify(r)}`);
          return;
        }
        if (create.kind === 'event') {
          const shape = eventShape(r.body);
          const mismatch = intentMismatch(shape, create.intent);
          if (mismatch) problems.push(`unanswered create ${create.label} landed partially: ${mismatch}`);
          else events.set(id, { shape, etag: r.etag!, pending: [], origin: `${create.label} (unanswered)` });
        } else if (create.kind === 'venue') venues.set(id, { shape: venueShape(r.body), etag: r.etag });
        else tags.set(id, { id, name: r.body.name, slug: r.body.slug });
      });
      totals.landed += landed.length;
      assert.deepEqual(problems, [], `after restart ${cycle} ${context}`);
    }
    t.diagnostic(
      `${totals.acknowledged} acknowledged writes, ${totals.unanswered} unanswered (${totals.landed} creates and ` +
        `${totals.updatesLanded} updates of which had landed, whole); ${events.size} events, ${venues.size} venues, ${tags.size} tags verified after ${CYCLES - 1} kills and a graceful stop`,
    );
    assert.ok(totals.acknowledged > 0, 'the workload never got a write through');
    await server!.stop('SIGTERM');
  },
);

/** Structural checks of the whole database: integrity, references, derived counts, id sequences. */
function databaseProblems(store: Store): string[] {
  const db = store.db;
  const problems: string[] = [];
  const integrity = db.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`);
  const fk = db.pragma('foreign_key_check') as unknown[];
  if (fk.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(fk.slice(0, 10))}`);
  const rows = (label: string, sql: string) => {
    const found = db.prepare(sql).all();
    if (found.length > 0) problems.push(`${label}: ${JSON.stringify(found.slice(0, 10))}`);
  };
  rows(
    'post_links to a missing or wrong-typed post',
    `SELECT l.* FROM post_links l
       LEFT JOIN posts e ON e.site_id = l.site_id AND e.id = l.event_id
       LEFT JOIN posts v ON v.site_id = l.site_id AND v.id = l.linked_id
     WHERE e.id IS NULL OR e.type <> 'event' OR v.id IS NULL OR v.type <> l.kind`,
  );
  rows(
    'term_posts to a missing term or post',
    `SELECT tp.* FROM term_posts tp
       LEFT JOIN terms t ON t.site_id = tp.site_id AND t.id = tp.term_id
       LEFT JOIN posts p ON p.site_id = tp.site_id AND p.id = tp.post_id
     WHERE t.id IS NULL OR p.id IS NULL`,
  );
  rows(
    'translations of a missing post or term',
    `SELECT tr.site_id, tr.kind, tr.object_id FROM translations tr WHERE
       (tr.kind = 'post' AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.site_id = tr.site_id AND p.id = tr.object_id))
       OR (tr.kind = 'term' AND NOT EXISTS (SELECT 1 FROM terms t WHERE t.site_id = tr.site_id AND t.id = tr.object_id))`,
  );
  // Every event this test writes names a venue, so an event without one is a partial create.
  rows(
    'events without their venue',
    `SELECT p.id, p.title FROM posts p WHERE p.type = 'event' AND NOT EXISTS
       (SELECT 1 FROM post_links l WHERE l.site_id = p.site_id AND l.event_id = p.id AND l.kind = 'venue')`,
  );
  rows(
    'events without a category',
    `SELECT p.id, p.title FROM posts p WHERE p.type = 'event' AND NOT EXISTS
       (SELECT 1 FROM term_posts tp JOIN terms t ON t.site_id = tp.site_id AND t.id = tp.term_id
        WHERE tp.site_id = p.site_id AND tp.post_id = p.id AND t.taxonomy = 'category')`,
  );
  rows(
    'term counts that differ from a recount',
    `SELECT t.site_id, t.id, t.name, t.count, (
         SELECT COUNT(*) FROM term_posts tp JOIN posts p ON p.site_id = tp.site_id AND p.id = tp.post_id
         WHERE tp.site_id = t.site_id AND tp.term_id = t.id AND p.type = 'event' AND p.status = 'publish'
       ) AS recount
     FROM terms t WHERE t.count <> recount`,
  );
  rows(
    'id sequences behind existing ids',
    `SELECT s.id, s.next_post_id, s.next_term_id FROM sites s WHERE
       s.next_post_id <= COALESCE((SELECT MAX(id) FROM posts p WHERE p.site_id = s.id), 0)
       OR s.next_term_id <= COALESCE((SELECT MAX(id) FROM terms t WHERE t.site_id = s.id), 0)`,
  );
  return problems;
}

/** Each create that got no answer is in the database whole, or not at all. */
function lostCreateProblems(
  store: Store,
  lost: LostCreate[],
): { problems: string[]; landed: { create: LostCreate; id: number }[] } {
  const db = store.db;
  const problems: string[] = [];
  const landed: { create: LostCreate; id: number }[] = [];
  const postIds = (type: string, title: string) =>
    (db.prepare('SELECT id FROM posts WHERE type = ? AND title = ?').all(type, title) as { id: number }[]).map(
      (r) => r.id,
    );
  const termIds = (taxonomy: string, name: string) =>
    (db.prepare('SELECT id FROM terms WHERE taxonomy = ? AND name = ?').all(taxonomy, name) as { id: number }[]).map(
      (r) => r.id,
    );
  for (const create of lost) {
    if (create.kind === 'event') {
      const { intent } = create;
      const event = postIds('event', intent.title);
      const venue = postIds('venue', intent.venue);
      const category = termIds('category', create.newCategory);
      const tag = termIds('tag', intent.tags[0]!);
      if (event.length === 0) {
        // Not applied: none of what it would have created may exist.
        if (venue.length + category.length + tag.length > 0)
          problems.push(
            `unanswered create ${create.label} left a partial record: venue ${venue}, category ${category}, tag ${tag}`,
          );
        continue;
      }
      if (event.length > 1 || venue.length !== 1 || category.length !== 1 || tag.length !== 1) {
        problems.push(
          `unanswered create ${create.label}: events ${event}, venues ${venue}, categories ${category}, tags ${tag}`,
        );
        continue;
      }
      const links = db
        .prepare("SELECT linked_id FROM post_links WHERE event_id = ? AND kind = 'venue'")
        .all(event[0]) as { linked_id: number }[];
      const termsOf = new Set(
        (db.prepare('SELECT term_id FROM term_posts WHERE post_id = ?').all(event[0]) as { term_id: number }[]).map(
          (r) => r.term_id,
        ),
      );
      if (links.length !== 1 || links[0]!.linked_id !== venue[0] || !termsOf.has(category[0]!) || !termsOf.has(tag[0]!))
        problems.push(`unanswered create ${create.label} (event ${event[0]}) is missing links`);
      else landed.push({ create, id: event[0]! });
    } else {
      const ids = create.kind === 'venue' ? postIds('venue', create.name) : termIds('tag', create.name);
      if (ids.length > 1) problems.push(`unanswered ${create.kind} ${create.label} exists ${ids.length} times`);
      else if (ids.length === 1) landed.push({ create, id: ids[0]! });
    }
  }
  return { problems, landed };
}

test('If-Match between two clients: the stale write gets 412 and the first write stays', async () => {
  const server = await startServer();
  try {
    // The desktop UI (the administrator) and an external tool (an editor's token) edit the same event.
    const ui = (method: string, path: string, json?: unknown, headers?: Record<string, string>) =>
      call(`${server.url}/svc/events/v1`, server.tokens.administrator, method, path, json, headers);
    const tool = (method: string, path: string, json?: unknown, headers?: Record<string, string>) =>
      call(`${server.url}/svc/events/v1`, server.tokens.editor, method, path, json, headers);
    const created = await ui('POST', 'events', {
      title: 'Board meeting',
      status: 'publish',
      start_date: '2027-05-04 18:00:00',
      end_date: '2027-05-04 20:00:00',
      venue: { venue: 'Town Hall', city: 'Springfield' },
      categories: ['Civic'],
    });
    assert.ok(created.answered && created.status === 201);
    const id = created.body.id;

    const uiRead = await ui('GET', `events/${id}`);
    const toolRead = await tool('GET', `events/${id}`);
    assert.ok(uiRead.answered && toolRead.answered && uiRead.etag && toolRead.etag);
    assert.equal(uiRead.etag, toolRead.etag);
    const etag = uiRead.etag;

    const first = await ui(
      'PATCH',
      `events/${id}`,
      { title: 'Board meeting (moved)', start_date: '2027-05-05 18:00:00', end_date: '2027-05-05 20:00:00' },
      { 'if-match': etag },
    );
    assert.ok(first.answered && first.status === 200, JSON.stringify(first));
    assert.ok(first.etag && first.etag !== etag, 'a write changes the ETag');

    const stale = await tool('PATCH', `events/${id}`, { title: 'Board meeting (tool)' }, { 'if-match': etag });
    assert.ok(stale.answered);
    assert.equal(stale.status, 412);
    assert.equal(stale.body.code, 'rest_precondition_failed');
    // A stale delete is refused as well.
    const staleDelete = await tool('DELETE', `events/${id}`, undefined, { 'if-match': etag });
    assert.ok(staleDelete.answered && staleDelete.status === 412, JSON.stringify(staleDelete));

    const after = await tool('GET', `events/${id}`);
    assert.ok(after.answered && after.status === 200);
    assert.equal(after.body.title, 'Board meeting (moved)');
    assert.equal(after.body.start_date, '2027-05-05 18:00:00');
    assert.equal(after.body.status, 'publish');
    assert.equal(after.etag, first.etag);

    // With the current ETag (strong or weak form) the tool's write goes through.
    const weak = await tool('PATCH', `events/${id}`, { featured: true }, { 'if-match': `W/${first.etag}` });
    assert.ok(
      weak.answered && weak.status === 200 && weak.body.title === 'Board meeting (moved)',
      JSON.stringify(weak),
    );

    // Without If-Match, a write still works (last writer wins, as before).
    const blind = await tool('PATCH', `events/${id}`, { title: 'Board meeting (tool)' });
    assert.ok(blind.answered && blind.status === 200, JSON.stringify(blind));
    assert.equal(blind.body.title, 'Board meeting (tool)');
    assert.equal(blind.body.featured, true);

    // Both clients racing with the same ETag: exactly one write wins, and it is the one stored.
    const current = blind.etag!;
    const racers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? tool : ui)('PATCH', `events/${id}`, { title: `Racer ${i}` }, { 'if-match': current }),
      ),
    );
    const statuses = racers.map((r) => (r.answered ? r.status : 0));
    assert.equal(statuses.filter((s) => s === 200).length, 1, `statuses: ${statuses}`);
    assert.equal(statuses.filter((s) => s === 412).length, 9, `statuses: ${statuses}`);
    const winner = racers.find((r) => r.answered && r.status === 200) as Result & { answered: true };
    const final = await ui('GET', `events/${id}`);
    assert.ok(final.answered);
    assert.equal(final.body.title, winner.body.title);
    assert.equal(final.etag, winner.etag);
  } finally {
    await server.close();
  }
});
