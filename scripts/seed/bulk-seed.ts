// Bulk seeding of realistic calendars for benchmarks and demos: events spread over two years with
// venues, organizers, categories, tags and translations, written straight into the tables (the
// API's per-request rules are not involved).
//
// The load is one transaction in bulk-load mode (bulk-load.ts): secondary indexes and the
// triggers whose work rebuildDerivedData() does are set aside and recreated at the end, and rows
// go in through multi-row INSERTs. Everything a trigger or a repository would have kept up to date
// is rebuilt in rebuildDerivedData().
import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Db } from '../../server/db/open.ts';
import type { Store } from '../../server/db/store.ts';
import type { Site } from '../../server/db/repositories/sites.ts';
import { formatWall, timezoneAbbreviation } from '../../server/domain/dates.ts';
import { updatePlannerStats } from '../../server/db/planner-stats.ts';
import { searchBackfillRepository } from '../../server/db/repositories/search-index-writes.ts';
import {
  batchInsert,
  recreate,
  setAsideIndexesAndTriggers,
  withBulkLoadSettings,
  type SchemaObject,
} from './bulk-load.ts';

const WORDS = [
  'Jazz',
  'Night',
  'Market',
  'Festival',
  'Workshop',
  'Concert',
  'Gala',
  'Picnic',
  'Run',
  'Talk',
  'Fair',
  'Opera',
  'Choir',
  'Film',
  'Dance',
  'Yoga',
  'Poetry',
  'Brunch',
  'Tour',
  'Quiz',
];
const LOWER_WORDS = WORDS.map((word) => word.toLowerCase());
const CITIES: [string, string, number, number][] = [
  ['Springfield', 'United States', 39.78, -89.65],
  ['Berlin', 'Germany', 52.52, 13.4],
  ['Ciudad de México', 'Mexico', 19.43, -99.13],
  ['Lima', 'Peru', -12.05, -77.04],
  ['Madrid', 'Spain', 40.42, -3.7],
];
const CATEGORY_COUNT = 30;
const TAG_COUNT = 50;
/** Event costs: `["5"]` … `["54"]`. */
const COSTS = Array.from({ length: 50 }, (_, i) => `["${5 + i}"]`);

/** The tables the seeder writes rows into: their indexes (and some triggers) are set aside for the load. */
const LOADED_TABLES = ['posts', 'post_links', 'terms', 'term_posts', 'translations'];

/** A small deterministic PRNG, so every benchmark run seeds the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface SeedResult {
  events: number;
  venues: number;
  organizers: number;
  seconds: number;
}

/** What the load wrote that rebuildDerivedData() needs to know. */
interface Seeded {
  /** Assignments per term id (every one to a published event). */
  termCounts: Map<number, number>;
  /** Seeded events (all published and listed) per windowKey(): event_window_counts rows. */
  windowCounts: Map<number, number>;
}

export function bulkSeed(store: Store, siteCode: string, events: number, authorId: number): SeedResult {
  const started = process.hrtime.bigint();
  const db = store.db;
  const site = store.sites.byCode(siteCode)!;
  const venues = Math.max(50, Math.floor(events / 100));
  const organizers = Math.max(20, Math.floor(events / 200));
  withBulkLoadSettings(db, () =>
    db.transaction(() => {
      const setAside = setAsideIndexesAndTriggers(db, LOADED_TABLES, isReplacedTrigger);
      const seeded = writeCalendar(db, site, { events, venues, organizers }, authorId);
      recreate(db, setAside);
      const replaced = new Set(setAside.filter(({ type }) => type === 'trigger').map(({ name }) => name));
      rebuildDerivedData(db, site.id, seeded, replaced);
      // Planner statistics for the new data. A sampled ANALYZE (analysis_limit) misjudged the posts
      // indexes badly enough to turn a venue search into a scan of every post: read everything once.
      updatePlannerStats(db, () => db.exec('ANALYZE'));
    })(),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { events, venues, organizers, seconds };
}

// --- Derived data ----------------------------------------------------------------------------

/**
 * The INSERT triggers on the loaded tables whose work rebuildDerivedData() does in bulk, each with
 * the SHA-256 (first 16 hex digits) of its `sql` in sqlite_master as that bulk version was written
 * for. These are dropped for the load and recreated after it. A trigger that is not listed, or
 * whose SQL has changed since, stays in place and fires for every seeded row: correct, slower.
 * (UPDATE and DELETE triggers never fire while new rows are loaded: they always stay.)
 */
const REPLACED_TRIGGERS = new Map([
  ['term_posts_start_on_insert', 'd5dbd13881ccf469'], // term_posts.start_utc (migrations 0004, 0006)
  ['event_window_counts_insert', 'b2d751c9877cf186'], // event_window_counts (migration 0005)
  ['changes_post_insert', 'c0881858fc836d45'], // the change log (migration 0009)
  ['changes_term_insert', 'd24f233a6af2eec9'], // the change log (migration 0009)
  ['changes_translation_insert', '109bbb8180764645'], // the change log (migration 0009)
  ['search_posts_insert', '6bc50466354c81b9'], // the search index (migration 0019)
  ['search_translations_insert', '2466e3d9db895ff4'], // the search index (migration 0019)
]);

function isReplacedTrigger({ name, sql }: SchemaObject): boolean {
  return REPLACED_TRIGGERS.get(name) === createHash('sha256').update(sql).digest('hex').slice(0, 16);
}

/**
 * Brings everything that triggers or the repositories keep up to date on normal writes in line
 * with the rows the load wrote while those were set aside (`replaced`: the triggers dropped for
 * the load). ANY NEW TABLE OR COLUMN MAINTAINED BY A TRIGGER ON A LOADED TABLE MUST BE REBUILT HERE
 * and its INSERT trigger listed in REPLACED_TRIGGERS; until then that trigger fires row by row.
 */
function rebuildDerivedData(db: Db, siteId: number, seeded: Seeded, replaced: ReadonlySet<string>): void {
  // terms.count (the terms repository's recount): published events per term. Every seeded
  // assignment is to a published event of a term created by this load.
  const setCount = db.prepare('UPDATE terms SET count = ? WHERE site_id = ? AND id = ?');
  for (const [termId, count] of seeded.termCounts) setCount.run(count, siteId, termId);

  // term_posts.start_utc (trigger term_posts_start_on_insert): insertEvents() writes each
  // assignment with its event's start_utc, so there is nothing to redo.

  // The change log (triggers changes_*_insert): one row saying anything on
  // the site may have changed, rather than one per seeded row (an open view refetches once).
  if ([...replaced].some((name) => name.startsWith('changes_')))
    db.prepare("INSERT INTO changes (site_id, kind, object_id, action) VALUES (?, 'all', 0, 'update')").run(siteId);

  // The search index (triggers search_*_insert): every seeded post and translation, in one pass.
  if (replaced.has('search_posts_insert') || replaced.has('search_translations_insert'))
    searchBackfillRepository(db).indexSite(siteId);

  // event_window_counts (trigger event_window_counts_insert): listed events (all seeded ones) per
  // status, featured, UTC start day and UTC end day, added to the site's counts.
  if (replaced.has('event_window_counts_insert')) {
    const add = db.prepare(
      `INSERT INTO event_window_counts (site_id, status, featured, start_day, end_day, n)
       VALUES (?, 'publish', ?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n`,
    );
    for (const [key, n] of seeded.windowCounts) {
      const { featured, startDay, endDay } = fromWindowKey(key);
      add.run(siteId, featured, isoDate(startDay), isoDate(endDay), n);
    }
  }
}

/**
 * An event_window_counts row of the site as one small integer (cheaper to count by than a string):
 * the UTC start and end days (days since 1970-01-01; an event lasts hours, not 64 days) and featured.
 */
const windowKey = (startDay: number, endDay: number, featured: number) =>
  (startDay * 64 + endDay - startDay) * 2 + featured;

function fromWindowKey(key: number) {
  const featured = key % 2;
  const days = (key - featured) / 2;
  const startDay = Math.floor(days / 64);
  return { featured, startDay, endDay: startDay + (days % 64) };
}

/** The day number (days since 1970-01-01) of a minute number, and its 'YYYY-MM-DD'. */
const dayOf = (minutes: number) => Math.floor(minutes / 1440);
const isoDate = (day: number) => new Date(day * 86400000).toISOString().slice(0, 10);

// --- Generated rows --------------------------------------------------------------------------

interface Counts {
  events: number;
  venues: number;
  organizers: number;
}

/** What every generating step shares. */
interface Generator {
  db: Db;
  siteId: number;
  /**
   * The site id as SQL: an integer read from the database, written into the multi-row INSERTs
   * (one value less to bind per row).
   */
  site: string;
  authorId: number;
  /** Publication and modification time of every seeded post. */
  now: string;
  /** One PRNG sequence for the whole calendar, drawn in a fixed order: the data never changes. */
  rand: () => number;
  pick: <T>(list: readonly T[]) => T;
}

function writeCalendar(db: Db, site: Site, counts: Counts, authorId: number): Seeded {
  if (!Number.isSafeInteger(site.id)) throw new Error(`not a site id: ${site.id}`);
  const rand = random(42);
  const now = DateTime.utc();
  const gen: Generator = {
    db,
    siteId: site.id,
    site: String(site.id),
    authorId,
    now: formatWall(now),
    rand,
    pick: (list) => list[Math.floor(rand() * list.length)]!,
  };
  const ids = reserveIds(db, site.id, counts.venues + counts.organizers + counts.events, CATEGORY_COUNT + TAG_COUNT);
  const { categories, tags } = insertTerms(gen, ids.firstTerm);
  const venues = insertVenues(gen, ids.firstPost, counts.venues);
  const organizers = insertOrganizers(gen, ids.firstPost + counts.venues, counts.organizers);
  const plan = {
    firstId: ids.firstPost + counts.venues + counts.organizers,
    count: counts.events,
    now,
    zone: site.timezone,
  };
  return insertEvents(gen, plan, { venues, organizers, categories, tags });
}

/** Takes `posts` post ids and `terms` term ids from the site's sequences. */
function reserveIds(db: Db, siteId: number, posts: number, terms: number) {
  const next = db
    .prepare(
      'UPDATE sites SET next_post_id = next_post_id + ?, next_term_id = next_term_id + ? WHERE id = ? RETURNING next_post_id, next_term_id',
    )
    .get(posts, terms, siteId) as { next_post_id: number; next_term_id: number };
  return { firstPost: next.next_post_id - posts, firstTerm: next.next_term_id - terms };
}

function insertTerms({ db, siteId }: Generator, firstId: number) {
  const insert = db.prepare(
    'INSERT INTO terms (site_id, id, taxonomy, name, slug, description, parent) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  let id = firstId;
  const categories: number[] = [];
  for (let i = 0; i < CATEGORY_COUNT; i++) {
    // Ten top-level categories, each with two children.
    const parent = i < 10 ? 0 : categories[i % 10]!;
    insert.run(siteId, id, 'category', `${WORDS[i % 20]} ${i}`, `category-${i}`, '', parent);
    categories.push(id++);
  }
  const tags: number[] = [];
  for (let i = 0; i < TAG_COUNT; i++) {
    insert.run(siteId, id, 'tag', `Tag ${i}`, `tag-${i}`, '', 0);
    tags.push(id++);
  }
  return { categories, tags };
}

/** The columns every seeded post has; the event, venue and organizer columns follow. */
const POST_COLUMNS = `site_id, id, type, author, status, title, content, slug, date_local, date_utc, modified_local,
  modified_utc, show_map, show_map_link, all_day, cost_symbol, cost_position, hide_from_listings, sticky`;
const postValues = (site: string, type: string) =>
  `${site}, ?, '${type}', @author, 'publish', ?, ?, ?, @now, @now, @now, @now, 1, 1, 0, '', '', 0, 0`;

function insertVenues({ db, site, authorId, now, rand, pick }: Generator, firstId: number, count: number): number[] {
  const venues = batchInsert(
    db,
    `posts (${POST_COLUMNS}, address, city, country, zip, stateprovince, geo_lat, geo_lng, phone)`,
    `(${postValues(site, 'venue')}, ?, ?, ?, ?, ?, ?, ?, ?)`,
    { author: authorId, now },
  );
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [city, country, lat, lng] = CITIES[i % CITIES.length]!;
    const id = firstId + i;
    const title = `${pick(WORDS)} Hall ${i}`;
    const venueLat = lat + (rand() - 0.5) * 0.4;
    const venueLng = lng + (rand() - 0.5) * 0.4;
    venues.add(
      id,
      title,
      `A venue in ${city}.`,
      `venue-${i}`,
      `${i} Main Street`,
      city,
      country,
      String(10000 + i),
      city,
      venueLat,
      venueLng,
      `+1 555 ${1000 + i}`,
    );
    ids.push(id);
  }
  venues.flush();
  return ids;
}

function insertOrganizers({ db, site, authorId, now, pick }: Generator, firstId: number, count: number): number[] {
  const organizers = batchInsert(
    db,
    `posts (${POST_COLUMNS}, email, website)`,
    `(${postValues(site, 'organizer')}, ?, ?)`,
    { author: authorId, now },
  );
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const title = `${pick(WORDS)} Promotions ${i}`;
    organizers.add(id, title, '', `organizer-${i}`, `org${i}@example.com`, `https://org${i}.example.com`);
    ids.push(id);
  }
  organizers.flush();
  return ids;
}

interface EventPlan {
  firstId: number;
  count: number;
  now: DateTime;
  zone: string;
}

interface Relations {
  venues: number[];
  organizers: number[];
  categories: number[];
  tags: number[];
}

/**
 * The events, each with a venue, an organizer, a category, one or two tags and (one in ten) a
 * translated title. Also counts what rebuildDerivedData() needs. Each table's rows go in batches
 * of their own, so an event's links may be written before the event (foreign keys are off).
 */
function insertEvents(gen: Generator, plan: EventPlan, relations: Relations): Seeded {
  const { db, site, rand, pick } = gen;
  const { venues, organizers, categories, tags } = relations;
  const posts = batchInsert(
    db,
    `posts (${POST_COLUMNS}, start_local, end_local, start_utc, end_utc, timezone, timezone_abbr, cost_raw, featured)`,
    `(${postValues(site, 'event')}, ?, ?, ?, ?, @zone, ?, ?, ?)`,
    { author: gen.authorId, now: gen.now, zone: plan.zone },
  );
  // An event's two links as one "row": its venue, then its organizer.
  const links = batchInsert(
    db,
    'post_links (site_id, event_id, linked_id, kind, position)',
    `(${site}, ?, ?, 'venue', 0), (${site}, ?, ?, 'organizer', 0)`,
  );
  const assignments = batchInsert(db, 'term_posts (site_id, term_id, post_id, start_utc)', `(${site}, ?, ?, ?)`);
  const translations = batchInsert(
    db,
    'translations (site_id, kind, object_id, language, field, value)',
    `(${site}, 'post', ?, 'mx', 'title', ?)`,
  );
  const seeded: Seeded = { termCounts: new Map(), windowCounts: new Map() };
  const count = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);
  // Assignments wait in one list per term (post id, UTC start minute) and go in term by term:
  // in primary key order, every row is appended to the table's last page. Written in event order,
  // rows landed in 80 places of the table at once: 2.5× the time (94 vs 222–256 ms at 100k).
  const byTerm = new Map<number, number[]>();
  const assign = (termId: number, postId: number, startUtcMinutes: number) => {
    let list = byTerm.get(termId);
    if (!list) byTerm.set(termId, (list = []));
    list.push(postId, startUtcMinutes);
  };

  const clock = wallClock(plan.zone);
  // Starts fall on quarter hours over two years from six months ago (site time).
  const first = plan.now.setZone(plan.zone).minus({ months: 6 }).startOf('day');
  const firstMinutes = Date.UTC(first.year, first.month - 1, first.day) / 60000;
  const spanMinutes = 24 * 30 * 24 * 60;
  for (let i = 0; i < plan.count; i++) {
    const id = plan.firstId + i;
    const startMinutes = firstMinutes + Math.floor((rand() * spanMinutes) / 15) * 15;
    const endMinutes = startMinutes + 60 + Math.floor(rand() * 8) * 30;
    const startZone = clock.zoneAt(startMinutes);
    const startUtcMinutes = startMinutes - startZone.offset;
    const endUtcMinutes = endMinutes - clock.zoneAt(endMinutes).offset;
    const startUtc = clock.wall(startUtcMinutes);
    const endUtc = clock.wall(endUtcMinutes);
    const title = `${pick(WORDS)} ${pick(WORDS)} ${i}`;
    const content = `<p>${title}: an evening of ${pick(LOWER_WORDS)} and ${pick(LOWER_WORDS)} for everyone.</p>`;
    const cost = rand() < 0.5 ? pick(COSTS) : null;
    const featured = rand() < 0.05 ? 1 : 0;
    const [startLocal, endLocal] = [clock.wall(startMinutes), clock.wall(endMinutes)];
    posts.add(id, title, content, `event-${i}`, startLocal, endLocal, startUtc, endUtc, startZone.abbr, cost, featured);
    count(seeded.windowCounts, windowKey(dayOf(startUtcMinutes), dayOf(endUtcMinutes), featured));
    links.add(id, pick(venues), id, pick(organizers));
    assign(pick(categories), id, startUtcMinutes);
    const tag = pick(tags);
    assign(tag, id, startUtcMinutes);
    if (rand() < 0.5) {
      // A second tag; the same tag twice is one assignment.
      const second = pick(tags);
      if (second !== tag) assign(second, id, startUtcMinutes);
    }
    if (i % 10 === 0) translations.add(id, `Evento ${i}`);
  }
  for (const termId of [...byTerm.keys()].sort((a, b) => a - b)) {
    const list = byTerm.get(termId)!;
    // start_utc is written with the assignment (the work of trigger term_posts_start_on_insert).
    for (let k = 0; k < list.length; k += 2) assignments.add(termId, list[k], clock.wall(list[k + 1]!));
    seeded.termCounts.set(termId, list.length / 2);
  }
  for (const batch of [posts, links, assignments, translations]) batch.flush();
  return seeded;
}

/** ' HH:MM:00' for every minute of a day. */
const TIMES_OF_DAY = Array.from({ length: 1440 }, (_, minute) => {
  const [hours, minutes] = [Math.floor(minute / 60), minute % 60].map((n) => String(n).padStart(2, '0'));
  return ` ${hours}:${minutes}:00`;
});

/**
 * Wall times as minutes on a pretend-UTC clock (plain arithmetic): a day's date is formatted once,
 * then joined with the time of day. The zone's real offset and abbreviation come from the tz
 * database once per local day, and once per distinct time on the two DST-change days a year.
 */
function wallClock(zone: string) {
  const dates = new Map<number, string>();
  const date = (day: number): string => {
    let text = dates.get(day);
    if (text === undefined) {
      text = isoDate(day);
      dates.set(day, text);
    }
    return text;
  };
  const wall = (minutes: number): string => {
    const day = dayOf(minutes);
    return date(day) + TIMES_OF_DAY[minutes - day * 1440]!;
  };
  const days = new Map<number, { offset: number; abbr: string }>();
  const changeDayTimes = new Map<number, { offset: number; abbr: string }>();
  const zoneAt = (minutes: number): { offset: number; abbr: string } => {
    const dayKey = dayOf(minutes);
    let known = days.get(dayKey);
    if (!known) {
      const d = new Date(dayKey * 86400000);
      const morning = DateTime.fromObject(
        { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() },
        { zone },
      );
      const evening = morning.set({ hour: 23, minute: 59 });
      known =
        morning.offset === evening.offset
          ? { offset: morning.offset, abbr: timezoneAbbreviation(zone, morning) }
          : { offset: NaN, abbr: '' };
      days.set(dayKey, known);
    }
    if (!Number.isNaN(known.offset)) return known;
    let exact = changeDayTimes.get(minutes);
    if (!exact) {
      const at = DateTime.fromISO(wall(minutes).replace(' ', 'T'), { zone });
      exact = { offset: at.offset, abbr: timezoneAbbreviation(zone, at) };
      changeDayTimes.set(minutes, exact);
    }
    return exact;
  };
  return { wall, zoneAt };
}
