// The search index (migration 0019) must never change what `search` finds: over a calendar of
// accents, case, HTML, translations and FTS5 syntax, every query answers the same through the
// index, through the scan (the index not built yet), and as a plain JavaScript reading of
// WordPress's keyword search; and it stays so after every kind of write.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, createEvent, type TestServer } from '../support/server.ts';
import type { Store } from '../../server/db/store.ts';
import type { EventListFilter } from '../../server/db/repositories/event-list.ts';
import { parseSearch } from '../../server/domain/search-terms.ts';
import { foldForSearch } from '../../server/domain/search-fold.ts';
import { SEARCHED_COLUMNS } from '../../server/db/repositories/search-index.ts';
import { searchBackfillOf } from '../../server/db/repositories/search-index-writes.ts';

const STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];

/** Titles, descriptions and excerpts that exercise folding, HTML and FTS5 syntax. */
const TITLES = [
  'Café concert',
  'CAFÉ DEL MAR',
  'cafe\u0301 decomposed',
  'Zürich Jazz Night',
  'ZURICH market',
  'Ñandú y canción',
  'Straße fest',
  'İstanbul talk',
  'Σίσυφος reading',
  '100% Fun',
  'snake_case workshop',
  'Rock AND Roll',
  'NEAR the river',
  'Star * night',
  'The "quoted" one',
  "O'Brien's pub",
  'Jazz',
  'jazz brunch',
  'Blue-grass evening',
  'a b c',
];
const DESCRIPTIONS = [
  '<p>With a <strong>saxophone</strong> quartet &amp; friends.</p>',
  '<p>Música en vivo — entrada libre</p>',
  'Plain text, no markup.',
  '<a href="https://example.com/jazz">link</a>',
  '',
];
const EXCERPTS = ['A trumpet solo over coffee.', 'Résumé of the night', '', 'naïve art'];

const QUERIES = [
  'jazz',
  'JAZZ',
  'Jazz night',
  'night jazz',
  '"jazz night"',
  'cafe',
  'CAFÉ',
  'café concert',
  'zurich',
  'ZÜRICH',
  'nandu',
  'cancion',
  'strasse',
  'straße',
  'istanbul',
  'σίσυφος',
  'ΣΊΣΥΦΟΣ',
  'ja',
  'e',
  'é',
  'a b',
  'of',
  'the',
  '%',
  '_',
  '\\',
  '"',
  "'",
  '*',
  '-',
  '--',
  'AND',
  'OR',
  'NOT',
  'NEAR',
  'NEAR(jazz night)',
  'jazz OR rock',
  'rock AND roll',
  'star*',
  '^jazz',
  'title:jazz',
  '-jazz',
  'night -jazz',
  'jazz -brunch',
  'strong',
  '<p>',
  'amp;',
  'saxophone quartet',
  'musica',
  'résumé',
  'naive',
  'no such thing here',
  'a b c d e f g h i j k',
  'one two three four five six seven eight nine ten',
  '   ',
  'jazz\u0000night',
  'zz',
  '\u0301',
];

/** WordPress's keyword search, read plainly: every term in some field (or the translation), no excluded one. */
function oracle(fields: (string | null)[], translated: string[], search: string): boolean {
  const own = fields.map((field) => foldForSearch(field ?? ''));
  const other = translated.map((value) => foldForSearch(value));
  return parseSearch(search).every((term) => {
    const found = [...own, ...other].some((text) => text.includes(term.text));
    return found !== term.exclude;
  });
}

type Kind = 'event' | 'venue' | 'organizer';

function listIds(store: Store, kind: Kind, search: string, language?: string): { ids: number[]; total: number } {
  if (kind === 'event') {
    const filter: EventListFilter = {
      siteId: 1,
      statuses: STATUSES,
      dates: [],
      termGroups: [],
      orderBy: 'start',
      limit: 1000,
      offset: 0,
      search,
      searchLanguage: language,
    };
    const page = store.snapshot(() => store.eventList.page(filter));
    return { ids: page.rows.map((row) => row.id), total: page.total };
  }
  const page = store.snapshot(() =>
    store.linkedList.page({
      siteId: 1,
      type: kind,
      statuses: STATUSES,
      search: { text: search, language },
      limit: 1000,
      offset: 0,
    }),
  );
  return { ids: page.rows.map((row) => row.id), total: page.total };
}

/** What the oracle finds, in each list's order. */
function expected(store: Store, kind: Kind, search: string, language?: string): number[] {
  const columns = SEARCHED_COLUMNS[kind];
  const order = kind === 'event' ? 'start_utc, id' : 'date_utc DESC, id DESC';
  const rows = store.db
    .prepare(
      `SELECT id, ${columns.join(', ')} FROM posts WHERE site_id = 1 AND type = ? AND status <> 'trash'
       ${kind === 'event' ? 'AND COALESCE(hide_from_listings, 0) = 0' : ''} ORDER BY ${order}`,
    )
    .all(kind) as Record<string, string | null>[];
  const translations = store.db.prepare(
    "SELECT value FROM translations WHERE site_id = 1 AND kind = 'post' AND object_id = ? AND language = ?",
  );
  return rows
    .filter((row) =>
      oracle(
        columns.map((column) => row[column] ?? null),
        language === undefined ? [] : (translations.pluck().all(row.id, language) as string[]),
        search,
      ),
    )
    .map((row) => Number(row.id));
}

function setPhase(store: Store, phase: 'posts' | 'done'): void {
  store.db.prepare('UPDATE search_backfill SET phase = ? WHERE id = 1').run(phase);
}

/** Writes what the triggers queued into the index (the service does it within a second). */
function fold(store: Store): void {
  const writes = searchBackfillOf(store.db);
  store.writing(() => writes.fold(1_000_000));
  assert.equal(writes.queued(), 0);
}

/**
 * Every query, every kind, with and without a language: index = scan = oracle (ids, order and
 * total) — with the writes still queued (their rows tested), and again once they are folded in.
 */
function assertAllAgree(store: Store, queries = QUERIES): void {
  assert.ok(searchBackfillOf(store.db).queued() > 0, 'writes are waiting for the fold');
  agree(store, queries);
  fold(store);
  agree(store, queries);
}

function agree(store: Store, queries: string[]): void {
  for (const kind of ['event', 'venue', 'organizer'] as const) {
    for (const language of [undefined, 'es']) {
      for (const search of queries) {
        const want = expected(store, kind, search, language);
        const label = `${kind} ${JSON.stringify(search)}${language ? ` (${language})` : ''}`;
        const indexed = listIds(store, kind, search, language);
        setPhase(store, 'posts');
        let scanned: { ids: number[]; total: number };
        try {
          scanned = listIds(store, kind, search, language);
        } finally {
          setPhase(store, 'done');
        }
        if (process.env.DEBUG_SEARCH && JSON.stringify(indexed.ids) !== JSON.stringify(want)) {
          const show = (ids: number[]) => ids.map((id) => store.posts.get(1, id)?.title);
          console.log(
            label,
            'extra',
            show(indexed.ids.filter((id) => !want.includes(id))),
            'missing',
            show(want.filter((id) => !indexed.ids.includes(id))),
          );
        }
        assert.deepEqual(indexed.ids, want, `${label}: the index`);
        assert.equal(indexed.total, want.length, `${label}: the index's total`);
        assert.deepEqual(scanned.ids, want, `${label}: the scan`);
        assert.equal(scanned.total, want.length, `${label}: the scan's total`);
      }
    }
  }
}

describe('search: the index, the scan and WordPress agree', () => {
  let server: TestServer;
  const eventIds: number[] = [];

  before(async () => {
    server = await startServer();
    for (let i = 0; i < TITLES.length * 2; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const event = await createEvent(server, {
        title: TITLES[i % TITLES.length],
        description: DESCRIPTIONS[i % DESCRIPTIONS.length],
        excerpt: EXCERPTS[i % EXCERPTS.length],
        start_date: `2031-0${1 + (i % 9)}-${day} 10:00`,
        end_date: `2031-0${1 + (i % 9)}-${day} 12:00`,
        status: i % 7 === 3 ? 'draft' : 'publish',
        venue: { venue: `${TITLES[(i + 3) % TITLES.length]} hall`, city: i % 2 ? 'Zürich' : 'Ciudad de México' },
        organizer: { organizer: `${TITLES[(i + 5) % TITLES.length]} org`, email: `o${i}@example.com` },
      });
      eventIds.push(event.id);
    }
    // Spanish variants of some events, venues and organizers.
    for (const [index, id] of eventIds.entries()) {
      if (index % 3 !== 0) continue;
      const response = await server.admin('PATCH', `events/${id}`, {
        query: { translation_language: 'es' },
        json: { title: `Noche de jazz ${index}`, description: '<p>Canción — música</p>' },
      });
      assert.equal(response.status, 200, response.text);
    }
  });
  after(() => server.close());

  test('every query answers the same through the index, the scan and the oracle', () => {
    assertAllAgree(server.store);
  });

  test('accents and case fold as the reference compares them; words are ANDed; "-" excludes', () => {
    fold(server.store);
    const titles = (search: string) => {
      const { ids } = listIds(server.store, 'event', search);
      return [...new Set(ids.map((id) => server.store.posts.get(1, id)!.title))].sort();
    };
    assert.deepEqual(titles('cafe'), ['CAFÉ DEL MAR', 'Café concert', 'cafe\u0301 decomposed']);
    assert.deepEqual(titles('ZÜRICH'), ['ZURICH market', 'Zürich Jazz Night']);
    // Words anywhere in the fields, in any order (a title, an excerpt, a link in the description).
    assert.ok(titles('night jazz').includes('Zürich Jazz Night'));
    assert.ok(titles('night jazz').includes('jazz brunch'), 'its excerpt says "of the night"');
    assert.deepEqual(titles('"jazz night"'), ['Zürich Jazz Night']);
    assert.ok(!titles('jazz -night').some((title) => /night/i.test(title)));
    assert.ok(titles('jazz -night').includes('Jazz'));
  });

  test('search text with FTS5 syntax is read as text by the API: never an error', async () => {
    for (const search of [
      '"',
      '*',
      'NEAR(a b)',
      'a OR b',
      '-',
      'AND',
      '"unterminated',
      'x:y',
      '(',
      ')',
      '^',
      '{a b}',
    ]) {
      for (const path of ['events', 'venues', 'organizers']) {
        const response = await server.request('GET', path, { query: { search } });
        assert.equal(response.status, 200, `${path} ${search}: ${response.text}`);
      }
    }
  });

  test('the index stays right after every kind of write', async () => {
    const store = server.store;
    const [first, second, third] = eventIds;
    // update of the searched fields, and of others only
    await server.admin('PATCH', `events/${first}`, { json: { title: 'Renamed Ñoño gala' } });
    await server.admin('PATCH', `events/${second}`, { json: { cost: '5' } });
    // trash and restore, delete
    await server.admin('DELETE', `events/${third}`);
    await server.admin('POST', `events/${eventIds[4]}`, { json: { status: 'publish' } });
    await server.admin('DELETE', `events/${eventIds[5]}`, { query: { force: true } });
    // a translation edit, and a venue and organizer edit
    await server.admin('PATCH', `events/${eventIds[6]}`, {
      query: { translation_language: 'es' },
      json: { title: 'Zarzuela en el parque' },
    });
    const venueId = (await server.request('GET', `events/${eventIds[7]}`)).body.venue.id as number;
    await server.admin('PATCH', `venues/${venueId}`, { json: { venue: 'Renamed Übersee hall', city: 'Göteborg' } });
    // bulk: trash through almanac/v1
    const bulk = await server.admin('POST', '/almanac/v1/events/bulk', {
      json: { ids: [eventIds[8], eventIds[9]], action: 'trash' },
    });
    assert.equal(bulk.status, 200, bulk.text);
    // a repeating event: its occurrences are written by the series operations
    const weekly = await createEvent(server, {
      title: 'Weekly Zumba Ñ',
      start_date: '2031-03-02 18:00',
      end_date: '2031-03-02 19:00',
    });
    const series = await server.admin('POST', '/almanac/v1/series', {
      json: { event: weekly.id, rule: 'FREQ=WEEKLY;COUNT=5' },
    });
    assert.equal(series.status, 201, series.text);
    // an import of a calendar file
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      'BEGIN:VEVENT',
      'UID:search-import-1@test',
      'DTSTAMP:20300101T000000Z',
      'DTSTART:20310405T100000Z',
      'DTEND:20310405T110000Z',
      'SUMMARY:Imported Fête de la musique',
      'DESCRIPTION:Jazz à la plage',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const imported = await server.admin('POST', '/almanac/v1/import', {
      raw: { body: ics, contentType: 'text/calendar' },
    });
    assert.equal(imported.status, 200, imported.text);
    assertAllAgree(store, [
      ...QUERIES,
      'renamed',
      'nono gala',
      'zarzuela',
      'ubersee',
      'goteborg',
      'zumba',
      'weekly n',
      'fete',
      'plage',
    ]);
    assert.deepEqual(
      listIds(store, 'event', 'renamed ñoño').ids,
      [first],
      'an updated title is found by its new words',
    );
  });
});
