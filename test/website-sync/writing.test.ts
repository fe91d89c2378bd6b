// tec-website.md, "Writing": each behaviour of a real TEC website the sync must survive when it
// writes, with the stand-in doing it and the sync shown to cope.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API } from '../support/server.ts';
import { inDays, startPair, TUNING, type Pair } from './harness.ts';
import { DEFAULT_APP_PASSWORD } from '../support/tec-site/index.ts';
import { create, PNG, serveImages } from './fixtures.ts';
import { assertSidesEqual } from './compare.ts';
import { websiteRepositories } from '../../server/db/repositories/website-sync.ts';
import { connectWebsite, websiteStatus } from '../../server/website-sync/website-service.ts';

const remote = (pair: Pair, localId: number, kind: 'event' | 'venue' | 'tag' = 'event') =>
  websiteRepositories(pair.almanac.store.db).items.byLocal(1, kind, localId)?.remote_id ?? undefined;
const patch = async (pair: Pair, id: number, json: unknown) => {
  const response = await pair.almanac.admin('PATCH', `${API}/events/${id}`, { json });
  assert.equal(response.status, 200, response.text);
};

test('a PATCH resets what it is not sent: every update is the whole event, so a title edit keeps cost, organizers, image, flags and zone', async () => {
  const images = await serveImages();
  const pair = await startPair({ mode: 'publish' });
  try {
    const organizers = [
      await create(pair.almanac, 'organizers', { organizer: 'First' }),
      await create(pair.almanac, 'organizers', { organizer: 'Second' }),
    ];
    const id = await create(pair.almanac, 'events', {
      title: 'Full event',
      start_date: '2027-04-02 19:00',
      end_date: '2027-04-02 22:00',
      timezone: 'Europe/Berlin',
      cost: '€15',
      website: 'https://example.org/full',
      featured: true,
      sticky: true,
      show_map: false,
      organizer: [organizers[1], organizers[0]],
      image: `${images.url}/full.png`,
    });
    assert.equal((await pair.sync()).ok, true);
    await patch(pair, id, { title: 'Full event (new title)' });
    pair.website.resetRequestLog();
    assert.equal((await pair.sync()).ok, true);
    const put = pair.website.requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH' || r.method === 'POST');
    assert.deepEqual(
      put.map((r) => `${r.method} ${r.path}`),
      [`PUT /wp-json/tribe/events/v1/events/${remote(pair, id)}`],
    );
    const event = pair.website.store.event(remote(pair, id)!)!;
    assert.equal(event.title, 'Full event (new title)');
    assert.equal(event.cost, '€15');
    assert.equal(event.website, 'https://example.org/full');
    assert.deepEqual([event.featured, event.sticky, event.showMap], [true, true, false]);
    assert.equal(event.timezone, 'Europe/Berlin');
    assert.equal(event.utcStartDate, '2027-04-02 17:00:00', 'UTC computed in the event zone');
    assert.equal(event.organizerIds.length, 2);
    const organizerOnWebsite = (id: number) =>
      websiteRepositories(pair.almanac.store.db).items.byLocal(1, 'organizer', id)!.remote_id;
    assert.deepEqual(
      event.organizerIds,
      [organizerOnWebsite(organizers[1]!), organizerOnWebsite(organizers[0]!)],
      'in order',
    );
    assert.ok(event.thumbnailId, 'the image is kept');
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
    await images.close();
  }
});

test('clearing: an empty description or excerpt and a detached venue go through core (v1 refuses "" and cannot detach)', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const venue = await create(pair.almanac, 'venues', { venue: 'Somewhere' });
    const id = await create(pair.almanac, 'events', {
      title: 'To clear',
      description: '<p>Text</p>',
      excerpt: 'Short',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
      venue,
    });
    assert.equal((await pair.sync()).ok, true);
    await patch(pair, id, { description: '', excerpt: '', venue: 0 });
    const sync = await pair.sync();
    assert.equal(sync.ok, true, JSON.stringify(sync));
    const event = pair.website.store.event(remote(pair, id)!)!;
    assert.deepEqual([event.content, event.excerpt, event.venueIds], ['', '', []]);
    assert.ok(
      pair.website.requests.some(
        (r) => r.method === 'PATCH' && r.path === `/wp-json/wp/v2/tribe_events/${remote(pair, id)}`,
      ),
    );
    assert.ok(
      pair.website.requests.every((r) => r.status < 400),
      'nothing the website refused',
    );
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});

test('images: uploaded once as bytes (a URL would make a new attachment each save), reused by content across events and addresses', async () => {
  const images = await serveImages();
  const pair = await startPair({ mode: 'publish' });
  try {
    const a = await create(pair.almanac, 'events', {
      title: 'A',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
      image: `${images.url}/a.png`,
    });
    await create(pair.almanac, 'events', {
      title: 'B',
      start_date: inDays(6, '10:00'),
      end_date: inDays(6, '11:00'),
      image: `${images.url}/a.png`,
    });
    await create(pair.almanac, 'events', {
      title: 'C',
      start_date: inDays(7, '10:00'),
      end_date: inDays(7, '11:00'),
      image: `${images.url}/same-bytes-other-name.png`,
    });
    assert.equal((await pair.sync()).ok, true);
    const media = pair.website.snapshot().media;
    assert.equal(media.length, 1, 'one attachment for one content');
    assert.deepEqual(Buffer.from(media[0]!.bytes), PNG);
    assert.equal(pair.website.requests.filter((r) => r.path === '/wp-json/wp/v2/media').length, 1);
    await patch(pair, a, { title: 'A again' });
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.snapshot().media.length, 1, 'an update makes no new attachment');
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
    await images.close();
  }
});

test('an image made on the website comes here as an image record of its address, and stays when the event is edited here', async () => {
  const pair = await startPair({ mode: 'import' });
  try {
    const media = await pair.website.admin.uploadImage('poster.png', PNG);
    const id = await pair.website.admin.createEvent({
      title: 'With poster',
      startDate: `${inDays(5).slice(0, 10)} 10:00:00`,
      endDate: `${inDays(5).slice(0, 10)} 11:00:00`,
      imageId: media,
    });
    assert.equal((await pair.sync()).ok, true);
    const localId = websiteRepositories(pair.almanac.store.db).items.byRemote(1, 'event', id)!.local_id!;
    const image = pair.almanac.store.posts.get(1, pair.almanac.store.posts.get(1, localId)!.image_id!)!;
    assert.match(image.url!, /\/wp-content\/uploads\/.*poster/);
    await patch(pair, localId, { title: 'With poster (edited)' });
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.store.event(id)!.thumbnailId, media);
    assert.equal(pair.website.snapshot().media.length, 1);
  } finally {
    await pair.close();
  }
});

test('a venue update always carries show_map and show_map_link (TEC sets them to true when left out)', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const venue = await create(pair.almanac, 'venues', { venue: 'No map hall', show_map: false, show_map_link: false });
    await create(pair.almanac, 'events', {
      title: 'At the hall',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
      venue,
    });
    assert.equal((await pair.sync()).ok, true);
    const response = await pair.almanac.admin('PATCH', `${API}/venues/${venue}`, {
      json: { venue: 'No map hall (renamed)' },
    });
    assert.equal(response.status, 200, response.text);
    assert.equal((await pair.sync()).ok, true);
    const remoteVenue = pair.website.store.venue(remote(pair, venue, 'venue')!)!;
    assert.equal(remoteVenue.title, 'No map hall (renamed)');
    assert.deepEqual([remoteVenue.showMap, remoteVenue.showMapLink], [false, false]);
  } finally {
    await pair.close();
  }
});

test('an inline venue of the same name is the existing one on the website: the sync pairs with it instead of overwriting it', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const theirs = await pair.website.admin.createVenue({ title: 'Town Hall', city: 'Springfield', phone: '555-0100' });
    const venue = await create(pair.almanac, 'venues', { venue: 'Town Hall', city: 'Springfield' });
    await create(pair.almanac, 'events', {
      title: 'Meeting',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
      venue,
    });
    assert.equal((await pair.sync()).ok, true);
    assert.equal(remote(pair, venue, 'venue'), theirs);
    assert.equal(pair.website.snapshot().venues.length, 1, 'no second Town Hall');
    assert.equal(pair.website.store.venue(theirs)!.phone, '555-0100', 'its phone was not wiped');
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.almanac.store.posts.get(1, venue)!.phone, '555-0100', 'what only the website had comes here');
  } finally {
    await pair.close();
  }
});

test('an end before its start never leaves Almanac: refused with its reason, the others are sent', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const good = await create(pair.almanac, 'events', {
      title: 'Good',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
    });
    const bad = await create(pair.almanac, 'events', {
      title: 'Backwards',
      start_date: inDays(6, '10:00'),
      end_date: inDays(6, '11:00'),
    });
    // Almanac's own API refuses such an event; an older file or a bug might still hold one.
    pair.almanac.store.db
      .prepare("UPDATE posts SET end_local = ?, end_utc = '2000-01-01 00:00:00' WHERE id = ?")
      .run(inDays(6, '09:00:00'), bad);
    const sync = await pair.sync();
    assert.equal(sync.ok, false);
    assert.ok(remote(pair, good));
    assert.equal(remote(pair, bad), undefined);
    assert.equal(pair.website.snapshot().events.length, 1);
    const status = websiteStatus(pair.almanac.store, pair.almanac.store.sites.byCode('default')!, pair.credentials);
    assert.equal(status.failures.length, 1);
    assert.equal(status.failures[0]!.code, 'end_before_start');
    assert.match(status.failures[0]!.message, /ends .* before it starts/);
  } finally {
    await pair.close();
  }
});

test("deletes: ours go to the website's trash; a second trash (410) is fine; theirs — trash or for good — go to our trash", async () => {
  const pair = await startPair({ mode: 'merge' });
  try {
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        await create(pair.almanac, 'events', {
          title: `Delete me ${i}`,
          start_date: inDays(5 + i, '10:00'),
          end_date: inDays(5 + i, '11:00'),
        }),
      );
    assert.equal((await pair.sync()).ok, true);
    const remotes = ids.map((id) => remote(pair, id)!);
    assert.equal((await pair.almanac.admin('DELETE', `${API}/events/${ids[0]}`)).status, 200);
    // Already trashed there by someone else: the DELETE answers 410, which is what was wanted.
    await pair.website.admin.trashEvent(remotes[0]!);
    await pair.website.admin.trashEvent(remotes[1]!);
    await pair.website.admin.deleteEventPermanently(remotes[2]!);
    assert.equal((await pair.sync({ sweep: true })).ok, true);
    assert.equal(pair.website.store.event(remotes[0]!)!.status, 'trash');
    assert.equal(pair.almanac.store.posts.get(1, ids[1]!)!.status, 'trash');
    assert.equal(
      pair.almanac.store.posts.get(1, ids[2]!)!.status,
      'trash',
      'deleted for good there: to the trash here (it can be restored)',
    );
    const again = await pair.sync({ sweep: true });
    assert.deepEqual([again.counts.sent, again.counts.received], [0, 0]);
  } finally {
    await pair.close();
  }
});

test('custom fields (read-only in v1) survive our updates', async () => {
  const pair = await startPair({ mode: 'import' });
  try {
    const id = await pair.website.admin.createEvent({
      title: 'With extras',
      startDate: `${inDays(5).slice(0, 10)} 10:00:00`,
      endDate: `${inDays(5).slice(0, 10)} 11:00:00`,
      customFields: { _ecp_custom_2: { label: 'Dress code', value: 'Formal' } },
    });
    assert.equal((await pair.sync()).ok, true);
    const localId = websiteRepositories(pair.almanac.store.db).items.byRemote(1, 'event', id)!.local_id!;
    await patch(pair, localId, { title: 'With extras (edited)' });
    assert.equal((await pair.sync()).ok, true);
    assert.deepEqual(pair.website.store.event(id)!.customFields, {
      _ecp_custom_2: { label: 'Dress code', value: 'Formal' },
    });
  } finally {
    await pair.close();
  }
});

test('statuses: draft, pending, private and scheduled go both ways', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const ids: Record<string, number> = {};
    for (const status of ['draft', 'pending', 'private', 'publish'])
      ids[status] = await create(pair.almanac, 'events', {
        title: `Status ${status}`,
        status,
        start_date: inDays(9, '10:00'),
        end_date: inDays(9, '11:00'),
      });
    ids.future = await create(pair.almanac, 'events', {
      title: 'Scheduled',
      status: 'future',
      date: '2031-01-01 10:00',
      start_date: '2031-02-01 10:00',
      end_date: '2031-02-01 11:00',
    });
    assert.equal((await pair.sync()).ok, true);
    for (const [status, id] of Object.entries(ids))
      assert.equal(pair.website.store.event(remote(pair, id)!)!.status, status, status);
    await pair.website.admin.updateEvent(remote(pair, ids.draft!)!, { status: 'publish' });
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.almanac.store.posts.get(1, ids.draft!)!.status, 'publish');
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});

test("an edit here never moves the website's publication date (TEC sets it to now on an update without it): events — read this sync or not, ended or not — venues and organizers", async () => {
  const pair = await startPair({ mode: 'merge' });
  try {
    const admin = pair.website.admin;
    const venue = await admin.createVenue({ title: 'Old Hall', city: 'Springfield' });
    const organizer = await admin.createOrganizer({ title: 'Old Society' });
    const coming = await admin.createEvent({
      title: 'Coming',
      startDate: `${inDays(5).slice(0, 10)} 10:00:00`,
      endDate: `${inDays(5).slice(0, 10)} 11:00:00`,
      venueId: venue,
      organizerIds: [organizer],
    });
    const ended = await admin.createEvent({
      title: 'Ended',
      startDate: `${inDays(-5).slice(0, 10)} 10:00:00`,
      endDate: `${inDays(-5).slice(0, 10)} 11:00:00`,
    });
    const old = (id: number) => {
      const post = pair.website.store.posts.get(id)!;
      post.date = '2020-01-01 07:00:00';
      post.dateGmt = '2020-01-01 12:00:00';
    };
    for (const id of [venue, organizer, coming, ended]) old(id);
    assert.equal((await pair.sync()).ok, true);
    const here = (kind: 'event' | 'venue' | 'organizer', remoteId: number) =>
      websiteRepositories(pair.almanac.store.db).items.byRemote(1, kind, remoteId)!.local_id!;
    const published = (id: number) => pair.website.store.posts.get(id)!.dateGmt;

    // Not read by this sync (nothing changed on the website): the dates are looked up before the updates.
    await patch(pair, here('event', coming), { title: 'Coming (new title)' });
    await patch(pair, here('event', ended), { title: 'Ended (new title)' });
    const venueEdit = await pair.almanac.admin('POST', `${API}/venues/${here('venue', venue)}`, {
      json: { city: 'Shelbyville' },
    });
    assert.equal(venueEdit.status, 200, venueEdit.text);
    const organizerEdit = await pair.almanac.admin('POST', `${API}/organizers/${here('organizer', organizer)}`, {
      json: { phone: '555-0100' },
    });
    assert.equal(organizerEdit.status, 200, organizerEdit.text);
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.store.event(coming)!.title, 'Coming (new title)');
    assert.equal(pair.website.store.event(ended)!.title, 'Ended (new title)');
    assert.equal(pair.website.store.venue(venue)!.city, 'Shelbyville');
    assert.equal(pair.website.store.organizer(organizer)!.phone, '555-0100');
    for (const id of [coming, ended, venue, organizer])
      assert.equal(published(id), '2020-01-01 12:00:00', `post ${id}`);

    // Read by this sync (changed on both sides: merged): the date read is the one sent.
    await admin.updateEvent(coming, { excerpt: 'From the website' });
    await patch(pair, here('event', coming), { description: 'From Almanac' });
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.store.event(coming)!.excerpt, 'From the website');
    assert.equal(pair.website.store.event(coming)!.content, 'From Almanac');
    assert.equal(published(coming), '2020-01-01 12:00:00');
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});

test('a tag or category deleted here is deleted on the website only when nothing else there uses it: blog posts (published or draft) and events Almanac does not hold keep theirs', async () => {
  const pair = await startPair({ connect: false });
  try {
    const admin = pair.website.admin;
    const news = await admin.createTerm('post_tag', { name: 'News' });
    const newsPost = await admin.tagBlogPost(news);
    const drafts = await admin.createTerm('post_tag', { name: 'Drafts' });
    const draftPost = await admin.tagBlogPost(drafts, 'draft');
    const festival = await admin.createTerm('tribe_events_cat', { name: 'Festival' });
    const websiteOnly = await admin.createEvent({
      title: 'Website only',
      startDate: `${inDays(7).slice(0, 10)} 10:00:00`,
      endDate: `${inDays(7).slice(0, 10)} 11:00:00`,
      categoryIds: [festival],
    });
    pair.website.store.event(websiteOnly)!.dateGmt = '2020-01-01 12:00:00';
    // Published: the website's events already there stay there only (Almanac does not hold them).
    await connectWebsite(
      pair.almanac.store,
      pair.credentials,
      pair.almanac.store.sites.byCode('default')!,
      { url: pair.website.url, login: 'admin', password: DEFAULT_APP_PASSWORD, mode: 'publish' },
      TUNING,
    );
    const tags = [
      await create(pair.almanac, 'tags', { name: 'News' }),
      await create(pair.almanac, 'tags', { name: 'Drafts' }),
      await create(pair.almanac, 'tags', { name: 'Ours only' }),
    ];
    const categories = [
      await create(pair.almanac, 'categories', { name: 'Festival' }),
      await create(pair.almanac, 'categories', { name: 'Our category' }),
    ];
    const event = await create(pair.almanac, 'events', {
      title: 'Tagged',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
      tags,
      categories,
    });
    assert.equal((await pair.sync()).ok, true);
    const onWebsite = pair.website.store.event(remote(pair, event)!)!;
    assert.equal(onWebsite.tagIds.length, 3);
    assert.ok(
      onWebsite.tagIds.includes(news) && onWebsite.categoryIds.includes(festival),
      'paired with the existing terms',
    );
    const ours = {
      tag: onWebsite.tagIds.find((id) => id !== news && id !== drafts)!,
      category: onWebsite.categoryIds.find((id) => id !== festival)!,
    };

    for (const id of tags) assert.equal((await pair.almanac.admin('DELETE', `${API}/tags/${id}`)).status, 200);
    for (const id of categories)
      assert.equal((await pair.almanac.admin('DELETE', `${API}/categories/${id}`)).status, 200);
    const sync = await pair.sync();
    assert.equal(sync.ok, true, JSON.stringify(sync.failure));

    const terms = pair.website.store.terms;
    assert.ok(terms.has(news), 'a tag a published blog post uses stays');
    assert.ok(terms.has(drafts), 'a tag a draft blog post uses stays');
    assert.ok(terms.has(festival), 'a category an event Almanac does not hold uses stays');
    assert.ok(!terms.has(ours.tag), 'a tag only our events used is deleted');
    assert.ok(!terms.has(ours.category), 'a category only our events used is deleted');
    assert.deepEqual(pair.website.store.blogPosts.get(newsPost)!.tagIds, [news]);
    assert.deepEqual(pair.website.store.blogPosts.get(draftPost)!.tagIds, [drafts]);
    assert.deepEqual(pair.website.store.event(websiteOnly)!.categoryIds, [festival]);
    assert.deepEqual(pair.website.store.event(remote(pair, event)!)!.tagIds, [], 'our event no longer carries them');
    assert.deepEqual(pair.website.store.event(remote(pair, event)!)!.categoryIds, []);
    const items = websiteRepositories(pair.almanac.store.db).items;
    for (const id of tags) assert.equal(items.byLocal(1, 'tag', id), undefined, 'unpaired');
    // Nothing comes back at the next sync.
    assert.equal((await pair.sync()).ok, true);
    const back = await pair.almanac.admin('GET', `${API}/tags`, { query: { hide_empty: false } });
    assert.deepEqual(back.body.tags ?? [], [], 'no tag comes back here');
  } finally {
    await pair.close();
  }
});

test('venues the website takes for one (TEC answers a create with the existing one): no broken pairing, the events name that one, said once; same-name venues that differ stay two', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const theirs = await pair.website.admin.createVenue({ title: 'Main Hall', city: 'Springfield', phone: '555-0100' });
    const shelbyville = await create(pair.almanac, 'venues', { venue: 'Main Hall', city: 'Shelbyville' });
    const first = await create(pair.almanac, 'venues', { venue: 'Grand Hall', city: 'Capital City' });
    // Almanac keeps them apart (its own duplicate check compares every field); TEC's compares no website.
    const twin = await create(pair.almanac, 'venues', {
      venue: 'Grand Hall',
      city: 'Capital City',
      website: 'https://grand.example.org',
    });
    const events = [];
    for (const [i, venue] of [shelbyville, first, twin].entries())
      events.push(
        await create(pair.almanac, 'events', {
          title: `At venue ${i}`,
          start_date: inDays(5 + i, '10:00'),
          end_date: inDays(5 + i, '11:00'),
          venue,
        }),
      );
    const sync = await pair.sync();
    assert.equal(sync.failure, undefined, JSON.stringify(sync.failure));
    const venues = pair.website.snapshot().venues;
    assert.deepEqual(
      venues.map((v) => `${v.title}/${v.city}`).sort(),
      ['Grand Hall/Capital City', 'Main Hall/Shelbyville', 'Main Hall/Springfield'],
      'the Shelbyville one is not joined with the Springfield one; the twins are one',
    );
    assert.equal(pair.website.store.venue(theirs)!.city, 'Springfield', 'not overwritten');
    assert.notEqual(remote(pair, shelbyville, 'venue'), theirs);
    const grand = remote(pair, first, 'venue')!;
    assert.deepEqual(
      pair.website.store.event(remote(pair, events[2]!)!)!.venueIds,
      [grand],
      "the twin's event names that one",
    );
    assert.deepEqual(pair.website.store.event(remote(pair, events[1]!)!)!.venueIds, [grand]);
    const failures = websiteStatus(
      pair.almanac.store,
      pair.almanac.store.sites.byCode('default')!,
      pair.credentials,
    ).failures;
    assert.equal(failures.length, 1, JSON.stringify(failures));
    assert.equal(failures[0]!.local_id, twin);
    assert.equal(failures[0]!.reason, 'same_as_other');
    // The next syncs go on: nothing stuck, nothing doubled, still said once.
    await patch(pair, events[2]!, { title: 'At the twin, renamed' });
    const again = await pair.sync();
    assert.equal(again.failure, undefined, JSON.stringify(again.failure));
    assert.equal(pair.website.store.event(remote(pair, events[2]!)!)!.title, 'At the twin, renamed');
    assert.equal(pair.website.snapshot().venues.length, 3);
    assert.equal(
      websiteStatus(pair.almanac.store, pair.almanac.store.sites.byCode('default')!, pair.credentials).failures.length,
      1,
    );
    // Made to differ, it becomes its own venue there (with the next event that names it), and the problem is gone.
    const edit = await pair.almanac.admin('POST', `${API}/venues/${twin}`, { json: { city: 'Ogdenville' } });
    assert.equal(edit.status, 200, edit.text);
    const later = await create(pair.almanac, 'events', {
      title: 'At the twin, elsewhere',
      start_date: inDays(9, '10:00'),
      end_date: inDays(9, '11:00'),
      venue: twin,
    });
    const last = await pair.sync();
    assert.equal(last.ok, true, JSON.stringify(last));
    assert.notEqual(remote(pair, twin, 'venue'), grand);
    assert.deepEqual(pair.website.store.event(remote(pair, later)!)!.venueIds, [remote(pair, twin, 'venue')!]);
    assert.equal(pair.website.store.venue(remote(pair, twin, 'venue')!)!.city, 'Ogdenville');
  } finally {
    await pair.close();
  }
});

test('a tag renamed here to a name another tag on the website has (WordPress: 500 duplicate_term_slug) is refused for that tag alone, in words; the rest goes on', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const blogTag = await pair.website.admin.createTerm('post_tag', { name: 'Festival' });
    await pair.website.admin.tagBlogPost(blogTag);
    const fest = await create(pair.almanac, 'tags', { name: 'Fest' });
    const other = await create(pair.almanac, 'tags', { name: 'Music' });
    const event = await create(pair.almanac, 'events', {
      title: 'Tagged',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
      tags: [fest, other],
    });
    assert.equal((await pair.sync()).ok, true);
    for (const [id, name] of [
      [fest, 'Festival'],
      [other, 'Live music'],
    ] as const) {
      const renamed = await pair.almanac.admin('POST', `${API}/tags/${id}`, { json: { name } });
      assert.equal(renamed.status, 200, renamed.text);
    }
    await patch(pair, event, { title: 'Tagged (new title)' });
    const sync = await pair.sync();
    assert.equal(sync.failure, undefined, JSON.stringify(sync.failure));
    const failures = websiteStatus(
      pair.almanac.store,
      pair.almanac.store.sites.byCode('default')!,
      pair.credentials,
    ).failures;
    assert.equal(failures.length, 1, JSON.stringify(failures));
    assert.equal(failures[0]!.local_id, fest);
    assert.equal(failures[0]!.reason, 'term_name_taken');
    const tagThere = (id: number) => pair.website.store.terms.get(remote(pair, id, 'tag')!)!;
    assert.equal(tagThere(fest).name, 'Fest', 'not renamed there');
    assert.equal(tagThere(other).name, 'Live music', 'the other rename went through');
    assert.equal(pair.website.store.terms.get(blogTag)!.name, 'Festival', "the blog's tag is untouched");
    assert.equal(pair.website.store.event(remote(pair, event)!)!.title, 'Tagged (new title)', 'the event went on');
    // Not a website failure: the next sync is not stopped either.
    assert.equal((await pair.sync()).failure, undefined);
  } finally {
    await pair.close();
  }
});

test('the same venue on the website is found among many of similar names (core search, a page of 100): paired, and what each side alone had goes to the other', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    // The one to find is the oldest: a search lists it last, after 25 newer "Main Hall …" venues.
    const theirs = await pair.website.admin.createVenue({ title: 'Main Hall', city: 'Springfield', phone: '555-0100' });
    pair.website.store.venue(theirs)!.date = '2020-01-01 07:00:00';
    for (let i = 0; i < 25; i++) await pair.website.admin.createVenue({ title: `Main Hall Annex ${i}` });
    const venue = await create(pair.almanac, 'venues', { venue: 'Main Hall', city: 'Springfield', zip: '49007' });
    await create(pair.almanac, 'events', {
      title: 'Meeting',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
      venue,
    });
    assert.equal((await pair.sync()).ok, true);
    assert.equal(remote(pair, venue, 'venue'), theirs);
    assert.equal(pair.website.snapshot().venues.filter((v) => v.title === 'Main Hall').length, 1, 'not doubled');
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.almanac.store.posts.get(1, venue)!.phone, '555-0100', 'what only the website had comes here');
    assert.equal(pair.website.store.venue(theirs)!.zip, '49007', 'what only Almanac had goes there');
  } finally {
    await pair.close();
  }
});
