// Posts: the one table behind events, venues, organizers and images. All SQL on posts and on
// event → venue/organizer links lives here; services decide what to read and write.
import { slugSuffix, type UsedSuffixes } from '../../domain/slug.ts';

/** The numbered slugs of one base, and the lowest suffix that may be free (UsedSuffixes.from). */
class SuffixesTaken extends Set<number> implements UsedSuffixes {
  from = 2;

  /** Moves `from` past the suffixes taken; each one is passed once over the set's life. */
  advance(): this {
    while (this.has(this.from)) this.from++;
    return this;
  }
}
import type Database from 'better-sqlite3';
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';
import { rowReader } from '../row-reader.ts';
import { EVENT_FLAG_NAMES, type EventFlagName } from '../../../contract/constants.ts';

export type PostType = 'event' | 'venue' | 'organizer' | 'image';
type LinkKind = 'venue' | 'organizer';

/** The event's yes/no columns (contract/constants.ts EVENT_FLAGS): 0/1, NULL when never set. */
type FlagColumns = { [K in EventFlagName]: number | null };

/** An occurrence of a series (operations/series/): its series, its slot (a local date), and whether it was changed on its own. */
interface OccurrenceColumns {
  series_id: number | null;
  recurrence: string | null;
  detached: number;
}

export interface PostRow extends FlagColumns, OccurrenceColumns {
  site_id: number;
  id: number;
  type: PostType;
  author: number;
  status: string;
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  password: string;
  parent: number;
  image_id: number | null;
  date_local: string;
  date_utc: string;
  modified_local: string;
  modified_utc: string;
  trashed_status: string | null;
  /** When it went to the trash (UTC wall), while it is there. */
  trashed_utc: string | null;
  website: string | null;
  start_local: string | null;
  end_local: string | null;
  start_utc: string | null;
  end_utc: string | null;
  timezone: string | null;
  timezone_abbr: string | null;
  all_day: number | null;
  cost_raw: string | null;
  cost_symbol: string | null;
  cost_position: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  province: string | null;
  state: string | null;
  zip: string | null;
  stateprovince: string | null;
  geo_lat: number | null;
  geo_lng: number | null;
  phone: string | null;
  email: string | null;
  url: string | null;
  /** Grows by one on every update: the item's ETag. */
  revision: number;
}

export type PostColumns = Partial<Omit<PostRow, 'site_id' | 'id' | 'type' | 'revision'>>;

/** Column names a write may set: guards the dynamic UPDATE against anything but known columns. */
const WRITABLE = new Set<string>([
  'author',
  'status',
  'title',
  'content',
  'excerpt',
  'slug',
  'password',
  'parent',
  'image_id',
  'date_local',
  'date_utc',
  'modified_local',
  'modified_utc',
  'trashed_status',
  'trashed_utc',
  'website',
  'start_local',
  'end_local',
  'start_utc',
  'end_utc',
  'timezone',
  'timezone_abbr',
  'all_day',
  'cost_raw',
  'cost_symbol',
  'cost_position',
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'stateprovince',
  'geo_lat',
  'geo_lng',
  'phone',
  'email',
  'url',
  'series_id',
  'recurrence',
  'detached',
  ...EVENT_FLAG_NAMES,
]);

const POST_TYPES: readonly PostType[] = ['event', 'venue', 'organizer', 'image'];

/**
 * One statement per post type, with the type written into the SQL instead of bound. The posts
 * table has partial indexes (`WHERE type = 'event'`), and when a bound parameter decides whether
 * one applies, SQLite plans the statement again on every run with a new value (~5 µs each time).
 */
export function perType(db: Db, sql: (typeLiteral: string) => string): Record<PostType, Database.Statement> {
  return Object.fromEntries(POST_TYPES.map((type) => [type, db.prepare(sql(`'${type}'`))])) as Record<
    PostType,
    Database.Statement
  >;
}

export function postsRepository(db: Db) {
  const byId = rowReader<PostRow>(db.prepare('SELECT * FROM posts WHERE site_id = ? AND id = ?'));
  const typeById = db.prepare('SELECT type FROM posts WHERE site_id = ? AND id = ?').pluck();
  const bySlug = perType(
    db,
    (type) =>
      `SELECT * FROM posts WHERE site_id = ? AND type = ${type} AND slug = ? AND slug <> '' ORDER BY id LIMIT 1`,
  );
  const slugTaken = perType(
    db,
    (type) => `SELECT 1 FROM posts WHERE site_id = ? AND type = ${type} AND slug = ? AND id <> ? LIMIT 1`,
  );
  // Slugs from 'base-' up to (not including) 'base.': '.' follows '-' in code-point order, so this
  // is an index range over posts_slug holding exactly the slugs that start with 'base-'.
  const slugsNumbered = perType(
    db,
    (type) => `SELECT slug FROM posts WHERE site_id = ? AND type = ${type} AND slug > ? AND slug < ? AND id <> ?`,
  );
  for (const statement of Object.values(slugsNumbered)) statement.pluck();
  const linksOf = db.prepare(
    'SELECT linked_id FROM post_links WHERE site_id = ? AND event_id = ? AND kind = ? ORDER BY position',
  );
  const clearLinks = db.prepare('DELETE FROM post_links WHERE site_id = ? AND event_id = ? AND kind = ?');
  const addLink = db.prepare(
    'INSERT OR IGNORE INTO post_links (site_id, event_id, linked_id, kind, position) VALUES (?, ?, ?, ?, ?)',
  );
  const unlinkEverywhere = db.prepare('DELETE FROM post_links WHERE site_id = ? AND linked_id = ?');
  const remove = db.prepare('DELETE FROM posts WHERE site_id = ? AND id = ?');
  const removeTranslations = db.prepare(
    "DELETE FROM translations WHERE site_id = ? AND kind = 'post' AND object_id = ?",
  );
  // Venues and organizers by name (an inline one reuses an identical existing one). The partial
  // index posts_by_title covers `type IN ('venue','organizer')`; SQLite uses a partial index only
  // when the query repeats its condition, and without it every lookup scanned the site's posts
  // (an import of 10k events with venues took 30 s).
  const byTitle = perType(
    db,
    (type) =>
      `SELECT * FROM posts WHERE site_id = ? AND type = ${type} AND type IN ('venue', 'organizer')
       AND title = ? COLLATE NOCASE ORDER BY id`,
  );
  // Organizers by e-mail (an import links an ORGANIZER to the organizer with its address). The
  // type condition repeats posts_by_title's, so the lookup scans the site's organizers only.
  const organizersByEmail = rowReader<PostRow>(
    db.prepare(
      `SELECT * FROM posts WHERE site_id = ? AND type = 'organizer' AND type IN ('venue', 'organizer')
       AND email = ? COLLATE NOCASE ORDER BY id`,
    ),
  );
  // Every venue's (organizer's) id and name, for an import that matches names as people write
  // them (case, accents and spacing aside), which SQLite's NOCASE cannot compare.
  const titles = perType(
    db,
    (type) =>
      `SELECT id, title FROM posts WHERE site_id = ? AND type = ${type} AND type IN ('venue', 'organizer')
       AND status <> 'trash' ORDER BY id`,
  );
  const imageByUrl = rowReader<PostRow>(
    db.prepare("SELECT * FROM posts WHERE site_id = ? AND type = 'image' AND url = ? LIMIT 1"),
  );

  // The numbered slugs of a base, kept for the rest of the transaction that read them (see
  // slugSuffixesTaken). Only inserts through this repository add slugs, and any slug change or
  // delete empties it; a new transaction starts without it (store.ts forgetSlugs).
  const suffixMemo = new Map<string, SuffixesTaken>();
  const memoKey = (siteId: number, type: PostType, base: string) => `${siteId}|${type}|${base}`;
  /** Slug rows read by slugSuffixesTaken (the regression test of the quadratic import counts them). */
  const stats = { slugRowsRead: 0 };

  return {
    stats,
    get: (siteId: number, id: number) => byId.get(siteId, id),
    /** A post's type alone: what checking a link asks, without reading the whole row (an import asks it for every event). */
    typeOf: (siteId: number, id: number) => typeById.get(siteId, id) as PostType | undefined,
    bySlug: (siteId: number, type: PostType, slug: string) => rowReader<PostRow>(bySlug[type]).get(siteId, slug),
    slugTaken: (siteId: number, type: PostType, slug: string, exceptId = 0) =>
      slugTaken[type].get(siteId, slug, exceptId) !== undefined,
    /**
     * Every n for which `base-n` is another post's slug (one index range, see uniqueSlug). Inside
     * a transaction a new post's set is read once and then kept up to date by insert(): an import
     * of 20,000 events of one title read 1 + 2 + … + 20,000 slugs (478 s) before.
     */
    slugSuffixesTaken(siteId: number, type: PostType, base: string, exceptId = 0): UsedSuffixes {
      // The set holds every post's numbers: it serves a new post (an id not stored yet), never
      // an existing one, whose own slug must not count as taken.
      const memoable = db.inTransaction && (exceptId === 0 || byId.get(siteId, exceptId) === undefined);
      const key = memoKey(siteId, type, base);
      const known = memoable ? suffixMemo.get(key) : undefined;
      if (known) return known.advance();
      const used = new SuffixesTaken();
      for (const slug of slugsNumbered[type].all(siteId, `${base}-`, `${base}.`, exceptId) as string[]) {
        stats.slugRowsRead++;
        const n = slugSuffix(base, slug);
        if (n !== undefined) used.add(n);
      }
      if (memoable) suffixMemo.set(key, used);
      return used.advance();
    },
    /** A transaction begins: what an earlier one read of the slugs may be stale. */
    forgetSlugs: () => suffixMemo.clear(),
    byTitle: (siteId: number, type: PostType, title: string) => rowReader<PostRow>(byTitle[type]).all(siteId, title),
    /** byTitle's query plan, for the test that keeps it on its index. */
    explainByTitle: (type: PostType) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${byTitle[type].source}`).all(1, 'x') as { detail: string }[]).map(
        (r) => r.detail,
      ),
    titles: (siteId: number, type: PostType) => titles[type].all(siteId) as { id: number; title: string }[],
    imageByUrl: (siteId: number, url: string) => imageByUrl.get(siteId, url),
    organizersByEmail: (siteId: number, email: string) => organizersByEmail.all(siteId, email),

    /** Several posts by id in one query (no N+1 when embedding). */
    getMany(siteId: number, ids: number[]): Map<number, PostRow> {
      const result = new Map<number, PostRow>();
      if (ids.length === 0) return result;
      const unique = [...new Set(ids)];
      const rows = rowReader<PostRow>(
        prepareCached(db, `SELECT * FROM posts WHERE site_id = ? AND id IN (${unique.map(() => '?').join(',')})`),
      ).all(siteId, ...unique);
      for (const row of rows) result.set(row.id, row);
      return result;
    },

    insert(siteId: number, id: number, type: PostType, columns: PostColumns): void {
      const names = Object.keys(columns).filter((name) => WRITABLE.has(name));
      const sql = `INSERT INTO posts (site_id, id, type${names.map((n) => `, ${n}`).join('')}) VALUES (?, ?, ?${names
        .map(() => ', ?')
        .join('')})`;
      prepareCached(db, sql).run(siteId, id, type, ...names.map((n) => columns[n as keyof PostColumns] ?? null));
      if (suffixMemo.size > 0 && columns.slug) {
        const dash = columns.slug.lastIndexOf('-');
        const base = columns.slug.slice(0, dash);
        const n = dash > 0 ? slugSuffix(base, columns.slug) : undefined;
        if (n !== undefined) suffixMemo.get(memoKey(siteId, type, base))?.add(n);
      }
    },

    update(siteId: number, id: number, columns: PostColumns): void {
      const names = Object.keys(columns).filter((name) => WRITABLE.has(name));
      if (names.length === 0) return;
      if (columns.slug !== undefined) suffixMemo.clear();
      const sql = `UPDATE posts SET ${names.map((n) => `${n} = ?`).join(', ')}, revision = revision + 1 WHERE site_id = ? AND id = ?`;
      prepareCached(db, sql).run(...names.map((n) => columns[n as keyof PostColumns] ?? null), siteId, id);
    },

    /** Deletes a post permanently, with its links, terms (cascade) and translations. */
    remove(siteId: number, id: number): void {
      suffixMemo.clear();
      remove.run(siteId, id);
      removeTranslations.run(siteId, id);
    },

    links(siteId: number, eventId: number, kind: LinkKind): number[] {
      return (linksOf.all(siteId, eventId, kind) as { linked_id: number }[]).map((r) => r.linked_id);
    },

    /** event id → linked ids in order, for a page of events in one query. */
    /** event id → its linked venue ids and organizer ids, in their order, for many events in one query. */
    linksOfMany(siteId: number, eventIds: number[]): Record<LinkKind, Map<number, number[]>> {
      const result: Record<LinkKind, Map<number, number[]>> = { venue: new Map(), organizer: new Map() };
      if (eventIds.length === 0) return result;
      const rows = prepareCached(
        db,
        `SELECT event_id, kind, linked_id FROM post_links WHERE site_id = ? AND event_id IN (${eventIds
          .map(() => '?')
          .join(',')}) ORDER BY event_id, kind, position`,
      ).all(siteId, ...eventIds) as { event_id: number; kind: LinkKind; linked_id: number }[];
      for (const row of rows) {
        const byEvent = result[row.kind];
        const list = byEvent.get(row.event_id) ?? [];
        list.push(row.linked_id);
        byEvent.set(row.event_id, list);
      }
      return result;
    },

    /** Replaces an event's links of one kind. `isNew`: the event was created in this write and has none. */
    setLinks(siteId: number, eventId: number, kind: LinkKind, linkedIds: number[], isNew = false): void {
      if (!isNew) clearLinks.run(siteId, eventId, kind);
      linkedIds.forEach((linkedId, position) => addLink.run(siteId, eventId, linkedId, kind, position));
    },

    /** Detaches a venue or organizer from every event (when it is trashed or deleted). */
    unlinkEverywhere(siteId: number, linkedId: number): void {
      unlinkEverywhere.run(siteId, linkedId);
    },
  };
}
