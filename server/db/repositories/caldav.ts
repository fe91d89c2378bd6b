// What CalDAV keeps of its own (migrations 0014, 0017) and the reads it needs beyond the export's:
// the names calendar apps gave their objects (an event's, or a whole series'), their per-user
// calendar display name and colour, which events and series a caller may see (as export
// selections), and what the change log says changed since a sync token. The events themselves are
// read by the export's query (event-export.ts).
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';
import { rowReader } from '../row-reader.ts';
import type { SeriesRow } from './series.ts';

/** An export selection (event-export.ts): `posts e` filtered by `where`. */
export interface CalDavSelection {
  from: string;
  where: string;
  params: unknown[];
  order: string;
}

/** Who sees which events: editors and up every one not trashed; others published ones and their own. */
export interface CalDavVisibility {
  siteId: number;
  /** null: every status but trash; a user id: published events and that author's own. */
  ownerOnly: number | null;
  /** Published events only (subscribers). */
  publishedOnly: boolean;
}

/** What a calendar object resource stands for: one event, or a whole series (its occurrences folded in). */
export type ObjectKind = 'event' | 'series';
export interface ObjectRef {
  kind: ObjectKind;
  id: number;
}

export interface CalDavChange {
  seq: number;
  kind: string;
  object_id: number;
  action: string;
}

/** The occurrences that make up a series' object for one caller (see seriesMembers). */
export interface SeriesMembers {
  /** The occurrence whose fields are the series' (the first visible one not changed on its own). */
  masterId: number;
  /** Visible occurrences changed on their own, with their slot dates. */
  exceptions: { id: number; date: string }[];
  /** Slot dates of occurrences that exist but this caller may not see. */
  hidden: string[];
}

export interface TimeRange {
  /** UTC walls `YYYY-MM-DD HH:MM:SS`. */
  start?: string;
  end?: string;
}

const list = (values: unknown[]) => values.map(() => '?').join(',');

/** The visibility of `e` as SQL, with its parameters. */
function visibleSql(visibility: CalDavVisibility, alias = 'e'): { sql: string; params: unknown[] } {
  if (visibility.publishedOnly) return { sql: `${alias}.status = 'publish'`, params: [] };
  if (visibility.ownerOnly !== null)
    return {
      sql: `(${alias}.status = 'publish' OR (${alias}.author = ? AND ${alias}.status <> 'trash'))`,
      params: [visibility.ownerOnly],
    };
  return { sql: `${alias}.status <> 'trash'`, params: [] };
}

/** Overlap with a time range (an event of no length at `start` counts, RFC 4791 §9.9). */
function rangeSql(range: TimeRange | undefined, alias = 'e'): { sql: string[]; params: unknown[] } {
  const sql: string[] = [];
  const params: unknown[] = [];
  if (range?.end !== undefined) {
    sql.push(`${alias}.start_utc < ?`);
    params.push(range.end);
  }
  if (range?.start !== undefined) {
    sql.push(`(${alias}.end_utc > ? OR ${alias}.start_utc >= ?)`);
    params.push(range.start, range.start);
  }
  return { sql, params };
}

/** Which events a read wants: by id (of the event, or of its series), or overlapping a time range. */
export interface EventFilter {
  ids?: number[];
  range?: TimeRange;
}

/**
 * The caller's visible events of the site as SQL on `posts e`: single events (`ids` are theirs)
 * or occurrences of series (`ids` are the series').
 */
function visibleEvents(
  visibility: CalDavVisibility,
  kind: 'single' | 'occurrence',
  filter: EventFilter,
): { where: string; params: unknown[] } {
  const visible = visibleSql(visibility);
  const where = [
    'e.site_id = ?',
    "e.type = 'event'",
    kind === 'single' ? 'e.series_id IS NULL' : 'e.series_id IS NOT NULL',
    visible.sql,
  ];
  const params: unknown[] = [visibility.siteId, ...visible.params];
  if (filter.ids) {
    const column = kind === 'single' ? 'e.id' : 'e.series_id';
    where.push(`${column} IN (${filter.ids.length === 0 ? 'NULL' : list(filter.ids)})`);
    params.push(...filter.ids);
  }
  const range = rangeSql(filter.range);
  where.push(...range.sql);
  params.push(...range.params);
  return { where: where.join(' AND '), params };
}

export function calDavRepository(db: Db) {
  const nameOf = db
    .prepare('SELECT name FROM caldav_object_names WHERE site_id = ? AND kind = ? AND object_id = ?')
    .pluck();
  const refOfName = db.prepare('SELECT kind, object_id AS id FROM caldav_object_names WHERE site_id = ? AND name = ?');
  const allNames = db.prepare('SELECT kind, object_id, name FROM caldav_object_names WHERE site_id = ?').raw();
  // OR REPLACE also drops a row that held this name for another (deleted) object.
  const setName = db.prepare(
    'INSERT OR REPLACE INTO caldav_object_names (site_id, kind, object_id, name) VALUES (?, ?, ?, ?)',
  );
  const removeName = db.prepare('DELETE FROM caldav_object_names WHERE site_id = ? AND kind = ? AND object_id = ?');
  const props = db.prepare('SELECT display_name, color FROM caldav_calendar_props WHERE site_id = ? AND user_id = ?');
  const setProps = db.prepare(
    `INSERT INTO caldav_calendar_props (site_id, user_id, display_name, color) VALUES (?, ?, ?, ?)
     ON CONFLICT (site_id, user_id) DO UPDATE SET display_name = excluded.display_name, color = excluded.color`,
  );
  const siteLatest = db.prepare('SELECT seq FROM changes WHERE site_id = ? ORDER BY seq DESC LIMIT 1').pluck();
  const changesAfter = db.prepare(
    'SELECT seq, kind, object_id, action FROM changes WHERE seq > ? AND site_id = ? ORDER BY seq LIMIT ?',
  );
  const firstOccurrence = db.prepare('SELECT min(id) FROM posts WHERE site_id = ? AND series_id = ?').pluck();
  // Never-ending series whose occurrences stop at a horizon before `end`: the rule may give dates beyond.
  const beyondHorizon = rowReader<SeriesRow>(
    db.prepare(`SELECT * FROM series WHERE site_id = ? AND status = 'active' AND never_ends = 1 AND horizon < ?`),
  );

  return {
    /** The name a calendar app gave this object, if one did. */
    nameOf: (siteId: number, ref: ObjectRef) => nameOf.get(siteId, ref.kind, ref.id) as string | undefined,
    /** The object a calendar app's name stands for (it may since have been deleted). */
    refOfName: (siteId: number, name: string) => refOfName.get(siteId, name) as ObjectRef | undefined,
    /** Every name of the site, by refKey (a sync of the whole calendar reads them once). */
    names(siteId: number): Map<string, string> {
      const names = new Map<string, string>();
      for (const [kind, id, name] of allNames.all(siteId) as [ObjectKind, number, string][])
        names.set(refKey({ kind, id }), name);
      return names;
    },
    setName: (siteId: number, ref: ObjectRef, name: string) => void setName.run(siteId, ref.kind, ref.id, name),
    removeName: (siteId: number, ref: ObjectRef) => void removeName.run(siteId, ref.kind, ref.id),

    calendarProps(siteId: number, userId: number): { display_name: string | null; color: string | null } {
      return (
        (props.get(siteId, userId) as { display_name: string | null; color: string | null } | undefined) ?? {
          display_name: null,
          color: null,
        }
      );
    },
    setCalendarProps(siteId: number, userId: number, displayName: string | null, color: string | null): void {
      setProps.run(siteId, userId, displayName, color);
    },

    /** The newest change of this site (its calendar's CTag): 0 before the first. */
    siteLatest: (siteId: number) => (siteLatest.get(siteId) as number | undefined) ?? 0,
    /** The site's changes after `seq`, oldest first, at most `limit`. */
    changesAfter: (siteId: number, seq: number, limit: number) =>
      changesAfter.all(seq, siteId, limit) as CalDavChange[],
    /** Events that show a venue or organizer among `linkedIds` (their objects change with it). */
    eventsLinkedTo(siteId: number, linkedIds: number[]): number[] {
      if (linkedIds.length === 0) return [];
      return prepareCached(
        db,
        `SELECT DISTINCT event_id FROM post_links WHERE site_id = ? AND linked_id IN (${list(linkedIds)})`,
      )
        .pluck()
        .all(siteId, ...linkedIds) as number[];
    },
    /** Events filed under any of `termIds`. */
    eventsWithTerms(siteId: number, termIds: number[]): number[] {
      if (termIds.length === 0) return [];
      return prepareCached(
        db,
        `SELECT DISTINCT post_id FROM term_posts WHERE site_id = ? AND term_id IN (${list(termIds)})`,
      )
        .pluck()
        .all(siteId, ...termIds) as number[];
    },
    /** The series of each of `postIds` that is an occurrence (trashed ones included): post id → series id. */
    seriesOfPosts(siteId: number, postIds: number[]): Map<number, number> {
      const found = new Map<number, number>();
      for (let at = 0; at < postIds.length; at += 500) {
        const slice = postIds.slice(at, at + 500);
        const rows = prepareCached(
          db,
          `SELECT id, series_id FROM posts WHERE site_id = ? AND id IN (${list(slice)}) AND series_id IS NOT NULL`,
        )
          .raw()
          .all(siteId, ...slice) as [number, number][];
        for (const [id, series] of rows) found.set(id, series);
      }
      return found;
    },

    /** The lowest id among a series' occurrences (the event it was made from, when it was). */
    firstOccurrence: (siteId: number, seriesId: number) =>
      (firstOccurrence.get(siteId, seriesId) as number | null) ?? undefined,

    /**
     * The caller's single events (not occurrences of a series) as an export selection: optionally
     * only `ids`, or only those overlapping `range`.
     */
    selection(visibility: CalDavVisibility, filter: EventFilter = {}): CalDavSelection {
      const { where, params } = visibleEvents(visibility, 'single', filter);
      return { from: 'posts e', where, params, order: 'e.id' };
    },
    /** The ids a selection holds, in id order (what a cache of rendered objects is looked up with). */
    selectedIds(selection: CalDavSelection): number[] {
      return prepareCached(db, `SELECT e.id FROM ${selection.from} WHERE ${selection.where} ORDER BY e.id`)
        .pluck()
        .all(...selection.params) as number[];
    },
    /** Occurrences by id, as an export selection (visibility was checked by seriesMembers). */
    occurrenceSelection(siteId: number, ids: number[]): CalDavSelection {
      return {
        from: 'posts e',
        where: `e.site_id = ? AND e.id IN (${ids.length === 0 ? 'NULL' : list(ids)})`,
        params: [siteId, ...ids],
        order: 'e.id',
      };
    },
    /** Visible occurrences of `seriesIds` overlapping `range`, as an export selection (for expand). */
    occurrencesInRange(visibility: CalDavVisibility, seriesIds: number[], range: TimeRange): CalDavSelection {
      const visible = visibleSql(visibility);
      const overlap = rangeSql(range);
      return {
        from: 'posts e',
        where: [
          'e.site_id = ?',
          `e.series_id IN (${seriesIds.length === 0 ? 'NULL' : list(seriesIds)})`,
          visible.sql,
          ...overlap.sql,
        ].join(' AND '),
        params: [visibility.siteId, ...seriesIds, ...visible.params, ...overlap.params],
        order: 'e.id',
      };
    },
    /** Slot dates of occurrences by id (for expand: each instance's RECURRENCE-ID). */
    slotDates(siteId: number, ids: number[]): Map<number, { series: number; date: string; detached: boolean }> {
      const found = new Map<number, { series: number; date: string; detached: boolean }>();
      for (let at = 0; at < ids.length; at += 500) {
        const slice = ids.slice(at, at + 500);
        const rows = prepareCached(
          db,
          `SELECT id, series_id, recurrence, detached FROM posts WHERE site_id = ? AND id IN (${list(slice)})`,
        )
          .raw()
          .all(siteId, ...slice) as [number, number, string, number][];
        for (const [id, series, date, detached] of rows) found.set(id, { series, date, detached: detached === 1 });
      }
      return found;
    },

    /**
     * The series with at least one occurrence the caller may see: every one, only `ids`, or those
     * with an occurrence overlapping `range` (not those whose occurrences stop before it: see
     * beyondHorizon).
     */
    visibleSeries(visibility: CalDavVisibility, filter: EventFilter = {}): number[] {
      const { where, params } = visibleEvents(visibility, 'occurrence', filter);
      return prepareCached(db, `SELECT DISTINCT e.series_id FROM posts e WHERE ${where} ORDER BY 1`)
        .pluck()
        .all(...params) as number[];
    },
    /** Active never-ending series whose occurrences stop before `endDate` (YYYY-MM-DD). */
    beyondHorizon: (siteId: number, endDate: string) => beyondHorizon.all(siteId, endDate),
    seriesRows(siteId: number, ids: number[]): SeriesRow[] {
      if (ids.length === 0) return [];
      return rowReader<SeriesRow>(
        prepareCached(db, `SELECT * FROM series WHERE site_id = ? AND id IN (${list(ids)}) ORDER BY id`),
      ).all(siteId, ...ids);
    },
    /**
     * What each series' object is made of for this caller (see SeriesMembers); a series with no
     * visible occurrence is left out.
     */
    seriesMembers(visibility: CalDavVisibility, seriesIds: number[]): Map<number, SeriesMembers> {
      const members = new Map<number, SeriesMembers>();
      if (seriesIds.length === 0) return members;
      const visible = visibleSql(visibility);
      const siteId = visibility.siteId;
      const inSeries = `e.series_id IN (${list(seriesIds)}) AND e.site_id = ? AND e.status <> 'trash'`;
      // Each series' first visible occurrence not changed on its own (SQLite gives the bare
      // column `e.id` of the row that holds the min), then the few that differ from it: changed
      // on their own, or not visible to this caller. Both by the occurrences_by_slot index.
      const masters = prepareCached(
        db,
        `SELECT e.series_id, e.id, min(e.recurrence) FROM posts e
         WHERE ${inSeries} AND e.detached = 0 AND ${visible.sql} GROUP BY e.series_id`,
      )
        .raw()
        .all(...seriesIds, siteId, ...visible.params) as [number, number, string][];
      const others = prepareCached(
        db,
        `SELECT e.series_id, e.id, e.recurrence, ${visible.sql} AS shown FROM posts e
         WHERE ${inSeries} AND (e.detached = 1 OR NOT (${visible.sql})) ORDER BY e.series_id, e.recurrence`,
      )
        .raw()
        .all(...visible.params, ...seriesIds, siteId, ...visible.params) as [number, number, string, number][];
      const entry = (series: number) => {
        let found = members.get(series);
        if (!found) {
          found = { masterId: 0, exceptions: [], hidden: [] };
          members.set(series, found);
        }
        return found;
      };
      for (const [series, id] of masters) entry(series).masterId = id;
      for (const [series, id, date, shown] of others) {
        if (shown) entry(series).exceptions.push({ id, date });
        else entry(series).hidden.push(date);
      }
      for (const [series, found] of members) {
        // Every visible occurrence was changed on its own: the first of them stands for the series.
        if (found.masterId === 0) found.masterId = found.exceptions[0]?.id ?? 0;
        if (found.masterId === 0) members.delete(series);
      }
      return members;
    },
  };
}

/** A key for maps of objects of both kinds. */
export const refKey = (ref: ObjectRef) => `${ref.kind === 'series' ? 's' : 'e'}${ref.id}`;
