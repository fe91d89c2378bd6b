// The export's read (issue 22): every event a list filter matches, with what a calendar file
// needs of its venue, organizers and terms. It runs on a connection of its own inside one read
// transaction (calendar-files/export-stream.ts), so a long export sees one snapshot and never
// holds up the server's connection. Two orders: list order (start) for spreadsheets, storage
// order for iCalendar, which is three times faster (see each). Correlated subqueries per row, the
// first version, cost ~40 µs an event (4 s at 100k).
import type { Db } from '../open.ts';
import { rowReader } from '../row-reader.ts';

export interface ExportVenue {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
  /**
   * The LOCATION the event was written with (migration 0023) and the venue's own line then: the
   * export writes the text while the venue's line is still that (vevent.ts locationText).
   */
  written?: { text: string; line: string };
}

export interface ExportOrganizer {
  id: number;
  name: string;
  email: string | null;
}

interface EventColumns {
  id: number;
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  status: string;
  password: string;
  start_local: string;
  end_local: string;
  timezone: string;
  all_day: number;
  website: string | null;
  cost_raw: string | null;
  featured: number | null;
  hide_from_listings: number | null;
  date_utc: string;
  modified_utc: string;
}

export interface ExportRow extends EventColumns {
  /** The UID it was imported with, if it was. */
  uid: string | null;
  venue: ExportVenue | null;
  organizers: ExportOrganizer[];
  /** Term names as stored (HTML-escaped, as WordPress stores them). */
  categories: string[];
  tags: string[];
}

interface Selection {
  from: string;
  where: string;
  params: unknown[];
  order: string;
}

/** Read by position (rowOf, then exportRows reads the relations after them, from index 17). */
const EVENT_COLUMNS = `e.id, e.title, e.content, e.excerpt, e.slug, e.status, e.password, e.start_local, e.end_local,
  e.timezone, e.all_day, e.website, e.cost_raw, e.featured, e.date_utc, e.modified_utc,
  e.hide_from_listings`;

/** Events per chunk of the file. */
const BATCH = 500;

/** A venue or organizer as the export reads it (a venue's fields, under the post's title). */
type LinkedRow = Omit<ExportVenue, 'name'> & {
  type: 'venue' | 'organizer';
  title: string;
  email: string | null;
};

/** The site's venues, organizers and terms, read once: a calendar has far fewer than events. */
function relationTables(db: Db, siteId: number) {
  const linked = new Map<number, LinkedRow>();
  for (const row of rowReader<LinkedRow>(
    db.prepare(`SELECT id, type, title, address, city,
        COALESCE(NULLIF(stateprovince, ''), NULLIF(state, ''), province) AS state, zip, country,
        geo_lat AS lat, geo_lng AS lng, email
      FROM posts WHERE site_id = ? AND type IN ('venue', 'organizer') AND status <> 'trash'`),
  ).all(siteId))
    linked.set(row.id, row);
  const terms = new Map<number, { taxonomy: string; name: string }>();
  for (const row of db.prepare('SELECT id, taxonomy, name FROM terms WHERE site_id = ?').all(siteId) as {
    id: number;
    taxonomy: string;
    name: string;
  }[])
    terms.set(row.id, row);
  return {
    /** Links `linkedId` to `row` (links come in position order; a trashed post is left out). */
    link(row: ExportRow, kind: string, linkedId: number): void {
      const post = linked.get(linkedId);
      if (!post) return;
      if (kind === 'organizer') row.organizers.push({ id: post.id, name: post.title, email: post.email });
      else if (!row.venue) {
        const { id, title: name, address, city, state, zip, country, lat, lng } = post;
        row.venue = { id, name, address, city, state, zip, country, lat, lng };
      }
    },
    term(row: ExportRow, termId: number): void {
      const term = terms.get(termId);
      if (term) (term.taxonomy === 'category' ? row.categories : row.tags).push(term.name);
    },
  };
}

/** An export row from EVENT_COLUMNS read as an array (raw: one object literal, built at once). */
function rowOf(values: unknown[]): ExportRow {
  const v = values as [number, string, string, string, string, string, string, string, string, string, number];
  const w = values as unknown as Record<number, string | number | null>;
  return {
    id: v[0],
    title: v[1],
    content: v[2],
    excerpt: v[3],
    slug: v[4],
    status: v[5],
    password: v[6],
    start_local: v[7],
    end_local: v[8],
    timezone: v[9],
    all_day: v[10],
    website: w[11] as string | null,
    cost_raw: w[12] as string | null,
    featured: w[13] as number | null,
    date_utc: w[14] as string,
    modified_utc: w[15] as string,
    hide_from_listings: w[16] as number | null,
    uid: null,
    venue: null,
    organizers: [],
    categories: [],
    tags: [],
  };
}

/**
 * The selection's events with their relations, `BATCH` at a time, in `order`: list order (start)
 * for spreadsheets, storage order (id) for iCalendar, whose events have no order and which then
 * reads the table sequentially. One query: each event's links and term ids come as one text per
 * event (group_concat through the primary key and term_posts_by_post), because what costs here is
 * better-sqlite3's work per row returned, not SQLite's per index seek: 1.2 s for 100k events
 * against 1.7 s for the same rows through separate ordered scans merged in JS, and ~4 s for
 * per-batch IN queries.
 */
export function* exportRows(
  db: Db,
  siteId: number,
  selection: Selection,
  order: 'list' | 'storage',
): Generator<ExportRow[]> {
  const tables = relationTables(db, siteId);
  const { from, where, params } = selection;
  const events = db
    .prepare(
      `SELECT ${EVENT_COLUMNS},
        (SELECT group_concat(l.kind || ' ' || l.position || ' ' || l.linked_id, ',') FROM post_links l
          WHERE l.site_id = e.site_id AND l.event_id = e.id) AS links,
        (SELECT group_concat(t.term_id, ',') FROM term_posts t WHERE t.site_id = e.site_id AND t.post_id = e.id) AS terms,
        (SELECT u.uid FROM import_uids u WHERE u.site_id = e.site_id AND u.post_id = e.id) AS uid,
        (SELECT json_array(x.venue_id, x.venue_line, x.text) FROM location_texts x
          WHERE x.site_id = e.site_id AND x.post_id = e.id) AS location
      FROM ${from} WHERE ${where} ORDER BY ${order === 'list' ? selection.order : 'e.id'}`,
    )
    .raw();
  let batch: ExportRow[] = [];
  for (const values of events.iterate(...params) as IterableIterator<unknown[]>) {
    const row = rowOf(values);
    const links = values[17] as string | null;
    const terms = values[18] as string | null;
    row.uid = values[19] as string | null;
    if (links) {
      const parsed = links.split(',').map((text) => text.split(' '));
      // Venue first, then organizers, each in the order the event gives them.
      if (parsed.length > 1) parsed.sort((a, b) => a[0]!.localeCompare(b[0]!) || Number(a[1]) - Number(b[1]));
      for (const [kind, , id] of parsed) tables.link(row, kind!, Number(id));
    }
    if (terms) for (const id of terms.split(',')) tables.term(row, Number(id));
    const location = values[20] as string | null;
    if (location && row.venue) {
      const [venueId, line, text] = JSON.parse(location) as [number, string, string];
      if (venueId === row.venue.id) row.venue.written = { text, line };
    }
    batch.push(row);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Each zone the selection uses and the years its events span in it (for the VTIMEZONEs). */
export function exportZones(db: Db, selection: Selection): { timezone: string; from: number; to: number }[] {
  const { from, where, params } = selection;
  const sql = `SELECT e.timezone AS timezone, CAST(substr(min(e.start_local), 1, 4) AS INTEGER) AS "from",
      CAST(substr(max(e.end_local), 1, 4) AS INTEGER) AS "to"
    FROM ${from} WHERE ${where} GROUP BY e.timezone ORDER BY e.timezone`;
  return db.prepare(sql).all(...params) as { timezone: string; from: number; to: number }[];
}

/** A series the selection reaches, and which of its occurrences a file shows (see seriesMembers). */
export interface ExportSeriesMembers {
  seriesId: number;
  /** The first shown occurrence not changed on its own (else the first shown). */
  masterId: number;
  /** Shown occurrences changed on their own, with their slot dates. */
  exceptions: { id: number; date: string }[];
  /** Slot dates of occurrences that exist but are not shown: excluded in the file. */
  hidden: string[];
}

const SERIES_SLICE = 500;
const marks = (values: unknown[]) => values.map(() => '?').join(',');

/**
 * The series with an occurrence in `selection` (a series is exported whole, once), and for each,
 * the occurrences `shown` selects — the same filter without its date bounds, so a date range
 * picks series without cutting them. Occurrences that exist but `shown` leaves out (another
 * status, another category…) are excluded dates in the file.
 */
export function exportSeriesMembers(
  db: Db,
  siteId: number,
  selection: Selection,
  shown: Selection,
): ExportSeriesMembers[] {
  const ids = (
    db
      .prepare(
        `SELECT DISTINCT e.series_id FROM ${selection.from} WHERE ${selection.where} AND e.series_id IS NOT NULL`,
      )
      .pluck()
      .all(...selection.params) as number[]
  ).sort((a, b) => a - b);
  const result: ExportSeriesMembers[] = [];
  for (let at = 0; at < ids.length; at += SERIES_SLICE) {
    const slice = ids.slice(at, at + SERIES_SLICE);
    const active = new Set(
      db
        .prepare(`SELECT id FROM series WHERE site_id = ? AND status = 'active' AND id IN (${marks(slice)})`)
        .pluck()
        .all(siteId, ...slice) as number[],
    );
    const visible = db
      .prepare(
        `SELECT e.series_id, e.id, e.recurrence, e.detached FROM ${shown.from}
         WHERE ${shown.where} AND e.series_id IN (${marks(slice)}) ORDER BY e.series_id, e.recurrence`,
      )
      .raw()
      .all(...shown.params, ...slice) as [number, number, string, number][];
    const existing = db
      .prepare(
        `SELECT series_id, recurrence FROM posts
         WHERE site_id = ? AND status <> 'trash' AND series_id IN (${marks(slice)})`,
      )
      .raw()
      .all(siteId, ...slice) as [number, string][];
    const bySeries = new Map<number, { rows: [number, number, string, number][]; dates: Set<string> }>();
    const entry = (id: number) => {
      let found = bySeries.get(id);
      if (!found) bySeries.set(id, (found = { rows: [], dates: new Set() }));
      return found;
    };
    for (const row of visible) entry(row[0]).rows.push(row);
    for (const [seriesId, date] of existing) entry(seriesId).dates.add(date);
    for (const seriesId of slice) {
      const found = bySeries.get(seriesId);
      if (!active.has(seriesId) || !found || found.rows.length === 0) continue;
      const master = found.rows.find((row) => row[3] === 0) ?? found.rows[0]!;
      const shownDates = new Set(found.rows.map((row) => row[2]));
      result.push({
        seriesId,
        masterId: master[1],
        exceptions: found.rows
          .filter((row) => row[3] === 1 && row !== master)
          .map((row) => ({ id: row[1], date: row[2] })),
        hidden: [...found.dates].filter((date) => !shownDates.has(date)).sort(),
      });
    }
  }
  return result;
}
