// tec-website.md, "Reading": each behaviour of a real TEC website the sync must survive when it
// reads, with the stand-in doing it and the sync shown to cope.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API } from '../support/server.ts';
import { inDays, startPair, type Pair } from './harness.ts';
import { create } from './fixtures.ts';
import { assertSidesEqual } from './compare.ts';
import { websiteRepositories } from '../../server/db/repositories/website-sync.ts';

const day = (days: number, zone = 'America/New_York') => inDays(days, '00:00:00', zone).slice(0, 10);
const local = (pair: Pair, remoteId: number) =>
  websiteRepositories(pair.almanac.store.db).items.byRemote(1, 'event', remoteId)?.local_id ?? undefined;
const remote = (pair: Pair, localId: number) =>
  websiteRepositories(pair.almanac.store.db).items.byLocal(1, 'event', localId)?.remote_id ?? undefined;

test('no "changed since" on v1: a website edit reaches Almanac through core\'s modified-since feed, not a full read', async () => {
  const pair = await startPair({ mode: 'merge' });
  try {
    const id = await create(pair.almanac, 'events', {
      title: 'Feed me',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
    });
    assert.equal((await pair.sync()).ok, true);
    await pair.website.admin.updateEvent(remote(pair, id)!, { title: 'Fed from the website' });
    pair.website.resetRequestLog();
    const sync = await pair.sync();
    assert.equal(sync.sweep, false);
    assert.equal(pair.almanac.store.posts.get(1, id)!.title, 'Fed from the website');
    const feed = pair.website.requests.find((r) => r.path === '/wp-json/wp/v2/tribe_events' && r.query.modified_after);
    assert.ok(feed, 'read through core with modified_after');
    assert.ok(!pair.website.requests.some((r) => r.path === '/wp-json/tribe/events/v1/events'), 'no v1 list read');
  } finally {
    await pair.close();
  }
});

test('modified_after is compared with the site-local column: a site far west of UTC still shows every edit', async () => {
  const pair = await startPair({ mode: 'merge', website: { timezoneString: 'Pacific/Honolulu' } });
  try {
    const id = await create(pair.almanac, 'events', {
      title: 'Aloha',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
    });
    assert.equal((await pair.sync()).ok, true);
    await pair.website.admin.updateEvent(remote(pair, id)!, { title: 'Aloha again' });
    const sync = await pair.sync();
    assert.equal(sync.sweep, false);
    assert.equal(
      pair.almanac.store.posts.get(1, id)!.title,
      'Aloha again',
      'a UTC cursor would have been 10 hours ahead',
    );
    const feed = pair.website.requests.filter((r) => r.query.modified_after).at(-1)!;
    assert.doesNotMatch(
      feed.query.modified_after!,
      /Z|[+-]\d\d:?\d\d$/,
      'sent as a local wall time, without an offset',
    );
  } finally {
    await pair.close();
  }
});

test("the website's zone changed after connecting (to a smaller offset): read again at the sweep, and later edits still show in the feed", async () => {
  const pair = await startPair({ mode: 'merge', website: { timezoneString: 'Asia/Tokyo' } });
  try {
    const id = await create(pair.almanac, 'events', {
      title: 'Moved zone',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
    });
    assert.equal((await pair.sync()).ok, true);
    // Settings → General: Tokyo (UTC+9) becomes Honolulu (UTC−10); later saves write post_modified 19 hours earlier.
    await pair.website.admin.setTimezone('Pacific/Honolulu');
    await pair.website.admin.updateEvent(remote(pair, id)!, { title: 'Edited in Honolulu time' });
    pair.website.resetRequestLog();
    const sweep = await pair.sync({ sweep: true });
    assert.equal(sweep.ok, true);
    assert.equal(sweep.sweep, true);
    assert.equal(pair.almanac.store.posts.get(1, id)!.title, 'Edited in Honolulu time');
    const index = pair.website.requests.filter((r) => r.path === '/wp-json/');

    await pair.website.admin.updateEvent(remote(pair, id)!, { title: 'Edited again' });
    pair.website.resetRequestLog();
    const sync = await pair.sync();
    assert.equal(sync.ok, true);
    assert.equal(sync.sweep, false);
    assert.equal(
      pair.almanac.store.posts.get(1, id)!.title,
      'Edited again',
      'a cursor sent in Tokyo time would be 19 hours after the edit',
    );
    assert.ok(!pair.website.requests.some((r) => r.path === '/wp-json/'), 'no zone read between sweeps');
    assert.equal(index.length, 1, 'the zone is read once at the sweep');
    assert.equal(index[0]!.query._fields, 'timezone_string,gmt_offset');
    const conn = websiteRepositories(pair.almanac.store.db).connections.get(1)!;
    assert.equal(conn.remote_timezone, 'Pacific/Honolulu', 'the new zone is kept on the connection');
  } finally {
    await pair.close();
  }
});

test('one-second modified: an edit in the same second as our own write is not taken for it', async () => {
  let now = Date.parse('2027-01-10T15:00:00.200Z');
  const pair = await startPair({ mode: 'merge', website: { now: () => new Date(now) } });
  try {
    const id = await create(pair.almanac, 'events', {
      title: 'Same second',
      start_date: '2027-02-01 10:00',
      end_date: '2027-02-01 11:00',
      cost: '$5',
    });
    assert.equal((await pair.sync()).ok, true);
    // Our update and the website's edit land in the same second (the stand-in's clock stands still).
    assert.equal((await pair.almanac.admin('PATCH', `${API}/events/${id}`, { json: { title: 'Ours' } })).status, 200);
    assert.equal((await pair.sync()).ok, true);
    await pair.website.admin.updateEvent(remote(pair, id)!, { cost: '$7' });
    const event = pair.website.store.event(remote(pair, id)!)!;
    assert.equal(
      event.modifiedGmt,
      websiteRepositories(pair.almanac.store.db).items.byLocal(1, 'event', id)!.remote_modified,
    );
    now += 400; // still the same second
    assert.equal((await pair.sync()).ok, true);
    assert.equal(JSON.parse(pair.almanac.store.posts.get(1, id)!.cost_raw!)[0], '$7');
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});

test('a venue edit and a term rename do not move their events: both still reach Almanac', async () => {
  const pair = await startPair({ mode: 'merge' });
  try {
    const venue = await create(pair.almanac, 'venues', { venue: 'Old Hall', city: 'Boston' });
    const category = await create(pair.almanac, 'categories', { name: 'Choir' });
    const tag = await create(pair.almanac, 'tags', { name: 'indoor' });
    const id = await create(pair.almanac, 'events', {
      title: 'Evensong',
      start_date: inDays(9, '18:00'),
      end_date: inDays(9, '19:00'),
      venue,
      categories: [category],
      tags: [tag],
    });
    assert.equal((await pair.sync()).ok, true);
    const repos = websiteRepositories(pair.almanac.store.db);
    const event = pair.website.store.event(remote(pair, id)!)!;
    const modifiedBefore = event.modifiedGmt;
    await pair.website.admin.updateVenue(repos.items.byLocal(1, 'venue', venue)!.remote_id!, {
      title: 'New Hall',
      city: 'Cambridge',
    });
    await pair.website.admin.renameTerm(
      'tribe_events_cat',
      repos.items.byLocal(1, 'category', category)!.remote_id!,
      'Choir & Organ',
    );
    await pair.website.admin.renameTerm('post_tag', repos.items.byLocal(1, 'tag', tag)!.remote_id!, 'Indoors');
    assert.equal(pair.website.store.event(event.id)!.modifiedGmt, modifiedBefore, 'the event did not move');
    const sync = await pair.sync();
    assert.equal(sync.ok, true);
    assert.equal(sync.sweep, false);
    assert.equal(pair.almanac.store.posts.get(1, venue)!.title, 'New Hall');
    assert.equal(pair.almanac.store.posts.get(1, venue)!.city, 'Cambridge');
    assert.equal(pair.almanac.store.terms.get(1, category)!.name, 'Choir &amp; Organ');
    assert.equal(pair.almanac.store.terms.get(1, tag)!.name, 'Indoors');
  } finally {
    await pair.close();
  }
});

test('a venue trashed on the website silently leaves its events: Almanac trashes it and its events lose it too', async () => {
  const pair = await startPair({ mode: 'merge' });
  try {
    const venue = await create(pair.almanac, 'venues', { venue: 'Doomed Hall' });
    const id = await create(pair.almanac, 'events', {
      title: 'Homeless',
      start_date: inDays(4, '18:00'),
      end_date: inDays(4, '19:00'),
      venue,
    });
    assert.equal((await pair.sync()).ok, true);
    const remoteVenue = websiteRepositories(pair.almanac.store.db).items.byLocal(1, 'venue', venue)!.remote_id!;
    await pair.website.admin.trashVenue(remoteVenue);
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.almanac.store.posts.get(1, venue)!.status, 'trash');
    const shown = await pair.almanac.admin('GET', `${API}/events/${id}`);
    assert.deepEqual(shown.body.venue, []);
    await assertSidesEqual(pair);
    const again = await pair.sync();
    assert.deepEqual([again.counts.sent, again.counts.received], [0, 0]);
  } finally {
    await pair.close();
  }
});

test('events that already ended are in no core list: an edit of one on the website arrives with the sweep', async () => {
  const pair = await startPair({ mode: 'merge' });
  try {
    const id = await create(pair.almanac, 'events', {
      title: 'Last week',
      start_date: inDays(-7, '10:00'),
      end_date: inDays(-7, '11:00'),
    });
    assert.equal((await pair.sync()).ok, true);
    assert.ok(remote(pair, id), 'published although it ended');
    await pair.website.admin.updateEvent(remote(pair, id)!, { title: 'Last week (photos online)' });
    await pair.sync();
    assert.equal(pair.almanac.store.posts.get(1, id)!.title, 'Last week', 'the feed cannot show it');
    const sweep = await pair.sync({ sweep: true });
    assert.equal(sweep.ok, true);
    assert.equal(pair.almanac.store.posts.get(1, id)!.title, 'Last week (photos online)');
  } finally {
    await pair.close();
  }
});

test("an ended event edited on both sides is read before it is sent: the website's change is merged, not overwritten", async () => {
  const pair = await startPair({ mode: 'merge' });
  try {
    const id = await create(pair.almanac, 'events', {
      title: 'Yesterday',
      start_date: inDays(-1, '10:00'),
      end_date: inDays(-1, '11:00'),
    });
    assert.equal((await pair.sync()).ok, true);
    await pair.website.admin.updateEvent(remote(pair, id)!, { excerpt: 'Written there' });
    assert.equal(
      (await pair.almanac.admin('PATCH', `${API}/events/${id}`, { json: { title: 'Yesterday (sold out)' } })).status,
      200,
    );
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.store.event(remote(pair, id)!)!.title, 'Yesterday (sold out)');
    assert.equal(pair.website.store.event(remote(pair, id)!)!.excerpt, 'Written there');
    assert.equal(pair.almanac.store.posts.get(1, id)!.excerpt, 'Written there');
  } finally {
    await pair.close();
  }
});

test('hidden events are in no v1 list: one made on the website arrives, and one that ended is still followed', async () => {
  const pair = await startPair({ mode: 'merge' });
  try {
    const hidden = await pair.website.admin.createEvent({
      title: 'Secret rehearsal',
      startDate: `${day(5)} 18:00:00`,
      endDate: `${day(5)} 20:00:00`,
      hideFromListings: true,
    });
    assert.equal((await pair.sync()).ok, true);
    const id = local(pair, hidden)!;
    assert.equal(pair.almanac.store.posts.get(1, id)!.hide_from_listings, 1);
    const ended = await create(pair.almanac, 'events', {
      title: 'Hidden and over',
      start_date: inDays(-3, '10:00'),
      end_date: inDays(-3, '11:00'),
      hide_from_listings: true,
    });
    assert.equal((await pair.sync()).ok, true);
    await pair.website.admin.updateEvent(remote(pair, ended)!, { title: 'Hidden, over, renamed' });
    assert.equal((await pair.sync({ sweep: true })).ok, true);
    assert.equal(pair.almanac.store.posts.get(1, ended)!.title, 'Hidden, over, renamed');
  } finally {
    await pair.close();
  }
});

test('pages: v1 lists 50 at most and core 100 at most; a first pull of 130 events reads them all', async () => {
  const pair = await startPair({ mode: 'import' });
  try {
    for (let i = 0; i < 130; i++)
      await pair.website.admin.createEvent({
        title: `Imported ${i}`,
        startDate: `${day(2 + (i % 40))} 10:00:00`,
        endDate: `${day(2 + (i % 40))} 11:00:00`,
      });
    const sync = await pair.sync();
    assert.equal(sync.ok, true);
    const count = pair.almanac.store.db.prepare("SELECT COUNT(*) FROM posts WHERE type = 'event'").pluck().get();
    assert.equal(count, 130);
    assert.ok(pair.website.requests.every((r) => !r.query.per_page || Number(r.query.per_page) <= 100));
    assert.ok(
      pair.website.requests.every((r) => r.status < 400),
      'no request refused',
    );
  } finally {
    await pair.close();
  }
});

test('rendered text: titles, descriptions and costs come here as written on the website, never texturized or entity-encoded', async () => {
  const pair = await startPair({ mode: 'import' });
  try {
    const id = await pair.website.admin.createEvent({
      title: `St Mary's "Late" Show & more`,
      description: 'Line one\n\nLine two with <a href="https://example.org/?a=1&b=2">a link</a> -- and "quotes"',
      excerpt: "It's here",
      startDate: `${day(6)} 19:00:00`,
      endDate: `${day(6)} 21:00:00`,
      cost: '5,50 €',
      website: 'https://example.org/?x=1&y=2',
    });
    assert.equal((await pair.sync()).ok, true);
    const row = pair.almanac.store.posts.get(1, local(pair, id)!)!;
    assert.equal(row.title, `St Mary's "Late" Show & more`);
    assert.equal(
      row.content,
      'Line one\n\nLine two with <a href="https://example.org/?a=1&b=2">a link</a> -- and "quotes"',
    );
    assert.equal(row.excerpt, "It's here");
    assert.equal(row.website, 'https://example.org/?x=1&y=2');
    assert.deepEqual(JSON.parse(row.cost_raw!), ['5,50 €']);
    // The cost TEC shows as "$5,50" is not "corrected" back on the website by a sync with nothing changed.
    pair.website.resetRequestLog();
    const again = await pair.sync();
    assert.deepEqual([again.counts.sent, again.counts.received], [0, 0]);
  } finally {
    await pair.close();
  }
});

test('a cost without a symbol on the website ("15", shown there as "$15" with its default) comes here as $15, not with Almanac\'s €; nothing is sent back for it', async () => {
  const pair = await startPair({ mode: 'merge' });
  try {
    pair.almanac.store.sites.update('default', { currency: { symbol: '€', position: 'prefix', code: 'EUR' } });
    const id = await pair.website.admin.createEvent({
      title: 'Fifteen',
      startDate: `${day(6)} 19:00:00`,
      endDate: `${day(6)} 21:00:00`,
      cost: '15',
    });
    // Almanac's own cost without a symbol still goes with Almanac's (cost.ts).
    const ours = await create(pair.almanac, 'events', {
      title: 'Twenty',
      start_date: inDays(7, '10:00'),
      end_date: inDays(7, '11:00'),
      cost: '20',
    });
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.store.event(remote(pair, ours)!)!.cost, '€20');
    const row = pair.almanac.store.posts.get(1, local(pair, id)!)!;
    assert.deepEqual(
      [JSON.parse(row.cost_raw!), row.cost_symbol],
      [['$15'], '$'],
      "the website's default symbol, not Almanac's",
    );
    assert.equal(websiteRepositories(pair.almanac.store.db).connections.get(1)!.remote_currency_symbol, '$');
    pair.website.resetRequestLog();
    const again = await pair.sync({ sweep: true });
    assert.deepEqual([again.ok, again.counts.sent, again.counts.received], [true, 0, 0]);
    assert.equal(pair.requests('POST') + pair.requests('PUT') + pair.requests('PATCH'), 0, 'nothing sent');
    assert.equal(pair.website.store.event(id)!.cost, '15', "the website's text is left as written");
  } finally {
    await pair.close();
  }
});

test('the website\'s default symbol is learned from v1\'s cost, not assumed: a website set to £ brings a bare "8" here as £8', async () => {
  const pair = await startPair({ mode: 'import' });
  try {
    pair.website.store.settings.defaultCurrencySymbol = '£';
    const id = await pair.website.admin.createEvent({
      title: 'Eight',
      startDate: `${day(6)} 19:00:00`,
      endDate: `${day(6)} 21:00:00`,
      cost: '8',
    });
    assert.equal((await pair.sync()).ok, true);
    const row = pair.almanac.store.posts.get(1, local(pair, id)!)!;
    assert.deepEqual([JSON.parse(row.cost_raw!), row.cost_symbol], [['£8'], '£']);
    // A later edit read through the feed alone (no v1 list) compares with the symbol kept on the connection.
    await pair.website.admin.updateEvent(id, { title: 'Eight, renamed' });
    const again = await pair.sync();
    assert.deepEqual([again.ok, again.sweep, again.counts.sent], [true, false, 0]);
    const renamed = pair.almanac.store.posts.get(1, local(pair, id)!)!;
    assert.deepEqual([renamed.title, JSON.parse(renamed.cost_raw!)], ['Eight, renamed', ['£8']]);
  } finally {
    await pair.close();
  }
});

test("terms: unused ones are hidden unless asked, and tags are the whole blog's — only the tags events use come here", async () => {
  const pair = await startPair({ mode: 'import' });
  try {
    const music = await pair.website.admin.createTerm('tribe_events_cat', { name: 'Music' });
    const jazz = await pair.website.admin.createTerm('tribe_events_cat', { name: 'Jazz', parent: music });
    const used = await pair.website.admin.createTerm('post_tag', { name: 'Used tag' });
    await pair.website.admin.createTerm('post_tag', { name: 'Blog-only tag' });
    const id = await pair.website.admin.createEvent({
      title: 'Nested',
      startDate: `${day(5)} 20:00:00`,
      endDate: `${day(5)} 22:00:00`,
      categoryIds: [jazz],
      tagIds: [used],
    });
    assert.equal((await pair.sync()).ok, true);
    const localId = local(pair, id)!;
    const terms = pair.almanac.store.db.prepare('SELECT taxonomy, name, parent FROM terms ORDER BY id').all() as {
      taxonomy: string;
      name: string;
      parent: number;
    }[];
    assert.deepEqual(terms.map((t) => t.name).sort(), ['Jazz', 'Music', 'Used tag']);
    const jazzHere = pair.almanac.store.terms.byName(1, 'category', 'Jazz')!;
    assert.equal(pair.almanac.store.terms.get(1, jazzHere.parent)?.name, 'Music', 'nested as on the website');
    assert.deepEqual(
      pair.almanac.store.terms.termIdsOf(1, localId).sort(),
      [jazzHere.id, pair.almanac.store.terms.byName(1, 'tag', 'Used tag')!.id].sort(),
    );
  } finally {
    await pair.close();
  }
});
