// The /events list query: every filter of spec §4.2 as one SQL WHERE clause over the posts
// table, so the page and its total come from two index-backed queries (no scan in JS).
import type { Db } from '../open.ts';
import type { CappableEvent } from '../../../contract/day-cap.ts';
import { prepareCached } from '../statements.ts';
import { jsonRows, rowReader } from '../row-reader.ts';
import type { PostRow } from './posts.ts';
import { distanceKm } from '../../domain/geo.ts';
import { eventWindowCounter } from './event-window-count.ts';
import { searchIndex, type SearchLookup } from './search-index.ts';
import { eventKeys, type KeysFilter } from './event-keys.ts';

export type DateColumn = 'start_utc' | 'end_utc';

/** An event of the range feed as the month grid's day cut reads it. */
export type FeedSpan = CappableEvent;

export type Comparison = '>=' | '>' | '<=' | '<';

export interface EventListFilter {
  siteId: number;
  /** Statuses visible for everybody's events, and (for contributors/authors) extra statuses of their own. */
  statuses: string[];
  own?: { authorId: number; statuses: string[] };
  /**
   * Events hidden from listings (hide_from_listings) the list shows anyway: none without it (the
   * contract's lists), every one ('all'), or the caller's own (in `statuses`, when given) — the
   * app's lists show an event to whoever may edit it (issue 36).
   */
  hidden?: 'all' | { authorId: number; statuses?: string[] };
  /** Date bounds on UTC instants ('YYYY-MM-DD HH:MM:SS' strings compare in time order). */
  dates: { column: DateColumn; op: Comparison; value: string }[];
  search?: string;
  /** With search: also match this language's translated titles, descriptions and excerpts. */
  searchLanguage?: string;
  /** Anonymous searches skip password-protected events (as the reference). */
  excludeProtected?: boolean;
  /** Each group is OR'ed inside, groups are AND'ed (categories, then tags). */
  termGroups: number[][];
  venueIds?: number[];
  organizerIds?: number[];
  featured?: boolean;
  include?: number[];
  postParent?: number;
  /** Only events that are no occurrence but the first of a series (post_parent 0): one row per series. */
  topLevelOnly?: boolean;
  geoloc?: boolean;
  near?: {
    lat: number;
    lng: number;
    radiusKm: number;
    box: { minLat: number; maxLat: number; minLng: number; maxLng: number };
  };
  matchNothing?: boolean;
  /** start: the start (as /events); date: the publication date (include); title, venue: the app's list. */
  orderBy: 'start' | 'date' | 'title' | 'venue';
  /** Latest first, Z to A (the app's list only). */
  descending?: boolean;
  limit: number;
  offset: number;
}

function list(values: unknown[]): string {
  return values.map(() => '?').join(',');
}

/** What build() makes of a filter. */
interface Built {
  from: string;
  where: string;
  params: unknown[];
  order: string;
  /** One pass returns every match in order (row tests leave few): total and page at once. */
  onePass?: boolean;
  /** `where` and `params` without the visibility clause (set when nothing follows it). */
  unlessVisible?: { where: string; params: unknown[] };
  /** What the index found for the search: the total's other queries take it as it is. */
  searched?: SearchLookup;
}

/** One part of a total: the stored day counts, or a COUNT query. */
type CountPart = { window: true } | { sql: string; params: unknown[] };

/** Everybody's events in `statuses`, or the caller's own in `own.statuses`. */
function visibilityClause(filter: EventListFilter): { clause: string; params: unknown[] } {
  const clauses = [`e.status IN (${list(filter.statuses)})`];
  const params: unknown[] = [...filter.statuses];
  if (filter.own && filter.own.statuses.length > 0) {
    clauses.push(`(e.author = ? AND e.status IN (${list(filter.own.statuses)}))`);
    params.push(filter.own.authorId, ...filter.own.statuses);
  }
  return { clause: clauses.length === 1 ? clauses[0]! : `(${clauses.join(' OR ')})`, params };
}

/**
 * The condition on hide_from_listings: listed events only (no `hidden`), or those and the hidden
 * ones `hidden` names; with `hiddenOnly`, the hidden ones it names alone (a total counts them apart:
 * the stored day counts know listed events only).
 */
function hiddenClause(filter: EventListFilter, hiddenOnly: boolean): { clause?: string; params: unknown[] } {
  const listed = 'COALESCE(e.hide_from_listings, 0) = 0';
  const { hidden } = filter;
  if (hidden === undefined) return { clause: hiddenOnly ? '0' : listed, params: [] };
  const whose =
    hidden === 'all'
      ? { sql: '', params: [] }
      : hidden.statuses
        ? {
            sql: ` AND e.author = ? AND e.status IN (${list(hidden.statuses)})`,
            params: [hidden.authorId, ...hidden.statuses],
          }
        : { sql: ' AND e.author = ?', params: [hidden.authorId] };
  // `hide_from_listings = 1` as it stands: the partial index of hidden events (migration 0024) serves it.
  if (hiddenOnly) return { clause: `e.hide_from_listings = 1${whose.sql}`, params: whose.params };
  if (hidden === 'all') return { params: [] };
  return { clause: `(${listed} OR (e.hide_from_listings = 1${whose.sql}))`, params: whose.params };
}

/** The same visibility as disjoint one-status parts, each served in order by a date index. */
function visibilityBranches(filter: EventListFilter): { sql: string; params: unknown[] }[] {
  const own = filter.own?.statuses ?? [];
  return [
    ...filter.statuses.map((status) => ({ sql: 'e.status = ?', params: [status] })),
    ...own.map((status) => ({ sql: 'e.author = ? AND e.status = ?', params: [filter.own!.authorId, status] })),
  ];
}

/**
 * Only visibility, `featured` and dates: the total of `statuses` can come from the stored per-day
 * counts (an author's own drafts, `own`, are counted apart: the stored counts know no authors).
 */
function isWindowOnly(filter: EventListFilter): boolean {
  return filter.search === undefined && testsOnlyWindow(filter);
}

/** No filter but visibility, `featured`, dates and the search: none that needs terms, links, rows or places. */
function testsOnlyWindow(filter: EventListFilter): boolean {
  return (
    !filter.matchNothing &&
    !filter.excludeProtected &&
    filter.termGroups.length === 0 &&
    filter.venueIds === undefined &&
    filter.organizerIds === undefined &&
    filter.include === undefined &&
    filter.postParent === undefined &&
    !filter.topLevelOnly &&
    filter.geoloc === undefined &&
    filter.near === undefined
  );
}

/** The venue's name an event lists first (NULL without one), for sorting by venue. */
const VENUE_NAME = `(SELECT v.title FROM post_links l JOIN posts v ON v.site_id = l.site_id AND v.id = l.linked_id
  WHERE l.site_id = e.site_id AND l.event_id = e.id AND l.kind = 'venue' ORDER BY l.position LIMIT 1)`;

/** The ORDER BY of a filter; ties go by start, then id, so a page never shuffles. */
function orderOf(filter: EventListFilter): string {
  const way = filter.descending ? ' DESC' : '';
  switch (filter.orderBy) {
    case 'date':
      return 'e.date_utc, e.id';
    case 'title':
      return `e.title COLLATE NOCASE${way}, e.start_utc, e.id`;
    case 'venue':
      // Events without a venue last, whichever the direction.
      return `${VENUE_NAME} IS NULL, ${VENUE_NAME} COLLATE NOCASE${way}, e.start_utc, e.id`;
    default:
      return `e.start_utc${way}, e.id${way}`;
  }
}

/** The app's own orders (title, venue, latest first): no per-status index merge, one sorted query. */
const isAppOrder = (filter: EventListFilter) =>
  filter.descending === true || filter.orderBy === 'title' || filter.orderBy === 'venue';

/**
 * A search that found more events than this reads the site's event keys into memory (once) to
 * filter and order them (event-keys.ts); fewer are read by id in SQL as cheaply.
 */
const KEYS_WORTH_LOADING = 5_000;

/**
 * The filter as the event keys answer it: a search the index answers alone, with only dates,
 * visibility by status (everybody's, and the hidden events of an editor's app list), `featured`,
 * an anonymous caller's password test (the text keys), categories, tags, venues and organizers
 * besides, in start order. Undefined for any other filter (an author's own events need a column
 * the keys do not hold).
 */
function keysFilterOf(filter: EventListFilter): KeysFilter | undefined {
  // Categories, tags, venues and organizers narrow the found ids first (linkedAmong()).
  const plain =
    testsOnlyWindow(
      Object.assign({}, filter, {
        excludeProtected: false,
        termGroups: [],
        venueIds: undefined,
        organizerIds: undefined,
      }),
    ) &&
    (filter.own === undefined || filter.own.statuses.length === 0) &&
    (filter.hidden === undefined || filter.hidden === 'all') &&
    filter.orderBy === 'start';
  if (!plain) return undefined;
  return {
    statuses: filter.statuses,
    withHidden: filter.hidden === 'all',
    featured: filter.featured,
    withoutPassword: filter.excludeProtected === true,
    dates: filter.dates,
    descending: filter.descending === true,
    offset: filter.offset,
    limit: filter.limit,
  };
}

export function eventListRepository(db: Db) {
  const windowCounter = eventWindowCounter(db);
  const search = searchIndex(db);
  const keys = eventKeys(db);
  // Great-circle distance in SQL, so "nearest first" is an ORDER BY, not a sort in JS.
  db.function('geo_distance_km', { deterministic: true }, (lat1, lng1, lat2, lng2) =>
    distanceKm(Number(lat1), Number(lng1), Number(lat2), Number(lng2)),
  );

  /**
   * The index's answer for the filter's search (once per request: build() takes it as it is). A
   * term of one or two characters beside longer ones is answered by the index too where the
   * site's event keys are in memory (their text keys tell each event's last characters: see
   * search-index.ts, lookupShort()); elsewhere the rows are tested.
   */
  function searchLookup(filter: EventListFilter): SearchLookup | undefined {
    if (filter.search === undefined) return undefined;
    const request = {
      siteId: filter.siteId,
      type: 'event' as const,
      text: filter.search,
      language: filter.searchLanguage,
      alias: 'e',
      idRef: 'e.id',
    };
    const siteId = Number(filter.siteId);
    const short = keys.wanted(siteId)
      ? search.lookupShort(request, {
          endingWith: (terms, cap) => (keys.load(siteId) ? keys.endingWith(siteId, terms, cap) : undefined),
          holdingDigits: (found, digits, cap) =>
            keys.load(siteId) ? keys.holdingDigits(siteId, found, digits, cap) : undefined,
        })
      : undefined;
    return short ?? search.lookup(request);
  }

  /**
   * The page and total of a search the index answered, from the event keys in memory: each found
   * id tested and the page picked there, instead of testing every found id in SQL (see
   * event-keys.ts). Undefined when the filter or the search is not one the keys answer.
   */
  function pageFromKeys(filter: EventListFilter, searched: SearchLookup | undefined) {
    const found = searched?.found;
    if (!found || searched.rowTest) return undefined;
    // Nothing found and no row test: every other filter only narrows, so the answer is empty.
    if (found.length === 0) return { ids: [], total: 0 };
    const keysFilter = keysFilterOf(filter);
    if (!keysFilter) return undefined;
    const siteId = Number(filter.siteId);
    if (!keys.wanted(siteId) && found.length <= KEYS_WORTH_LOADING) return undefined;
    return keys.loadAndSelect(siteId, linkedAmong(filter, found), keysFilter);
  }

  /**
   * The ids among `found` the filter's categories and tags (any of each group), venues and
   * organizers keep, by the sets of events linked to them — what the SQL's `IN (SELECT …)` tests
   * (without its start bounds: the keys test the window).
   */
  function linkedAmong(filter: EventListFilter, found: number[]): number[] {
    const siteId = Number(filter.siteId);
    const sets: { sql: string; params: unknown[] }[] = filter.termGroups.map((group) => ({
      sql: `SELECT post_id FROM term_posts WHERE site_id = ${siteId} AND term_id IN (${list(group)})`,
      params: group,
    }));
    for (const [kind, ids] of [
      ['venue', filter.venueIds],
      ['organizer', filter.organizerIds],
    ] as const) {
      if (!ids) continue;
      sets.push({
        sql: `SELECT event_id FROM post_links WHERE site_id = ${siteId} AND kind = '${kind}' AND linked_id IN (${list(ids)})`,
        params: ids,
      });
    }
    let kept = found;
    for (const { sql, params } of sets) {
      // As one JSON array (a category's tens of thousands of events at 1M: a row at a time cost
      // ~0.1 µs each), marked in an array by id where the ids are dense enough, else a Set.
      const linked = JSON.parse(
        prepareCached(db, `WITH linked(id) AS (${sql}) SELECT json_group_array(id) FROM linked`)
          .pluck()
          .get(...params) as string,
      ) as number[];
      let top = 0;
      for (const id of kept) if (id > top) top = id;
      if (top <= 4 * (kept.length + linked.length) + 1_000_000) {
        const marks = new Uint8Array(top + 1);
        for (const id of linked) if (id <= top) marks[id] = 1;
        kept = kept.filter((id) => marks[id] === 1);
      } else {
        const set = new Set(linked);
        kept = kept.filter((id) => set.has(id));
      }
    }
    return kept;
  }

  /**
   * The query of a filter. The index is asked once per request: `searched` (the lookup a caller
   * already made) is taken as it is, and kept in what build() returns for the total's queries.
   */
  function build(filter: EventListFilter, hiddenOnly = false, searched = searchLookup(filter)): Built {
    const built = buildWith(filter, hiddenOnly, searched);
    built.searched = searched;
    return built;
  }

  function buildWith(filter: EventListFilter, hiddenOnly: boolean, searchedBefore: SearchLookup | undefined): Built {
    // The site id (an integer of ours, never client text) is written into IN-subqueries so SQLite runs
    // them once, not once per row (`site_id = e.site_id` made them correlated).
    const siteId = Number(filter.siteId);
    const hidden = hiddenClause(filter, hiddenOnly);
    const where: string[] = ['e.site_id = ?', "e.type = 'event'", ...(hidden.clause ? [hidden.clause] : [])];
    const params: unknown[] = [filter.siteId, ...hidden.params];
    let from = 'posts e';
    const fromParams: unknown[] = [];

    if (filter.matchNothing) where.push('0');

    // Visibility is AND'ed last (below), so the filter without it can be reused per status.
    const { clause: visibility, params: visibilityParams } = visibilityClause(filter);

    for (const { column, op, value } of filter.dates) {
      where.push(`e.${column} ${op} ?`);
      params.push(value);
      // Implied bounds (an event never ends before it starts: writes reject that), so the start
      // index sees both ends of the window: `end <= X` means `start <= X`, `start >= X` means `end >= X`.
      if (column === 'end_utc' && (op === '<=' || op === '<')) {
        where.push(`e.start_utc ${op} ?`);
        params.push(value);
      } else if (column === 'start_utc' && (op === '>=' || op === '>')) {
        where.push(`e.end_utc ${op} ?`);
        params.push(value);
      }
    }
    // With a date window, the (covering) date index should drive the query and relation filters
    // only check ids against a set built once; the unary + keeps SQLite from driving the query
    // through thousands of primary-key lookups from the relation side instead.
    const idRef = filter.dates.length > 0 ? '+e.id' : 'e.id';
    // Term filters carry the window's start bounds into term_posts (which holds each event's start,
    // migration 0004), so the set they build is only the terms' events inside the window.
    const startBounds = filter.dates.flatMap(({ column, op, value }) =>
      column === 'start_utc' || op === '<=' || op === '<' ? [{ op, value }] : [],
    );
    // The search: ids from the index (with the other index-only tests), or a test of the row.
    const searched =
      filter.search === undefined
        ? undefined
        : search.clauses(
            {
              siteId,
              type: 'event',
              text: filter.search,
              language: filter.searchLanguage,
              alias: 'e',
              idRef,
            },
            searchedBefore,
          );
    // With a row test (a search the index cannot answer alone, the password) and a bounded term
    // set, the term index drives the whole query: its few events are read once, instead of
    // scanning the window and then reading rows.
    const hasRowTests = searched?.row !== undefined || filter.excludeProtected === true;
    const termDriven = hasRowTests && startBounds.length > 0 && filter.termGroups.length > 0 && !filter.near;
    filter.termGroups.forEach((group, index) => {
      const bounds = startBounds.map(({ op }) => ` AND start_utc ${op} ?`).join('');
      const ref = termDriven && index === 0 ? 'e.id' : idRef;
      where.push(
        `${ref} IN (SELECT post_id FROM term_posts WHERE site_id = ${siteId} AND term_id IN (${list(group)})${bounds})`,
      );
      params.push(...group, ...startBounds.map(({ value }) => value));
    });
    for (const [kind, ids] of [
      ['venue', filter.venueIds],
      ['organizer', filter.organizerIds],
    ] as const) {
      if (!ids) continue;
      where.push(
        `${idRef} IN (SELECT event_id FROM post_links WHERE site_id = ${siteId} AND kind = '${kind}' AND linked_id IN (${list(ids)}))`,
      );
      params.push(...ids);
    }
    if (filter.featured !== undefined) where.push(filter.featured ? 'e.featured = 1' : 'COALESCE(e.featured, 0) = 0');
    if (filter.include) {
      where.push(`e.id IN (${list(filter.include)})`);
      params.push(...filter.include);
    }
    if (filter.postParent !== undefined) {
      where.push('e.parent = ?');
      params.push(filter.postParent);
    }
    if (filter.topLevelOnly) {
      // One row per series: the occurrence no earlier one of the same series precedes inside the
      // list's date window and visibility (an old series shows with its next occurrence).
      const earlier = filter.dates.map(({ column, op }) => ` AND o.${column} ${op} ?`).join('');
      where.push(
        `(e.series_id IS NULL OR NOT EXISTS (SELECT 1 FROM posts o WHERE o.site_id = e.site_id AND o.series_id = e.series_id
           AND o.status = e.status AND o.start_utc < e.start_utc${earlier}))`,
      );
      params.push(...filter.dates.map(({ value }) => value));
    }
    if (filter.geoloc !== undefined) {
      const hasGeo = `EXISTS (SELECT 1 FROM post_links l JOIN posts v ON v.site_id = l.site_id AND v.id = l.linked_id
        WHERE l.site_id = e.site_id AND l.event_id = e.id AND l.kind = 'venue' AND v.geo_lat IS NOT NULL AND v.geo_lng IS NOT NULL)`;
      where.push(filter.geoloc ? hasGeo : `NOT ${hasGeo}`);
    }
    // Tests that need the row itself (text search, password) run last, and only on the ids that
    // passed every index-only test (see the two-level query below).
    const rowWhere: string[] = [];
    const rowParams: unknown[] = [];
    if (searched?.ids) {
      where.push(searched.ids.sql);
      params.push(...searched.ids.params);
    }
    if (searched?.row) {
      rowWhere.push(searched.row.sql);
      rowParams.push(...searched.row.params);
    }
    if (filter.excludeProtected) rowWhere.push("e.password = ''");
    // Before `unlessVisible` is taken: its COUNT queries use `from`, so they need its parameters.
    let order = orderOf(filter);
    if (filter.near) {
      const { lat, lng, radiusKm, box } = filter.near;
      // Venues inside the bounding box (index pre-filter), then the exact distance.
      from = `posts e JOIN (
        SELECT l.event_id AS event_id, MIN(near.d) AS distance FROM post_links l JOIN (
          SELECT v.id AS id, geo_distance_km(?, ?, v.geo_lat, v.geo_lng) AS d FROM posts v
          WHERE v.site_id = ? AND v.type = 'venue' AND v.geo_lat IS NOT NULL
            AND v.geo_lat BETWEEN ? AND ? AND v.geo_lng BETWEEN ? AND ?
        ) near ON near.id = l.linked_id AND near.d <= ?
        WHERE l.site_id = ? AND l.kind = 'venue' GROUP BY l.event_id
      ) g ON g.event_id = e.id`;
      fromParams.push(lat, lng, filter.siteId, box.minLat, box.maxLat, box.minLng, box.maxLng, radiusKm, filter.siteId);
      order = `g.distance, ${order}`;
    }
    const unlessVisible = { where: where.join(' AND '), params: [...fromParams, ...params] };
    where.push(visibility);
    params.push(...visibilityParams);
    if (rowWhere.length === 0) {
      // A search the index answered: its found ids are few next to the window, so one pass
      // returns every match in order (the total and the page) instead of a COUNT and a page query.
      const onePass = searched?.ids !== undefined;
      return { from, where: where.join(' AND '), params: [...fromParams, ...params], order, unlessVisible, onePass };
    }
    if (termDriven) {
      return {
        from,
        where: [...where, ...rowWhere].join(' AND '),
        params: [...params, ...rowParams],
        order,
        onePass: true,
      };
    }
    if (filter.near) {
      return {
        from,
        where: [...where, ...rowWhere].join(' AND '),
        params: [...fromParams, ...params, ...rowParams],
        order,
      };
    }
    // Two levels: the inner query answers every index-only test from the covering date index and
    // id sets; only its ids have their rows read for the row tests. (posts is a WITHOUT ROWID
    // table: a row test in one flat query made SQLite read the row of every event in the window.)
    return {
      from,
      where: `e.site_id = ? AND e.id IN (SELECT e.id FROM posts e WHERE ${where.join(' AND ')}) AND ${rowWhere.join(' AND ')}`,
      params: [filter.siteId, ...params, ...rowParams],
      order,
      onePass: true,
    };
  }

  function countRows(from: string, where: string, params: unknown[]): number {
    return (prepareCached(db, `SELECT COUNT(*) AS n FROM ${from} WHERE ${where}`).get(...params) as { n: number }).n;
  }

  /**
   * The parts the total is the sum of: the stored day counts (window-only filters) or COUNT
   * queries. Several visibilities (an author's own drafts besides everybody's published events)
   * are counted apart and added: they never overlap, and `status IN … OR (author = ? AND …)` made
   * SQLite read every event of the site.
   */
  function countParts(filter: EventListFilter, built: Built): CountPart[] {
    // Hidden events shown too: the listed ones as any list counts them, and the hidden ones apart.
    if (filter.hidden !== undefined) {
      const listed: EventListFilter = Object.assign({}, filter, { hidden: undefined });
      const hidden = build(filter, true, built.searched);
      return [
        ...countParts(listed, build(listed, false, built.searched)),
        { sql: `SELECT COUNT(*) AS n FROM ${hidden.from} WHERE ${hidden.where}`, params: hidden.params },
      ];
    }
    const own = filter.own && filter.own.statuses.length > 0 ? filter.own : undefined;
    const { from, unlessVisible } = built;
    const count = (where: string) => `SELECT COUNT(*) AS n FROM ${from} WHERE ${where}`;
    if (!own || !unlessVisible) {
      return [isWindowOnly(filter) ? { window: true } : { sql: count(built.where), params: built.params }];
    }
    const parts: CountPart[] = [
      {
        sql: count(`${unlessVisible.where} AND e.author = ? AND e.status IN (${list(own.statuses)})`),
        params: [...unlessVisible.params, own.authorId, ...own.statuses],
      },
    ];
    if (filter.statuses.length === 0) return parts;
    parts.push(
      isWindowOnly(filter)
        ? { window: true }
        : {
            sql: count(`${unlessVisible.where} AND e.status IN (${list(filter.statuses)})`),
            params: [...unlessVisible.params, ...filter.statuses],
          },
    );
    return parts;
  }

  function total(filter: EventListFilter, built: Built): number {
    return countParts(filter, built).reduce(
      (sum, part) =>
        sum +
        ('window' in part
          ? windowCounter.count(filter)
          : (prepareCached(db, part.sql).get(...part.params) as { n: number }).n),
      0,
    );
  }

  /**
   * The page query. With one visible status the date index hands rows over in order. With several
   * (editors see drafts, futures and private events too) no index is in that order, and SQLite
   * sorted every event of the window, reading each row (~240 ms at 100k): instead each status
   * gives its first offset + limit ids from the index, in order, and only those are merged.
   */
  function pageQuery(filter: EventListFilter, built: Built): { sql: string; params: unknown[]; idsOnly: boolean } {
    const { from, where, params, order, unlessVisible } = built;
    const branches = visibilityBranches(filter);
    if (branches.length <= 1 || !unlessVisible || filter.near || isAppOrder(filter)) {
      // Past the first page, the skipped events are counted off the index, not read: ids first.
      const idsOnly = filter.offset > 0 && !filter.near;
      return {
        sql: `SELECT ${idsOnly ? 'e.id' : 'e.*'} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        params: [...params, filter.limit, filter.offset],
        idsOnly,
      };
    }
    const key = order.split(',')[0]!;
    const parts = branches.map(
      (branch) =>
        `SELECT * FROM (SELECT ${key} AS k, e.id AS id FROM ${from} WHERE ${unlessVisible.where} AND ${branch.sql} ORDER BY ${order} LIMIT ?)`,
    );
    return {
      sql: `SELECT id FROM (${parts.join(' UNION ALL ')}) ORDER BY k, id LIMIT ? OFFSET ?`,
      params: [
        ...branches.flatMap((branch) => [...unlessVisible.params, ...branch.params, filter.offset + filter.limit]),
        filter.limit,
        filter.offset,
      ],
      idsOnly: true,
    };
  }

  /** The rows of `ids`, in that order. */
  function rowsInOrder(siteId: number, ids: number[]): PostRow[] {
    if (ids.length === 0) return [];
    const rows = jsonRows<PostRow>(db, 'posts', `site_id = ? AND id IN (${list(ids)})`, [siteId, ...ids]);
    const position = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  }

  /**
   * The range feed's query: each event as its JSON text, written by SQLite (see
   * http/pre-serialized.ts); the keys and their order are the FeedEvent schema's
   * (app-api/feed/schemas.ts), the ETag is postEtagOf's. Every column it reads is in
   * events_by_start (migrations 0008, 0018), so a month is one covering range scan.
   */
  function feedQuery(
    filter: EventListFilter,
    translation?: string,
    ids?: number[],
  ): { sql: string; params: unknown[] } {
    const built = build(filter);
    const { from, order } = built;
    // Only these events of the filter's (the month grid's cut: a few a day of thousands).
    const where = ids ? `${built.where} AND e.id IN (SELECT value FROM json_each(?))` : built.where;
    const params = ids ? [...built.params, JSON.stringify(ids)] : built.params;
    const title = translation
      ? `COALESCE((SELECT value FROM translations t WHERE t.site_id = e.site_id AND t.kind = 'post'
           AND t.object_id = e.id AND t.language = ? AND t.field = 'title'), e.title)`
      : 'e.title';
    const sql = `SELECT json_object('id', e.id, 'title', ${title}, 'status', e.status,
        'start_utc', replace(e.start_utc, ' ', 'T') || 'Z', 'end_utc', replace(e.end_utc, ' ', 'T') || 'Z',
        'start', e.start_local, 'end', e.end_local, 'timezone', e.timezone,
        'all_day', json(CASE WHEN e.all_day = 1 THEN 'true' ELSE 'false' END),
        'featured', json(CASE WHEN e.featured = 1 THEN 'true' ELSE 'false' END),
        'categories', (SELECT json_group_array(tp.term_id) FROM term_posts tp JOIN terms c
           ON c.site_id = tp.site_id AND c.id = tp.term_id AND c.taxonomy = 'category'
         WHERE tp.site_id = e.site_id AND tp.post_id = e.id),
        -- The first venue by position; min() picks its row without a sort per event.
        'venue', (SELECT title FROM (SELECT v.title, min(l.position) FROM post_links l
           JOIN posts v ON v.site_id = l.site_id AND v.id = l.linked_id
         WHERE l.site_id = e.site_id AND l.event_id = e.id AND l.kind = 'venue')),
        'etag', '"p' || e.id || '-r' || e.revision || '"',
        'series', e.series_id,
        'hide_from_listings', json(CASE WHEN e.hide_from_listings = 1 THEN 'true' ELSE 'false' END))
      FROM ${from} WHERE ${where} ORDER BY ${order}`;
    return { sql, params: [...(translation ? [translation] : []), ...params] };
  }

  function feedSpansQuery(filter: EventListFilter): { sql: string; params: unknown[] } {
    const { from, where, params, order } = build(filter);
    const sql = `SELECT e.id, e.all_day, replace(e.start_utc, ' ', 'T') || 'Z' AS start_utc,
        replace(e.end_utc, ' ', 'T') || 'Z' AS end_utc, e.start_local AS start, e.end_local AS end
      FROM ${from} WHERE ${where} ORDER BY ${order}`;
    return { sql, params };
  }

  /**
   * A page found by its ids — a search the event keys or one ordered pass answer: the page's ids
   * and the total — or the query built for a page read as rows (every other filter).
   */
  function findPage(filter: EventListFilter): { ids: number[]; total: number } | { built: Built } {
    const searched = searchLookup(filter);
    const fromKeys = pageFromKeys(filter, searched);
    if (fromKeys) return fromKeys;
    const built = build(filter, false, searched);
    if (!built.onePass) return { built };
    // Row tests leave few matches: one pass returns them all in order, giving the total and the page.
    const ids = prepareCached(db, `SELECT e.id FROM ${built.from} WHERE ${built.where} ORDER BY ${built.order}`)
      .pluck()
      .all(...built.params) as number[];
    return { ids: ids.slice(filter.offset, filter.offset + filter.limit), total: ids.length };
  }

  return {
    /**
     * Reads a site's event keys into memory now (a search that finds many events does it itself):
     * for a warm-up, and for tests. False when the site's ids are too sparse for them.
     */
    loadSearchKeys(siteId: number): boolean {
      return keys.load(Number(siteId));
    },

    /**
     * Reads a site's event keys ahead of its first search when its first common word would read
     * them anyway (over KEYS_WORTH_LOADING events): the read worker does it as it starts, so the
     * first search typed does not wait for them (454 ms at 100k). True when they are in memory.
     */
    preloadSearchKeys(siteId: number): boolean {
      const id = Number(siteId);
      if (keys.wanted(id)) return keys.load(id);
      const events = prepareCached(
        db,
        `SELECT count(*) FROM (SELECT 1 FROM posts WHERE site_id = ? AND type = 'event' LIMIT ${KEYS_WORTH_LOADING + 1})`,
      )
        .pluck()
        .get(id) as number;
      return events > KEYS_WORTH_LOADING && keys.load(id);
    },

    /**
     * Reads the next chunk of a site's text keys (passwords, the last characters of each text) when
     * its keys are in memory: the read worker does it between jobs after preloadSearchKeys(), a
     * chunk at a time (a million events' take seconds). True when there is nothing more to read.
     */
    preloadSearchTextKeys(siteId: number): boolean {
      const id = Number(siteId);
      if (!keys.wanted(id) || !keys.load(id)) return true;
      return keys.loadText(id, true);
    },

    /**
     * The page's event ids, in order, and the total matching the filter: the search itself (the
     * index's lookup and every other filter), without reading the page's rows. Undefined for a
     * filter whose page query reads its rows at once (no search, or a search near a place).
     * page() is this and the rows' read; benchmarks time the two apart (bench-search.ts).
     */
    pageIds(filter: EventListFilter): { ids: number[]; total: number } | undefined {
      const found = findPage(filter);
      return 'ids' in found ? found : undefined;
    },

    /** One page of events and the total matching the filter. */
    page(filter: EventListFilter): { rows: PostRow[]; total: number } {
      const found = findPage(filter);
      if ('ids' in found) return { rows: rowsInOrder(filter.siteId, found.ids), total: found.total };
      const { built } = found;
      const count = total(filter, built);
      if (filter.offset >= count) return { rows: [], total: count };
      const query = pageQuery(filter, built);
      const statement = prepareCached(db, query.sql);
      const rows = query.idsOnly
        ? rowsInOrder(filter.siteId, statement.pluck().all(...query.params) as number[])
        : rowReader<PostRow>(statement).all(...query.params);
      return { rows, total: count };
    },

    /**
     * Every event the filter matches (no page), in list order, as compact rows: the calendar's
     * range feed. Same build() as page(), so exactly the same events are visible. With
     * `translation`, titles come from that language's variant where one exists.
     */
    feed(filter: EventListFilter, translation?: string, ids?: number[]): string[] {
      const { sql, params } = feedQuery(filter, translation, ids);
      return prepareCached(db, sql)
        .pluck()
        .all(...params) as string[];
    },

    /**
     * What the month grid's day cut reads of every event of the feed (contract/day-cap.ts), from
     * the feed's covering index: the cut picks the few a day drawn, and only those are written as
     * JSON by feed(…, ids).
     */
    feedSpans(filter: EventListFilter): FeedSpan[] {
      const { sql, params } = feedSpansQuery(filter);
      return prepareCached(db, sql)
        .all(...params)
        .map((row) => {
          const span = row as Omit<FeedSpan, 'all_day'> & { all_day: number | boolean };
          span.all_day = span.all_day === 1;
          return span as FeedSpan;
        });
    },

    /**
     * The filter's FROM, WHERE (with its parameters) and ORDER BY, for a query of other columns
     * on another connection: the export (event-export.ts) streams every match from a snapshot.
     */
    selection(filter: EventListFilter): { from: string; where: string; params: unknown[]; order: string } {
      const { from, where, params, order } = build(filter);
      return { from, where, params, order };
    },

    /** The total as a plain COUNT over the posts (tests compare the stored-count path with it). */
    countByScan(filter: EventListFilter): number {
      const { from, where, params } = build(filter);
      return countRows(from, where, params);
    },

    /** The plans of the COUNT (or of the stored-count queries) and the page query, for tests. */
    explain(filter: EventListFilter): { count: string[]; page: string[]; feed: string[]; feedSpans: string[] } {
      const built = build(filter);
      const plan = (sql: string, params: unknown[]) =>
        (prepareCached(db, `EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);
      const page = pageQuery(filter, built);
      return {
        count: countParts(filter, built).flatMap((part) =>
          'window' in part ? windowCounter.explain(filter).flat() : plan(part.sql, part.params),
        ),
        page: [
          ...plan(page.sql, page.params),
          ...(page.idsOnly ? plan(`SELECT * FROM posts WHERE site_id = ? AND id IN (?)`, [filter.siteId, 0]) : []),
        ],
        feed: (({ sql, params }) => plan(sql, params))(feedQuery(filter)),
        feedSpans: (({ sql, params }) => plan(sql, params))(feedSpansQuery(filter)),
      };
    },
  };
}
