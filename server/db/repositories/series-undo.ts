// Snapshots of series for undo (migration 0016): the rows a series change touches, as they were,
// and putting them back. Rows are kept whole (every column), so what comes back is what was.
import type { Db } from '../open.ts';

/** Everything of a set of posts and series, as rows. */
export interface SeriesSnapshot {
  series: Record<string, unknown>[];
  posts: Record<string, unknown>[];
  links: Record<string, unknown>[];
  terms: Record<string, unknown>[];
  translations: Record<string, unknown>[];
  importUids: Record<string, unknown>[];
  calDavNames: Record<string, unknown>[];
}

const KEEP_PER_SITE = 20;

export function seriesUndoRepository(db: Db) {
  const rowsOf = (sql: string) => (siteId: number, ids: number[]) =>
    ids.length === 0
      ? []
      : (db.prepare(sql.replace('(?)', `(${ids.map(() => '?').join(',')})`)).all(siteId, ...ids) as Record<
          string,
          unknown
        >[]);
  const seriesRows = rowsOf('SELECT * FROM series WHERE site_id = ? AND id IN (?)');
  const postRows = rowsOf('SELECT * FROM posts WHERE site_id = ? AND id IN (?)');
  const linkRows = rowsOf('SELECT * FROM post_links WHERE site_id = ? AND event_id IN (?)');
  const termRows = rowsOf('SELECT site_id, term_id, post_id FROM term_posts WHERE site_id = ? AND post_id IN (?)');
  const translationRows = rowsOf("SELECT * FROM translations WHERE site_id = ? AND kind = 'post' AND object_id IN (?)");
  const uidRows = rowsOf('SELECT * FROM import_uids WHERE site_id = ? AND post_id IN (?)');
  const eventNameRows = rowsOf(
    "SELECT * FROM caldav_object_names WHERE site_id = ? AND kind = 'event' AND object_id IN (?)",
  );
  const seriesNameRows = rowsOf(
    "SELECT * FROM caldav_object_names WHERE site_id = ? AND kind = 'series' AND object_id IN (?)",
  );
  const save = db.prepare('INSERT INTO series_undo (token, site_id, created_utc, data) VALUES (?, ?, ?, ?)');
  const byToken = db.prepare('SELECT site_id, created_utc, data FROM series_undo WHERE token = ?');
  const forget = db.prepare('DELETE FROM series_undo WHERE token = ?');
  const prune = db.prepare(
    `DELETE FROM series_undo WHERE site_id = ? AND token NOT IN
       (SELECT token FROM series_undo WHERE site_id = ? ORDER BY created_utc DESC LIMIT ${KEEP_PER_SITE})`,
  );

  /** INSERT OR REPLACE of whole rows into `table`. */
  const putBack = (table: string, rows: Record<string, unknown>[]) => {
    for (const row of rows) {
      const names = Object.keys(row);
      db.prepare(
        `INSERT OR REPLACE INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
      ).run(...names.map((name) => row[name]));
    }
  };

  return {
    /** The rows of these series and posts as they are now. */
    take(siteId: number, seriesIds: number[], postIds: number[]): SeriesSnapshot {
      return {
        series: seriesRows(siteId, seriesIds),
        posts: postRows(siteId, postIds),
        links: linkRows(siteId, postIds),
        terms: termRows(siteId, postIds),
        translations: translationRows(siteId, postIds),
        importUids: uidRows(siteId, postIds),
        calDavNames: [...eventNameRows(siteId, postIds), ...seriesNameRows(siteId, seriesIds)],
      };
    },

    keep(token: string, siteId: number, createdUtc: string, data: unknown): void {
      save.run(token, siteId, createdUtc, JSON.stringify(data));
      prune.run(siteId, siteId);
    },

    find(token: string): { siteId: number; createdUtc: string; data: unknown } | undefined {
      const row = byToken.get(token) as { site_id: number; created_utc: string; data: string } | undefined;
      return row && { siteId: row.site_id, createdUtc: row.created_utc, data: JSON.parse(row.data) };
    },

    forget: (token: string) => void forget.run(token),

    /** Writes the snapshot's rows back (the posts first: the others refer to them). */
    restore(snapshot: SeriesSnapshot): void {
      putBack('series', snapshot.series);
      putBack('posts', snapshot.posts);
      putBack('post_links', snapshot.links);
      putBack('term_posts', snapshot.terms);
      putBack('translations', snapshot.translations);
      putBack('import_uids', snapshot.importUids);
      putBack('caldav_object_names', snapshot.calDavNames);
    },
  };
}
