// What CalDAV keeps of its own (migration 0014) and the reads it needs beyond the export's: the
// names calendar apps gave their objects, their per-user calendar display name and colour, which
// events a caller may see (as an export selection), and what the change log says changed since a
// sync token. The events themselves are read by the export's query (event-export.ts).
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';

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

export interface CalDavChange {
  seq: number;
  kind: string;
  object_id: number;
  action: string;
}

const list = (values: unknown[]) => values.map(() => '?').join(',');

export function calDavRepository(db: Db) {
  const nameOf = db.prepare('SELECT name FROM caldav_names WHERE site_id = ? AND post_id = ?').pluck();
  const postOfName = db.prepare('SELECT post_id FROM caldav_names WHERE site_id = ? AND name = ?').pluck();
  const allNames = db.prepare('SELECT post_id, name FROM caldav_names WHERE site_id = ?').raw();
  // OR REPLACE also drops a row that held this name for another (deleted) post.
  const setName = db.prepare('INSERT OR REPLACE INTO caldav_names (site_id, post_id, name) VALUES (?, ?, ?)');
  const props = db.prepare('SELECT display_name, color FROM caldav_calendar_props WHERE site_id = ? AND user_id = ?');
  const setProps = db.prepare(
    `INSERT INTO caldav_calendar_props (site_id, user_id, display_name, color) VALUES (?, ?, ?, ?)
     ON CONFLICT (site_id, user_id) DO UPDATE SET display_name = excluded.display_name, color = excluded.color`,
  );
  const siteLatest = db.prepare('SELECT seq FROM changes WHERE site_id = ? ORDER BY seq DESC LIMIT 1').pluck();
  const changesAfter = db.prepare(
    'SELECT seq, kind, object_id, action FROM changes WHERE seq > ? AND site_id = ? ORDER BY seq LIMIT ?',
  );

  return {
    /** The name a calendar app gave this event's object, if one did. */
    nameOf: (siteId: number, postId: number) => nameOf.get(siteId, postId) as string | undefined,
    /** The event a calendar app's name stands for (it may since have been deleted). */
    postOfName: (siteId: number, name: string) => postOfName.get(siteId, name) as number | undefined,
    /** Every name of the site (a sync of the whole calendar reads them once). */
    names(siteId: number): Map<number, string> {
      return new Map(allNames.all(siteId) as [number, string][]);
    },
    setName: (siteId: number, postId: number, name: string) => void setName.run(siteId, postId, name),

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

    /**
     * The caller's events as an export selection: optionally only `ids`, or only those overlapping
     * [start, end) (UTC walls; an event of no length at `start` counts, RFC 4791 §9.9).
     */
    selection(
      visibility: CalDavVisibility,
      filter: { ids?: number[]; range?: { start?: string; end?: string } } = {},
    ): CalDavSelection {
      const where = ['e.site_id = ?', "e.type = 'event'"];
      const params: unknown[] = [visibility.siteId];
      if (visibility.publishedOnly) where.push("e.status = 'publish'");
      else if (visibility.ownerOnly !== null) {
        where.push("(e.status = 'publish' OR (e.author = ? AND e.status <> 'trash'))");
        params.push(visibility.ownerOnly);
      } else where.push("e.status <> 'trash'");
      if (filter.ids) {
        where.push(`e.id IN (${filter.ids.length === 0 ? 'NULL' : list(filter.ids)})`);
        params.push(...filter.ids);
      }
      if (filter.range?.end !== undefined) {
        where.push('e.start_utc < ?');
        params.push(filter.range.end);
      }
      if (filter.range?.start !== undefined) {
        where.push('(e.end_utc > ? OR e.start_utc >= ?)');
        params.push(filter.range.start, filter.range.start);
      }
      return { from: 'posts e', where: where.join(' AND '), params, order: 'e.id' };
    },
  };
}
