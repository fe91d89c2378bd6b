// Every route and method of /venues and /organizers over real HTTP (spec §4.3–4.4, contract §2–8,
// tec-reference §1.5–1.6, §2.2, §3.3, §4, §6, §7.3): representations (key order of examples
// 117/123/127), every list parameter with a case that fails if the parameter were ignored,
// duplicate avoidance, partial updates, trash/restore/force delete, visibility and the role matrix.
import { test, after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { startServer, createEvent, type TestServer, type Response } from '../support/server.ts';
import { assertError, assertInvalidParam, countRows, inDays } from '../support/helpers.ts';

type Json = Record<string, unknown>;
type Item = { id: number } & Json;

// The reference's key order (tec-reference §1.5, §1.6); empty values are dropped, so a
// representation's keys must be a subsequence of these, in this order.
const VENUE_ORDER = [
  'id',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'venue',
  'description',
  'excerpt',
  'slug',
  'image',
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'website',
  'stateprovince',
  'geo_lat',
  'geo_lng',
  'json_ld',
  'show_map',
  'show_map_link',
  'global_id',
  'global_id_lineage',
];
const ORGANIZER_ORDER = [
  'id',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'organizer',
  'description',
  'excerpt',
  'slug',
  'image',
  'phone',
  'website',
  'email',
  'json_ld',
  'global_id',
  'global_id_lineage',
];
const HEAD = ['id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url'];

const EXAMPLES = new URL('../fixtures/reference-examples/', import.meta.url);
function example(name: string): { response: { body: Json } } | undefined {
  const file = new URL(name, EXAMPLES);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

interface Kind {
  type: 'venue' | 'organizer';
  collection: 'venues' | 'organizers';
  order: string[];
  /** Extra fields of a typical item of the kind. */
  sample: Json;
}
const KINDS: Kind[] = [
  {
    type: 'venue',
    collection: 'venues',
    order: VENUE_ORDER,
    sample: { city: 'Springfield', address: '1 Main Street', zip: '62701' },
  },
  {
    type: 'organizer',
    collection: 'organizers',
    order: ORGANIZER_ORDER,
    sample: { phone: '+1 555 0200', email: 'someone@example.com' },
  },
];

function assertKeyOrder(item: Json, order: string[], context = ''): void {
  const keys = Object.keys(item);
  const positions = keys.map((k) => order.indexOf(k));
  assert.ok(
    positions.every((p) => p >= 0),
    `${context}: unexpected key(s) ${keys.filter((k) => !order.includes(k))}`,
  );
  assert.deepEqual(
    positions,
    [...positions].sort((a, b) => a - b),
    `${context}: keys out of order: ${keys.join(',')}`,
  );
}

/** The path (with query) of an absolute URL the server gave us, for server.request. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

function ids(response: Response, key: string): number[] {
  assert.equal(response.status, 200, response.text);
  return (response.body[key] as Item[]).map((item) => item.id);
}

async function create(server: TestServer, kind: Kind, fields: Json, token?: string): Promise<Item> {
  const response = await server.request('POST', kind.collection, {
    json: fields,
    token: token ?? server.tokens.administrator,
  });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

const event = (extra: Json = {}) => ({
  title: 'Linked Event',
  start_date: inDays(10),
  end_date: inDays(10, '12:00:00'),
  ...extra,
});

// ---------------------------------------------------------------------------------------------
describe('venue representation', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('a full venue has exactly the keys of example 123, in order, with the reference values', async () => {
    const created = await create(server, KINDS[0]!, {
      venue: 'Concert Hall',
      description: '<p>A large concert hall.</p>',
      address: '1 Main Street',
      city: 'Springfield',
      country: 'United States',
      state: 'IL',
      zip: '62701',
      phone: '+1 555 0100',
      website: 'https://concert-hall.example.com',
    });
    assert.equal('json_ld' in created, false, 'no json_ld on create');
    const response = await server.request('GET', `venues/${created.id}`);
    assert.equal(response.status, 200, response.text);
    const venue = response.body;
    const reference = example('123-get-venue-full.json');
    if (reference) {
      const expected = reference.response.body;
      assert.deepEqual(Object.keys(venue), Object.keys(expected));
      assert.deepEqual(Object.keys(venue.json_ld), Object.keys(expected.json_ld as Json));
      for (const key of ['venue', 'description', 'slug', 'address', 'city', 'country', 'state', 'zip', 'phone']) {
        assert.equal(venue[key], expected[key], key);
      }
      for (const key of ['website', 'stateprovince', 'show_map', 'show_map_link']) {
        assert.equal(venue[key], expected[key], key);
      }
      const { description: _d, ...ld } = venue.json_ld;
      const { description: _e, ...expectedLd } = expected.json_ld as Json;
      assert.deepEqual(ld, expectedLd);
    }
    assert.deepEqual(Object.keys(venue), [
      ...HEAD,
      'venue',
      'description',
      'slug',
      'address',
      'city',
      'country',
      'state',
      'zip',
      'phone',
      'website',
      'stateprovince',
      'json_ld',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    assert.equal(venue.id, created.id);
    assert.equal(venue.author, String(server.userIds.administrator));
    assert.equal(venue.status, 'publish');
    assert.match(venue.date, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.match(venue.date_utc, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.equal(venue.url, `${server.url}/venue/concert-hall/`);
    assert.equal(venue.global_id, `127.0.0.1?id=${created.id}`);
    assert.deepEqual(venue.global_id_lineage, [venue.global_id]);
    assert.equal(venue.stateprovince, 'IL');
  });

  test('a bare venue drops every empty field but keeps show_map, show_map_link, global ids (example 117)', async () => {
    const venue = await create(server, KINDS[0]!, { venue: 'Temporary Venue' });
    assert.deepEqual(Object.keys(venue), [
      ...HEAD,
      'venue',
      'slug',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    const reference = example('117-list-venues.json');
    if (reference) {
      const temporary = (reference.response.body.venues as Json[]).find((v) => v.venue === 'Temporary Venue')!;
      assert.deepEqual(Object.keys(venue), Object.keys(temporary));
    }
    assert.equal(venue.show_map, true);
    assert.equal(venue.show_map_link, true);
  });

  test('list items match example 117 (a venue with province and no state)', async () => {
    const created = await create(server, KINDS[0]!, {
      venue: 'Berlin Club',
      address: 'Alexanderplatz 1',
      city: 'Berlin',
      country: 'Germany',
      province: 'Berlin',
      zip: '10178',
    });
    const list = await server.request('GET', 'venues', { query: { search: 'Berlin Club' } });
    assert.equal(list.status, 200, list.text);
    const item = (list.body.venues as Item[]).find((v) => v.id === created.id)!;
    assert.ok(item);
    assert.equal('json_ld' in item, false, 'no json_ld in lists');
    assert.equal(item.stateprovince, 'Berlin', 'stateprovince from province outside the US');
    const reference = example('117-list-venues.json');
    if (reference) {
      const berlin = (reference.response.body.venues as Json[]).find((v) => v.venue === 'Berlin Club')!;
      assert.deepEqual(Object.keys(item), Object.keys(berlin));
    }
  });

  test('stateprovince: from state for US or empty country, from province otherwise; a given one wins', async () => {
    const us = await create(server, KINDS[0]!, { venue: 'SP US', country: 'US', state: 'NY', province: 'Ignored' });
    assert.equal(us.stateprovince, 'NY');
    const empty = await create(server, KINDS[0]!, { venue: 'SP Empty', state: 'CA', province: 'Ignored' });
    assert.equal(empty.stateprovince, 'CA');
    const unitedStates = await create(server, KINDS[0]!, { venue: 'SP USA', country: 'United States', state: 'TX' });
    assert.equal(unitedStates.stateprovince, 'TX');
    const other = await create(server, KINDS[0]!, {
      venue: 'SP Canada',
      country: 'Canada',
      state: 'Ignored',
      province: 'Ontario',
    });
    assert.equal(other.stateprovince, 'Ontario');
    const given = await create(server, KINDS[0]!, { venue: 'SP Given', state: 'NY', stateprovince: 'Mine' });
    assert.equal(given.stateprovince, 'Mine');
    // An update of state refills it.
    const updated = await server.admin('PATCH', `venues/${us.id}`, { json: { state: 'NJ' } });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.stateprovince, 'NJ');
  });

  test('regression: moving a US venue to another country refills stateprovince from the (empty) province', async () => {
    // Bug fixed in linked-posts.ts: the old stateprovince (the US state) stayed behind.
    const venue = await create(server, KINDS[0]!, { venue: 'SP Moving', country: 'US', state: 'IL' });
    assert.equal(venue.stateprovince, 'IL');
    const moved = await server.admin('PATCH', `venues/${venue.id}`, { json: { country: 'Germany' } });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.state, 'IL');
    assert.equal('stateprovince' in moved.body, false, moved.text);
    const withProvince = await server.admin('PATCH', `venues/${venue.id}`, { json: { province: 'Bavaria' } });
    assert.equal(withProvince.body.stateprovince, 'Bavaria');
  });

  test('show_map / show_map_link are always present, writable as strings or booleans', async () => {
    const off = await create(server, KINDS[0]!, { venue: 'No Map', show_map: 'no', show_map_link: false });
    assert.equal(off.show_map, false);
    assert.equal(off.show_map_link, false);
    assert.deepEqual(Object.keys(off).slice(-4), ['show_map', 'show_map_link', 'global_id', 'global_id_lineage']);
    const on = await server.admin('PATCH', `venues/${off.id}`, { json: { show_map: '1' } });
    assert.equal(on.body.show_map, true);
    assert.equal(on.body.show_map_link, false, 'partial update keeps show_map_link');
    assertInvalidParam(await server.admin('PATCH', `venues/${off.id}`, { json: { show_map: 'maybe' } }), 'show_map');
  });

  test('geo_lat / geo_lng are writable, listed after stateprovince, and in json_ld', async () => {
    const venue = await create(server, KINDS[0]!, { venue: 'Geo Venue', state: 'IL', geo_lat: 41.88, geo_lng: -87.63 });
    assert.equal(venue.geo_lat, 41.88);
    assert.equal(venue.geo_lng, -87.63);
    assertKeyOrder(venue, VENUE_ORDER, 'geo');
    const single = await server.request('GET', `venues/${venue.id}`);
    assert.deepEqual(single.body.json_ld.geo, { '@type': 'GeoCoordinates', latitude: 41.88, longitude: -87.63 });
    const keys = Object.keys(single.body);
    assert.deepEqual(keys.slice(keys.indexOf('stateprovince')), [
      'stateprovince',
      'geo_lat',
      'geo_lng',
      'json_ld',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    const moved = await server.admin('PATCH', `venues/${venue.id}`, { json: { geo_lat: -33.5 } });
    assert.equal(moved.body.geo_lat, -33.5);
    assert.equal(moved.body.geo_lng, -87.63);
    assertInvalidParam(await server.admin('PATCH', `venues/${venue.id}`, { json: { geo_lat: 91 } }), 'geo_lat');
    assertInvalidParam(await server.admin('PATCH', `venues/${venue.id}`, { json: { geo_lng: 'east' } }), 'geo_lng');
    assert.equal((await server.request('GET', `venues/${venue.id}`)).body.geo_lat, -33.5);
  });

  test('image: a URL becomes the image object after slug; "" removes it', async () => {
    const venue = await create(server, KINDS[0]!, { venue: 'Pictured', image: 'https://example.com/pics/hall.jpg' });
    assert.deepEqual(venue.image, {
      url: 'https://example.com/pics/hall.jpg',
      id: (venue.image as Item).id,
      extension: 'jpg',
    });
    const keys = Object.keys(venue);
    assert.equal(keys[keys.indexOf('slug') + 1], 'image');
    assertKeyOrder(venue, VENUE_ORDER, 'image');
    const again = await create(server, KINDS[1]!, {
      organizer: 'Pictured Org',
      image: 'https://example.com/pics/hall.jpg',
    });
    assert.equal((again.image as Item).id, (venue.image as Item).id, 'the same URL reuses its image record');
    const removed = await server.admin('PATCH', `venues/${venue.id}`, { json: { image: '' } });
    assert.equal(removed.status, 200, removed.text);
    assert.equal('image' in removed.body, false);
    const byId = await server.admin('PATCH', `venues/${venue.id}`, { json: { image: (venue.image as Item).id } });
    assert.deepEqual(byId.body.image, venue.image);
  });

  test('json_ld only on single GET (by id and by slug), not in list, create, update or delete', async () => {
    const venue = await create(server, KINDS[0]!, { venue: 'Ld Venue', city: 'Ld City' });
    assert.equal('json_ld' in (await server.request('GET', `venues/${venue.id}`)).body, true);
    assert.equal('json_ld' in (await server.request('GET', `venues/by-slug/${venue.slug}`)).body, true);
    const list = await server.request('GET', 'venues', { query: { search: 'Ld City' } });
    assert.equal(list.body.venues.length, 1);
    assert.equal('json_ld' in list.body.venues[0], false);
    const updated = await server.admin('PUT', `venues/${venue.id}`, { json: { zip: '1' } });
    assert.equal('json_ld' in updated.body, false);
    const removed = await server.admin('DELETE', `venues/${venue.id}`);
    assert.equal('json_ld' in removed.body, false);
  });
});

describe('organizer representation', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('a full organizer has the keys of example 127, in order; json_ld on single GET', async () => {
    const created = await create(server, KINDS[1]!, {
      organizer: 'Alice Promotions',
      description: '<p>Organizer of fine events.</p>',
      phone: '+1 555 0200',
      website: 'https://alice.example.com',
      email: 'alice@example.com',
    });
    const expectedKeys = [
      ...HEAD,
      'organizer',
      'description',
      'slug',
      'phone',
      'website',
      'email',
      'global_id',
      'global_id_lineage',
    ];
    assert.deepEqual(Object.keys(created), expectedKeys);
    const reference = example('127-list-organizers.json');
    if (reference) {
      const alice = (reference.response.body.organizers as Json[]).find((o) => o.organizer === 'Alice Promotions')!;
      assert.deepEqual(Object.keys(created), Object.keys(alice));
      for (const key of ['organizer', 'description', 'slug', 'phone', 'website', 'email'])
        assert.equal(created[key], alice[key], key);
    }
    const single = await server.request('GET', `organizers/${created.id}`);
    assert.equal(single.status, 200);
    assert.deepEqual(Object.keys(single.body), [
      ...expectedKeys.slice(0, -2),
      'json_ld',
      'global_id',
      'global_id_lineage',
    ]);
    assert.equal(single.body.json_ld['@type'], 'Person');
    assert.equal(single.body.json_ld.email, 'alice@example.com');
    assert.equal(single.body.url, `${server.url}/organizer/alice-promotions/`);
    const list = await server.request('GET', 'organizers');
    const item = (list.body.organizers as Item[]).find((o) => o.id === created.id)!;
    assert.deepEqual(Object.keys(item), expectedKeys);
  });

  test('a bare organizer has only the head, name, slug and global ids (no show_map)', async () => {
    const bare = await create(server, KINDS[1]!, { organizer: 'Temporary Organizer' });
    assert.deepEqual(Object.keys(bare), [...HEAD, 'organizer', 'slug', 'global_id', 'global_id_lineage']);
  });

  test('email and website are validated', async () => {
    const before = countRows(server, 'posts');
    assertInvalidParam(await server.admin('POST', 'organizers', { json: { organizer: 'X', email: 'nope' } }), 'email');
    assertInvalidParam(
      await server.admin('POST', 'organizers', { json: { organizer: 'X', website: 'ftp:/x' } }),
      'website',
    );
    assert.equal(countRows(server, 'posts'), before);
  });
});

// ---------------------------------------------------------------------------------------------
for (const kind of KINDS) {
  const { type, collection } = kind;
  const named = (name: string, extra: Json = {}) => ({ [type]: name, ...extra });

  describe(`${collection}: routes and methods`, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer();
    });
    after(() => server.close());

    test(`POST /${collection} → 201; missing or empty name → 400`, async () => {
      const item = await create(server, kind, named('Route Item', kind.sample));
      assert.equal(item[type], 'Route Item');
      assert.equal(item.slug, 'route-item');
      assert.equal(item.status, 'publish');
      const before = countRows(server, 'posts');
      const missing = await server.admin('POST', collection, { json: kind.sample });
      assertError(missing, 400, 'rest_missing_callback_param');
      assert.deepEqual(missing.body.data.params, [type]);
      assertInvalidParam(await server.admin('POST', collection, { json: named('') }), type);
      assertInvalidParam(await server.admin('POST', collection, { json: named('   ') }), type);
      assert.equal(countRows(server, 'posts'), before);
    });

    test('a second item with the same name gets a -2 slug', async () => {
      const first = await create(server, kind, named('Twin Name', { description: 'one' }));
      const second = await create(server, kind, named('Twin Name', { description: 'two' }));
      assert.notEqual(second.id, first.id);
      assert.equal(second.slug, 'twin-name-2');
    });

    test('form-encoded create works', async () => {
      const response = await server.request('POST', collection, {
        form: { [type]: 'Form Item', phone: '123' },
        token: server.tokens.administrator,
      });
      assert.equal(response.status, 201, response.text);
      assert.equal(response.body.phone, '123');
    });

    test(`GET /${collection}/{id} and /${collection}/by-slug/{slug}`, async () => {
      const item = await create(server, kind, named('Readable', kind.sample));
      const byId = await server.request('GET', `${collection}/${item.id}`);
      assert.equal(byId.status, 200, byId.text);
      assert.equal(byId.body.id, item.id);
      const bySlug = await server.request('GET', `${collection}/by-slug/readable`);
      assert.equal(bySlug.status, 200, bySlug.text);
      assert.deepEqual(bySlug.body, byId.body);
    });

    for (const method of ['POST', 'PUT', 'PATCH']) {
      test(`${method} /${collection}/{id} and by-slug update only the fields sent`, async () => {
        const item = await create(server, kind, named(`Upd ${method}`, { ...kind.sample, description: 'Keep me' }));
        const field = type === 'venue' ? 'city' : 'phone';
        const byId = await server.admin(method, `${collection}/${item.id}`, { json: { [field]: 'Changed' } });
        assert.equal(byId.status, 200, byId.text);
        assert.equal(byId.body[field], 'Changed');
        for (const [key, value] of Object.entries(item)) {
          if (key === field || key.startsWith('modified')) continue;
          assert.deepEqual(byId.body[key], value, `${key} unchanged`);
        }
        const bySlug = await server.admin(method, `${collection}/by-slug/${item.slug}`, {
          json: { description: 'By slug' },
        });
        assert.equal(bySlug.status, 200, bySlug.text);
        assert.equal(bySlug.body.id, item.id);
        assert.equal(bySlug.body.description, '<p>By slug</p>');
        assert.equal(bySlug.body[field], 'Changed');
        assert.equal(bySlug.body[type], `Upd ${method}`);
        assert.equal(bySlug.body.status, 'publish', 'an update without status keeps it');
        const stored = await server.request('GET', `${collection}/${item.id}`);
        assert.equal(stored.body[field], 'Changed');
      });
    }

    test('a field set to "" is removed from the representation', async () => {
      const field = type === 'venue' ? 'address' : 'email';
      const item = await create(server, kind, named('Clearable', kind.sample));
      assert.ok(item[field]);
      const cleared = await server.admin('PATCH', `${collection}/${item.id}`, { json: { [field]: '' } });
      assert.equal(cleared.status, 200, cleared.text);
      assert.equal(field in cleared.body, false);
      assert.equal(field in (await server.request('GET', `${collection}/${item.id}`)).body, false);
    });

    test('renaming to the name of another item is allowed', async () => {
      const a = await create(server, kind, named('Rename A'));
      const b = await create(server, kind, named('Rename B'));
      const response = await server.admin('PATCH', `${collection}/${b.id}`, { json: named('Rename A') });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body[type], 'Rename A');
      assert.notEqual(response.body.id, a.id);
    });

    test('unknown id → 400 rest_invalid_param (param id) on every method, even anonymous DELETE', async () => {
      const anEvent = await createEvent(server, event());
      for (const id of [987654, 0, anEvent.id]) {
        assertInvalidParam(await server.request('GET', `${collection}/${id}`), 'id', `GET ${id}`);
        assertInvalidParam(await server.request('DELETE', `${collection}/${id}`), 'id', `anonymous DELETE ${id}`);
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
          assertInvalidParam(
            await server.admin(method, `${collection}/${id}`, { json: { phone: '1' } }),
            'id',
            `${method} ${id}`,
          );
        assertInvalidParam(
          await server.request('PATCH', `${collection}/${id}`, { json: { phone: '1' } }),
          'id',
          'anonymous PATCH',
        );
      }
      // an event's id is not a venue/organizer: the event stays untouched
      assert.equal((await server.request('GET', `events/${anEvent.id}`)).body.status, 'publish');
    });

    test(`/${collection}/abc → 404 rest_no_route; unknown slug → 400`, async () => {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
        assertError(await server.admin(method, `${collection}/abc`), 404, 'rest_no_route', method);
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
        assertInvalidParam(
          await server.admin(method, `${collection}/by-slug/no-such-slug`, {
            json: method === 'GET' ? undefined : { phone: '1' },
          }),
          'slug',
          method,
        );
      assertInvalidParam(await server.request('DELETE', `${collection}/by-slug/no-such-slug`), 'slug', 'anonymous');
    });

    test('a slug of the other kind does not resolve', async () => {
      const other = KINDS.find((k) => k !== kind)!;
      const item = await create(server, other, { [other.type]: 'Other Kind Slug' });
      assertInvalidParam(await server.request('GET', `${collection}/by-slug/${item.slug}`), 'slug');
      assertInvalidParam(await server.request('GET', `${collection}/${item.id}`), 'id');
    });

    test('DELETE trashes (200, status trash) and unlinks from events; again → 410; force → gone', async () => {
      const item = await create(server, kind, named('To Trash', kind.sample));
      const keeper = await create(server, kind, named('Keeper'));
      const linked = await createEvent(server, event({ [type]: type === 'venue' ? item.id : [item.id, keeper.id] }));
      if (type === 'venue') assert.equal(linked.venue.id, item.id);
      else assert.equal(linked.organizer.length, 2);

      const trashed = await server.admin('DELETE', `${collection}/${item.id}`);
      assert.equal(trashed.status, 200, trashed.text);
      assert.equal(trashed.body.status, 'trash');
      assert.equal(trashed.body.id, item.id);
      assert.equal(trashed.body[type], 'To Trash');
      assertKeyOrder(trashed.body, kind.order, 'trash response');

      const after = await server.request('GET', `events/${linked.id}`);
      if (type === 'venue') assert.deepEqual(after.body.venue, []);
      else
        assert.deepEqual(
          after.body.organizer.map((o: Item) => o.id),
          [keeper.id],
        );
      assert.deepEqual(ids(await server.admin('GET', collection, { query: { event: linked.id } }), collection), [
        ...(type === 'venue' ? [] : [keeper.id]),
      ]);
      assert.deepEqual(ids(await server.request('GET', 'events', { query: { [type]: item.id } }), 'events'), []);

      assertError(await server.admin('DELETE', `${collection}/${item.id}`), 410, `${type}-is-in-trash`);
      // The trashed one's slug is <slug>__trashed now (WordPress's rename): the old one names nothing.
      assertError(await server.admin('DELETE', `${collection}/by-slug/${item.slug}`), 400, 'rest_invalid_param');
      assertError(
        await server.admin('DELETE', `${collection}/by-slug/${item.slug}__trashed`),
        410,
        `${type}-is-in-trash`,
      );

      const gone = await server.admin('DELETE', `${collection}/${item.id}`, { query: { force: true } });
      assert.equal(gone.status, 200, gone.text);
      assert.equal(gone.body.id, item.id);
      assertInvalidParam(await server.admin('GET', `${collection}/${item.id}`), 'id');
      assertInvalidParam(await server.admin('DELETE', `${collection}/${item.id}`), 'id');
    });

    test('DELETE by slug, and force=true on a live item deletes it at once', async () => {
      const a = await create(server, kind, named('Slug Delete'));
      const trashed = await server.admin('DELETE', `${collection}/by-slug/${a.slug}`);
      assert.equal(trashed.status, 200, trashed.text);
      assert.equal(trashed.body.status, 'trash');
      const b = await create(server, kind, named('Force Delete'));
      const linked = await createEvent(server, event({ [type]: [b.id] }));
      const posts = countRows(server, 'posts');
      const gone = await server.admin('DELETE', `${collection}/by-slug/${b.slug}`, { query: { force: 'true' } });
      assert.equal(gone.status, 200, gone.text);
      assert.equal(gone.body[type], 'Force Delete');
      assert.equal(countRows(server, 'posts'), posts - 1);
      assertInvalidParam(await server.request('GET', `${collection}/${b.id}`), 'id');
      const eventAfter = await server.request('GET', `events/${linked.id}`);
      assert.deepEqual(eventAfter.body[type], []);
    });

    test('trash and restore: PATCH status publish on a trashed item brings it back', async () => {
      const item = await create(server, kind, named('Restorable'));
      await server.admin('DELETE', `${collection}/${item.id}`);
      assertError(await server.request('GET', `${collection}/${item.id}`), 403, `${type}-not-accessible`);
      const asAdmin = await server.admin('GET', `${collection}/${item.id}`);
      assert.equal(asAdmin.status, 200, 'trashed items stay readable by administrators');
      assert.equal(asAdmin.body.status, 'trash');
      // A plain update without status keeps it in the trash.
      const stillTrashed = await server.admin('PATCH', `${collection}/${item.id}`, { json: { phone: '42' } });
      assert.equal(stillTrashed.body.status, 'trash');
      assert.equal(ids(await server.request('GET', collection), collection).includes(item.id), false);
      const restored = await server.admin('PATCH', `${collection}/${item.id}`, { json: { status: 'publish' } });
      assert.equal(restored.status, 200, restored.text);
      assert.equal(restored.body.status, 'publish');
      assert.equal((await server.request('GET', `${collection}/${item.id}`)).status, 200);
      assert.ok(ids(await server.request('GET', collection), collection).includes(item.id));
      // restored: deleting trashes again (not 410)
      assert.equal((await server.admin('DELETE', `${collection}/${item.id}`)).status, 200);
    });

    test('a non-published item: anonymous single GET → 403, its author and editors read it', async () => {
      const draft = await create(server, kind, named('Draft Item', { status: 'draft' }), server.tokens.contributor);
      assert.equal(draft.status, 'draft');
      assertError(await server.request('GET', `${collection}/${draft.id}`), 403, `${type}-not-accessible`);
      assertError(await server.request('GET', `${collection}/by-slug/${draft.slug}`), 403, `${type}-not-accessible`);
      assertError(
        await server.request('GET', `${collection}/${draft.id}`, { token: server.tokens.subscriber }),
        403,
        `${type}-not-accessible`,
      );
      assertError(
        await server.request('GET', `${collection}/${draft.id}`, { token: server.tokens.author }),
        403,
        `${type}-not-accessible`,
      );
      for (const who of ['contributor', 'editor', 'administrator'] as const) {
        const response = await server.request('GET', `${collection}/${draft.id}`, { token: server.tokens[who] });
        assert.equal(response.status, 200, `${who}: ${response.text}`);
      }
      const priv = await create(server, kind, named('Private Item', { status: 'private' }));
      assertError(await server.request('GET', `${collection}/${priv.id}`), 403, `${type}-not-accessible`);
      assert.equal(
        (await server.request('GET', `${collection}/${priv.id}`, { token: server.tokens.editor })).status,
        200,
      );
    });

    test('relation filters in both directions: events?' + type + '=ID ↔ ' + collection + '?event=ID', async () => {
      const a = await create(server, kind, named('Rel A'));
      const b = await create(server, kind, named('Rel B'));
      const e1 = await createEvent(server, event({ title: 'Rel E1', [type]: type === 'venue' ? a.id : [a.id, b.id] }));
      const e2 = await createEvent(server, event({ title: 'Rel E2', [type]: [b.id] }));
      await createEvent(server, event({ title: 'Rel E3' }));
      assert.deepEqual(
        ids(await server.request('GET', collection, { query: { event: e1.id } }), collection).sort(),
        (type === 'venue' ? [a.id] : [a.id, b.id]).sort(),
      );
      assert.deepEqual(ids(await server.request('GET', collection, { query: { event: e2.id } }), collection), [b.id]);
      assert.deepEqual(ids(await server.request('GET', 'events', { query: { [type]: a.id } }), 'events'), [e1.id]);
      const forB = ids(await server.request('GET', 'events', { query: { [type]: b.id } }), 'events');
      assert.deepEqual(forB.sort(), (type === 'venue' ? [e2.id] : [e1.id, e2.id]).sort());
    });
  });

  describe(`${collection}: permissions`, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer();
    });
    after(() => server.close());

    test('anonymous writes → 401 with WWW-Authenticate; subscribers → 403; nothing written', async () => {
      const item = await create(server, kind, named('Perm Target'));
      const before = countRows(server, 'posts');
      const anonymous = await server.request('POST', collection, { json: named('Anon') });
      assertError(anonymous, 401, 'rest_forbidden');
      assert.ok(anonymous.headers.get('www-authenticate'));
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        assertError(
          await server.request(method, `${collection}/${item.id}`, { json: { phone: '1' } }),
          401,
          'rest_forbidden',
        );
        assertError(
          await server.request(method, `${collection}/by-slug/${item.slug}`, { json: { phone: '1' } }),
          401,
          'rest_forbidden',
        );
        assertError(
          await server.request(method, `${collection}/${item.id}`, {
            json: { phone: '1' },
            token: server.tokens.subscriber,
          }),
          403,
          'rest_forbidden',
        );
      }
      assertError(
        await server.request('POST', collection, { json: named('Sub'), token: server.tokens.subscriber }),
        403,
        'rest_forbidden',
      );
      assert.equal(countRows(server, 'posts'), before);
      const unchanged = await server.request('GET', `${collection}/${item.id}`);
      assert.equal(unchanged.body.status, 'publish');
      assert.equal('phone' in unchanged.body, false);
    });

    test('validation (400) comes before permission (401/403)', async () => {
      assertError(await server.request('POST', collection, { json: {} }), 400, 'rest_missing_callback_param');
      assertInvalidParam(await server.request('POST', collection, { json: named('X', { status: 'bogus' }) }), 'status');
    });

    test('contributors create drafts (publish → pending) and edit only their own drafts', async () => {
      const token = server.tokens.contributor;
      const draft = await create(server, kind, named('Contrib Draft'), token);
      assert.equal(draft.status, 'draft');
      assert.equal(draft.author, String(server.userIds.contributor));
      const pending = await create(server, kind, named('Contrib Pub', { status: 'publish' }), token);
      assert.equal(pending.status, 'pending');
      const edited = await server.request('PATCH', `${collection}/${draft.id}`, { json: { phone: '7' }, token });
      assert.equal(edited.status, 200, edited.text);
      assert.equal(edited.body.status, 'draft');
      const adminItem = await create(server, kind, named('Admin Owned'));
      assertError(
        await server.request('PATCH', `${collection}/${adminItem.id}`, { json: { phone: '7' }, token }),
        403,
        'rest_forbidden',
      );
      assertError(await server.request('DELETE', `${collection}/${adminItem.id}`, { token }), 403, 'rest_forbidden');
      // Once an editor publishes it, the contributor can no longer edit or delete it.
      await server.request('PATCH', `${collection}/${draft.id}`, {
        json: { status: 'publish' },
        token: server.tokens.editor,
      });
      assertError(
        await server.request('PATCH', `${collection}/${draft.id}`, { json: { phone: '8' }, token }),
        403,
        'rest_forbidden',
      );
      const own = await create(server, kind, named('Contrib Deletable'), token);
      const deleted = await server.request('DELETE', `${collection}/${own.id}`, { token });
      assert.equal(deleted.status, 200, deleted.text);
      assert.equal(deleted.body.status, 'trash');
    });

    test("authors publish, edit and delete their own items but not others'", async () => {
      const token = server.tokens.author;
      const own = await create(server, kind, named('Author Own'), token);
      assert.equal(own.status, 'publish');
      const edited = await server.request('PUT', `${collection}/${own.id}`, { json: { phone: '5' }, token });
      assert.equal(edited.status, 200, edited.text);
      const others = await create(server, kind, named('Author2 Own'), server.tokens.author2);
      assertError(
        await server.request('PATCH', `${collection}/${others.id}`, { json: { phone: '5' }, token }),
        403,
        'rest_forbidden',
      );
      assertError(await server.request('DELETE', `${collection}/${others.id}`, { token }), 403, 'rest_forbidden');
      // contract §6: only editors+ may set another author
      assertError(
        await server.request('POST', collection, { json: named('Ghost', { author: server.userIds.author2 }), token }),
        403,
      );
      assert.equal((await server.request('DELETE', `${collection}/${own.id}`, { token })).status, 200);
    });

    test("editors and administrators edit and delete anyone's items and may set the author", async () => {
      const item = await create(server, kind, named('Shared Item'), server.tokens.author);
      for (const who of ['editor', 'administrator'] as const) {
        const response = await server.request('PATCH', `${collection}/${item.id}`, {
          json: { phone: who },
          token: server.tokens[who],
        });
        assert.equal(response.status, 200, response.text);
        assert.equal(response.body.phone, who);
      }
      const reassigned = await server.request('PATCH', `${collection}/${item.id}`, {
        json: { author: server.userIds.author2 },
        token: server.tokens.editor,
      });
      assert.equal(reassigned.body.author, String(server.userIds.author2));
      assertInvalidParam(
        await server.admin('PATCH', `${collection}/${item.id}`, { json: { author: 99999 } }),
        'author',
      );
      assert.equal(
        (await server.request('DELETE', `${collection}/${item.id}`, { token: server.tokens.editor })).status,
        200,
      );
    });
  });

  describe(`${collection}: duplicate avoidance`, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer();
    });
    after(() => server.close());

    test('an identical POST returns the existing id with 201 and creates nothing', async () => {
      const fields = named('Dup Item', type === 'venue' ? { city: 'Dup City', zip: '1' } : { email: 'd@example.com' });
      const first = await create(server, kind, fields);
      const posts = countRows(server, 'posts');
      const again = await server.admin('POST', collection, { json: fields });
      assert.equal(again.status, 201);
      assert.equal(again.body.id, first.id);
      assert.equal(countRows(server, 'posts'), posts);
    });

    test('same name, a different field → a new item; the existing one is never changed', async () => {
      const field = type === 'venue' ? 'city' : 'phone';
      const first = await create(server, kind, named('Dup Two', { [field]: 'Original' }));
      const second = await create(server, kind, named('Dup Two', { [field]: 'Different' }));
      assert.notEqual(second.id, first.id);
      assert.equal(second[field], 'Different');
      const stored = await server.request('GET', `${collection}/${first.id}`);
      assert.equal(stored.body[field], 'Original');
      assert.equal(stored.body.modified_utc, first.modified_utc);
    });

    test('regression: an identical POST never returns (or links) a post the caller may not read', async () => {
      // Bug fixed in linked-posts.ts findIdentical: another user's draft was handed out.
      const fields = named('Dup Secret', { phone: '000' });
      const draft = await create(server, kind, fields, server.tokens.contributor);
      assert.equal(draft.status, 'draft');
      const mine = await create(server, kind, fields, server.tokens.author);
      assert.notEqual(mine.id, draft.id);
      assert.equal(mine.status, 'publish');
      assert.equal(mine.author, String(server.userIds.author));
      // the same for an inline venue/organizer in an event write
      const inline = await createEvent(server, event({ [type]: [fields] }), server.tokens.author2);
      const linked = type === 'venue' ? inline.venue : inline.organizer[0];
      assert.notEqual(linked.id, draft.id);
      // the contributor (who may read the draft) does get the draft back
      const again = await create(server, kind, fields, server.tokens.contributor);
      assert.equal(again.id, draft.id);
      // and the draft itself never changed
      const stored = await server.request('GET', `${collection}/${draft.id}`, { token: server.tokens.editor });
      assert.equal(stored.body.author, String(server.userIds.contributor));
      assert.equal(stored.body.modified_utc, draft.modified_utc);
    });

    test('regression: a POST naming another status or author is not identical', async () => {
      // Bug fixed in linked-posts.ts findIdentical: status/author/date were not compared.
      const published = await create(server, kind, named('Dup Status'));
      const asDraft = await create(server, kind, named('Dup Status', { status: 'draft' }));
      assert.notEqual(asDraft.id, published.id);
      assert.equal(asDraft.status, 'draft');
      const samePublished = await create(server, kind, named('Dup Status', { status: 'publish' }));
      assert.equal(samePublished.id, published.id);
      const otherAuthor = await create(server, kind, named('Dup Status', { author: server.userIds.editor }));
      assert.notEqual(otherAuthor.id, published.id);
      assert.equal(otherAuthor.author, String(server.userIds.editor));
      const sameAuthor = await create(
        server,
        kind,
        named('Dup Status', { author: server.userIds.administrator, status: 'publish' }),
      );
      assert.equal(sameAuthor.id, published.id);
      const otherDate = await create(server, kind, named('Dup Status', { date: '2021-05-05 10:00:00' }));
      assert.notEqual(otherDate.id, published.id);
      assert.equal(otherDate.date, '2021-05-05 10:00:00');
      const sameDate = await create(server, kind, named('Dup Status', { date: '2021-05-05 10:00:00' }));
      assert.equal(sameDate.id, otherDate.id);
    });

    test('a trashed item is not reused', async () => {
      const first = await create(server, kind, named('Dup Trashed'));
      await server.admin('DELETE', `${collection}/${first.id}`);
      const second = await create(server, kind, named('Dup Trashed'));
      assert.notEqual(second.id, first.id);
      assert.equal(second.status, 'publish');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe(`GET /${collection}: pagination, envelope, headers`, () => {
    let server: TestServer;
    let created: Item[] = [];
    before(async () => {
      server = await startServer();
      created = [];
      for (const name of ['Page One', 'Page Two', 'Page Three']) created.push(await create(server, kind, named(name)));
    });
    after(() => server.close());

    test('envelope key order, totals, X-TEC headers; anonymous rest_url has status=publish', async () => {
      const response = await server.request('GET', collection);
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(Object.keys(response.body), [collection, 'rest_url', 'total', 'total_pages']);
      assert.equal(response.body.total, 3);
      assert.equal(response.body.total_pages, 1);
      assert.equal(response.headers.get('x-tec-total'), '3');
      assert.equal(response.headers.get('x-tec-totalpages'), '1');
      assert.equal(
        response.body.rest_url,
        `${server.url}/svc/events/v1/${collection}/?page=1&per_page=10&status=publish`,
      );
      // Default order: publication date descending (then id descending).
      assert.deepEqual(ids(response, collection), created.map((c) => c.id).reverse());
      for (const item of response.body[collection] as Item[]) assertKeyOrder(item, kind.order, 'list item');
    });

    test('per_page and page split the list; next/previous URLs; an empty page past the end → 404', async () => {
      const first = await server.request('GET', collection, { query: { per_page: 2 } });
      assert.equal(first.body[collection].length, 2);
      assert.equal(first.body.total, 3);
      assert.equal(first.body.total_pages, 2);
      assert.equal(first.headers.get('x-tec-totalpages'), '2');
      assert.deepEqual(Object.keys(first.body), [collection, 'rest_url', 'next_rest_url', 'total', 'total_pages']);
      assert.equal('previous_rest_url' in first.body, false);
      const nextUrl = new URL(first.body.next_rest_url);
      assert.equal(nextUrl.searchParams.get('page'), '2');
      assert.equal(nextUrl.searchParams.get('per_page'), '2');
      const second = await server.request('GET', pathOf(first.body.next_rest_url));
      assert.equal(second.status, 200, second.text);
      assert.deepEqual(ids(second, collection), [created[0]!.id]);
      assert.equal('next_rest_url' in second.body, false);
      const previous = new URL(second.body.previous_rest_url);
      assert.equal(previous.searchParams.get('page'), null, 'going back to page 1 drops page');
      assert.equal(previous.searchParams.get('per_page'), '2');
      assert.deepEqual(ids(await server.request('GET', pathOf(second.body.previous_rest_url)), collection), [
        created[2]!.id,
        created[1]!.id,
      ]);
      const past = await server.request('GET', collection, { query: { per_page: 2, page: 3 } });
      assertError(past, 404, `${type}-archive-page-not-found`);
      assert.equal(past.body.message, `The requested ${type} archive page does not exist`);
    });

    test('page 1 of an empty result → 200 [] with totals 0', async () => {
      const response = await server.request('GET', collection, { query: { search: 'zzz-nothing-matches' } });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body[collection], []);
      assert.equal(response.body.total, 0);
      assert.equal(response.body.total_pages, 0);
      assert.equal(response.headers.get('x-tec-total'), '0');
      assertError(
        await server.request('GET', collection, { query: { search: 'zzz-nothing-matches', page: 2 } }),
        404,
        `${type}-archive-page-not-found`,
      );
    });

    test('page / per_page must be positive integers', async () => {
      for (const value of ['0', '-1', 'abc', '1.5', '']) {
        assertInvalidParam(await server.request('GET', collection, { query: { per_page: value } }), 'per_page', value);
        assertInvalidParam(await server.request('GET', collection, { query: { page: value } }), 'page', value);
      }
    });

    test('translation_language: invalid → 400; valid → items carry it', async () => {
      assertInvalidParam(
        await server.request('GET', collection, { query: { translation_language: 'fr' } }),
        'translation_language',
      );
      assertInvalidParam(
        await server.request('GET', `${collection}/${created[0]!.id}`, { query: { translation_language: 'EN' } }),
        'translation_language',
      );
      // No variant yet: the base text is served and named by the site language.
      const response = await server.request('GET', collection, { query: { translation_language: 'mx' } });
      assert.equal(response.status, 200, response.text);
      for (const item of response.body[collection] as Item[]) assert.equal(item.translation_language, 'en');
      assert.equal(new URL(response.body.rest_url).searchParams.get('translation_language'), 'mx');
      // A write in a language stores that variant only; reads in it serve the variant.
      const id = created[0]!.id;
      const written = await server.admin('PATCH', `${collection}/${id}`, {
        json: { [type]: 'Página Uno', description: 'Hola' },
        query: { translation_language: 'es' },
      });
      assert.equal(written.status, 200, written.text);
      const single = await server.request('GET', `${collection}/${id}`, { query: { translation_language: 'es' } });
      assert.equal(single.body.translation_language, 'es');
      assert.equal(single.body[type], 'Página Uno');
      const base = await server.request('GET', `${collection}/${id}`);
      assert.equal(base.body[type], 'Page One');
      assert.equal('translation_language' in base.body, false);
      const other = await server.request('GET', `${collection}/${id}`, { query: { translation_language: 'cl' } });
      assert.equal(other.body[type], 'Page One');
      assert.equal(other.body.translation_language, 'en');
      const listed = await server.request('GET', collection, { query: { translation_language: 'es' } });
      const item = (listed.body[collection] as Item[]).find((i) => i.id === id)!;
      assert.equal(item[type], 'Página Uno');
      assert.equal(item.translation_language, 'es');
    });
  });

  describe(`GET /${collection}: filters`, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer();
    });
    after(() => server.close());

    test('search matches the name and the description, case-insensitively; totals honour it', async () => {
      const byName = await create(server, kind, named('Xanadu Place'));
      const byDescription = await create(server, kind, named('Plain', { description: 'A glimmering riverside spot' }));
      await create(server, kind, named('Unrelated'));
      assert.deepEqual(ids(await server.request('GET', collection, { query: { search: 'xanadu' } }), collection), [
        byName.id,
      ]);
      const described = await server.request('GET', collection, { query: { search: 'GLIMMERING' } });
      assert.deepEqual(ids(described, collection), [byDescription.id]);
      assert.equal(described.body.total, 1);
      assert.equal(described.headers.get('x-tec-total'), '1');
      // LIKE wildcards are literal
      assert.deepEqual(ids(await server.request('GET', collection, { query: { search: '%' } }), collection), []);
      assert.deepEqual(ids(await server.request('GET', collection, { query: { search: '_' } }), collection), []);
      assertInvalidParam(await server.request('GET', collection, { query: { search: '' } }), 'search');
    });

    test('search over the contact fields', async () => {
      const fields: Json =
        type === 'venue'
          ? { address: 'Qwertyplatz 9', city: 'Zorbatown', zip: '99871', phone: '+1 555 7777' }
          : { phone: '+1 555 7777', email: 'quill@zorbatown.example', website: 'https://qwertyplatz.example.org' };
      const made: Record<string, number> = {};
      for (const [field, value] of Object.entries(fields))
        made[field] = (await create(server, kind, named(`Contact ${field}`, { [field]: value }))).id;
      const probes: Record<string, string> =
        type === 'venue'
          ? { address: 'qwertyplatz', city: 'zorbatown', zip: '9987', phone: '555 7777' }
          : { phone: '555 7777', email: 'quill@', website: 'qwertyplatz' };
      for (const [field, probe] of Object.entries(probes)) {
        const response = await server.request('GET', collection, { query: { search: probe } });
        assert.ok(ids(response, collection).includes(made[field]!), `${field} searchable`);
        assert.equal(response.body.total, response.body[collection].length);
      }
      if (type === 'venue') {
        // city search does not catch the others
        assert.deepEqual(ids(await server.request('GET', collection, { query: { search: 'zorbatown' } }), collection), [
          made.city!,
        ]);
      } else {
        // organizers are not searched by venue-only columns: nothing else matches
        assert.deepEqual(ids(await server.request('GET', collection, { query: { search: 'quill@' } }), collection), [
          made.email!,
        ]);
      }
    });

    test('search totals and next_rest_url stay within the search', async () => {
      const matching: number[] = [];
      for (const n of [1, 2, 3]) matching.push((await create(server, kind, named(`Plover ${n}`))).id);
      const first = await server.request('GET', collection, { query: { search: 'plover', per_page: 2 } });
      assert.equal(first.body.total, 3);
      assert.equal(first.body.total_pages, 2);
      assert.equal(first.headers.get('x-tec-total'), '3');
      const second = await server.request('GET', pathOf(first.body.next_rest_url));
      assert.deepEqual([...ids(first, collection), ...ids(second, collection)].sort(), matching.sort());
    });

    test('event: only items linked to that event; a non-event or unknown id → 400', async () => {
      const linked = await create(server, kind, named('Event Linked'));
      await create(server, kind, named('Event Unlinked'));
      const anEvent = await createEvent(server, event({ [type]: [linked.id] }));
      const response = await server.request('GET', collection, { query: { event: anEvent.id } });
      assert.deepEqual(ids(response, collection), [linked.id]);
      assert.equal(response.body.total, 1);
      assert.equal(new URL(response.body.rest_url).searchParams.get('event'), String(anEvent.id));
      assertInvalidParam(await server.request('GET', collection, { query: { event: linked.id } }), 'event');
      assertInvalidParam(await server.request('GET', collection, { query: { event: 999999 } }), 'event');
      assertInvalidParam(await server.request('GET', collection, { query: { event: 'abc' } }), 'event');
      assertInvalidParam(await server.request('GET', collection, { query: { event: 0 } }), 'event');
      const bare = await createEvent(server, event({ title: 'No links' }));
      assert.deepEqual(ids(await server.request('GET', collection, { query: { event: bare.id } }), collection), []);
    });

    test('has_events: published (also future/private) events count, drafts and pending do not', async () => {
      const withPublished = await create(server, kind, named('HE Published'));
      const withDraft = await create(server, kind, named('HE Draft'));
      const withPending = await create(server, kind, named('HE Pending'));
      const withNone = await create(server, kind, named('HE None'));
      const withPrivate = await create(server, kind, named('HE Private'));
      await createEvent(server, event({ [type]: [withPublished.id] }));
      await createEvent(server, event({ [type]: [withDraft.id], status: 'draft' }));
      await createEvent(server, event({ [type]: [withPending.id], status: 'pending' }));
      await createEvent(server, event({ [type]: [withPrivate.id], status: 'private' }));
      const heIds = [withPublished.id, withDraft.id, withPending.id, withNone.id];
      const only = (response: Response) => ids(response, collection).filter((id) => heIds.includes(id));
      for (const value of ['true', '1', 'TRUE']) {
        const yes = await server.request('GET', collection, { query: { has_events: value, search: 'HE ' } });
        assert.deepEqual(only(yes), [withPublished.id], value);
        assert.equal(yes.body.total, 1);
      }
      const no = await server.request('GET', collection, { query: { has_events: 'false', search: 'HE ' } });
      assert.deepEqual(only(no).sort(), [withDraft.id, withPending.id, withNone.id].sort());
      assert.equal(no.body.total, 4, 'the three above and, for anonymous callers, the private-only one');
      assert.equal(new URL(no.body.rest_url).searchParams.get('has_events'), '0');
      // regression (fixed in linked-list.ts): a private event counts only for callers who may read it
      const privateQuery = { query: { has_events: 'true', search: 'HE Private' } };
      assert.deepEqual(ids(await server.request('GET', collection, privateQuery), collection), []);
      assert.deepEqual(
        ids(await server.request('GET', collection, { ...privateQuery, token: server.tokens.editor }), collection),
        [withPrivate.id],
      );
      assert.deepEqual(
        ids(
          await server.request('GET', collection, { query: { has_events: 'false', search: 'HE Private' } }),
          collection,
        ),
        [withPrivate.id],
      );
      assertInvalidParam(await server.request('GET', collection, { query: { has_events: 'maybe' } }), 'has_events');
    });

    test('only_with_upcoming: an item whose only event is past is excluded', async () => {
      const past = await create(server, kind, named('OWU Past'));
      const upcoming = await create(server, kind, named('OWU Upcoming'));
      const draftOnly = await create(server, kind, named('OWU Draft'));
      await createEvent(
        server,
        event({ start_date: '2020-03-01 10:00', end_date: '2020-03-01 11:00', [type]: [past.id] }),
      );
      await createEvent(server, event({ [type]: [upcoming.id] }));
      await createEvent(server, event({ [type]: [draftOnly.id], status: 'draft' }));
      const yes = await server.request('GET', collection, { query: { only_with_upcoming: true, search: 'OWU' } });
      assert.deepEqual(ids(yes, collection), [upcoming.id]);
      assert.equal(yes.body.total, 1);
      const asAdmin = await server.admin('GET', collection, { query: { only_with_upcoming: 1, search: 'OWU' } });
      assert.deepEqual(ids(asAdmin, collection), [upcoming.id], 'draft events do not count even for admins');
      const no = await server.request('GET', collection, { query: { only_with_upcoming: false, search: 'OWU' } });
      assert.deepEqual(ids(no, collection).sort(), [past.id, upcoming.id, draftOnly.id].sort());
      // has_events alone still counts the past event
      const has = await server.request('GET', collection, { query: { has_events: true, search: 'OWU' } });
      assert.deepEqual(ids(has, collection).sort(), [past.id, upcoming.id].sort());
      assertInvalidParam(
        await server.request('GET', collection, { query: { only_with_upcoming: 'soon' } }),
        'only_with_upcoming',
      );
    });

    test('status: anonymous may ask only for publish; editors see drafts; unknown → 400', async () => {
      const published = await create(server, kind, named('ST Published'));
      const draft = await create(server, kind, named('ST Draft', { status: 'draft' }));
      const contribDraft = await create(server, kind, named('ST Contrib'), server.tokens.contributor);
      // A quoted phrase keeps its space (WordPress's keyword search; unquoted, "ST" alone is a word
      // of two letters that other items' names hold too).
      const q = (extra: Json = {}) => ({ query: { search: '"ST "', ...extra } as Record<string, string> });
      assert.deepEqual(ids(await server.request('GET', collection, q()), collection), [published.id]);
      assert.deepEqual(ids(await server.request('GET', collection, q({ status: 'publish' })), collection), [
        published.id,
      ]);
      assertInvalidParam(await server.request('GET', collection, q({ status: 'draft' })), 'status');
      assertInvalidParam(await server.request('GET', collection, q({ status: 'publish,draft' })), 'status');
      assertInvalidParam(
        await server.request('GET', collection, { ...q({ status: 'draft' }), token: server.tokens.subscriber }),
        'status',
      );
      const editor = { token: server.tokens.editor };
      assert.deepEqual(
        ids(await server.request('GET', collection, { ...q(), ...editor }), collection).sort(),
        [published.id, draft.id, contribDraft.id].sort(),
      );
      assert.deepEqual(
        ids(await server.request('GET', collection, { ...q({ status: 'draft' }), ...editor }), collection).sort(),
        [draft.id, contribDraft.id].sort(),
      );
      const editorDraft = await server.request('GET', collection, { ...q({ status: 'draft' }), ...editor });
      assert.equal(new URL(editorDraft.body.rest_url).searchParams.get('status'), 'draft');
      // contributors see published items and their own drafts, never others' drafts (contract §7)
      assert.deepEqual(
        ids(await server.request('GET', collection, { ...q(), token: server.tokens.contributor }), collection).sort(),
        [published.id, contribDraft.id].sort(),
      );
      for (const bad of ['bogus', 'any', '', 'publish,nope'])
        assertInvalidParam(
          await server.request('GET', collection, { ...q({ status: bad }), ...editor }),
          'status',
          bad,
        );
      // trash is listable on request by editors
      await server.admin('DELETE', `${collection}/${published.id}`);
      assert.deepEqual(
        ids(await server.request('GET', collection, { ...q({ status: 'trash' }), ...editor }), collection),
        [published.id],
      );
      assert.deepEqual(ids(await server.request('GET', collection, q()), collection), []);
    });
  });
}

describe('GET /venues: per_page is clamped at 50', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
    for (let n = 0; n < 52; n++) await create(server, KINDS[0]!, { venue: `Clamp ${n}` });
  });
  after(() => server.close());

  test('per_page=100 → 50 items, rest_url says per_page=50', async () => {
    const response = await server.request('GET', 'venues', { query: { per_page: 100 } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.venues.length, 50);
    assert.equal(response.body.total, 52);
    assert.equal(response.body.total_pages, 2);
    assert.equal(new URL(response.body.rest_url).searchParams.get('per_page'), '50');
    const second = await server.request('GET', pathOf(response.body.next_rest_url));
    assert.equal(second.body.venues.length, 2);
  });

  test('the default page size is 10', async () => {
    const response = await server.request('GET', 'venues');
    assert.equal(response.body.venues.length, 10);
    assert.equal(response.body.total_pages, 6);
  });
});
