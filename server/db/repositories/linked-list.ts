// The /venues and /organizers list query (spec §4.3–4.4) as one SQL statement per page.
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';
import { rowReader } from '../row-reader.ts';
import type { PostRow } from './posts.ts';
import { searchIndex } from './search-index.ts';

export interface LinkedListFilter {
  siteId: number;
  type: 'venue' | 'organizer';
  statuses: string[];
  own?: { authorId: number; statuses: string[] };
  /** `language`: also match that language's translated variants. */
  search?: { text: string; language?: string };
  /** Only those linked to this event. */
  eventId?: number;
  /** true: linked to at least one event that is not a draft/pending/trash; false: linked to none such. */
  hasEvents?: boolean;
  /** The event statuses has_events counts (private ones only for callers who may read them). */
  hasEventsStatuses?: string[];
  /** Linked to an event that has not ended yet, among these statuses (what the caller may see). */
  upcoming?: { nowUtc: string; statuses: string[] };
  limit: number;
  offset: number;
}

const LIVE_EVENT_STATUSES = ['publish', 'future', 'private'];

/** The SQL literal of each linked type (a closed set: nothing from the request reaches the SQL). */
const LINKED_TYPES = { venue: 'venue', organizer: 'organizer' } as const;

function list(values: unknown[]): string {
  return values.map(() => '?').join(',');
}

export function linkedListRepository(db: Db) {
  const search = searchIndex(db);
  function build(filter: LinkedListFilter) {
    // The site id (an integer of ours) is written into IN-subqueries so they are not correlated.
    const siteId = Number(filter.siteId);
    // The type is written into the SQL, not bound: see perType() in posts.ts.
    const where = ['p.site_id = ?', `p.type = '${LINKED_TYPES[filter.type]}'`];
    const params: unknown[] = [filter.siteId];
    const visibility = [`p.status IN (${list(filter.statuses)})`];
    params.push(...filter.statuses);
    if (filter.own && filter.own.statuses.length > 0) {
      visibility.push(`(p.author = ? AND p.status IN (${list(filter.own.statuses)}))`);
      params.push(filter.own.authorId, ...filter.own.statuses);
    }
    where.push(`(${visibility.join(' OR ')})`);
    if (filter.search) {
      // The searched columns are the reference's title, content, excerpt and meta fields (search-index.ts).
      const { ids, row } = search.clauses({
        siteId,
        type: filter.type,
        text: filter.search.text,
        language: filter.search.language,
        alias: 'p',
        idRef: 'p.id',
      });
      for (const clause of [ids, row]) {
        if (!clause) continue;
        where.push(clause.sql);
        params.push(...clause.params);
      }
    }
    if (filter.eventId !== undefined) {
      where.push(`p.id IN (SELECT linked_id FROM post_links WHERE site_id = ${siteId} AND event_id = ? AND kind = ?)`);
      params.push(filter.eventId, filter.type);
    }
    if (filter.hasEvents !== undefined) {
      // Private events count only for callers who can see them (tec-reference §4.2): counting
      // them for everyone told anonymous callers which venues host private events.
      const statuses = filter.hasEventsStatuses ?? LIVE_EVENT_STATUSES;
      const linked = `EXISTS (SELECT 1 FROM post_links l JOIN posts e ON e.site_id = l.site_id AND e.id = l.event_id
        WHERE l.site_id = p.site_id AND l.linked_id = p.id AND l.kind = ? AND e.status IN (${list(statuses)}))`;
      where.push(filter.hasEvents ? linked : `NOT ${linked}`);
      params.push(filter.type, ...statuses);
    }
    if (filter.upcoming) {
      where.push(`EXISTS (SELECT 1 FROM post_links l JOIN posts e ON e.site_id = l.site_id AND e.id = l.event_id
        WHERE l.site_id = p.site_id AND l.linked_id = p.id AND l.kind = ? AND e.end_utc >= ? AND e.status IN (${list(filter.upcoming.statuses)}))`);
      params.push(filter.type, filter.upcoming.nowUtc, ...filter.upcoming.statuses);
    }
    return { where: where.join(' AND '), params };
  }

  return {
    page(filter: LinkedListFilter): { rows: PostRow[]; total: number } {
      const { where, params } = build(filter);
      const total = (
        prepareCached(db, `SELECT COUNT(*) AS n FROM posts p WHERE ${where}`).get(...params) as { n: number }
      ).n;
      const rows =
        filter.offset < total
          ? rowReader<PostRow>(
              prepareCached(
                db,
                `SELECT p.* FROM posts p WHERE ${where} ORDER BY p.date_utc DESC, p.id DESC LIMIT ? OFFSET ?`,
              ),
            ).all(...params, filter.limit, filter.offset)
          : [];
      return { rows, total };
    },
  };
}
