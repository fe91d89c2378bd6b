// The note's "Reading" table (/work/shared/notes/tec-website.md), one test per row: each name says the
// row it reproduces.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTecSite, type TecSite } from '../support/tec-site/index.ts';
import { call, TestClock } from './client.ts';

let site: TecSite;
const clock = new TestClock(Date.parse('2026-11-29T15:00:00Z'));
before(async () => {
  site = await startTecSite({ now: clock.now });
});
after(() => site.close());

/** `Y-m-d` in New York, `days` after the site's clock. */
function day(days: number): string {
  return new Date(clock.now().getTime() + days * 86400_000).toLocaleDateString('en-CA', {
    timeZone: 'America/New_York',
  });
}

async function create(title: string, days: number, extra: Record<string, unknown> = {}): Promise<any> {
  const reply = await call(site, 'POST', '/tribe/events/v1/events', {
    json: Object.assign({ title, start_date: `${day(days)} 10:00:00`, end_date: `${day(days)} 12:00:00` }, extra),
  });
  assert.equal(reply.status, 201, reply.text);
  return reply.body;
}

test('Reading › "changed since": v1 has no modified filter and no orderby — always by start — and `modified` has 1-second resolution', async () => {
  const late = await create('Changed-since late', 30);
  const early = await create('Changed-since early', 20);
  const list = await call(site, 'GET', '/tribe/events/v1/events', {
    query: { modified_after: '2030-01-01T00:00:00', orderby: 'modified', order: 'desc', per_page: 50 },
  });
  assert.equal(list.status, 200, 'unknown parameters are ignored, not refused');
  const ids = list.body.events.map((e: any) => e.id);
  assert.ok(ids.includes(late.id) && ids.includes(early.id), 'modified_after filters nothing');
  assert.ok(ids.indexOf(early.id) < ids.indexOf(late.id), 'still ordered by start date');
  // Two writes in the same second keep the same `modified`.
  await call(site, 'PATCH', `/tribe/events/v1/events/${early.id}`, { json: { title: 'first write' } });
  const second = await call(site, 'PATCH', `/tribe/events/v1/events/${early.id}`, { json: { title: 'second write' } });
  assert.equal(second.body.modified, late.modified);
  assert.match(second.body.modified, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  clock.advance(1);
  const third = await call(site, 'PATCH', `/tribe/events/v1/events/${early.id}`, { json: { title: 'third write' } });
  assert.notEqual(third.body.modified, late.modified);
});

test('Reading › what moves `modified`: every v1 update (even an unchanged full PUT) and a trash; not a venue edit, a term rename, or trashing a venue/organizer (which unlinks it)', async () => {
  const event = await create('Moves modified', 12, {
    venue: { venue: 'Moves Hall' },
    organizer: [{ organizer: 'Moves Org' }],
    categories: ['Moves Cat'],
  });
  const modified = () => site.snapshot().events.find((e) => e.id === event.id)!.modified;
  clock.advance(5);
  const full = await call(site, 'GET', `/tribe/events/v1/events/${event.id}`);
  const put = await call(site, 'PUT', `/tribe/events/v1/events/${event.id}`, {
    json: {
      title: 'Moves modified',
      start_date: full.body.start_date,
      end_date: full.body.end_date,
      timezone: full.body.timezone,
      venue: full.body.venue.id,
      organizer: [full.body.organizer[0].id],
    },
  });
  assert.equal(put.status, 200);
  assert.notEqual(put.body.modified, event.modified, 'an unchanged full PUT moves modified');
  const afterPut = modified();

  clock.advance(5);
  await call(site, 'PATCH', `/tribe/events/v1/venues/${full.body.venue.id}`, { json: { city: 'Elsewhere' } });
  await site.admin.updateVenue(full.body.venue.id, { address: '1 Other Street' });
  await call(site, 'PATCH', `/tribe/events/v1/categories/${full.body.categories[0].id}`, {
    json: { name: 'Renamed Cat' },
  });
  await site.admin.renameTerm('tribe_events_cat', full.body.categories[0].id, 'Renamed again');
  await call(site, 'DELETE', `/tribe/events/v1/organizers/${full.body.organizer[0].id}`);
  assert.equal(modified(), afterPut, 'linked-post and term edits leave the event untouched');
  const read = await call(site, 'GET', `/tribe/events/v1/events/${event.id}`);
  assert.deepEqual(read.body.organizer, [], 'the trashed organizer is silently unlinked');
  assert.equal(read.body.venue.city, 'Elsewhere');
  assert.equal(read.body.categories[0].name, 'Renamed again');
  await site.admin.trashVenue(full.body.venue.id);
  assert.deepEqual((await call(site, 'GET', `/tribe/events/v1/events/${event.id}`)).body.venue, []);
  assert.equal(modified(), afterPut);

  clock.advance(5);
  const trashed = await call(site, 'DELETE', `/tribe/events/v1/events/${event.id}`);
  assert.notEqual(trashed.body.modified, read.body.modified, 'a trash moves modified');
});

test('Reading › the WordPress core routes: modified_after/before, orderby=modified, status=any|trash, context=edit, _fields, per_page ≤ 100, X-WP-Total', async () => {
  const a = await create('Core A', 40, { description: "Raw <b>text</b> & 'quotes'" });
  clock.advance(10);
  const b = await create('Core B', 41);
  clock.advance(10);
  await call(site, 'DELETE', `/tribe/events/v1/events/${a.id}`);
  const feed = await call(site, 'GET', '/wp/v2/tribe_events', {
    query: {
      modified_after: b.modified.replace(' ', 'T'),
      orderby: 'modified',
      order: 'asc',
      status: 'any',
      context: 'edit',
      per_page: 100,
    },
  });
  assert.equal(feed.status, 200, feed.text);
  assert.ok(!feed.body.some((p: any) => p.id === b.id), 'strictly after');
  assert.ok(!feed.body.some((p: any) => p.id === a.id), 'status=any leaves trash out');
  const trash = await call(site, 'GET', '/wp/v2/tribe_events', {
    query: { status: 'trash', context: 'edit', _fields: 'id,title.raw,content.raw,meta._EventStartDate' },
  });
  const mine = trash.body.find((p: any) => p.id === a.id);
  assert.deepEqual(mine, {
    id: a.id,
    title: { raw: 'Core A' },
    content: { raw: "Raw <b>text</b> & 'quotes'" },
    meta: { _EventStartDate: a.start_date },
  });
  assert.equal(trash.headers.get('x-wp-total'), String(trash.body.length));
  const since = await call(site, 'GET', '/wp/v2/tribe_events', {
    query: { modified_before: '2100-01-01T00:00:00', per_page: 1 },
  });
  assert.equal(since.body.length, 1);
  assert.ok(Number(since.headers.get('x-wp-totalpages')) >= 2, 'X-WP-TotalPages counts the pages');
  const tooMany = await call(site, 'GET', '/wp/v2/tribe_events', { query: { per_page: 101 } });
  assert.equal(tooMany.status, 400);
  assert.equal(tooMany.body.code, 'rest_invalid_param');
  assert.equal((await call(site, 'GET', '/wp/v2/tribe_venue', { query: { per_page: 100 } })).status, 200);
  assert.equal((await call(site, 'GET', '/wp/v2/tribe_organizer', { query: { per_page: 100 } })).status, 200);
  assert.equal((await call(site, 'GET', '/wp/v2/tribe_events_cat', { query: { per_page: 100 } })).status, 200);
  assert.equal((await call(site, 'GET', '/wp/v2/tags', { query: { per_page: 101 } })).status, 400);
  assert.equal(
    (await call(site, 'GET', '/wp/v2/tribe_events', { query: { status: 'any' }, auth: false })).status,
    400,
    'status=any needs the right to edit: refused as an invalid parameter (tec-website.md: anonymous → 400)',
  );
  assert.equal(
    (await call(site, 'GET', '/wp/v2/tribe_events', { query: { context: 'edit' }, auth: false })).status,
    401,
  );
});

test('Reading › core route traps: modified_after is compared with the site-local post_modified (send the cursor in the site zone)', async () => {
  const event = await create('Cursor zone', 50);
  // The site is in New York (UTC-5 in winter): modified is 5 hours behind modified_utc.
  assert.equal(
    event.modified_utc.slice(11, 13),
    String((Number(event.modified.slice(11, 13)) + 5) % 24).padStart(2, '0'),
  );
  const index = await call(site, 'GET', '/wp-json/', { auth: false });
  assert.equal(index.body.timezone_string, 'America/New_York');
  assert.equal(index.body.gmt_offset, -5);
  const ids = async (cursor: string) =>
    (await call(site, 'GET', '/wp/v2/tribe_events', { query: { modified_after: cursor, per_page: 100 } })).body.map(
      (p: any) => p.id,
    );
  const oneSecondBefore = (mysql: string) => {
    const t = new Date(`${mysql.replace(' ', 'T')}Z`).getTime() - 1000;
    return new Date(t).toISOString().slice(0, 19);
  };
  assert.ok((await ids(oneSecondBefore(event.modified))).includes(event.id), 'a site-local cursor finds the change');
  assert.ok(
    !(await ids(`${oneSecondBefore(event.modified_utc)}Z`)).includes(event.id),
    'a UTC cursor (even marked Z) is read as local: 5 hours late, the change is missed',
  );
});

test('Reading › core route traps: the zone the site sends (and compares in) is its setting now: a changed zone shows in /wp-json/ (also with _fields) and in later saves only', async () => {
  const own = await startTecSite({ timezoneString: 'Asia/Tokyo' });
  try {
    const id = await own.admin.createEvent({
      title: 'Before',
      startDate: '2030-01-01 10:00:00',
      endDate: '2030-01-01 11:00:00',
    });
    await own.admin.updateEvent(id, { title: 'Saved in Tokyo' });
    const tokyo = { ...own.store.event(id)! };
    await own.admin.setTimezone('', -10);
    const index = await call(own, 'GET', '/wp-json/', {
      auth: false,
      query: { _fields: 'timezone_string,gmt_offset' },
    });
    assert.deepEqual(index.body, { timezone_string: '', gmt_offset: '-10' }, 'a bare offset is the stored string');
    assert.equal(own.store.event(id)!.modified, tokyo.modified, 'stored post_modified values are not rewritten');
    await own.admin.updateEvent(id, { title: 'Saved at UTC-10' });
    const after = own.store.event(id)!;
    const hours = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`) / 3_600_000;
    assert.equal(
      Math.round(hours(after.modifiedGmt) - hours(after.modified)),
      10,
      'a later save is local to the new zone',
    );
  } finally {
    await own.close();
  }
});

test('Reading › core route traps: /wp/v2/tribe_events never lists events that already ended; single GETs work', async () => {
  const ended = await site.admin.createEvent({
    title: 'Ended yesterday',
    startDate: `${day(-1)} 08:00:00`,
    endDate: `${day(-1)} 09:00:00`,
  });
  const running = await site.admin.createEvent({
    title: 'Still running',
    startDate: `${day(-2)} 08:00:00`,
    endDate: `${day(3)} 09:00:00`,
  });
  const list = await call(site, 'GET', '/wp/v2/tribe_events', { query: { per_page: 100, status: 'any' } });
  const ids = list.body.map((p: any) => p.id);
  assert.ok(!ids.includes(ended), 'an ended event is not listed by core');
  assert.ok(ids.includes(running), 'a running event is listed by core');
  assert.equal((await call(site, 'GET', `/wp/v2/tribe_events/${ended}`)).status, 200);
});

test('Reading › lists hide events: hide_from_listings never listed (not for an admin, not with include=)', async () => {
  const hidden = await create('Hidden one', 5, { hide_from_listings: true });
  const list = await call(site, 'GET', '/tribe/events/v1/events', { query: { per_page: 50 } });
  assert.ok(!list.body.events.some((e: any) => e.id === hidden.id), 'a hidden event is not listed');
  const included = await call(site, 'GET', '/tribe/events/v1/events', { query: { include: hidden.id } });
  assert.deepEqual(included.body.events, []);
  const single = await call(site, 'GET', `/tribe/events/v1/events/${hidden.id}`);
  assert.equal(single.body.hide_from_listings, true);
});

test('Reading › lists hide events: past events only with an explicit wide window; start_date=1970-01-01 → 400, 1971-01-01 works', async () => {
  const past = await site.admin.createEvent({
    title: 'Long ago',
    startDate: '2020-03-01 10:00:00',
    endDate: '2020-03-01 12:00:00',
  });
  const defaults = await call(site, 'GET', '/tribe/events/v1/events', { query: { per_page: 50 } });
  assert.ok(!defaults.body.events.some((e: any) => e.id === past), 'a past event is not in the default window');
  assert.match(defaults.body.rest_url, /start_date=\d{4}-\d\d-\d\d 00:00:00&end_date=\d{4}-\d\d-\d\d 23:59:59/);
  const epoch = await call(site, 'GET', '/tribe/events/v1/events', { query: { start_date: '1970-01-01' } });
  assert.equal(epoch.status, 400);
  assert.deepEqual(epoch.body.data.params, { start_date: 'Invalid parameter.' });
  const wide = await call(site, 'GET', '/tribe/events/v1/events', {
    query: { start_date: '1971-01-01', end_date: '2100-01-01', per_page: 50 },
  });
  assert.equal(wide.status, 200);
  assert.ok(
    wide.body.events.some((e: any) => e.id === past),
    'a wide window lists the past event',
  );
});

test('Reading › page size: v1 per_page is clamped to 50 for events, venues, organizers and terms', async () => {
  for (let i = 0; i < 55; i++) {
    await site.admin.createEvent({
      title: `Bulk ${i}`,
      startDate: `${day(60)} 10:00:00`,
      endDate: `${day(60)} 11:00:00`,
      categoryIds: [],
    });
    await site.admin.createVenue({ title: `Bulk venue ${i}` });
    await site.admin.createOrganizer({ title: `Bulk organizer ${i}` });
    const tag = await site.admin.createTerm('post_tag', { name: `Bulk tag ${i}` });
    await site.admin.tagBlogPost(tag);
  }
  for (const path of ['events', 'venues', 'organizers', 'tags']) {
    const reply = await call(site, 'GET', `/tribe/events/v1/${path}`, { query: { per_page: 100 } });
    assert.equal(reply.status, 200, path);
    assert.equal(reply.body[path].length, 50, path);
    assert.ok(reply.body.total > 50, path);
    assert.equal(reply.body.total_pages, Math.ceil(reply.body.total / 50), path);
  }
  const events = await call(site, 'GET', '/tribe/events/v1/events', { query: { per_page: 100 } });
  assert.match(events.body.rest_url, /per_page=50/);
  assert.equal(events.headers.get('x-tec-total'), String(events.body.total));
  assert.match(events.body.next_rest_url, /page=2$/);
  const pastEnd = await call(site, 'GET', '/tribe/events/v1/events', { query: { per_page: 50, page: 99 } });
  assert.equal(pastEnd.status, 404);
  assert.equal(pastEnd.body.code, 'event-archive-page-not-found');
});

test('Reading › terms: unused terms hidden unless hide_empty=false; tags are site-wide; no timestamps; DELETE is permanent', async () => {
  const unused = await site.admin.createTerm('tribe_events_cat', { name: 'Nobody uses me' });
  const blogTag = await site.admin.createTerm('post_tag', { name: 'Blog only' });
  await site.admin.tagBlogPost(blogTag);
  const cats = await call(site, 'GET', '/tribe/events/v1/categories', { query: { per_page: 50 } });
  assert.ok(!cats.body.categories.some((t: any) => t.id === unused), 'an unused category is hidden');
  const all = await call(site, 'GET', '/tribe/events/v1/categories', { query: { per_page: 50, hide_empty: false } });
  const term = all.body.categories.find((t: any) => t.id === unused);
  assert.ok(term, 'hide_empty=false lists the unused category');
  assert.deepEqual(
    Object.keys(term).filter((k) => /date|modified/.test(k)),
    [],
    'no timestamps',
  );
  const tags = await call(site, 'GET', '/tribe/events/v1/tags', { query: { search: 'Blog only' } });
  assert.equal(tags.body.tags[0].count, 1, 'a tag used only by a blog post is listed, with its count');
  const deleted = await call(site, 'DELETE', `/tribe/events/v1/categories/${unused}`);
  assert.equal(deleted.status, 200);
  assert.equal((await call(site, 'GET', `/tribe/events/v1/categories/${unused}`)).status, 400, 'gone for good');
  assert.equal((await call(site, 'GET', `/wp/v2/tribe_events_cat/${unused}`)).status, 404);
});

test('Reading › text: v1 sends rendered text; raw text only from /wp/v2/tribe_events/{id}?context=edit', async () => {
  const event = await create("St Mary's Hall", 7, {
    description: 'Rock & roll -- "live"\n\nSecond paragraph',
    excerpt: 'Short & sweet',
    categories: ['Music & Jazz'],
    website: 'https://example.com/?a=1&b=2',
    venue: { venue: "Bob's Place" },
  });
  assert.equal(event.title, 'St Mary&#8217;s Hall');
  assert.equal(event.description, '<p>Rock &#038; roll &#8212; &#8220;live&#8221;</p>\n<p>Second paragraph</p>');
  assert.equal(event.excerpt, '<p>Short &#038; sweet</p>');
  assert.equal(event.categories[0].name, 'Music &amp; Jazz');
  assert.equal(event.website, 'https://example.com/?a=1&amp;b=2');
  assert.equal(event.venue.venue, 'Bob&#8217;s Place');
  const core = await call(site, 'GET', `/wp/v2/tribe_events/${event.id}`, { query: { context: 'edit' } });
  assert.equal(core.body.title.raw, "St Mary's Hall");
  assert.equal(core.body.content.raw, 'Rock & roll -- "live"\n\nSecond paragraph');
  assert.equal(core.body.excerpt.raw, 'Short & sweet');
  const view = await call(site, 'GET', `/wp/v2/tribe_events/${event.id}`);
  assert.equal(view.body.title.raw, undefined, 'no raw text without context=edit');
  assert.equal(view.body.title.rendered, 'St Mary&#8217;s Hall');
  const category = await call(site, 'GET', `/wp/v2/tribe_events_cat/${event.categories[0].id}`);
  assert.equal(category.body.name, 'Music &amp; Jazz', 'term names are stored escaped: core sends them escaped too');
});

test('Reading › cost: written as one string; symbol and position guessed (`€15` → € before; `5,50 €` → no symbol, shown with `$`); currency_code cannot be written', async () => {
  const euro = await create('Euro cost', 8, { cost: '€15', currency_code: 'EUR' });
  assert.equal(euro.cost, '€15');
  assert.deepEqual(euro.cost_details, {
    currency_symbol: '€',
    currency_code: '',
    currency_position: 'prefix',
    values: ['15'],
  });
  const comma = await create('Comma cost', 8, { cost: '5,50 €' });
  assert.equal(comma.cost, '$5,50');
  assert.deepEqual(comma.cost_details, {
    currency_symbol: '',
    currency_code: '',
    currency_position: '',
    values: ['5.50'],
  });
  const after = await create('Suffix cost', 8, { cost: '15 €' });
  assert.equal(after.cost, '15€');
  assert.equal(after.cost_details.currency_position, 'postfix');
  const range = await create('Range cost', 8, { cost: '10 - 50' });
  assert.equal(range.cost, '$10 – $50');
  assert.deepEqual(range.cost_details.values, ['10', '50']);
  const free = await create('Free cost', 8, { cost: '0' });
  assert.equal(free.cost, 'Free');
  const none = await create('No cost', 8);
  assert.equal(none.cost, '');
  assert.deepEqual(none.cost_details.values, []);
});

test('Reading › a wide window also reaches events far ahead (24 months is the default end)', async () => {
  const far = await create('Far ahead', 800);
  const defaults = await call(site, 'GET', '/tribe/events/v1/events', { query: { search: 'Far ahead' } });
  assert.deepEqual(defaults.body.events, []);
  const wide = await call(site, 'GET', '/tribe/events/v1/events', {
    query: { search: 'Far ahead', end_date: '2100-01-01' },
  });
  assert.equal(wide.body.events[0].id, far.id);
});

test('(single reads, where the note is silent) json_ld comes only with single reads, and its organizer e-mail is encoded at random on each read', async () => {
  const event = await create('With JSON-LD', 9, {
    cost: '€15',
    venue: { venue: 'LD Hall', address: '1 Main Street', city: 'Springfield' },
    organizer: [{ organizer: 'LD Org', email: 'organizer@example.com' }],
  });
  assert.equal(event.json_ld, undefined, 'not in the create answer');
  const list = await call(site, 'GET', '/tribe/events/v1/events', { query: { search: 'With JSON-LD' } });
  assert.equal(list.body.events[0].json_ld, undefined, 'not in lists');
  const reads = await Promise.all([1, 2, 3, 4].map(() => call(site, 'GET', `/tribe/events/v1/events/${event.id}`)));
  const ld = reads[0]!.body.json_ld;
  assert.equal(ld['@type'], 'Event');
  assert.equal(ld.startDate, `${day(9)}T10:00:00-05:00`);
  assert.equal(ld.location.address.streetAddress, '1 Main Street');
  assert.equal(ld.offers.price, '15');
  assert.ok(reads[0]!.body.venue.json_ld, 'the embedded venue carries json_ld in a single read');
  const emails = new Set(reads.map((r) => r.body.organizer[0].json_ld.email));
  assert.ok(emails.size > 1, `the e-mail is obfuscated differently on each read: ${[...emails].join(' ')}`);
  assert.equal(reads[0]!.body.organizer[0].email, 'organizer@example.com', 'the organizer field itself is stable');
});

test('Reading › core route traps: post_modified is site-local, so when the clocks go back an hour it repeats — a later change can carry an earlier `modified`', async () => {
  const dst = new TestClock(Date.parse('2026-11-01T05:50:00Z')); // 01:50 EDT, ten minutes before the clocks go back
  const local = await startTecSite({ now: dst.now });
  try {
    const first = await local.admin.createEvent({
      title: 'Before the change',
      startDate: '2027-01-01 10:00:00',
      endDate: '2027-01-01 11:00:00',
    });
    dst.advance(30 * 60); // 06:20Z = 01:20 EST
    const second = await local.admin.createEvent({
      title: 'After the change',
      startDate: '2027-01-01 10:00:00',
      endDate: '2027-01-01 11:00:00',
    });
    const [a, b] = [first, second].map((id) => local.snapshot().events.find((e) => e.id === id)!);
    assert.equal(a!.modified, '2026-11-01 01:50:00');
    assert.equal(b!.modified, '2026-11-01 01:20:00', 'site-local time went backwards');
    assert.ok(b!.modifiedGmt > a!.modifiedGmt, 'while UTC went forwards');
    const feed = await call(local, 'GET', '/wp/v2/tribe_events', { query: { modified_after: '2026-11-01T01:30:00' } });
    assert.deepEqual(
      feed.body.map((p: any) => p.id),
      [first],
      'a cursor taken after the first change misses the second one',
    );
  } finally {
    await local.close();
  }
});

test('Reading › lists (where the note is silent): `status=any` is refused by v1, yet the rest_url and next_rest_url TEC gives an editor carry it', async () => {
  for (let i = 0; i < 3; i++) await create(`Next link ${i}`, 70);
  const first = await call(site, 'GET', '/tribe/events/v1/events', { query: { per_page: 2, search: 'Next link' } });
  assert.match(first.body.rest_url, /status=any/);
  assert.match(first.body.next_rest_url, /status=any&.*page=2$/);
  const followed = await fetch(first.body.next_rest_url, {
    headers: { Authorization: `Basic ${Buffer.from('admin:abcd efgh ijkl mnop qrst uvwx').toString('base64')}` },
  });
  assert.equal(followed.status, 400, "following TEC's own next link as an editor fails");
  const anonymous = await call(site, 'GET', '/tribe/events/v1/events', {
    query: { per_page: 2, search: 'Next link' },
    auth: false,
  });
  assert.match(anonymous.body.next_rest_url, /status=publish&.*page=2$/);
  assert.equal((await fetch(anonymous.body.next_rest_url)).status, 200);
});
