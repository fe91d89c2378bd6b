// What a searched event list filters and orders by — each event's status, start, end and listing
// flags — held in memory per site, in typed arrays indexed by the event's id.
//
// Why: a common word finds thousands of events (14k of 100k for "Jazz"), and the list must give
// their exact total and the page in start order. In SQL each found id costs a test against the
// window and the visibility — by walking the window's index against the found set, or by a lookup
// per id — and that cost 3–10× the index query itself (docs/PERFORMANCE.md, "Search"). Here it is
// an array read per id: the found ids are filtered and the page picked in about a millisecond.
//
// Kept true by the change log (migration 0009), which triggers write for every write of a post,
// whoever makes it (this process, another one, the CLI), in commit order: each use first takes in
// the changes after the last one it saw and reads those posts' keys again. A write that rolled
// back takes its change rows with it, so the row of the last change seen is checked to be the one
// seen (an unknown or changed row: everything is read again). A bulk load writes one 'all' row.
// Anything it cannot vouch for exactly (a date not in 'YYYY-MM-DD HH:MM:SS', a sparse id range)
// makes select() answer undefined, and the list asks SQL as before.
//
// Read apart and only when a search needs them (text keys, 11 bytes an event): whether an event has
// a password (an anonymous caller's search skips those, as the reference), the last two characters
// of its searched text as the search index reads it (folded), and which ASCII digits its folded
// text holds. The index finds a term of one or two characters wherever a trigram starts with it —
// everywhere but in the text's last two characters, which these keys answer; and a term of one
// digit ("Market 1") is in a text exactly when its bit is set, so the events the long words found
// are tested here, without asking the index for the digit at all (search-index.ts, lookupShort()).
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';
import { foldForSearch } from '../../domain/search-fold.ts';
import { digitBits, searchDigitsOf } from '../../domain/search-chars.ts';
import type { Comparison, DateColumn } from './event-list.ts';
import { SEARCHED_COLUMNS, searchTextOf } from './search-index.ts';

const STATUS_CODES: Record<string, number> = { publish: 1, future: 2, draft: 3, pending: 4, private: 5, trash: 6 };
const STATUS_CASE = `CASE status ${Object.entries(STATUS_CODES)
  .map(([status, code]) => `WHEN '${status}' THEN ${code}`)
  .join(' ')} ELSE 7 END`;

/** Flags: hidden from listings; featured = 1; COALESCE(featured, 0) = 0; a date that is not canonical. */
const HIDDEN = 1;
const FEATURED_ONE = 2;
const FEATURED_OFF = 4;
const IRREGULAR = 8;

/** Dates are kept as seconds since 2000-01-01 UTC in 32 bits (1932–2068); others are IRREGULAR. */
const EPOCH = 946_684_800;
const INT32 = 2 ** 31 - 1;

/** Posts' kinds in the change log ('all': a bulk load replaced a site's data). */
const POST_KINDS = new Set(['event', 'venue', 'organizer', 'image', 'all']);

/**
 * One event's keys as JSON numbers, `id,status,start,end,flags`: SQLite writes them, group_concat()
 * joins a chunk of them and JSON.parse() reads it (native code), so a calendar crosses into
 * JavaScript as a few strings, not a row object per event (~5 µs each). A date is given as
 * seconds since EPOCH only when datetime() gives its text back unchanged — 'YYYY-MM-DD HH:MM:SS'
 * and a real time: then text order and time order agree, and the list's text comparisons are
 * number comparisons here. Any other text, and NULL, is null (IRREGULAR): a NULL date must not
 * reach `||`, which would make the event's whole text NULL and drop it from group_concat().
 */
const dateSeconds = (column: string) =>
  `CASE WHEN ${column} IS NOT NULL AND datetime(${column}) IS ${column} THEN unixepoch(${column}) - ${EPOCH} ELSE 'null' END`;
const KEYS_TEXT = `id || ',' || ${STATUS_CASE} || ',' || ${dateSeconds('start_utc')} || ',' || ${dateSeconds('end_utc')}
  || ',' || ((COALESCE(hide_from_listings, 0) <> 0) * ${HIDDEN} + (featured IS 1) * ${FEATURED_ONE}
    + (COALESCE(featured, 0) = 0) * ${FEATURED_OFF})`;
const keysJson = (rows: string) => `'[' || group_concat(${rows}, ',') || ']'`;

/** Events read per statement while loading: strings of a few MB, whatever the calendar's size. */
const CHUNK = 50_000;

/**
 * Events a chunk of the text keys' pass reads: a warm-up reads one per idle moment and a job that
 * comes meanwhile waits for it, so a chunk is kept to ~50 ms (each event's digits cost ~1 µs more
 * than its other keys: 50,000 took ~150 ms).
 */
const TEXT_CHUNK = 20_000;

/** Ids this far past the count are not worth arrays that long: such a site is answered by SQL. */
const SPARSE_SLACK = 65_536;
const MAX_ID = 64 * 2 ** 20;

/** More changes than this since the last use: reading every event again is the cheaper way. */
const MAX_CHANGES_APPLIED = 20_000;

interface SiteKeys {
  status: Uint8Array;
  flags: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  /** Read on the first search that needs them (see readText()). */
  text?: TextKeys;
  /** The last id the text keys' pass has read while it is under way (a warm-up reads a chunk at a time). */
  textReadTo?: number;
}

/**
 * Per id: whether the event has a password; the last and the one-before-last code point of its
 * folded searched text (0: the text is shorter; UNKNOWN_TAIL: not told, the row must say); and the
 * ASCII digits its folded text holds (bit n: "n").
 */
interface TextKeys {
  passworded: Uint8Array;
  last: Int32Array;
  beforeLast: Int32Array;
  digits: Uint16Array;
}

const UNKNOWN_TAIL = -1;

/** Raw characters read from a text's end: folding drops combining marks, so a few more than two. */
const TAIL_READ = 8;

/**
 * One event's text keys as JSON, `id,passworded,"tail",digits`: the tail is null when the text
 * holds a NUL (the index stops reading there; substr() would not); digits are searchDigitsOf() its
 * whole searched text (the text the row test folds). That call is most of the pass's time (~1 µs an
 * event: 100k events' text keys in ~250 ms instead of ~120), hence the smaller chunks.
 */
const textKeysOf = (alias: string) => {
  const columns = SEARCHED_COLUMNS.event.map((column) => `${alias}.${column}`);
  const lastColumn = columns.at(-1)!;
  // The last field alone when it is long enough (most are): no copy of the whole text per event.
  return `${alias}.id || ',' || (${alias}.password <> '') || ',' || CASE
    WHEN ${columns.map((column) => `instr(${column}, char(0)) > 0`).join(' OR ')} THEN 'null'
    WHEN length(${lastColumn}) >= ${TAIL_READ} THEN json_quote(substr(${lastColumn}, -${TAIL_READ}))
    ELSE json_quote(substr(${searchTextOf('event', alias)}, -${TAIL_READ})) END
    || ',' || almanac_search_digits(${searchTextOf('event', alias)})`;
};

/** What select() filters by: the event list's filter, reduced to what these keys answer. */
export interface KeysFilter {
  statuses: string[];
  /** Events hidden from listings too (an editor's app list: EventListFilter.hidden 'all'). */
  withHidden?: boolean;
  featured?: boolean;
  /** Events with a password left out (an anonymous caller's search: EventListFilter.excludeProtected). */
  withoutPassword?: boolean;
  dates: { column: DateColumn; op: Comparison; value: string }[];
  descending: boolean;
  offset: number;
  limit: number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days from 1970-01-01 to a civil date (proleptic Gregorian; H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719468;
}

/**
 * The 19 characters of `text` from `at` as seconds since EPOCH, when they are 'YYYY-MM-DD
 * HH:MM:SS' and a real time within 32 bits; NaN otherwise.
 */
function secondsAt(text: string, at: number): number {
  let digits = 0;
  const parts = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 19; i++) {
    const c = text.charCodeAt(at + i);
    const separator = i === 4 || i === 7 ? 45 : i === 10 ? 32 : i === 13 || i === 16 ? 58 : 0;
    if (separator !== 0) {
      if (c !== separator) return NaN;
      digits++;
      continue;
    }
    if (!(c >= 48 && c <= 57)) return NaN;
    parts[digits] = parts[digits]! * 10 + (c - 48);
  }
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return NaN;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > DAYS_IN_MONTH[month - 1]! + (month === 2 && leap ? 1 : 0)) return NaN;
  const seconds = daysFromCivil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second - EPOCH;
  return Math.abs(seconds) <= INT32 ? seconds : NaN;
}

/** A bound of the list's filter as seconds since EPOCH; undefined unless it is a canonical time. */
function boundOf(text: string): number | undefined {
  const seconds = text.length === 19 ? secondsAt(text, 0) : NaN;
  return Number.isNaN(seconds) ? undefined : seconds;
}

function grown<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array>(array: T, length: number): T {
  if (array.length >= length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(length, Math.ceil(array.length * 1.25)));
  next.set(array);
  return next;
}

/** Reads `[id,status,start,end,flags,…]` into the arrays, growing them for new ids. */
function readKeys(site: SiteKeys, json: string): SiteKeys {
  let keys = site;
  const values = JSON.parse(json) as (number | null)[];
  for (let i = 0; i < values.length; i += 5) {
    const id = values[i]!;
    const start = values[i + 2];
    const end = values[i + 3];
    const regular =
      typeof start === 'number' && typeof end === 'number' && Math.abs(start) <= INT32 && Math.abs(end) <= INT32;
    if (id >= keys.status.length) {
      // (The text keys, when read, go along as they are: readText() grows them itself.)
      keys = Object.assign({}, keys, {
        status: grown(keys.status, id + 1),
        flags: grown(keys.flags, id + 1),
        start: grown(keys.start, id + 1),
        end: grown(keys.end, id + 1),
      });
    }
    keys.status[id] = values[i + 1]!;
    keys.flags[id] = values[i + 4]! | (regular ? 0 : IRREGULAR);
    keys.start[id] = regular ? start : 0;
    keys.end[id] = regular ? end : 0;
  }
  return keys;
}

/** Reads `[id,passworded,tail,digits,…]` into the text keys, growing them for new ids. */
function readText(site: SiteKeys, json: string): void {
  const values = JSON.parse(json) as (number | string | null)[];
  let text = site.text!;
  for (let i = 0; i < values.length; i += 4) {
    const id = values[i] as number;
    if (id >= text.last.length) {
      const length = Math.max(id + 1, site.status.length);
      text = {
        passworded: grown(text.passworded, length),
        last: grown(text.last, length),
        beforeLast: grown(text.beforeLast, length),
        digits: grown(text.digits, length),
      };
    }
    text.digits[id] = values[i + 3] as number;
    text.passworded[id] = values[i + 1] as number;
    const raw = values[i + 2];
    const tail = typeof raw === 'string' ? [...foldForSearch(raw)] : undefined;
    // Fewer than two characters left of a full read: marks all the way, the row must say.
    const known = tail !== undefined && (tail.length >= 2 || [...(raw as string)].length < TAIL_READ);
    text.last[id] = known ? (tail.at(-1)?.codePointAt(0) ?? 0) : UNKNOWN_TAIL;
    text.beforeLast[id] = known ? (tail.at(-2)?.codePointAt(0) ?? 0) : UNKNOWN_TAIL;
  }
  site.text = text;
}

/** The first `count` of `ids` in (start, id) order, or its reverse: a bounded insertion for a page, else a sort. */
function firstInOrder(ids: number[], start: Int32Array, descending: boolean, count: number): number[] {
  const way = descending ? -1 : 1;
  const before = (a: number, b: number) => way * (start[a]! - start[b]! || a - b);
  if (count > 512 || count * 4 >= ids.length) return ids.sort(before).slice(0, count);
  const best: number[] = [];
  for (const id of ids) {
    if (best.length === count && before(id, best[count - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (before(best[middle]!, id) < 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, id);
    if (best.length > count) best.pop();
  }
  return best;
}

/** `textChunk`: events a chunk of the text keys' pass reads (tests make it small). */
export function eventKeys(db: Db, { textChunk = TEXT_CHUNK } = {}) {
  db.function('almanac_search_digits', { deterministic: true }, (text) =>
    typeof text === 'string' ? searchDigitsOf(text) : 0,
  );
  const sites = new Map<number, SiteKeys>();
  const wanted = new Set<number>();
  /** Sites whose ids are too sparse for arrays: not read again by this connection. */
  const sparse = new Set<number>();
  /** The last change taken in, and what its row said (to notice a rolled-back one). */
  let seen: { seq: number; mark: string } | undefined;

  const latest = db.prepare(
    `SELECT seq, changed_utc || '|' || kind || '|' || object_id || '|' || action AS mark FROM changes ORDER BY seq DESC LIMIT 1`,
  );
  const markOf = db
    .prepare(`SELECT changed_utc || '|' || kind || '|' || object_id || '|' || action FROM changes WHERE seq = ?`)
    .pluck();
  const changedSince = db.prepare(
    'SELECT site_id, kind, object_id FROM changes WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?',
  );
  const topId = db.prepare('SELECT COALESCE(max(id), 0) FROM posts WHERE site_id = ?').pluck();
  // Each status's events in start order from the covering index, a chunk per statement.
  const eventsOf = `FROM posts INDEXED BY events_by_start WHERE site_id = ? AND type = 'event' AND status = ?`;
  const chunkAfter = db.prepare(
    `SELECT ${keysJson('t')} AS text, count(*) AS n, max(s) AS last FROM (
       SELECT ${KEYS_TEXT} AS t, start_utc AS s ${eventsOf} AND start_utc > ? ORDER BY start_utc LIMIT ${CHUNK})`,
  );
  const startingAt = db.prepare(`SELECT ${keysJson(KEYS_TEXT)} ${eventsOf} AND start_utc = ?`).pluck();
  const undated = db.prepare(`SELECT ${keysJson(KEYS_TEXT)} ${eventsOf} AND start_utc IS NULL`).pluck();

  const textChunkAfter = db.prepare(
    `SELECT '[' || group_concat(t, ',') || ']' AS text, count(*) AS n, max(id) AS last FROM (
       SELECT ${textKeysOf('p')} AS t, p.id AS id FROM posts p WHERE p.site_id = ? AND p.type = 'event' AND p.id > ?
       ORDER BY p.id LIMIT ${textChunk})`,
  );

  /**
   * Reads the next chunk of a site's text keys (one pass over its events' rows, in id order); true
   * when they are all read. Meanwhile the changes taken in keep the part read true (catchUp()),
   * and no search uses them before the pass is over (textOf()).
   */
  function readTextChunk(siteId: number, keys: SiteKeys): boolean {
    if (keys.text && keys.textReadTo === undefined) return true;
    if (!keys.text) {
      const length = keys.status.length;
      keys.text = {
        passworded: new Uint8Array(length),
        last: new Int32Array(length),
        beforeLast: new Int32Array(length),
        digits: new Uint16Array(length),
      };
      keys.textReadTo = -1;
    }
    const chunk = textChunkAfter.get(siteId, keys.textReadTo) as { text: string | null; n: number; last: number };
    if (chunk.text) readText(keys, chunk.text);
    keys.textReadTo = chunk.n < textChunk ? undefined : chunk.last;
    return keys.textReadTo === undefined;
  }

  /** A site's text keys, the rest of them read now if they are not yet. */
  function textOf(siteId: number, keys: SiteKeys): TextKeys {
    while (!readTextChunk(siteId, keys));
    return keys.text!;
  }

  function forgetAll(): void {
    sites.clear();
    seen = undefined;
  }

  /** The latest change, as seen() keeps it. */
  function latestChange(): { seq: number; mark: string } {
    return (latest.get() as { seq: number; mark: string } | undefined) ?? { seq: 0, mark: '' };
  }

  /** Takes in the changes since the last use, or forgets everything when it cannot. */
  function catchUp(): void {
    if (!seen || sites.size === 0) return;
    const now = latestChange();
    // (The latest change is the one seen, unchanged: nothing to take in, and no second query.)
    if (now.seq === seen.seq && now.mark === seen.mark) return;
    if (now.seq <= seen.seq || (markOf.get(seen.seq) ?? '') !== seen.mark) return forgetAll();
    const changes = changedSince.all(seen.seq, now.seq, MAX_CHANGES_APPLIED + 1) as {
      site_id: number;
      kind: string;
      object_id: number;
    }[];
    if (changes.length > MAX_CHANGES_APPLIED) return forgetAll();
    const changed = new Map<number, Set<number>>();
    for (const { site_id: siteId, kind, object_id: id } of changes) {
      if (!sites.has(siteId) || !POST_KINDS.has(kind)) continue;
      if (kind === 'all') {
        sites.delete(siteId);
        changed.delete(siteId);
        continue;
      }
      let ids = changed.get(siteId);
      if (!ids) changed.set(siteId, (ids = new Set()));
      ids.add(id);
    }
    for (const [siteId, ids] of changed) {
      let keys = sites.get(siteId);
      if (!keys) continue;
      // A deleted post, or one no longer an event, has no row below: it is cleared first.
      for (const id of ids) if (id < keys.status.length) keys.status[id] = 0;
      const text = prepareCached(
        db,
        `SELECT ${keysJson(KEYS_TEXT)} FROM posts WHERE site_id = ? AND type = 'event'
           AND id IN (SELECT value FROM json_each(?))`,
      )
        .pluck()
        .get(siteId, JSON.stringify([...ids])) as string | null;
      if (text) keys = readKeys(keys, text);
      if (keys.text) {
        const texts = prepareCached(
          db,
          `SELECT '[' || group_concat(${textKeysOf('p')}, ',') || ']' FROM posts p WHERE p.site_id = ? AND p.type = 'event'
             AND p.id IN (SELECT value FROM json_each(?))`,
        )
          .pluck()
          .get(siteId, JSON.stringify([...ids])) as string | null;
        if (texts) readText(keys, texts);
      }
      sites.set(siteId, keys);
    }
    seen = now;
  }

  /** Reads every event of a site; undefined when its ids are too sparse for arrays. */
  function build(siteId: number): SiteKeys | undefined {
    const top = topId.get(siteId) as number;
    if (top > MAX_ID) return undefined;
    // The ids there are now, and room for a few thousand creates before the arrays grow.
    const length = top + 1 + 4_096;
    let keys: SiteKeys = {
      status: new Uint8Array(length),
      flags: new Uint8Array(length),
      start: new Int32Array(length),
      end: new Int32Array(length),
    };
    const read = (text: string | null) => {
      if (text) keys = readKeys(keys, text);
    };
    for (const status of Object.keys(STATUS_CODES)) {
      read(undated.get(siteId, status) as string | null);
      read(startingAt.get(siteId, status, '') as string | null);
      for (let after = ''; ;) {
        const chunk = chunkAfter.get(siteId, status, after) as { text: string | null; n: number; last: string };
        read(chunk.text);
        if (chunk.n < CHUNK) break;
        // The events that start at `last` may go on past the chunk: all of them, then on after them.
        read(startingAt.get(siteId, status, chunk.last) as string | null);
        after = chunk.last;
      }
    }
    let count = 0;
    for (const status of keys.status) if (status !== 0) count++;
    return top > 4 * count + SPARSE_SLACK ? undefined : keys;
  }

  return {
    /**
     * Whether a site's keys were read once (a search then uses them whatever it found; when they
     * were forgotten — a rolled-back write, a bulk load — load() reads them again).
     */
    wanted(siteId: number): boolean {
      return wanted.has(siteId);
    },

    /**
     * Reads a site's keys if they are not in memory yet (what the first search of a large set
     * does, or a warm-up); false when the site's ids are too sparse for them.
     */
    load(siteId: number): boolean {
      catchUp();
      if (sites.has(siteId)) return true;
      if (sparse.has(siteId)) return false;
      // The change to catch up from is read before the events: a write committed in between (outside
      // a transaction) is taken in again at the next use, which is harmless.
      const before = latestChange();
      const keys = build(siteId);
      if (!keys) {
        sparse.add(siteId);
        return false;
      }
      // Other sites' keys are as of `seen`, which catchUp() just brought to the latest change.
      if (!seen || sites.size === 0) seen = before;
      sites.set(siteId, keys);
      wanted.add(siteId);
      return true;
    },

    /** The bytes the keys in memory take (10 an id, and 11 more with the text keys: benchmarks report it). */
    bytes(): number {
      let total = 0;
      for (const keys of sites.values()) {
        total += keys.status.byteLength + keys.flags.byteLength + keys.start.byteLength + keys.end.byteLength;
        if (keys.text) {
          const { passworded, last, beforeLast, digits } = keys.text;
          total += passworded.byteLength + last.byteLength + beforeLast.byteLength + digits.byteLength;
        }
      }
      return total;
    },

    /**
     * Reads a site's text keys (with its keys) if they are not in memory, or with `oneChunk` the
     * next TEXT_CHUNK events' of them (a warm-up between jobs); true when they are all in memory.
     */
    loadText(siteId: number, oneChunk = false): boolean {
      if (!this.load(siteId)) return false;
      const keys = sites.get(siteId)!;
      if (oneChunk) return readTextChunk(siteId, keys);
      textOf(siteId, keys);
      return true;
    },

    /**
     * The site's events whose folded searched text ends holding one of `terms` (of one or two code
     * points) in its last two characters — or whose end the keys cannot tell — reading the text
     * keys first if needed. Undefined when the keys are not in memory or more than `cap` are found.
     */
    endingWith(siteId: number, terms: string[], cap: number): number[] | undefined {
      catchUp();
      const keys = sites.get(siteId);
      if (!keys || cap < 0) return undefined;
      const { last, beforeLast } = textOf(siteId, keys);
      const wanted = terms.map((term) => [...term].map((char) => char.codePointAt(0)!));
      const { status } = keys;
      const ids: number[] = [];
      const push = (id: number) => {
        if (ids.length === cap) return false;
        ids.push(id);
        return true;
      };
      // (An id past the text keys was never read for them: its row must say.)
      for (let id = last.length; id < status.length; id++) if (status[id] !== 0 && !push(id)) return undefined;
      // Plain loops: a million ids in a few milliseconds.
      const count = Math.min(last.length, status.length);
      for (const term of wanted) {
        const [first, second] = term as [number, number | undefined];
        for (let id = 0; id < count; id++) {
          const l = last[id]!;
          const held =
            second === undefined ? l === first || beforeLast[id] === first : l === second && beforeLast[id] === first;
          if ((held || l === UNKNOWN_TAIL) && status[id] !== 0 && !push(id)) return undefined;
        }
      }
      return wanted.length > 1 ? [...new Set(ids)] : ids;
    },

    /**
     * The ids among `found` whose folded searched text holds every one of `digits` (ASCII digits:
     * see search-chars.ts), reading the text keys first if needed; and
     * apart, those of them the keys have not read (their rows must say). Ids that are no event are
     * left out. Undefined when the keys are not in memory or more than `cap` are unread.
     */
    holdingDigits(
      siteId: number,
      found: readonly number[],
      digitTerms: string[],
      cap: number,
    ): { held: number[]; unread: number[] } | undefined {
      catchUp();
      const keys = sites.get(siteId);
      if (!keys || cap < 0) return undefined;
      const { digits } = textOf(siteId, keys);
      const wanted = digitBits(digitTerms.join(''));
      const { status } = keys;
      const held: number[] = [];
      const unread: number[] = [];
      const count = Math.min(digits.length, status.length);
      for (const id of found) {
        if (id >= count) {
          if (id < status.length && status[id] !== 0) {
            if (unread.length === cap) return undefined;
            unread.push(id);
          }
          continue;
        }
        if (status[id] === 0) continue;
        if ((digits[id]! & wanted) === wanted) held.push(id);
      }
      return { held, unread };
    },

    /**
     * The page (ids in order) and the total of the events among `found` that pass `filter`, or
     * undefined when the keys cannot tell exactly (then SQL answers).
     */
    select(siteId: number, found: readonly number[], filter: KeysFilter): { ids: number[]; total: number } | undefined {
      catchUp();
      const keys = sites.get(siteId);
      return keys ? selectIn(siteId, keys, found, filter) : undefined;
    },

    /**
     * select(), the site's keys read first if they are not in memory (load()): one look at the
     * change log for both, not one each (a selective search's whole answer is tens of µs).
     */
    loadAndSelect(
      siteId: number,
      found: readonly number[],
      filter: KeysFilter,
    ): { ids: number[]; total: number } | undefined {
      return this.load(siteId) ? selectIn(siteId, sites.get(siteId)!, found, filter) : undefined;
    },
  };

  /** select() on a site's keys, caught up. */
  function selectIn(
    siteId: number,
    keys: SiteKeys,
    found: readonly number[],
    filter: KeysFilter,
  ): { ids: number[]; total: number } | undefined {
    const { status, flags, start, end } = keys;
    const passworded = filter.withoutPassword ? textOf(siteId, keys).passworded : undefined;
    let statusMask = 0;
    for (const name of filter.statuses) {
      const code = Object.hasOwn(STATUS_CODES, name) ? STATUS_CODES[name] : undefined;
      // A status the keys have no code for: SQL answers (`status IN (…)` would match it).
      if (code === undefined) return undefined;
      statusMask |= 1 << code;
    }
    // The window as inclusive ranges of whole seconds (`> x` is `>= x + 1`), with the same implied
    // bounds as the SQL (event-list.ts build()): an end before X means a start before X, and a
    // start after X an end after X.
    const range = { start: [-Infinity, Infinity], end: [-Infinity, Infinity] };
    const narrow = (column: 'start' | 'end', op: Comparison, value: number) => {
      const bounds = range[column];
      if (op === '>=' || op === '>') bounds[0] = Math.max(bounds[0]!, op === '>' ? value + 1 : value);
      else bounds[1] = Math.min(bounds[1]!, op === '<' ? value - 1 : value);
    };
    for (const { column, op, value } of filter.dates) {
      const seconds = boundOf(value);
      if (seconds === undefined) return undefined;
      narrow(column === 'start_utc' ? 'start' : 'end', op, seconds);
      if (column === 'end_utc' && (op === '<=' || op === '<')) narrow('start', op, seconds);
      else if (column === 'start_utc' && (op === '>=' || op === '>')) narrow('end', op, seconds);
    }
    const [startLow, startHigh] = range.start as [number, number];
    const [endLow, endHigh] = range.end as [number, number];
    const wantFlags = filter.featured === undefined ? 0 : filter.featured ? FEATURED_ONE : FEATURED_OFF;
    const hiddenOut = filter.withHidden === true ? 0 : HIDDEN;
    const matched: number[] = [];
    for (const id of found) {
      if (id >= status.length || !(statusMask & (1 << status[id]!))) continue;
      const f = flags[id]!;
      if (f & hiddenOut || (f & wantFlags) !== wantFlags) continue;
      if (f & IRREGULAR) return undefined;
      if (passworded !== undefined) {
        if (id >= passworded.length) return undefined;
        if (passworded[id] !== 0) continue;
      }
      const s = start[id]!;
      const e = end[id]!;
      if (s >= startLow && s <= startHigh && e >= endLow && e <= endHigh) matched.push(id);
    }
    const total = matched.length;
    const first = firstInOrder(matched, start, filter.descending, filter.offset + filter.limit);
    return { ids: first.slice(filter.offset), total };
  }
}

export type EventKeys = ReturnType<typeof eventKeys>;
