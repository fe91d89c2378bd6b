// Series (migration 0012): the rule of a repeating event and where its occurrences stand. The
// occurrences themselves are posts (series_id, recurrence, detached); their SQL is here too, so the
// series operations have one repository.
import type { Db } from '../open.ts';
import { rowReader } from '../row-reader.ts';
import type { PostRow } from './posts.ts';

export interface SeriesRow {
  id: number;
  site_id: number;
  first_id: number;
  rule: string;
  rdates: string;
  exdates: string;
  timezone: string;
  start_local: string;
  end_local: string;
  all_day: number;
  horizon: string;
  never_ends: number;
  uid: string;
  status: 'active' | 'trash';
  created_utc: string;
  modified_utc: string;
}

export type SeriesColumns = Partial<Omit<SeriesRow, 'id' | 'site_id'>>;

const COLUMNS = new Set([
  'first_id',
  'rule',
  'rdates',
  'exdates',
  'timezone',
  'start_local',
  'end_local',
  'all_day',
  'horizon',
  'never_ends',
  'uid',
  'status',
  'created_utc',
  'modified_utc',
]);

export function seriesRepository(db: Db) {
  const byId = rowReader<SeriesRow>(db.prepare('SELECT * FROM series WHERE site_id = ? AND id = ?'));
  const byUid = rowReader<SeriesRow>(db.prepare('SELECT * FROM series WHERE site_id = ? AND uid = ?'));
  const uids = db.prepare('SELECT uid FROM series WHERE site_id = ?').pluck();
  const occurrences = rowReader<PostRow>(
    db.prepare('SELECT * FROM posts WHERE site_id = ? AND series_id = ? ORDER BY recurrence'),
  );
  const occurrenceIds = db.prepare('SELECT id FROM posts WHERE site_id = ? AND series_id = ?').pluck();
  const datesAfter = db
    .prepare('SELECT recurrence FROM posts WHERE series_id = ? AND recurrence > ? AND site_id = ?')
    .pluck();
  // The occurrence new ones are copied from: the latest live one not changed on its own.
  const template = rowReader<PostRow>(
    db.prepare(
      `SELECT * FROM posts WHERE series_id = ? AND site_id = ? AND status <> 'trash'
       ORDER BY detached, recurrence DESC LIMIT 1`,
    ),
  );
  const remove = db.prepare('DELETE FROM series WHERE site_id = ? AND id = ?');
  // Only the rows whose parent changes are written (each write is a change-log row and a WAL page).
  const setParents = db.prepare(
    `UPDATE posts SET parent = CASE WHEN id = @first THEN 0 ELSE @first END, revision = revision + 1
     WHERE site_id = @site AND series_id = @series AND parent <> CASE WHEN id = @first THEN 0 ELSE @first END`,
  );
  const neverEnding = db.prepare(
    `SELECT site_id, id FROM series WHERE never_ends = 1 AND status = 'active' AND id > ? ORDER BY id LIMIT ?`,
  );
  const bySite = db.prepare("SELECT id FROM series WHERE site_id = ? AND status = 'active' ORDER BY id").pluck();
  const hasRelations = db.prepare(
    `SELECT EXISTS (SELECT 1 FROM post_links WHERE site_id = @site AND event_id = @from) AS links,
       EXISTS (SELECT 1 FROM term_posts WHERE site_id = @site AND post_id = @from) AS terms,
       EXISTS (SELECT 1 FROM translations WHERE site_id = @site AND kind = 'post' AND object_id = @from) AS translations`,
  );
  // A new occurrence gets its template's venue, organizers, terms and translations in three statements.
  const copyLinks = db.prepare(
    `INSERT INTO post_links (site_id, event_id, linked_id, kind, position)
     SELECT site_id, @to, linked_id, kind, position FROM post_links WHERE site_id = @site AND event_id = @from`,
  );
  const copyTerms = db.prepare(
    `INSERT INTO term_posts (site_id, term_id, post_id, start_utc)
     SELECT site_id, term_id, @to, (SELECT start_utc FROM posts WHERE site_id = @site AND id = @to)
     FROM term_posts WHERE site_id = @site AND post_id = @from`,
  );
  const copyTranslations = db.prepare(
    `INSERT INTO translations (site_id, kind, object_id, language, field, value)
     SELECT site_id, kind, @to, language, field, value FROM translations
     WHERE site_id = @site AND kind = 'post' AND object_id = @from`,
  );

  return {
    get: (siteId: number, id: number) => byId.get(siteId, id),
    byUid: (siteId: number, uid: string) => byUid.get(siteId, uid),
    /** The UIDs of the site's series (trashed ones included): read from the series_by_uid index. */
    uids: (siteId: number) => uids.all(siteId) as string[],
    /** Every occurrence of the series, trashed ones included, by slot. */
    occurrences: (siteId: number, seriesId: number) => occurrences.all(siteId, seriesId),
    occurrenceIds: (siteId: number, seriesId: number) => occurrenceIds.all(siteId, seriesId) as number[],
    /** The slot dates of the series' occurrences after `date`. */
    datesAfter: (siteId: number, seriesId: number, date: string) => datesAfter.all(seriesId, date, siteId) as string[],
    template: (siteId: number, seriesId: number) => template.get(seriesId, siteId),

    insert(siteId: number, columns: SeriesColumns): number {
      const names = Object.keys(columns).filter((name) => COLUMNS.has(name));
      const result = db
        .prepare(
          `INSERT INTO series (site_id${names.map((n) => `, ${n}`).join('')}) VALUES (?${names.map(() => ', ?').join('')})`,
        )
        .run(siteId, ...names.map((n) => columns[n as keyof SeriesColumns] ?? null));
      return Number(result.lastInsertRowid);
    },

    update(siteId: number, id: number, columns: SeriesColumns): void {
      const names = Object.keys(columns).filter((name) => COLUMNS.has(name));
      if (names.length === 0) return;
      db.prepare(`UPDATE series SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE site_id = ? AND id = ?`).run(
        ...names.map((n) => columns[n as keyof SeriesColumns] ?? null),
        siteId,
        id,
      );
    },

    remove: (siteId: number, id: number) => void remove.run(siteId, id),

    /** Every occurrence points at `firstId`, which points at nothing (post_parent 0). */
    setParents(siteId: number, seriesId: number, firstId: number): void {
      setParents.run({ site: siteId, series: seriesId, first: firstId });
    },

    /** Active series whose rule goes on past their horizon, by id, a page after `afterId`. */
    neverEnding: (afterId: number, limit: number) =>
      neverEnding.all(afterId, limit) as { site_id: number; id: number }[],

    /** What `from` has to copy: venue or organizers, terms, translations. */
    relationsOf(siteId: number, from: number): { links: boolean; terms: boolean; translations: boolean } {
      const row = hasRelations.get({ site: siteId, from }) as { links: number; terms: number; translations: number };
      return { links: row.links === 1, terms: row.terms === 1, translations: row.translations === 1 };
    },

    /** Gives `to` (just inserted) the venue, organizers, terms and translations of `from` (those it has). */
    copyRelations(
      siteId: number,
      from: number,
      to: number,
      has = { links: true, terms: true, translations: true },
    ): void {
      const ids = { site: siteId, from, to };
      if (has.links) copyLinks.run(ids);
      if (has.terms) copyTerms.run(ids);
      if (has.translations) copyTranslations.run(ids);
    },

    /** The active series of a site (export). */
    idsOfSite: (siteId: number) => bySite.all(siteId) as number[],
  };
}
