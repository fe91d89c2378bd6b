// The `search` filter of the event, venue and organizer lists as SQL: through the trigram index
// (migration 0019) when it is complete and a term is long enough, otherwise by reading the rows —
// with one meaning either way. A text's terms (domain/search-terms.ts) must each be found in a
// searched field of the post, or of its translation into the asked language; an excluded term in
// none. The index finds exactly the posts that hold a term of three characters or more (its
// trigrams, folded as domain/search-fold.ts folds, in a row); shorter and excluded terms, and every
// term while the index is being built, are tested on the rows by `almanac_search()`, which folds
// and compares in the same way (test/db/search-index.test.ts checks the two against each other).
//
// A term of one or two characters is in a folded text exactly where an index trigram starts with
// it, or in the text's last two characters (where no trigram starts). lookupShort() finds the
// first kind through the index's vocabulary (every trigram that starts with the term, ORed) and
// asks its caller for the second (the event keys hold each event's last two characters), so such
// a term beside a longer one no longer reads the row of every event the longer one found. A term
// of one digit (the commonest: "Room 1") skips the index's vocabulary: the event keys know which
// digits each event's folded text holds, and test the events the long words found.
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';
import { INDEXED_TERM_LENGTH } from '../../domain/search-fold.ts';
import { foldForSearch } from '../../domain/search-fold.ts';
import { parseSearch, type SearchTerm } from '../../domain/search-terms.ts';
import { SEARCH_DIGIT } from '../../domain/search-chars.ts';

export type SearchedType = 'event' | 'venue' | 'organizer';

/** The posts columns `search` reads, per type (the reference's title, content, excerpt and meta fields). */
export const SEARCHED_COLUMNS: Record<SearchedType, readonly string[]> = {
  event: ['title', 'excerpt', 'content'],
  venue: ['title', 'content', 'excerpt', 'address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
  organizer: ['title', 'content', 'excerpt', 'phone', 'email', 'website'],
};

/** A post's searched text: its fields one per line (the index's row, and what a scan reads). */
export function searchTextOf(type: SearchedType, alias: string): string {
  return `concat_ws(char(10), ${SEARCHED_COLUMNS[type].map((column) => `${alias}.${column}`).join(', ')})`;
}

/** The text the index's triggers write for any post (migration 0019 holds this expression for NEW). */
export function postSearchText(alias: string): string {
  const cases = (Object.keys(SEARCHED_COLUMNS) as SearchedType[]).map(
    (type) => `    WHEN '${type}' THEN ${searchTextOf(type, alias)}`,
  );
  return `CASE ${alias}.type\n${cases.join('\n')}\n  END`;
}

/** Index rows of posts: site_id * 2^32 + id, so one site's posts are one rowid range. */
export const SITE_ROWIDS = 2 ** 32;

/** A term as an FTS5 string: quoted, so nothing in it (AND, OR, NEAR, *, -, ^, :) is query syntax. */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

const codePoints = (text: string) => [...text].length;

/** SQL the list queries add for a search: a test of ids only (the index), and a test of the row. */
export interface SearchClauses {
  /** `id IN (…)` the posts the index found: needs no row. */
  ids?: { sql: string; params: unknown[] };
  /** Tests the row itself, when the index alone cannot answer. */
  row?: { sql: string; params: unknown[] };
}

/**
 * With at most this many posts found, the list reads them by id; with more, it goes through its
 * date window as without a search and checks each id against the found set (reading 20,000 rows
 * one by one costs more than walking 100,000 index entries).
 */
const READ_FOUND_BY_ID = 5_000;

/** Queued posts a search tests on their rows at most (see foundIds()). */
const MAX_QUEUED_TESTED = 20_000;

/**
 * Posts lookupShort() tests on their rows at most (queued ones, and those whose text ends with a
 * short term): with more, the rows of the list's window are read as before.
 */
const MAX_SHORT_ROW_TESTED = 2_000;

/** Trigrams one short term may start at most: past it (a script of thousands of letters), the rows decide. */
const MAX_TRIGRAMS_OF_TERM = 5_000;

/** The code point after `text`'s last one, as text (an exclusive upper bound of the texts it starts), or undefined. */
function nextAfter(text: string): string | undefined {
  const chars = [...text];
  let next = chars.pop()!.codePointAt(0)! + 1;
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
  return next > 0x10ffff ? undefined : chars.join('') + String.fromCodePoint(next);
}

/** What the index found for a search (see lookup()). */
export interface SearchLookup {
  terms: SearchTerm[];
  /** The ids of the posts holding every indexed term; undefined when the index cannot answer. */
  found?: number[];
  /** The rows must still be tested (a short or excluded term, or no index yet). */
  rowTest: boolean;
}

export interface SearchRequest {
  siteId: number;
  type: SearchedType;
  text: string;
  /** Also match that language's translated fields. */
  language?: string;
  /** The outer query's alias of posts (`e` or `p`) and how it names the id (`+e.id` keeps an index from driving). */
  alias: string;
  idRef: string;
}

/** What lookupShort() asks the event keys (event-keys.ts: endingWith(), holdingDigits()). */
export interface ShortTermKeys {
  /** The posts whose folded text ends holding one of `terms` (or may), or undefined past `cap`. */
  endingWith(terms: string[], cap: number): number[] | undefined;
  /**
   * The events among `found` whose folded text holds each of `digits` (ASCII digits), and apart
   * those the keys cannot tell; undefined when the keys are not there or past `cap`.
   */
  holdingDigits?(
    found: readonly number[],
    digits: string[],
    cap: number,
  ): { held: number[]; unread: number[] } | undefined;
}

/** How far the index of existing posts has been built (migration 0019's search_backfill). */
export interface SearchIndexState {
  phase: 'posts' | 'translations' | 'done';
  done: number;
  total: number | null;
}

/** Parsed search specs by their JSON: almanac_search() gets the same few per query, for every row. */
const specs = new Map<string, SearchTerm[]>();
function specOf(json: string): SearchTerm[] {
  let terms = specs.get(json);
  if (!terms) {
    if (specs.size > 200) specs.clear();
    terms = JSON.parse(json) as SearchTerm[];
    specs.set(json, terms);
  }
  return terms;
}

/**
 * Whether a post's searched text (and its translated one) holds every term and no excluded one.
 * Registered on every connection that runs the list queries (see searchIndex()).
 */
export function matchesSearch(spec: string, text: unknown, translated?: unknown): 0 | 1 {
  const terms = specOf(spec);
  const own = foldForSearch(typeof text === 'string' ? text : '');
  const other = typeof translated === 'string' ? foldForSearch(translated) : undefined;
  for (const term of terms) {
    const found = own.includes(term.text) || (other !== undefined && other.includes(term.text));
    if (found === term.exclude) return 0;
  }
  return 1;
}

/**
 * The row test. A text of ASCII characters only (most are) is tested by LIKE, in SQLite, which
 * there means exactly what folding does (ASCII letters compared without case; a term with other
 * characters cannot be in it); a text with any other character goes to almanac_search().
 */
function rowClause(siteId: number, request: SearchRequest, terms: SearchTerm[]): { sql: string; params: unknown[] } {
  const { alias, language } = request;
  const columns = SEARCHED_COLUMNS[request.type].map((column) => `${alias}.${column}`);
  const translated =
    language === undefined
      ? undefined
      : `COALESCE((SELECT group_concat(t.value, char(10)) FROM translations t WHERE t.site_id = ${siteId}
          AND t.kind = 'post' AND t.object_id = ${alias}.id AND t.language = ?), '')`;
  // Each field on its own (no copy of the row's text); IS, because a venue's fields may be NULL.
  const ascii = [
    ...columns.map((column) => `length(${column}) IS octet_length(${column})`),
    ...(translated === undefined ? [] : [`length(${translated}) = octet_length(${translated})`]),
  ].join(' AND ');
  const asciiParams = language === undefined ? [] : [language, language];
  const likes: string[] = [];
  const likeParams: unknown[] = [];
  for (const term of terms) {
    const pattern = `%${escapeLike(term.text)}%`;
    const fields = columns.map((column) => `${column} LIKE ? ESCAPE '\\'`);
    likeParams.push(...columns.map(() => pattern));
    if (translated !== undefined) {
      // The subquery takes the language before the pattern.
      fields.push(`${translated} LIKE ? ESCAPE '\\'`);
      likeParams.push(language, pattern);
    }
    const found = `COALESCE(${fields.join(' OR ')}, 0)`;
    likes.push(term.exclude ? `NOT ${found}` : found);
  }
  const texts = [searchTextOf(request.type, alias), ...(translated === undefined ? [] : [translated])];
  return {
    sql: `CASE WHEN ${ascii} THEN ${likes.join(' AND ')} ELSE almanac_search(?, ${texts.join(', ')}) END`,
    params: [...asciiParams, ...likeParams, JSON.stringify(terms), ...(language === undefined ? [] : [language])],
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search's terms, the last text's kept: a list request asks lookupShort() and then lookup() the
 * same text (parsed once; callers only read the terms).
 */
let lastParsed: { text: string; terms: SearchTerm[] } | undefined;
function termsOf(text: string): SearchTerm[] {
  if (lastParsed?.text !== text) lastParsed = { text, terms: parseSearch(text) };
  return lastParsed.terms;
}

export function searchIndex(db: Db) {
  db.function('almanac_search', { deterministic: true, varargs: true }, matchesSearch);
  const stateQuery = db.prepare('SELECT phase, done, total FROM search_backfill WHERE id = 1');

  function state(): SearchIndexState {
    return (stateQuery.get() as SearchIndexState | undefined) ?? { phase: 'done', done: 0, total: 0 };
  }

  /** The rows of one site's posts the index finds for `match` (an FTS5 query of quoted terms). */
  function postIds(siteId: number): string {
    const low = siteId * SITE_ROWIDS;
    return `SELECT rowid - ${low} FROM search_posts WHERE search_posts MATCH ? AND rowid BETWEEN ${low} AND ${low + SITE_ROWIDS - 1}`;
  }

  /**
   * postIds()' answer, as one JSON array parsed: many ids cross into JavaScript several times
   * faster than a row at a time (~0.1 µs each: 18,000 for a common word).
   */
  function postIdsMatching(siteId: number, match: string): number[] {
    const json = prepareCached(db, `WITH found(id) AS (${postIds(siteId)}) SELECT json_group_array(id) FROM found`)
      .pluck()
      .get(match) as string;
    return JSON.parse(json) as number[];
  }

  /**
   * The ids of a site's posts whose index rows or translation's, into `language`, hold every term
   * (without a language: foundOwnIds()).
   */
  function translatedIds(siteId: number, terms: SearchTerm[], language: string): number[] {
    // A term may be in the post's own fields or in its translation: each term is one set.
    const perTerm = `${postIds(siteId)} UNION SELECT d.object_id FROM search_translation_docs d
      WHERE d.site_id = ${siteId} AND d.language = ? AND d.doc IN (SELECT rowid FROM search_translations WHERE search_translations MATCH ?)`;
    // (Compound SELECTs group from the left: each term's UNION is a subquery of its own.)
    return prepareCached(db, terms.map(() => `SELECT * FROM (${perTerm})`).join(' INTERSECT '))
      .pluck()
      .all(...terms.flatMap((term) => [quoted(term.text), language, quoted(term.text)])) as number[];
  }

  /** The posts among `ids` whose rows (and translation into `language`) hold every term and no excluded one. */
  function rowsHolding(siteId: number, ids: number[], terms: SearchTerm[], language: string | undefined): number[] {
    if (ids.length === 0) return [];
    const translated =
      language === undefined
        ? 'NULL'
        : `(SELECT group_concat(t.value, char(10)) FROM translations t WHERE t.site_id = ${siteId} AND t.kind = 'post'
            AND t.object_id = p.id AND t.language = ?)`;
    return prepareCached(
      db,
      `SELECT p.id FROM posts p WHERE p.site_id = ${siteId} AND p.id IN (SELECT value FROM json_each(?))
         AND almanac_search(?, ${postSearchText('p')}, ${translated})`,
    )
      .pluck()
      .all(JSON.stringify(ids), JSON.stringify(terms), ...(language === undefined ? [] : [language])) as number[];
  }

  let vocabulary = false;
  /**
   * The index's trigrams that start with `term` (fts5vocab, a temporary table of this connection:
   * a range of the index's terms), or undefined past MAX_TRIGRAMS_OF_TERM. Trigrams of deleted
   * rows may still be listed: they find nothing.
   */
  function trigramsStartingWith(term: string): string[] | undefined {
    if (!vocabulary) {
      db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_posts_terms USING fts5vocab(main, search_posts, row)');
      vocabulary = true;
    }
    const upper = nextAfter(term);
    const terms = (
      upper === undefined
        ? prepareCached(db, 'SELECT term FROM temp.search_posts_terms WHERE term >= ?').pluck().all(term)
        : prepareCached(db, 'SELECT term FROM temp.search_posts_terms WHERE term >= ? AND term < ?')
            .pluck()
            .all(term, upper)
    ) as string[];
    const starting = terms.filter((trigram) => trigram.startsWith(term));
    return starting.length > MAX_TRIGRAMS_OF_TERM ? undefined : starting;
  }

  // Whether the index is complete and the site's queued posts, in one statement: a selective
  // search's whole answer is tens of µs, and each statement costs a few.
  const READY = `COALESCE((SELECT phase FROM search_backfill WHERE id = 1), 'done') = 'done'`;
  const readyAndQueued = db.prepare(
    `SELECT ${READY} AS ready, (SELECT json_group_array(id) FROM search_queue WHERE site_id = ?) AS queued`,
  );
  /** foundOwnIds()'s statement per site (its rowid range written in). */
  const ownLookups = new Map<number, ReturnType<Db['prepare']>>();

  /**
   * The site's posts written since the index last took them in (search_queue): their rows decide.
   * Undefined while the index is not complete (then it cannot answer at all).
   */
  function queuedIds(siteId: number, language: string | undefined): number[] | undefined {
    const { ready, queued } = readyAndQueued.get(siteId) as { ready: number; queued: string };
    if (!ready) return undefined;
    const posts = JSON.parse(queued) as number[];
    if (language === undefined) return posts;
    const translated = prepareCached(
      db,
      'SELECT object_id FROM search_translation_queue WHERE site_id = ? AND language = ?',
    )
      .pluck()
      .all(siteId, language) as number[];
    return translated.length === 0 ? posts : [...new Set([...posts, ...translated])];
  }

  /**
   * The ids of a site's posts that hold every term: the index's, except for the posts queued since
   * it last took writes in, which are tested on their rows. Undefined while the index is not
   * complete, or when so many are queued (a big import a moment ago) that reading the rows of
   * the list's window is the cheaper way.
   */
  function foundIds(siteId: number, terms: SearchTerm[], language: string | undefined): number[] | undefined {
    if (language === undefined) return foundOwnIds(siteId, terms);
    const queued = queuedIds(siteId, language);
    if (queued === undefined || queued.length > MAX_QUEUED_TESTED) return undefined;
    const indexed = translatedIds(siteId, terms, language);
    if (queued.length === 0) return indexed;
    const stale = new Set(queued);
    return [...indexed.filter((id) => !stale.has(id)), ...rowsHolding(siteId, queued, terms, language)];
  }

  /**
   * foundIds() without a language: the index's state, the site's queue and the index's answer in
   * one statement (a search that finds a few posts, or none, costs little more than its index
   * query; a statement more was a tenth of it). The index query runs even when its answer is not
   * used — while the index is being built, or right after a big import — which is rare and brief.
   */
  function foundOwnIds(siteId: number, terms: SearchTerm[]): number[] | undefined {
    let statement = ownLookups.get(siteId);
    if (!statement) {
      const low = siteId * SITE_ROWIDS;
      statement = db.prepare(
        `SELECT ${READY} AS ready, (SELECT json_group_array(id) FROM search_queue WHERE site_id = ${siteId}) AS queued,
           (SELECT json_group_array(rowid - ${low}) FROM search_posts
            WHERE search_posts MATCH ? AND rowid BETWEEN ${low} AND ${low + SITE_ROWIDS - 1}) AS found`,
      );
      ownLookups.set(siteId, statement);
    }
    const match = terms.map((term) => quoted(term.text)).join(' AND ');
    const row = statement.get(match) as { ready: number; queued: string; found: string };
    if (!row.ready) return undefined;
    const queued = JSON.parse(row.queued) as number[];
    if (queued.length > MAX_QUEUED_TESTED) return undefined;
    return withRowsOf(siteId, JSON.parse(row.found) as number[], queued, terms);
  }

  /**
   * What the index answers for a search. Every term of three characters or more that must be
   * present is looked up in the index (when it is complete): `found` holds the posts that have
   * them all. `rowTest` says the rows must still be tested — a term is shorter or excluded, or
   * the index is not there yet (then `found` is undefined).
   */
  function lookup(request: SearchRequest): SearchLookup {
    // The site id is an integer of ours (never client text): written into the SQL, so the
    // subqueries are not correlated and the rowid range is a constant.
    const siteId = Number(request.siteId);
    const terms = termsOf(request.text);
    const indexed = terms.filter((term) => !term.exclude && codePoints(term.text) >= INDEXED_TERM_LENGTH);
    const found = indexed.length > 0 ? foundIds(siteId, indexed, request.language) : undefined;
    const rowTest =
      found === undefined || terms.some((term) => term.exclude || codePoints(term.text) < INDEXED_TERM_LENGTH);
    return { terms, found, rowTest };
  }

  /**
   * What the index answers for a search of terms of three characters or more and of one or two
   * (none excluded, no language) with the help of `endingWith`: the posts whose folded searched
   * text ends holding one of the short terms in its last two characters (or may: a superset),
   * undefined when it cannot tell or finds more than `cap`. The index finds the posts holding the
   * long terms and, for each short one, a trigram starting with it (ORed); the posts written since
   * the index took them in and those `endingWith` names are tested on their rows. When every short
   * term is one digit, `holdingDigits` tests the posts the long terms found instead
   * (no trigrams, no text ends). `found` is then exact and no row test is needed. Undefined when the
   * search is not of that kind, or the rows to test are too many (then lookup() and the row test answer).
   */
  function lookupShort(request: SearchRequest, keys: ShortTermKeys): SearchLookup | undefined {
    if (request.language !== undefined) return undefined;
    const siteId = Number(request.siteId);
    const terms = termsOf(request.text);
    const long = terms.filter((term) => codePoints(term.text) >= INDEXED_TERM_LENGTH);
    const short = terms.filter((term) => codePoints(term.text) < INDEXED_TERM_LENGTH);
    if (long.length === 0 || short.length === 0 || terms.some((term) => term.exclude || term.text === '')) {
      return undefined;
    }
    const queued = queuedIds(siteId, undefined);
    if (queued === undefined) return undefined;
    if (keys.holdingDigits && short.every((term) => SEARCH_DIGIT.test(term.text))) {
      const longMatch = long.map((term) => quoted(term.text)).join(' AND ');
      const indexed = postIdsMatching(siteId, longMatch);
      const split = keys.holdingDigits(
        indexed,
        short.map((term) => term.text),
        MAX_SHORT_ROW_TESTED - queued.length,
      );
      if (split)
        return { terms, found: withRowsOf(siteId, split.held, [...queued, ...split.unread], terms), rowTest: false };
    }
    const ending = keys.endingWith(
      short.map((term) => term.text),
      MAX_SHORT_ROW_TESTED - queued.length,
    );
    if (ending === undefined) return undefined;
    const trigrams: string[][] = [];
    for (const term of short) {
      const starting = trigramsStartingWith(term.text);
      if (starting === undefined) return undefined;
      trigrams.push(starting);
    }
    const match = [
      ...long.map((term) => quoted(term.text)),
      ...trigrams.map((group) => `(${group.map(quoted).join(' OR ')})`),
    ].join(' AND ');
    const indexed = trigrams.some((group) => group.length === 0) ? [] : postIdsMatching(siteId, match);
    return { terms, found: withRowsOf(siteId, indexed, [...queued, ...ending], terms), rowTest: false };
  }

  /** `indexed` but the posts in `tested`, and those of `tested` whose rows hold every term. */
  function withRowsOf(siteId: number, indexed: number[], tested: number[], terms: SearchTerm[]): number[] {
    if (tested.length === 0) return indexed;
    const testedSet = new Set(tested);
    return [...indexed.filter((id) => !testedSet.has(id)), ...rowsHolding(siteId, [...testedSet], terms, undefined)];
  }

  return {
    state,
    lookup,
    lookupShort,

    /**
     * The clauses of a search (of `lookup`, when the caller already has it): the found ids as an
     * id test, and the row test when one is needed — then on the posts the other filters left.
     */
    clauses(request: SearchRequest, known = lookup(request)): SearchClauses {
      // The index is asked once per list request; every query of the request then reads the same ids.
      const { found, terms } = known;
      const clauses: SearchClauses = {};
      const { alias } = request;
      if (found) {
        const ref = found.length <= READ_FOUND_BY_ID ? `${alias}.id` : request.idRef;
        clauses.ids = { sql: `${ref} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(found)] };
      }
      if (known.rowTest) clauses.row = rowClause(Number(request.siteId), request, terms);
      return clauses;
    },

    /** The bare index query of `text`'s terms that the index can answer (benchmarks compare the list with it). */
    bareQuery(siteId: number, text: string): { sql: string; params: unknown[] } {
      const indexed = parseSearch(text).filter((term) => !term.exclude && codePoints(term.text) >= INDEXED_TERM_LENGTH);
      return { sql: postIds(siteId), params: [indexed.map((t) => quoted(t.text)).join(' AND ')] };
    },
  };
}

export type SearchIndex = ReturnType<typeof searchIndex>;
