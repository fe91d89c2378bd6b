// Every list filter combination the bench uses (and each single filter) must be served by an
// index: a later change cannot silently lose one. Checked with EXPLAIN QUERY PLAN on a real
// seeded database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSeededStore } from '../support/seeded-store.ts';
import type { Store } from '../../server/db/store.ts';
import type { EventListFilter } from '../../server/db/repositories/event-list.ts';
import { boundingBox } from '../../server/domain/geo.ts';

let store: Store;
withSeededStore({ events: 3000, timezone: 'America/New_York' }, (opened) => (store = opened));

const base: EventListFilter = {
  siteId: 1,
  statuses: ['publish'],
  dates: [
    { column: 'start_utc', op: '>=', value: '2026-11-20 05:00:00' },
    { column: 'end_utc', op: '<=', value: '2028-11-22 04:59:59' },
  ],
  termGroups: [],
  orderBy: 'start',
  limit: 10,
  offset: 0,
};

/**
 * A plan line that scans the posts table (SCAN e / SCAN posts) without an index, or walks an index
 * constrained by nothing but site and type: every event of the site (the visibility OR of an
 * author's list once did that through posts_slug).
 */
function fullScans(plan: string[]): string[] {
  return plan.filter(
    (line) =>
      (/^SCAN (e|p|v|posts|event_window_counts)\b/.test(line) && !/USING (COVERING )?INDEX/.test(line)) ||
      /^SEARCH (e|posts) USING (COVERING )?INDEX \w+ \(site_id=\? AND type=\?\)$/.test(line),
  );
}

const cases: [string, Partial<EventListFilter>][] = [
  ['default window', {}],
  [
    'bench: date range + category + search',
    {
      dates: [
        { column: 'start_utc', op: '>=', value: '2027-01-01 00:00:00' },
        { column: 'end_utc', op: '<=', value: '2027-03-01 00:00:00' },
      ],
      termGroups: [[1, 11, 21]],
      search: 'Jazz',
    },
  ],
  ['editor statuses', { statuses: ['publish', 'future', 'draft', 'pending', 'private'] }],
  ['contributor own drafts', { own: { authorId: 1, statuses: ['draft', 'pending'] } }],
  ['author with a venue filter', { own: { authorId: 1, statuses: ['draft'] }, venueIds: [1, 2] }],
  ['editor statuses, page 3', { statuses: ['publish', 'future', 'draft', 'pending', 'private'], offset: 20 }],
  ['relative bounds only', { dates: [{ column: 'start_utc', op: '>', value: '2027-01-01 00:00:00' }] }],
  ['ends only', { dates: [{ column: 'end_utc', op: '<', value: '2027-01-01 00:00:00' }] }],
  ['no dates (include)', { dates: [], include: [100, 200, 300], orderBy: 'date' }],
  ['tags', { termGroups: [[40, 41]] }],
  ['venue', { venueIds: [1, 2] }],
  ['organizer', { organizerIds: [1001] }],
  ['featured', { featured: true }],
  ['post_parent', { postParent: 5 }],
  ['geoloc', { geoloc: true }],
  ['near', { near: { lat: 52.5, lng: 13.4, radiusKm: 25, box: boundingBox(52.5, 13.4, 25) } }],
  // The app's lists: the hidden events the caller may edit too (issue 36).
  ['editor in the app (hidden too)', { statuses: ['publish', 'future', 'draft', 'pending', 'private'], hidden: 'all' }],
  [
    'contributor in the app (own hidden drafts too)',
    {
      own: { authorId: 1, statuses: ['draft', 'pending'] },
      hidden: { authorId: 1, statuses: ['draft', 'pending'] },
    },
  ],
  ['editor in the app, a category', { hidden: 'all', termGroups: [[1, 11, 21]] }],
];

for (const [name, override] of cases) {
  test(`event list plan uses indexes: ${name}`, () => {
    const { count, page } = store.eventList.explain({ ...base, ...override });
    for (const plan of [count, page]) {
      assert.deepEqual(fullScans(plan), [], plan.join('\n'));
      assert.ok(
        plan.some((line) => /USING (COVERING )?INDEX|USING PRIMARY KEY/.test(line)),
        plan.join('\n'),
      );
    }
  });
}

test('the default window total comes from the stored day counts and two boundary days of the date indexes', () => {
  const plan = store.eventList.explain(base).count;
  assert.ok(
    plan.some((line) =>
      /SEARCH event_window_counts USING PRIMARY KEY \(site_id=\? AND status=\? AND featured=\? AND start_day>\?/.test(
        line,
      ),
    ),
    plan.join('\n'),
  );
  for (const index of ['events_by_start', 'events_by_end']) {
    assert.ok(
      plan.some((line) => new RegExp(`USING COVERING INDEX ${index} \\(.*>\\? AND .*<\\?\\)`).test(line)),
      plan.join('\n'),
    );
  }
});

test("the app's list with hidden events: the stored day counts for the listed ones, the hidden ones from their own index", () => {
  const plan = store.eventList.explain({ ...base, hidden: 'all' }).count;
  assert.ok(
    plan.some((line) => /SEARCH event_window_counts USING PRIMARY KEY/.test(line)),
    plan.join('\n'),
  );
  // Only the few hidden events are read for their count, not the window's every event.
  assert.ok(
    plan.some((line) =>
      /^SEARCH e USING (COVERING )?INDEX hidden_events \(site_id=\? AND type=\? AND status=\?/.test(line),
    ),
    plan.join('\n'),
  );
});

test('a page for several statuses sorts only the first rows of each, never the whole window', () => {
  for (const override of [
    { statuses: ['publish', 'future', 'draft', 'pending', 'private'] },
    { own: { authorId: 1, statuses: ['draft', 'pending'] } },
  ]) {
    const { page } = store.eventList.explain({ ...base, ...override });
    // A full ORDER BY straight over the index search is the sort of every event in the window.
    page.forEach((line, i) => {
      if (line === 'USE TEMP B-TREE FOR ORDER BY')
        assert.doesNotMatch(page[i - 1] ?? '', /^(SEARCH|SCAN) e\b/, page.join('\n'));
    });
    assert.ok(page.includes('COMPOUND QUERY'), page.join('\n'));
  }
});

test('an inline venue or organizer finds an identical one by name through its index, never a scan', () => {
  // Regression: the partial index posts_by_title went unused (its WHERE was not repeated in the
  // query), so each lookup read every post of the site; an import of 10k events took 30 s.
  for (const type of ['venue', 'organizer'] as const)
    assert.deepEqual(store.posts.explainByTitle(type), [
      'SEARCH posts USING INDEX posts_by_title (site_id=? AND type=? AND title=?)',
    ]);
});

test('the range feed of a month is one covering scan of events_by_start: no event row is looked up again', () => {
  // The feed tells each event's series; series_id outside the index once cost a lookup of every
  // event's row (migration 0018).
  const month: EventListFilter = {
    ...base,
    statuses: ['publish', 'future', 'draft', 'pending', 'private'],
    // What GET almanac/v1/event-feed?start_date=2027-01-01&end_date=2027-01-28 asks (New York).
    dates: [
      { column: 'start_utc', op: '>=', value: '2027-01-01 05:00:00' },
      { column: 'end_utc', op: '>=', value: '2027-01-01 05:00:00' },
      { column: 'end_utc', op: '<=', value: '2027-01-29 04:59:59' },
      { column: 'start_utc', op: '<=', value: '2027-01-29 04:59:59' },
    ],
  };
  // The month grid's cut (per_day) reads every event's span first, from the same index alone. An
  // editor's feed (hidden events too, each marked) is the same scan.
  const feedPlans = (filter: EventListFilter) => {
    const { feed, feedSpans } = store.eventList.explain(filter);
    return [feed, feedSpans];
  };
  for (const plan of [...feedPlans(month), ...feedPlans({ ...month, hidden: 'all' })]) {
    const main = plan.filter((line) => /^SEARCH e\b|^SCAN e\b/.test(line));
    assert.equal(main.length, 1, plan.join('\n'));
    assert.match(main[0]!, /USING COVERING INDEX events_by_start /, plan.join('\n'));
  }
});
