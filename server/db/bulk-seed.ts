// Bulk seeding of realistic calendars for benchmarks and demos: events spread over two years with
// venues, organizers, categories, tags and translations, written with prepared statements in one
// transaction per batch (the fast path; the API's per-request rules are not involved).
import { DateTime } from 'luxon';
import type { Store } from './store.ts';
import { formatWall, timezoneAbbreviation } from '../domain/dates.ts';

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
const CITIES: [string, string, number, number][] = [
  ['Springfield', 'United States', 39.78, -89.65],
  ['Berlin', 'Germany', 52.52, 13.4],
  ['Ciudad de México', 'Mexico', 19.43, -99.13],
  ['Lima', 'Peru', -12.05, -77.04],
  ['Madrid', 'Spain', 40.42, -3.7],
];

/** A small deterministic PRNG, so every benchmark run seeds the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface SeedResult {
  events: number;
  venues: number;
  organizers: number;
  seconds: number;
}

export function bulkSeed(store: Store, siteCode: string, events: number, authorId: number): SeedResult {
  const started = process.hrtime.bigint();
  const db = store.db;
  const site = store.sites.byCode(siteCode)!;
  const rand = random(42);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const now = DateTime.utc();
  const nowWall = formatWall(now);
  const venueCount = Math.max(50, Math.floor(events / 100));
  const organizerCount = Math.max(20, Math.floor(events / 200));

  const insertPost = db.prepare(`INSERT INTO posts (site_id, id, type, author, status, title, content, excerpt, slug,
    date_local, date_utc, modified_local, modified_utc, show_map, show_map_link, start_local, end_local, start_utc, end_utc,
    timezone, timezone_abbr, all_day, cost_raw, cost_symbol, cost_position, hide_from_listings, sticky, featured,
    address, city, country, zip, stateprovince, geo_lat, geo_lng, phone, email, website)
    VALUES (@site, @id, @type, @author, 'publish', @title, @content, '', @slug, @now, @now, @now, @now, @map, @map,
    @startLocal, @endLocal, @startUtc, @endUtc, @tz, @abbr, 0, @cost, '', '', 0, 0, @featured,
    @address, @city, @country, @zip, @stateprovince, @lat, @lng, @phone, @email, @website)`);
  // Events are most of the rows: a narrow statement with positional parameters binds far faster
  // than the general named one.
  const insertEvent = db.prepare(`INSERT INTO posts (site_id, id, type, author, status, title, content, slug,
    date_local, date_utc, modified_local, modified_utc, show_map, show_map_link, start_local, end_local, start_utc, end_utc,
    timezone, timezone_abbr, all_day, cost_raw, cost_symbol, cost_position, hide_from_listings, sticky, featured)
    VALUES (?, ?, 'event', ?, 'publish', ?, ?, ?, ?, ?, ?, ?, 1, 1, ?, ?, ?, ?, ?, ?, 0, ?, '', '', 0, 0, ?)`);
  const insertTerm = db.prepare(
    'INSERT INTO terms (site_id, id, taxonomy, name, slug, description, parent) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const link = db.prepare(
    'INSERT INTO post_links (site_id, event_id, linked_id, kind, position) VALUES (?, ?, ?, ?, ?)',
  );
  const tag = db.prepare('INSERT OR IGNORE INTO term_posts (site_id, term_id, post_id, start_utc) VALUES (?, ?, ?, ?)');
  const translate = db.prepare(
    "INSERT INTO translations (site_id, kind, object_id, language, field, value) VALUES (?, 'post', ?, 'mx', 'title', ?)",
  );
  const reserve = db.prepare(
    'UPDATE sites SET next_post_id = next_post_id + ?, next_term_id = next_term_id + ? WHERE id = ? RETURNING next_post_id, next_term_id',
  );

  const base = {
    site: site.id,
    author: authorId,
    now: nowWall,
    map: 1,
    startLocal: null,
    endLocal: null,
    startUtc: null,
    endUtc: null,
    tz: null,
    abbr: null,
    cost: null,
    featured: null,
    address: null,
    city: null,
    country: null,
    zip: null,
    stateprovince: null,
    lat: null,
    lng: null,
    phone: null,
    email: null,
    website: null,
  };
  // UTC offsets change at most twice a year: cache the offset per local day instead of asking the tz database per event.
  const offsets = new Map<number, { offset: number; abbr: string }>();
  const zone = site.timezone;

  const termCount = 30 + 50;
  const posts = venueCount + organizerCount + events;
  const { next_post_id: nextPost, next_term_id: nextTerm } = reserve.get(posts, termCount, site.id) as {
    next_post_id: number;
    next_term_id: number;
  };
  let postId = nextPost - posts;
  let termId = nextTerm - termCount;

  // Bulk-load pattern: secondary indexes (and the triggers that maintain term_posts.start_utc, written
  // directly here) are dropped and rebuilt once at the end (sorting once is far
  // cheaper than maintaining six B-trees row by row), and nothing is fsynced until the end.
  const indexes = db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN ('posts', 'post_links', 'term_posts', 'terms')",
    )
    .all() as { type: string; name: string; sql: string }[];
  db.pragma('synchronous = OFF');
  db.transaction(() => {
    for (const { type, name } of indexes) db.exec(`DROP ${type === 'trigger' ? 'TRIGGER' : 'INDEX'} ${name}`);
  })();
  db.transaction(() => {
    const categories: number[] = [];
    for (let i = 0; i < 30; i++) {
      const id = termId++;
      const parent = i < 10 ? 0 : categories[i % 10]!;
      insertTerm.run(site.id, id, 'category', `${WORDS[i % 20]} ${i}`, `category-${i}`, '', parent);
      categories.push(id);
    }
    const tags: number[] = [];
    for (let i = 0; i < 50; i++) {
      const id = termId++;
      insertTerm.run(site.id, id, 'tag', `Tag ${i}`, `tag-${i}`, '', 0);
      tags.push(id);
    }
    const venues: number[] = [];
    for (let i = 0; i < venueCount; i++) {
      const [city, country, lat, lng] = CITIES[i % CITIES.length]!;
      const id = postId++;
      insertPost.run({
        ...base,
        id,
        type: 'venue',
        title: `${pick(WORDS)} Hall ${i}`,
        content: `A venue in ${city}.`,
        slug: `venue-${i}`,
        address: `${i} Main Street`,
        city,
        country,
        zip: String(10000 + i),
        stateprovince: city,
        lat: lat + (rand() - 0.5) * 0.4,
        lng: lng + (rand() - 0.5) * 0.4,
        phone: `+1 555 ${1000 + i}`,
      });
      venues.push(id);
    }
    const organizers: number[] = [];
    for (let i = 0; i < organizerCount; i++) {
      const id = postId++;
      insertPost.run({
        ...base,
        id,
        type: 'organizer',
        title: `${pick(WORDS)} Promotions ${i}`,
        content: '',
        slug: `organizer-${i}`,
        email: `org${i}@example.com`,
        website: `https://org${i}.example.com`,
      });
      organizers.push(id);
    }
    // Wall times as minutes on a pretend-UTC clock (plain arithmetic); the zone's real offset comes
    // from the tz database once per local day, and per event only on the two DST-change days a year.
    const first = now.setZone(zone).minus({ months: 6 }).startOf('day');
    const firstMinutes = Date.UTC(first.year, first.month - 1, first.day) / 60000;
    const spanMinutes = 24 * 30 * 24 * 60; // two years
    const wall = (minutes: number) => new Date(minutes * 60000).toISOString().slice(0, 19).replace('T', ' ');
    const zoneInfo = (minutes: number) => {
      const dayKey = Math.floor(minutes / 1440);
      let known = offsets.get(dayKey);
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
        offsets.set(dayKey, known);
      }
      if (!Number.isNaN(known.offset)) return known;
      const exact = DateTime.fromISO(wall(minutes).replace(' ', 'T'), { zone });
      return { offset: exact.offset, abbr: timezoneAbbreviation(zone, exact) };
    };
    for (let i = 0; i < events; i++) {
      const id = postId++;
      const startMinutes = firstMinutes + Math.floor((rand() * spanMinutes) / 15) * 15;
      const endMinutes = startMinutes + 60 + Math.floor(rand() * 8) * 30;
      const startZone = zoneInfo(startMinutes);
      const endZone = zoneInfo(endMinutes);
      const startLocal = wall(startMinutes);
      const endLocal = wall(endMinutes);
      const abbr = startZone.abbr;
      const startUtc = wall(startMinutes - startZone.offset);
      const endUtc = wall(endMinutes - endZone.offset);
      const title = `${pick(WORDS)} ${pick(WORDS)} ${i}`;
      const content = `<p>${title}: an evening of ${pick(WORDS).toLowerCase()} and ${pick(WORDS).toLowerCase()} for everyone.</p>`;
      const cost = rand() < 0.5 ? `["${5 + Math.floor(rand() * 50)}"]` : null;
      insertEvent.run(
        site.id,
        id,
        authorId,
        title,
        content,
        `event-${i}`,
        nowWall,
        nowWall,
        nowWall,
        nowWall,
        startLocal,
        endLocal,
        startUtc,
        endUtc,
        zone,
        abbr,
        cost,
        rand() < 0.05 ? 1 : 0,
      );
      link.run(site.id, id, pick(venues), 'venue', 0);
      const organizer = pick(organizers);
      link.run(site.id, id, organizer, 'organizer', 0);
      tag.run(site.id, pick(categories), id, startUtc);
      tag.run(site.id, pick(tags), id, startUtc);
      if (rand() < 0.5) tag.run(site.id, pick(tags), id, startUtc);
      if (i % 10 === 0) translate.run(site.id, id, `Evento ${i}`);
    }
  })();
  db.transaction(() => {
    for (const { sql } of indexes) db.exec(sql);
  })();
  store.terms.recountAll(site.id);
  db.pragma('synchronous = NORMAL');
  // Planner statistics for the new data. A sampled ANALYZE (analysis_limit) misjudged the posts
  // indexes badly enough to turn a venue search into a scan of every post: read everything once.
  db.exec('ANALYZE');
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { events, venues: venueCount, organizers: organizerCount, seconds };
}
