// The note's "Writing" table (/work/shared/notes/tec-website.md), one test per row.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTecSite, type TecSite } from '../support/tec-site/index.ts';
import { call, eventBody, inDays } from './client.ts';

let site: TecSite;
before(async () => {
  site = await startTecSite();
});
after(() => site.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000190000000c80806000000' + '0000000049454e44ae426082',
  'hex',
);

async function upload(name = 'poster.png'): Promise<number> {
  const reply = await call(site, 'POST', '/wp/v2/media', {
    body: PNG,
    headers: { 'Content-Type': 'image/png', 'Content-Disposition': `attachment; filename=${name}` },
  });
  assert.equal(reply.status, 201, reply.text);
  return reply.body.id;
}

async function create(extra: Record<string, unknown>, title = 'Event'): Promise<any> {
  const reply = await call(site, 'POST', '/tribe/events/v1/events', { json: eventBody(title, 10, extra) });
  assert.equal(reply.status, 201, reply.text);
  return reply.body;
}

/** A full PUT built from the v1 representation plus the raw text (what a careful sync sends). */
async function fullPut(id: number): Promise<Record<string, unknown>> {
  const v1 = (await call(site, 'GET', `/tribe/events/v1/events/${id}`)).body;
  const raw = (await call(site, 'GET', `/wp/v2/tribe_events/${id}`, { query: { context: 'edit' } })).body;
  const body: Record<string, unknown> = {
    title: raw.title.raw,
    status: v1.status,
    date: v1.date,
    all_day: v1.all_day,
    start_date: v1.start_date,
    end_date: v1.end_date,
    timezone: v1.timezone,
    cost: v1.cost,
    website: v1.website,
    show_map: v1.show_map,
    show_map_link: v1.show_map_link,
    hide_from_listings: v1.hide_from_listings,
    sticky: v1.sticky,
    featured: v1.featured,
    categories: v1.categories.map((t: any) => t.id),
    tags: v1.tags.map((t: any) => t.id),
    organizer: v1.organizer.map((o: any) => o.id),
  };
  // "" is refused (400): an empty text is left out, which keeps it empty.
  if (raw.content.raw) body.description = raw.content.raw;
  if (raw.excerpt.raw) body.excerpt = raw.excerpt.raw;
  if (v1.image) body.image = String(v1.image.id);
  if (!Array.isArray(v1.venue)) body.venue = v1.venue.id;
  return body;
}

function changedFields(before: any, after: any): string[] {
  // json_ld comes with single reads only (the PUT answers without it), on the event and its linked posts.
  const plain = (value: unknown) => JSON.stringify(value, (key, v) => (key === 'json_ld' ? undefined : v));
  const ignored = new Set(['modified', 'modified_utc', 'json_ld']);
  return Object.keys(before).filter((k) => !ignored.has(k) && plain(before[k]) !== plain(after[k]));
}

test('Writing › concurrency control: none — no ETag, Last-Modified or If-Match; a stale If-Match is ignored and the write succeeds', async () => {
  const event = await create({}, 'No concurrency control');
  const read = await call(site, 'GET', `/tribe/events/v1/events/${event.id}`);
  for (const header of ['etag', 'last-modified']) assert.equal(read.headers.get(header), null, header);
  const core = await call(site, 'GET', `/wp/v2/tribe_events/${event.id}`);
  assert.equal(core.headers.get('etag'), null);
  const write = await call(site, 'PATCH', `/tribe/events/v1/events/${event.id}`, {
    json: { title: 'Written anyway' },
    headers: { 'If-Match': '"stale"', 'If-Unmodified-Since': 'Mon, 01 Jan 2001 00:00:00 GMT' },
  });
  assert.equal(write.status, 200);
  assert.equal(write.body.title, 'Written anyway');
});

test('Writing › update semantics: a PATCH with only `title` resets the timezone without recomputing UTC and clears cost, website, map flags, sticky, featured, hidden, image and organizers; keeps venue, terms, dates, excerpt, description', async () => {
  const image = await upload();
  const event = await create(
    {
      timezone: 'Europe/Berlin',
      start_date: '2030-02-10 19:00:00',
      end_date: '2030-02-10 23:00:00',
      cost: '€15',
      website: 'https://berlin.example.com',
      show_map: true,
      show_map_link: true,
      sticky: true,
      featured: true,
      hide_from_listings: true,
      image: String(image),
      venue: { venue: 'Berlin Club' },
      organizer: [{ organizer: 'First' }, { organizer: 'Second' }],
      categories: ['Nightlife'],
      tags: ['Techno'],
      excerpt: 'Kept excerpt',
      description: 'Kept description',
    },
    'Berlin night',
  );
  assert.equal(event.utc_start_date, '2030-02-10 18:00:00');
  const patched = (await call(site, 'PATCH', `/tribe/events/v1/events/${event.id}`, { json: { title: 'Renamed' } }))
    .body;
  assert.equal(patched.timezone, 'America/New_York', 'timezone reset to the site zone');
  assert.equal(patched.start_date, '2030-02-10 19:00:00');
  assert.equal(patched.utc_start_date, '2030-02-10 18:00:00', 'UTC not recomputed: the event is now inconsistent');
  assert.equal(patched.cost, '');
  assert.equal(patched.cost_details.currency_symbol, '');
  assert.equal(patched.website, '');
  for (const flag of ['show_map', 'show_map_link', 'sticky', 'featured', 'hide_from_listings'])
    assert.equal(patched[flag], false, flag);
  assert.equal(patched.image, false);
  assert.deepEqual(patched.organizer, []);
  assert.equal(patched.venue.venue, 'Berlin Club');
  assert.deepEqual(
    patched.categories.map((t: any) => t.name),
    ['Nightlife'],
  );
  assert.deepEqual(
    patched.tags.map((t: any) => t.name),
    ['Techno'],
  );
  assert.equal(patched.excerpt, '<p>Kept excerpt</p>');
  assert.equal(patched.description, '<p>Kept description</p>');
  assert.equal(patched.end_date, '2030-02-10 23:00:00');
});

test('Writing › update semantics: dates sent without their timezone are read in the site zone', async () => {
  const event = await create({ timezone: 'Europe/Berlin' }, 'Zone by default');
  const updated = await call(site, 'PUT', `/tribe/events/v1/events/${event.id}`, {
    json: { start_date: '2030-03-01 10:00:00', end_date: '2030-03-01 11:00:00' },
  });
  assert.equal(updated.body.timezone, 'America/New_York');
  assert.equal(updated.body.utc_start_date, '2030-03-01 15:00:00');
});

test('Writing › round trip: a full PUT built from v1 plus the raw text comes back with 0 changed fields (Berlin €15 with everything; all-day; UTC+2)', async () => {
  const image = await upload('round-trip.png');
  const berlin = await create(
    {
      timezone: 'Europe/Berlin',
      start_date: '2030-04-10 19:00:00',
      end_date: '2030-04-10 23:00:00',
      cost: '€15',
      website: 'https://example.com/?a=1&b=2',
      sticky: true,
      featured: true,
      show_map: true,
      image: String(image),
      venue: { venue: 'Round Trip Hall', city: 'Berlin' },
      organizer: [{ organizer: 'Zeta' }, { organizer: 'Alpha' }],
      categories: ['Round & Trip'],
      tags: ['rt'],
      description: 'He said "hi" -- twice\n\n<b>Bold</b> & more',
      excerpt: "It's short",
    },
    "Round trip's event",
  );
  const allDay = await create({ all_day: true, start_date: '2030-04-11', end_date: '2030-04-12' }, 'All day');
  const offset = await create(
    { timezone: 'UTC+2', start_date: '2030-04-12 08:00:00', end_date: '2030-04-12 09:30:00' },
    'Offset',
  );
  assert.equal(offset.utc_start_date, '2030-04-12 06:00:00');
  assert.equal(allDay.end_date, '2030-04-12 23:59:59');
  for (const event of [berlin, allDay, offset]) {
    const before = (await call(site, 'GET', `/tribe/events/v1/events/${event.id}`)).body;
    const put = await call(site, 'PUT', `/tribe/events/v1/events/${event.id}`, { json: await fullPut(event.id) });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(changedFields(before, put.body), [], event.title);
  }
  assert.deepEqual(
    berlin.organizer.map((o: any) => o.organizer),
    ['Zeta', 'Alpha'],
  );
});

test('Writing › clearing: title/description/excerpt "" → 400; image must be a string (integer → 400); leaving image out removes it; v1 cannot detach a venue, core can', async () => {
  const image = await upload('clearing.png');
  const event = await create(
    { image: String(image), venue: { venue: 'Sticky Venue' }, excerpt: 'To clear' },
    'Clearing',
  );
  for (const field of ['title', 'description', 'excerpt']) {
    const reply = await call(site, 'PATCH', `/tribe/events/v1/events/${event.id}`, { json: { [field]: '' } });
    assert.equal(reply.status, 400, field);
    assert.equal(reply.body.code, 'rest_invalid_param');
    assert.ok(field in reply.body.data.params, field);
  }
  const integer = await call(site, 'PATCH', `/tribe/events/v1/events/${event.id}`, { json: { image } });
  assert.equal(integer.status, 400);
  assert.deepEqual(integer.body.data.params, { image: 'image is not of type string.' });
  const kept = await call(site, 'PATCH', `/tribe/events/v1/events/${event.id}`, {
    json: { image: String(image), venue: '' },
  });
  assert.equal(kept.body.image.id, image);
  assert.equal(kept.body.venue.venue, 'Sticky Venue', 'an empty venue does not detach it');
  for (const empty of [0, [], null]) {
    const again = await call(site, 'PATCH', `/tribe/events/v1/events/${event.id}`, {
      json: { image: String(image), venue: empty },
    });
    assert.equal(again.body.venue.venue, 'Sticky Venue', JSON.stringify(empty));
  }
  const dropped = await call(site, 'PATCH', `/tribe/events/v1/events/${event.id}`, { json: { title: 'No image now' } });
  assert.equal(dropped.body.image, false, 'leaving image out removes it');
  const core = await call(site, 'PATCH', `/wp/v2/tribe_events/${event.id}`, {
    json: { meta: { _EventVenueID: [] }, excerpt: '' },
  });
  assert.equal(core.status, 200, core.text);
  const after = (await call(site, 'GET', `/tribe/events/v1/events/${event.id}`)).body;
  assert.deepEqual(after.venue, []);
  assert.equal(after.excerpt, '');
});

test('Writing › linked posts: by id, {id} or inline; an identical inline venue/organizer lands on the existing one (201) — only an identical one, nothing overwritten; organizer order kept; a venue PATCH without show_map sets it true', async () => {
  const venue = await call(site, 'POST', '/tribe/events/v1/venues', {
    json: { venue: 'Linked Venue', city: 'Paris', show_map: 'false', show_map_link: 'false' },
  });
  assert.equal(venue.status, 201);
  assert.equal(venue.body.show_map, false);
  const again = await call(site, 'POST', '/tribe/events/v1/venues', { json: { venue: 'Linked Venue', city: 'Paris' } });
  assert.equal(again.status, 201);
  assert.equal(again.body.id, venue.body.id, 'de-duplicated to the existing id');
  // Only identical: the same name with another non-empty field is a new venue, and nothing is overwritten.
  const other = await call(site, 'POST', '/tribe/events/v1/venues', { json: { venue: 'Linked Venue', city: 'Lyon' } });
  assert.equal(other.status, 201);
  assert.notEqual(other.body.id, venue.body.id, 'same name, another city: a new venue');
  assert.equal(site.store.venue(venue.body.id)!.city, 'Paris', 'the first one is not overwritten');
  const fewer = await call(site, 'POST', '/tribe/events/v1/venues', { json: { venue: 'linked venue' } });
  assert.equal(fewer.body.id, venue.body.id, 'every non-empty field sent matches (case-insensitive)');
  assert.equal(site.store.venue(venue.body.id)!.showMap, false, 'nothing overwritten');
  const org = (
    await call(site, 'POST', '/tribe/events/v1/organizers', { json: { organizer: 'Org Same', email: 'a@example.org' } })
  ).body;
  const orgOther = (
    await call(site, 'POST', '/tribe/events/v1/organizers', { json: { organizer: 'Org Same', email: 'b@example.org' } })
  ).body;
  assert.notEqual(orgOther.id, org.id);
  const o1 = (await call(site, 'POST', '/tribe/events/v1/organizers', { json: { organizer: 'Org One' } })).body;
  const byId = await create({ venue: venue.body.id, organizer: [{ id: o1.id }, { organizer: 'Org Inline' }] }, 'By id');
  assert.equal(byId.venue.id, venue.body.id);
  assert.deepEqual(
    byId.organizer.map((o: any) => o.organizer),
    ['Org One', 'Org Inline'],
  );
  const inline = await create(
    { venue: { venue: 'Linked Venue', city: 'Paris' }, organizer: [{ organizer: 'Org Inline' }, o1.id] },
    'Inline',
  );
  assert.equal(inline.venue.id, venue.body.id);
  assert.deepEqual(
    inline.organizer.map((o: any) => o.organizer),
    ['Org Inline', 'Org One'],
    'order kept',
  );
  assert.equal(site.snapshot().organizers.filter((o) => o.title === 'Org Inline').length, 1);
  const asObject = await create({ venue: { id: venue.body.id } }, 'As object');
  assert.equal(asObject.venue.id, venue.body.id);
  const bad = await call(site, 'POST', '/tribe/events/v1/events', {
    json: eventBody('Bad venue', 10, { venue: 999999 }),
  });
  assert.equal(bad.status, 400);
  const patched = await call(site, 'PATCH', `/tribe/events/v1/venues/${venue.body.id}`, { json: { city: 'Lyon' } });
  assert.equal(patched.body.show_map, true);
  assert.equal(patched.body.show_map_link, true);
  const typed = await call(site, 'PATCH', `/tribe/events/v1/venues/${venue.body.id}`, { json: { show_map: false } });
  assert.equal(typed.status, 400, 'venue show_map is string-typed');
});

test('Writing › images: POST /wp/v2/media with the bytes; an image given by URL makes a new attachment every time', async () => {
  const id = await upload('by-url.png');
  const media = (await call(site, 'GET', `/wp/v2/media/${id}`)).body;
  assert.equal(media.media_details.width, 400);
  assert.equal(media.media_details.height, 200);
  const before = site.snapshot().media.length;
  const first = await create({ image: media.source_url }, 'Image by URL 1');
  const second = await create({ image: media.source_url }, 'Image by URL 2');
  assert.notEqual(first.image.id, id);
  assert.notEqual(second.image.id, first.image.id);
  assert.equal(site.snapshot().media.length, before + 2);
  const byId = await create({ image: String(id) }, 'Image by id');
  assert.equal(byId.image.id, id);
  assert.equal(byId.image.url, media.source_url);
  const notImage = await call(site, 'POST', '/tribe/events/v1/events', {
    json: eventBody('Bad image', 10, { image: `${site.url}/nothing-here.png` }),
  });
  assert.equal(notImage.status, 400);
});

test('Writing › start after end: accepted; the end silently becomes the start and the event drops out of every list', async () => {
  const reply = await call(site, 'POST', '/tribe/events/v1/events', {
    json: { title: 'Backwards', start_date: inDays(9, '18:00:00'), end_date: inDays(9, '10:00:00') },
  });
  assert.equal(reply.status, 201);
  assert.equal(reply.body.end_date, reply.body.start_date);
  assert.ok(reply.body.utc_end_date < reply.body.utc_start_date, 'the UTC end keeps the old end');
  const v1 = await call(site, 'GET', '/tribe/events/v1/events', { query: { search: 'Backwards' } });
  assert.deepEqual(v1.body.events, []);
  const wide = await call(site, 'GET', '/tribe/events/v1/events', {
    query: { search: 'Backwards', start_date: '1971-01-01', end_date: '2100-01-01' },
  });
  assert.deepEqual(wide.body.events, []);
  const core = await call(site, 'GET', '/wp/v2/tribe_events', { query: { search: 'Backwards', status: 'any' } });
  assert.deepEqual(core.body, []);
  assert.equal((await call(site, 'GET', `/tribe/events/v1/events/${reply.body.id}`)).status, 200);
});

test('Writing › deletes: DELETE trashes (200, status trash); again → 410; reading → 403; trash lists for editors only; status=any leaves trash out; permanent delete → 404; PATCH status=publish untrashes', async () => {
  const event = await create({}, 'To trash');
  const first = await call(site, 'DELETE', `/tribe/events/v1/events/${event.id}`);
  assert.equal(first.status, 200);
  assert.equal(first.body.status, 'trash');
  const second = await call(site, 'DELETE', `/tribe/events/v1/events/${event.id}`);
  assert.equal(second.status, 410);
  assert.equal(second.body.code, 'event-is-in-trash');
  const read = await call(site, 'GET', `/tribe/events/v1/events/${event.id}`);
  assert.equal(read.status, 403);
  assert.equal(read.body.code, 'event-no-longer-available');
  const trashList = await call(site, 'GET', '/tribe/events/v1/events', { query: { status: 'trash' } });
  assert.ok(
    trashList.body.events.some((e: any) => e.id === event.id),
    'status=trash lists the trashed event',
  );
  assert.equal(
    (await call(site, 'GET', '/tribe/events/v1/events', { query: { status: 'trash' }, auth: false })).status,
    400,
  );
  const defaults = await call(site, 'GET', '/tribe/events/v1/events', { query: { per_page: 50, search: 'To trash' } });
  assert.deepEqual(defaults.body.events, [], 'the default status=any leaves trash out');
  const untrashed = await call(site, 'PATCH', `/tribe/events/v1/events/${event.id}`, { json: { status: 'publish' } });
  assert.equal(untrashed.status, 200);
  assert.equal(untrashed.body.status, 'publish');
  assert.equal(untrashed.body.slug, event.slug, 'the slug comes back without __trashed');
  await site.admin.deleteEventPermanently(event.id);
  const gone = await call(site, 'GET', `/tribe/events/v1/events/${event.id}`);
  assert.equal(gone.status, 404);
  assert.equal(gone.body.code, 'rest-event-not-found');
  const forced = await create({}, 'Forced');
  const hard = await call(site, 'DELETE', `/wp/v2/tribe_events/${forced.id}`, { query: { force: true } });
  assert.equal(hard.body.deleted, true);
  assert.equal((await call(site, 'GET', `/tribe/events/v1/events/${forced.id}`)).status, 404);
});

test('Writing › custom fields: read-only through v1, and they survive updates', async () => {
  const id = await site.admin.createEvent({
    title: 'With custom field',
    startDate: inDays(11, '10:00:00'),
    endDate: inDays(11, '11:00:00'),
    customFields: { _ecp_custom_2: { label: 'Dress code', value: 'Smart' } },
  });
  const written = await call(site, 'PUT', `/tribe/events/v1/events/${id}`, {
    json: { title: 'Renamed', custom_fields: { _ecp_custom_2: { label: 'Dress code', value: 'Casual' } } },
  });
  assert.equal(written.status, 200);
  assert.deepEqual(written.body.custom_fields, { _ecp_custom_2: { label: 'Dress code', value: 'Smart' } });
  const plain = await create({}, 'Without custom fields');
  assert.deepEqual(plain.custom_fields, []);
});

test('Writing › (publication date and status on update) an update without `date` moves the publication date to now; a publisher update without `status` publishes a draft', async () => {
  const draft = await create({ status: 'draft', date: '2026-01-05 10:00:00' }, 'A draft');
  assert.equal(draft.status, 'draft');
  assert.equal(draft.date, '2026-01-05 10:00:00');
  assert.equal(draft.slug, '', 'drafts get no slug');
  const updated = await call(site, 'PATCH', `/tribe/events/v1/events/${draft.id}`, {
    json: { title: 'Still a draft?' },
  });
  assert.equal(updated.body.status, 'publish');
  assert.notEqual(updated.body.date, '2026-01-05 10:00:00');
});

test('(terms, where the note is silent) categories nest; a name that exists → 400 term_exists with its id; events name terms and TEC finds or creates them', async () => {
  const parent = await call(site, 'POST', '/tribe/events/v1/categories', { json: { name: 'Arts' } });
  assert.equal(parent.status, 201);
  const child = await call(site, 'POST', '/tribe/events/v1/categories', {
    json: { name: 'Theatre', parent: parent.body.id },
  });
  assert.equal(child.body.parent, parent.body.id);
  assert.equal(child.body.urls.up, `${site.url}/wp-json/tribe/events/v1/categories/${parent.body.id}`);
  const again = await call(site, 'POST', '/tribe/events/v1/categories', { json: { name: 'Arts' } });
  assert.equal(again.status, 400);
  assert.equal(again.body.code, 'term_exists');
  assert.equal(again.body.data.term_id, parent.body.id);
  const event = await create({ categories: ['Theatre', 'arts', 'Brand New'], tags: ['Arts'] }, 'Named terms');
  assert.deepEqual(
    event.categories.map((t: any) => t.name),
    ['Arts', 'Brand New', 'Theatre'],
  );
  assert.equal(event.tags[0].taxonomy, 'post_tag', 'a tag named like a category is another term');
  const byParent = await call(site, 'GET', '/tribe/events/v1/events', { query: { categories: parent.body.id } });
  assert.ok(
    byParent.body.events.some((e: any) => e.id === event.id),
    'a parent category matches its children',
  );
  const cleared = await call(site, 'PATCH', `/tribe/events/v1/events/${event.id}`, { json: { categories: [] } });
  assert.deepEqual(cleared.body.categories, [], 'an empty list removes them (omitted keeps them)');
});

test('Writing › terms: renaming a term to a name another term has is 500 duplicate_term_slug (wp_update_term); a fresh name is fine', async () => {
  const taken = await site.admin.createTerm('post_tag', { name: 'Rename target' });
  const mine = await site.admin.createTerm('post_tag', { name: 'Rename me' });
  const clash = await call(site, 'POST', `/wp/v2/tags/${mine}`, { json: { name: 'rename TARGET' } });
  assert.equal(clash.status, 500);
  assert.equal(clash.body.code, 'duplicate_term_slug');
  assert.equal(site.store.terms.get(mine)!.name, 'Rename me');
  const fine = await call(site, 'POST', `/wp/v2/tags/${mine}`, { json: { name: 'Renamed' } });
  assert.equal(fine.status, 200, fine.text);
  assert.ok(site.store.terms.has(taken));
});
