// GET /events content filters: search, categories (with parents), tags, venue, organizer, featured,
// geoloc, geoloc_lat/geoloc_lng, ticketed and translation_language (spec §4.2; tec-reference §6, §12).
// Every case seeds events that the filter must exclude.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { createEvent, startServer, type TestServer } from '../support/server.ts';
import { assertInvalid, hourAt, list, listIds, listOk, seed, urlQuery } from './events-list.helpers.ts';

const ZONE = 'America/New_York';
/** A start inside the default window: `days` from today at noon (site time). */
const soon = (days: number) => hourAt(DateTime.now().setZone(ZONE).startOf('day').plus({ days, hours: 12 }));

describe('search', () => {
  let server: TestServer;
  const ids = {} as Record<'atVenue' | 'description' | 'excerpt' | 'other' | 'percent' | 'protected' | 'title', number>;

  before(async () => {
    server = await startServer();
    ids.title = await seed(server, { title: 'Jazz Night', ...soon(2) });
    ids.description = await seed(server, {
      title: 'Evening concert',
      description: 'With a saxophone quartet and friends.',
      ...soon(3),
    });
    ids.excerpt = await seed(server, { title: 'Brunch', excerpt: 'A trumpet solo over coffee.', ...soon(4) });
    ids.atVenue = await seed(server, { title: 'Open air', venue: { venue: 'Blue Jazz Club' }, ...soon(5) });
    ids.protected = await seed(server, { title: 'Secret jazz session', password: 'letmein', ...soon(6) });
    ids.percent = await seed(server, { title: '100% Fun', ...soon(7) });
    ids.other = await seed(server, { title: 'Unrelated', description: 'Nothing here.', ...soon(8) });
  });
  after(() => server.close());

  test('matches title, description and excerpt, case-insensitively', async () => {
    assert.deepEqual(await listIds(server, { search: 'JAZZ' }), [ids.title]);
    assert.deepEqual(await listIds(server, { search: 'saxophone' }), [ids.description]);
    assert.deepEqual(await listIds(server, { search: 'trumpet' }), [ids.excerpt]);
    assert.deepEqual(await listIds(server, { search: 'no such words' }), []);
  });

  test('does not match venue names', async () => {
    assert.deepEqual(await listIds(server, { search: 'Blue Jazz Club' }), []);
  });

  test('anonymous searches skip password-protected events; administrators find them', async () => {
    assert.deepEqual(await listIds(server, { search: 'jazz' }), [ids.title]);
    assert.deepEqual(await listIds(server, { search: 'jazz' }, server.tokens.administrator), [
      ids.title,
      ids.protected,
    ]);
    // Without a search the protected event is listed, with its content fields blanked.
    const body = await listOk(server, { per_page: 50 });
    const protectedItem = body.events.find((e: { id: number }) => e.id === ids.protected);
    assert.ok(protectedItem, 'the protected event is listed when not searching');
    assert.equal(protectedItem.description, '');
  });

  test('LIKE wildcards in the search are literal characters', async () => {
    assert.deepEqual(await listIds(server, { search: '%' }), [ids.percent]);
    assert.deepEqual(await listIds(server, { search: '_' }), []);
  });

  test('rest_url echoes the search; an empty search → 400', async () => {
    const body = await listOk(server, { search: 'jazz night' });
    assert.equal(Object.fromEntries(urlQuery(server, body.rest_url)).search, 'jazz night');
    await assertInvalid(server, { search: '' }, ['search']);
  });
});

describe('categories and tags', () => {
  let server: TestServer;
  const ids = {} as Record<'bebop' | 'jazz' | 'music' | 'plain' | 'sports', number>;
  const terms = {} as Record<'bebop' | 'jazz' | 'music' | 'pop' | 'rock' | 'sports', number>;

  before(async () => {
    server = await startServer();
    const music = await createEvent(server, {
      title: 'Music event',
      categories: ['Music'],
      tags: ['rock'],
      ...soon(2),
    });
    const jazz = await createEvent(server, { title: 'Jazz event', categories: ['Jazz'], tags: ['pop'], ...soon(3) });
    const bebop = await createEvent(server, { title: 'Bebop event', categories: ['Bebop'], ...soon(4) });
    const sports = await createEvent(server, {
      title: 'Sports event',
      categories: ['Sports'],
      tags: ['rock', 'pop'],
      ...soon(5),
    });
    ids.plain = await seed(server, { title: 'No terms', ...soon(6) });
    ids.music = music.id;
    ids.jazz = jazz.id;
    ids.bebop = bebop.id;
    ids.sports = sports.id;
    terms.music = music.categories[0].id;
    terms.jazz = jazz.categories[0].id;
    terms.bebop = bebop.categories[0].id;
    terms.sports = sports.categories[0].id;
    terms.rock = music.tags[0].id;
    terms.pop = jazz.tags[0].id;
    // No category route yet: make Music > Jazz > Bebop a hierarchy directly in the store.
    const siteId = server.store.sites.byCode('default')!.id;
    const setParent = server.store.db.prepare('UPDATE terms SET parent = ? WHERE site_id = ? AND id = ?');
    setParent.run(terms.music, siteId, terms.jazz);
    setParent.run(terms.jazz, siteId, terms.bebop);
  });
  after(() => server.close());

  test('categories by slug and by id', async () => {
    assert.deepEqual(await listIds(server, { categories: 'sports' }), [ids.sports]);
    assert.deepEqual(await listIds(server, { categories: terms.sports }), [ids.sports]);
    assert.deepEqual(await listIds(server, { categories: 'bebop' }), [ids.bebop]);
  });

  test('a parent category matches the events of its child (and grandchild) categories', async () => {
    assert.deepEqual(await listIds(server, { categories: 'music' }), [ids.music, ids.jazz, ids.bebop]);
    assert.deepEqual(await listIds(server, { categories: terms.jazz }), [ids.jazz, ids.bebop]);
  });

  test('several categories are OR-ed (CSV or array)', async () => {
    assert.deepEqual(await listIds(server, { categories: `jazz,${terms.sports}` }), [ids.jazz, ids.bebop, ids.sports]);
    assert.deepEqual(await listIds(server, { categories: ['bebop', 'sports'] }), [ids.bebop, ids.sports]);
  });

  test('rest_url echoes the categories', async () => {
    const body = await listOk(server, { categories: 'music' });
    assert.equal(Object.fromEntries(urlQuery(server, body.rest_url)).categories, 'music');
  });

  test('unknown category slug or id → 400; a tag is not a category', async () => {
    await assertInvalid(server, { categories: 'no-such-category' }, ['categories']);
    await assertInvalid(server, { categories: 99999 }, ['categories']);
    await assertInvalid(server, { categories: `music,no-such-category` }, ['categories']);
    await assertInvalid(server, { categories: terms.rock }, ['categories']);
  });

  test('tags by slug and id, OR-ed; unknown or category ids → 400', async () => {
    assert.deepEqual(await listIds(server, { tags: 'rock' }), [ids.music, ids.sports]);
    assert.deepEqual(await listIds(server, { tags: terms.pop }), [ids.jazz, ids.sports]);
    assert.deepEqual(await listIds(server, { tags: ['rock', 'pop'] }), [ids.music, ids.jazz, ids.sports]);
    await assertInvalid(server, { tags: 'no-such-tag' }, ['tags']);
    await assertInvalid(server, { tags: 99999 }, ['tags']);
    await assertInvalid(server, { tags: terms.music }, ['tags']);
  });

  test('categories and tags together must both match', async () => {
    assert.deepEqual(await listIds(server, { categories: 'music', tags: 'pop' }), [ids.jazz]);
    assert.deepEqual(await listIds(server, { categories: 'bebop', tags: 'rock' }), []);
  });
});

describe('venue, organizer and featured', () => {
  let server: TestServer;
  const ids = {} as Record<'a' | 'b' | 'both' | 'none', number>;
  const linked = {} as Record<'organizerA' | 'organizerB' | 'venueA' | 'venueB', number>;

  before(async () => {
    server = await startServer();
    const a = await createEvent(server, {
      title: 'At venue A',
      venue: { venue: 'Venue A' },
      organizer: { organizer: 'Organizer A' },
      featured: true,
      ...soon(2),
    });
    const b = await createEvent(server, {
      title: 'At venue B',
      venue: { venue: 'Venue B' },
      organizer: { organizer: 'Organizer B' },
      featured: false,
      ...soon(3),
    });
    linked.venueA = a.venue.id;
    linked.venueB = b.venue.id;
    linked.organizerA = a.organizer[0].id;
    linked.organizerB = b.organizer[0].id;
    const both = await createEvent(server, {
      title: 'Both organizers',
      venue: linked.venueA,
      organizer: [linked.organizerA, linked.organizerB],
      featured: true,
      ...soon(4),
    });
    ids.a = a.id;
    ids.b = b.id;
    ids.both = both.id;
    ids.none = await seed(server, { title: 'Nothing linked', ...soon(5) });
  });
  after(() => server.close());

  test('venue: one id, several ids (CSV or array)', async () => {
    assert.deepEqual(await listIds(server, { venue: linked.venueA }), [ids.a, ids.both]);
    assert.deepEqual(await listIds(server, { venue: linked.venueB }), [ids.b]);
    assert.deepEqual(await listIds(server, { venue: `${linked.venueA},${linked.venueB}` }), [ids.a, ids.b, ids.both]);
    assert.deepEqual(await listIds(server, { venue: [linked.venueB] }), [ids.b]);
    const body = await listOk(server, { venue: linked.venueB });
    assert.equal(Object.fromEntries(urlQuery(server, body.rest_url)).venue, String(linked.venueB));
  });

  test('venue: unknown, non-venue or non-numeric ids → 400', async () => {
    await assertInvalid(server, { venue: 99999 }, ['venue']);
    await assertInvalid(server, { venue: ids.a }, ['venue']);
    await assertInvalid(server, { venue: linked.organizerA }, ['venue']);
    await assertInvalid(server, { venue: 'abc' }, ['venue']);
    await assertInvalid(server, { venue: `${linked.venueA},99999` }, ['venue']);
  });

  test('organizer: one id, several ids; unknown or non-organizer ids → 400', async () => {
    assert.deepEqual(await listIds(server, { organizer: linked.organizerB }), [ids.b, ids.both]);
    assert.deepEqual(await listIds(server, { organizer: linked.organizerA }), [ids.a, ids.both]);
    assert.deepEqual(await listIds(server, { organizer: [linked.organizerA, linked.organizerB] }), [
      ids.a,
      ids.b,
      ids.both,
    ]);
    await assertInvalid(server, { organizer: 99999 }, ['organizer']);
    await assertInvalid(server, { organizer: linked.venueA }, ['organizer']);
  });

  test('venue and organizer together must both match', async () => {
    assert.deepEqual(await listIds(server, { venue: linked.venueA, organizer: linked.organizerB }), [ids.both]);
  });

  test('featured=true / false; absent lists both', async () => {
    assert.deepEqual(await listIds(server, { featured: 'true' }), [ids.a, ids.both]);
    assert.deepEqual(await listIds(server, { featured: 1 }), [ids.a, ids.both]);
    assert.deepEqual(await listIds(server, { featured: 'false' }), [ids.b, ids.none]);
    assert.deepEqual(await listIds(server, { featured: 0 }), [ids.b, ids.none]);
    assert.deepEqual(await listIds(server), [ids.a, ids.b, ids.both, ids.none]);
    const body = await listOk(server, { featured: 'true' });
    assert.equal(Object.fromEntries(urlQuery(server, body.rest_url)).featured, '1');
    await assertInvalid(server, { featured: 'maybe' }, ['featured']);
  });
});

describe('geoloc and geoloc_lat / geoloc_lng (radius 25 km, nearest first)', () => {
  let server: TestServer;
  const ids = {} as Record<'km0' | 'km10' | 'km24' | 'km26' | 'km40' | 'noGeo' | 'noVenue', number>;
  // Times Square; one degree of latitude is about 111.2 km.
  const CENTRE = { lat: 40.758, lng: -73.9855 };
  const north = (km: number) => ({ geo_lat: CENTRE.lat + km / 111.195, geo_lng: CENTRE.lng });

  before(async () => {
    server = await startServer();
    // Start dates run opposite to the distances, so "nearest first" cannot come from start order.
    ids.km40 = await seed(server, { title: '40 km', venue: { venue: 'Far venue', ...north(40) }, ...soon(1) });
    ids.km26 = await seed(server, { title: '26 km', venue: { venue: 'Just outside', ...north(26) }, ...soon(2) });
    ids.km24 = await seed(server, { title: '24 km', venue: { venue: 'Just inside', ...north(24) }, ...soon(3) });
    ids.km10 = await seed(server, { title: '10 km', venue: { venue: 'Near venue', ...north(10) }, ...soon(4) });
    ids.km0 = await seed(server, { title: 'Centre', venue: { venue: 'Centre venue', ...north(0) }, ...soon(5) });
    ids.noGeo = await seed(server, { title: 'Venue without coordinates', venue: { venue: 'Somewhere' }, ...soon(6) });
    ids.noVenue = await seed(server, { title: 'No venue', ...soon(7) });
  });
  after(() => server.close());

  test('geoloc=true keeps events whose venue has coordinates; false keeps the others', async () => {
    assert.deepEqual(await listIds(server, { geoloc: 'true' }), [ids.km40, ids.km26, ids.km24, ids.km10, ids.km0]);
    assert.deepEqual(await listIds(server, { geoloc: 'false' }), [ids.noGeo, ids.noVenue]);
    await assertInvalid(server, { geoloc: 'maybe' }, ['geoloc']);
  });

  test('geoloc_lat + geoloc_lng keep venues within 25 km, nearest first', async () => {
    const body = await listOk(server, { geoloc_lat: CENTRE.lat, geoloc_lng: CENTRE.lng, per_page: 50 });
    assert.deepEqual(
      body.events.map((e: { id: number }) => e.id),
      [ids.km0, ids.km10, ids.km24],
    );
    assert.equal(body.total, 3);
    // From a point 30 km north the order reverses among the venues in range.
    const fromNorth = await listIds(server, { geoloc_lat: CENTRE.lat + 30 / 111.195, geoloc_lng: CENTRE.lng });
    assert.deepEqual(fromNorth, [ids.km26, ids.km24, ids.km40, ids.km10]);
  });

  test('the nearest-first order holds across pages', async () => {
    const query = { geoloc_lat: CENTRE.lat, geoloc_lng: CENTRE.lng, per_page: 2 };
    const first = await listOk(server, query);
    const second = await listOk(server, { ...query, page: 2 });
    assert.deepEqual(
      [...first.events, ...second.events].map((e: { id: number }) => e.id),
      [ids.km0, ids.km10, ids.km24],
    );
    assert.equal(first.total_pages, 2);
  });

  test('only one of geoloc_lat / geoloc_lng → 400 naming the missing one; out of range → 400', async () => {
    await assertInvalid(server, { geoloc_lat: CENTRE.lat }, ['geoloc_lng']);
    await assertInvalid(server, { geoloc_lng: CENTRE.lng }, ['geoloc_lat']);
    await assertInvalid(server, { geoloc_lat: 91, geoloc_lng: 0 }, ['geoloc_lat']);
    await assertInvalid(server, { geoloc_lat: 'north', geoloc_lng: 0 }, ['geoloc_lat']);
  });
});

describe('ticketed and translation_language', () => {
  let server: TestServer;
  let all: number[];

  before(async () => {
    server = await startServer();
    await seed(server, { title: 'One', ...soon(2) });
    await seed(server, { title: 'Two', ...soon(3) });
    all = await listIds(server);
    assert.equal(all.length, 2);
  });
  after(() => server.close());

  test('ticketed=true → 200 with no events (nothing is ticketed here); ticketed=false → all', async () => {
    const body = await listOk(server, { ticketed: 'true' });
    assert.deepEqual(body.events, []);
    assert.equal(body.total, 0);
    assert.equal(body.total_pages, 0);
    assert.deepEqual(await listIds(server, { ticketed: 'false' }), all);
    assert.deepEqual(await listIds(server, { ticketed: 0 }), all);
    const echoed = await listOk(server, { ticketed: 'false' });
    assert.equal(Object.fromEntries(urlQuery(server, echoed.rest_url)).ticketed, '0');
    await assertInvalid(server, { ticketed: 'maybe' }, ['ticketed']);
  });

  test('translation_language: each of arg bo cl co mx pe es is accepted', async () => {
    for (const language of ['arg', 'bo', 'cl', 'co', 'mx', 'pe', 'es']) {
      const body = await listOk(server, { translation_language: language });
      assert.deepEqual(
        body.events.map((e: { id: number }) => e.id),
        all,
        language,
      );
      assert.equal(Object.fromEntries(urlQuery(server, body.rest_url)).translation_language, language);
    }
  });

  test('translation_language: anything else → 400', async () => {
    for (const bad of ['en', 'ES', 'xx', '', 'es-ES', 'ar']) {
      await assertInvalid(server, { translation_language: bad }, ['translation_language']);
    }
    const response = await list(server, { translation_language: 'fr', per_page: 0 });
    assert.equal(response.status, 400);
    assert.deepEqual(Object.keys(response.body.data.params).sort(), ['per_page', 'translation_language']);
  });
});
