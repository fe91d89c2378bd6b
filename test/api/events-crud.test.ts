// Every events route and method over real HTTP: create, read, update (POST/PUT/PATCH, by id and
// by slug), delete (trash, 410, force), and the write semantics of contract §6 (partial updates,
// dates and zones, cost, linked venues/organizers, terms, image, slugs).
import { test, after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { startServer, createEvent, type TestServer } from '../support/server.ts';
import { assertError, assertInvalidParam, countRows, inDays } from '../support/helpers.ts';
import { EVENT_FLAGS } from '../../contract/constants.ts';

// The yes/no fields the contract declares as Almanac's own, beyond the reference's: the only keys
// allowed besides the reference's, right after its own flags (none today).
const EXTENSIONS = Object.entries(EVENT_FLAGS)
  .filter(([, flag]) => !flag.reference)
  .map(([name]) => name);
const withExtensions = (keys: string[]) => {
  const at = keys.indexOf('featured') + 1;
  return at === 0 ? keys : [...keys.slice(0, at), ...EXTENSIONS, ...keys.slice(at)];
};

// The keys of the reference's create response, in order (examples/026-create-event-basic.json).
const REFERENCE_EVENT_KEYS = [
  'id',
  'global_id',
  'global_id_lineage',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'rest_url',
  'title',
  'description',
  'excerpt',
  'slug',
  'image',
  'all_day',
  'start_date',
  'start_date_details',
  'end_date',
  'end_date_details',
  'utc_start_date',
  'utc_start_date_details',
  'utc_end_date',
  'utc_end_date_details',
  'timezone',
  'timezone_abbr',
  'cost',
  'cost_details',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'categories',
  'tags',
  'venue',
  'organizer',
  'custom_fields',
];
const EVENT_KEYS = withExtensions(REFERENCE_EVENT_KEYS);
// The keys of an embedded term, in order (examples/062-get-event-full.json).
const TERM_KEYS = [
  'name',
  'slug',
  'term_group',
  'term_taxonomy_id',
  'taxonomy',
  'description',
  'parent',
  'count',
  'filter',
  'id',
  'urls',
];
const EXAMPLES = new URL('../fixtures/reference-examples/', import.meta.url);

function example(name: string): { response: { body: Record<string, unknown> } } | undefined {
  const file = new URL(name, EXAMPLES);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const basic = (extra: Record<string, unknown> = {}) => ({
  title: 'Basic Event',
  start_date: '2027-01-10 10:00:00',
  end_date: '2027-01-10 12:00:00',
  ...extra,
});

describe('POST /events', () => {
  test('201 with exactly the reference key set, in order', async () => {
    const response = await server.admin('POST', 'events', { json: basic() });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(Object.keys(response.body), EVENT_KEYS);
    const reference = example('026-create-event-basic.json');
    if (reference) assert.deepEqual(Object.keys(response.body), withExtensions(Object.keys(reference.response.body)));
    const event = response.body;
    assert.equal(event.status, 'publish');
    assert.equal(event.author, String(server.userIds.administrator));
    assert.equal(event.title, 'Basic Event');
    assert.equal(event.description, '');
    assert.equal(event.excerpt, '');
    assert.equal(event.image, false);
    assert.equal(event.all_day, false);
    assert.equal(event.start_date, '2027-01-10 10:00:00');
    assert.deepEqual(event.start_date_details, {
      year: '2027',
      month: '01',
      day: '10',
      hour: '10',
      minutes: '00',
      seconds: '00',
    });
    assert.equal(event.end_date, '2027-01-10 12:00:00');
    assert.equal(event.utc_start_date, '2027-01-10 15:00:00');
    assert.equal(event.utc_end_date, '2027-01-10 17:00:00');
    assert.equal(event.timezone, 'America/New_York');
    assert.equal(event.timezone_abbr, 'EST');
    assert.equal(event.cost, '');
    assert.deepEqual(event.cost_details, { currency_symbol: '', currency_code: '', currency_position: '', values: [] });
    // The reference stores omitted show_map/show_map_link as false on create.
    assert.equal(event.show_map, false);
    assert.equal(event.show_map_link, false);
    assert.equal(event.hide_from_listings, false);
    assert.equal(event.sticky, false);
    assert.equal(event.featured, false);
    assert.deepEqual(event.categories, []);
    assert.deepEqual(event.tags, []);
    assert.deepEqual(event.venue, []);
    assert.deepEqual(event.organizer, []);
    assert.deepEqual(event.custom_fields, []);
    assert.equal(event.global_id, `127.0.0.1?id=${event.id}`);
    assert.deepEqual(event.global_id_lineage, [event.global_id]);
    assert.equal(event.rest_url, `${server.url}/svc/events/v1/events/${event.id}`);
    assert.equal(event.url, `${server.url}/event/${event.slug}/`);
    // website falls back to the permalink when none was given
    assert.equal(event.website, event.url);
    assert.equal('json_ld' in event, false, 'no json_ld on create');
  });

  test('slug comes from the title and is made unique with -2, -3', async () => {
    const first = await createEvent(server, basic({ title: 'Slug Test Évènement!' }));
    const second = await createEvent(server, basic({ title: 'Slug Test Évènement!' }));
    const third = await createEvent(server, basic({ title: 'Another', slug: first.slug }));
    assert.equal(first.slug, 'slug-test-evenement');
    assert.equal(second.slug, 'slug-test-evenement-2');
    assert.equal(third.slug, 'slug-test-evenement-3');
    assert.equal(second.url, `${server.url}/event/slug-test-evenement-2/`);
  });

  test('missing title → 400 rest_missing_callback_param with data.params ["title"] (example 043)', async () => {
    const before = countRows(server, 'posts');
    const response = await server.admin('POST', 'events', {
      json: { start_date: '2027-01-10 10:00:00', end_date: '2027-01-10 12:00:00' },
    });
    assertError(response, 400, 'rest_missing_callback_param');
    assert.deepEqual(response.body, {
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): title',
      data: { status: 400, params: ['title'] },
    });
    const reference = example('043-err-create-event-missing-title.json');
    if (reference) assert.deepEqual(response.body, reference.response.body);
    assert.equal(countRows(server, 'posts'), before);
  });

  test('every missing required field is named', async () => {
    const response = await server.admin('POST', 'events', { json: {} });
    assertError(response, 400, 'rest_missing_callback_param');
    assert.deepEqual([...response.body.data.params].sort(), ['end_date', 'start_date', 'title']);
  });

  test('title "" (or only blanks) → 400 rest_invalid_param on title', async () => {
    const before = countRows(server, 'posts');
    assertInvalidParam(await server.admin('POST', 'events', { json: basic({ title: '' }) }), 'title');
    assertInvalidParam(await server.admin('POST', 'events', { json: basic({ title: '   ' }) }), 'title');
    assert.equal(countRows(server, 'posts'), before);
  });

  test('form-encoded bodies work (arrays as key[]=…)', async () => {
    const body = new URLSearchParams({
      title: 'Form Event',
      start_date: '2027-02-01 09:00',
      end_date: '2027-02-01 10:00',
      featured: '1',
      cost: '15',
    });
    body.append('tags[]', 'form-tag-a');
    body.append('tags[]', 'form-tag-b');
    const response = await server.admin('POST', 'events', {
      raw: { body: body.toString(), contentType: 'application/x-www-form-urlencoded' },
    });
    assert.equal(response.status, 201, response.text);
    assert.equal(response.body.title, 'Form Event');
    assert.equal(response.body.start_date, '2027-02-01 09:00:00');
    assert.equal(response.body.featured, true);
    assert.equal(response.body.cost, '$15');
    assert.deepEqual(
      response.body.tags.map((t: { name: string }) => t.name),
      ['form-tag-a', 'form-tag-b'],
    );
  });

  test('query-string parameters work, and the body wins over the query string', async () => {
    const response = await server.admin('POST', 'events', {
      query: {
        title: 'From Query',
        start_date: '2027-02-02 09:00:00',
        end_date: '2027-02-02 11:00:00',
        sticky: 'true',
      },
    });
    assert.equal(response.status, 201, response.text);
    assert.equal(response.body.title, 'From Query');
    assert.equal(response.body.sticky, true);
    const mixed = await server.admin('POST', 'events', {
      query: { title: 'Query Title', featured: 'true' },
      json: { title: 'Body Title', start_date: '2027-02-02 09:00:00', end_date: '2027-02-02 11:00:00' },
    });
    assert.equal(mixed.status, 201, mixed.text);
    assert.equal(mixed.body.title, 'Body Title');
    assert.equal(mixed.body.featured, true, 'query-only fields are merged in');
  });

  test('unknown and read-only fields are ignored', async () => {
    const response = await server.admin('POST', 'events', {
      json: basic({ id: 424242, rest_url: 'x', utc_start_date: '1999-01-01 00:00:00', no_such_field: 1 }),
    });
    assert.equal(response.status, 201, response.text);
    assert.notEqual(response.body.id, 424242);
    assert.equal(response.body.utc_start_date, '2027-01-10 15:00:00');
  });
});

describe('dates and time zones', () => {
  test('end before start → 400 rest_invalid_param on end_date (create)', async () => {
    const before = countRows(server, 'posts');
    const response = await server.admin('POST', 'events', {
      json: basic({ start_date: '2027-01-10 12:00:00', end_date: '2027-01-10 10:00:00' }),
    });
    assertInvalidParam(response, 'end_date');
    assert.equal(countRows(server, 'posts'), before);
  });

  test('end before start on update, also when only one date is sent', async () => {
    const event = await createEvent(server, basic());
    assertInvalidParam(
      await server.admin('PATCH', `events/${event.id}`, { json: { end_date: '2027-01-10 09:00:00' } }),
      'end_date',
    );
    assertInvalidParam(
      await server.admin('PATCH', `events/${event.id}`, { json: { start_date: '2027-01-10 13:00:00' } }),
      'end_date',
    );
    const unchanged = await server.request('GET', `events/${event.id}`);
    assert.equal(unchanged.body.start_date, '2027-01-10 10:00:00');
    assert.equal(unchanged.body.end_date, '2027-01-10 12:00:00');
    // Moving only the end later is fine.
    const ok = await server.admin('PATCH', `events/${event.id}`, { json: { end_date: '2027-01-10 14:00:00' } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.start_date, '2027-01-10 10:00:00');
    assert.equal(ok.body.end_date, '2027-01-10 14:00:00');
    assert.equal(ok.body.utc_end_date, '2027-01-10 19:00:00');
  });

  test('a timezone change keeps the wall times and recomputes utc_*', async () => {
    const event = await createEvent(server, basic());
    const response = await server.admin('PATCH', `events/${event.id}`, { json: { timezone: 'Europe/Berlin' } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.timezone, 'Europe/Berlin');
    assert.equal(response.body.start_date, '2027-01-10 10:00:00');
    assert.equal(response.body.utc_start_date, '2027-01-10 09:00:00');
    assert.equal(response.body.utc_end_date, '2027-01-10 11:00:00');
    assert.equal(response.body.utc_start_date_details.hour, '09');
  });

  test('per-event zones UTC+5, UTC-3:30 and Europe/Berlin (summer time)', async () => {
    const plus5 = await createEvent(server, basic({ timezone: 'UTC+5' }));
    assert.equal(plus5.timezone, 'UTC+5');
    assert.equal(plus5.timezone_abbr, 'UTC+5');
    assert.equal(plus5.utc_start_date, '2027-01-10 05:00:00');
    assert.equal(plus5.utc_end_date, '2027-01-10 07:00:00');

    const minus330 = await createEvent(server, basic({ timezone: 'UTC-3:30' }));
    assert.equal(minus330.timezone, 'UTC-3:30');
    assert.equal(minus330.timezone_abbr, 'UTC-3:30');
    assert.equal(minus330.utc_start_date, '2027-01-10 13:30:00');

    const berlin = await createEvent(
      server,
      basic({ timezone: 'Europe/Berlin', start_date: '2027-07-01 20:00:00', end_date: '2027-07-01 23:30:00' }),
    );
    assert.equal(berlin.start_date, '2027-07-01 20:00:00');
    assert.equal(berlin.utc_start_date, '2027-07-01 18:00:00');
    assert.equal(berlin.utc_end_date, '2027-07-01 21:30:00');

    const single = await server.request('GET', `events/${berlin.id}`);
    assert.equal(single.body.json_ld.startDate, '2027-07-01T20:00:00+02:00');
    assertInvalidParam(await server.admin('POST', 'events', { json: basic({ timezone: 'Mars/Olympus' }) }), 'timezone');
    assertInvalidParam(await server.admin('POST', 'events', { json: basic({ timezone: 'UTC+99' }) }), 'timezone');
  });

  test('timezone_abbr of a European zone is its usual abbreviation, as PHP gives it', async () => {
    const event = await createEvent(server, basic({ timezone: 'Europe/Berlin' }));
    assert.equal(event.timezone_abbr, 'CET');
  });

  test('all_day stores 00:00:00 of the start day to 23:59:59 of the end day', async () => {
    const event = await createEvent(
      server,
      basic({ all_day: true, start_date: '2027-03-01 15:00:00', end_date: '2027-03-02 11:00:00' }),
    );
    assert.equal(event.all_day, true);
    assert.equal(event.start_date, '2027-03-01 00:00:00');
    assert.equal(event.end_date, '2027-03-02 23:59:59');
    assert.equal(event.utc_start_date, '2027-03-01 05:00:00');
    assert.equal(event.utc_end_date, '2027-03-03 04:59:59');
    // Turning all_day on for an existing event snaps its stored times.
    const timed = await createEvent(server, basic());
    const updated = await server.admin('PATCH', `events/${timed.id}`, { json: { all_day: true } });
    assert.equal(updated.body.start_date, '2027-01-10 00:00:00');
    assert.equal(updated.body.end_date, '2027-01-10 23:59:59');
  });

  test('relative and unparseable dates', async () => {
    const relative = await server.admin('POST', 'events', {
      json: basic({ start_date: 'tomorrow 9am', end_date: 'tomorrow 11am' }),
    });
    assert.equal(relative.status, 201, relative.text);
    assert.equal(relative.body.start_date, inDays(1, '09:00:00'));
    assertInvalidParam(
      await server.admin('POST', 'events', { json: basic({ start_date: 'before my birthday' }) }),
      'start_date',
    );
  });
});

describe('cost', () => {
  test('"20$" keeps its text and infers a postfix $', async () => {
    const event = await createEvent(server, basic({ cost: '20$' }));
    assert.equal(event.cost, '20$');
    assert.equal(event.cost_details.currency_symbol, '$');
    assert.equal(event.cost_details.currency_position, 'postfix');
    assert.deepEqual(event.cost_details.values, ['20']);
  });

  test('["10","50"] → "$10 – $50"; "Free" and 0.00 → Free; "0" and 0 → no cost at all (as the reference runs); "" clears', async () => {
    const range = await createEvent(server, basic({ cost: ['10', '50'] }));
    assert.equal(range.cost, '$10 – $50');
    assert.deepEqual(range.cost_details.values, ['10', '50']);
    for (const cost of ['Free', '0.00']) assert.equal((await createEvent(server, basic({ cost }))).cost, 'Free', cost);
    // Regression (issue 21): "0" showed as "Free" with a value and a json_ld offer; TEC shows none.
    for (const cost of ['0', 0]) {
      const zero = await createEvent(server, basic({ cost }));
      assert.equal(zero.cost, '', String(cost));
      assert.deepEqual(zero.cost_details.values, []);
      const single = await server.admin('GET', `events/${zero.id}`);
      assert.equal(single.body.json_ld.offers, undefined, 'no offer');
    }
    const updated = await server.admin('PATCH', `events/${range.id}`, { json: { cost: 0 } });
    assert.equal(updated.body.cost, '');
    const cleared = await server.admin('PATCH', `events/${range.id}`, { json: { cost: '' } });
    assert.equal(cleared.body.cost, '');
    assert.deepEqual(cleared.body.cost_details.values, []);
  });
});

describe('venue and organizers', () => {
  test('inline venue and organizers are created; ids, {id} and inline objects link in order', async () => {
    const first = await createEvent(
      server,
      basic({
        venue: { venue: 'Crud Hall', address: '1 Main St', city: 'Springfield', country: 'United States', state: 'IL' },
        organizer: [{ organizer: 'Crud Org A', email: 'a@example.com' }, { organizer: 'Crud Org B' }],
      }),
    );
    assert.equal(first.venue.venue, 'Crud Hall');
    assert.equal(first.venue.city, 'Springfield');
    assert.equal(first.venue.stateprovince, 'IL');
    assert.equal(typeof first.venue.id, 'number');
    assert.deepEqual(
      first.organizer.map((o: { organizer: string }) => o.organizer),
      ['Crud Org A', 'Crud Org B'],
    );
    const [orgA, orgB] = first.organizer.map((o: { id: number }) => o.id);

    // by id, by {id}, and a new inline one, mixed
    const second = await createEvent(
      server,
      basic({ venue: first.venue.id, organizer: [{ id: orgB }, orgA, { organizer: 'Crud Org C' }] }),
    );
    assert.equal(second.venue.id, first.venue.id);
    assert.deepEqual(
      second.organizer.map((o: { organizer: string }) => o.organizer),
      ['Crud Org B', 'Crud Org A', 'Crud Org C'],
    );
    // An identical inline venue is reused, not duplicated.
    const before = countRows(server, 'posts');
    const third = await createEvent(
      server,
      basic({
        venue: { venue: 'Crud Hall', address: '1 Main St', city: 'Springfield', country: 'United States', state: 'IL' },
      }),
    );
    assert.equal(third.venue.id, first.venue.id);
    assert.equal(countRows(server, 'posts'), before + 1, 'only the event was added');
    // The venue id as a string and {id} work as well.
    const fourth = await createEvent(server, basic({ venue: { id: first.venue.id }, organizer: String(orgA) }));
    assert.equal(fourth.venue.id, first.venue.id);
    assert.deepEqual(
      fourth.organizer.map((o: { id: number }) => o.id),
      [orgA],
    );
  });

  test('[] detaches venue and organizers; omitted keeps them', async () => {
    const event = await createEvent(
      server,
      basic({ venue: { venue: 'Detach Hall' }, organizer: [{ organizer: 'Detach Org' }] }),
    );
    const kept = await server.admin('PATCH', `events/${event.id}`, { json: { title: 'Still linked' } });
    assert.equal(kept.body.venue.venue, 'Detach Hall');
    assert.equal(kept.body.organizer.length, 1);
    const detached = await server.admin('PATCH', `events/${event.id}`, { json: { venue: [], organizer: [] } });
    assert.equal(detached.status, 200, detached.text);
    assert.deepEqual(detached.body.venue, []);
    assert.deepEqual(detached.body.organizer, []);
    const again = await server.request('GET', `events/${event.id}`);
    assert.deepEqual(again.body.venue, []);
    assert.deepEqual(again.body.organizer, []);
  });

  test('an unknown venue or organizer id → 400, nothing written', async () => {
    const event = await createEvent(server, basic());
    const before = countRows(server, 'posts');
    assertInvalidParam(await server.admin('POST', 'events', { json: basic({ venue: 987654 }) }), 'venue');
    assertInvalidParam(await server.admin('POST', 'events', { json: basic({ venue: { id: 987654 } }) }), 'venue');
    // an event id is not a venue
    assertInvalidParam(await server.admin('POST', 'events', { json: basic({ venue: event.id }) }), 'venue');
    assertInvalidParam(await server.admin('POST', 'events', { json: basic({ organizer: [987654] }) }), 'organizer');
    // an inline organizer without a name
    assertInvalidParam(
      await server.admin('POST', 'events', { json: basic({ organizer: [{ email: 'x@example.com' }] }) }),
      'organizer',
    );
    assert.equal(countRows(server, 'posts'), before);
  });
});

describe('categories, tags and image', () => {
  test('categories/tags by name create terms; embedded terms have the key order of example 062', async () => {
    const termsBefore = countRows(server, 'terms');
    const event = await createEvent(server, basic({ categories: ['Crud Music', 'Crud Jazz'], tags: ['Crud Free'] }));
    assert.equal(countRows(server, 'terms'), termsBefore + 3);
    assert.equal(event.categories.length, 2);
    for (const term of [...event.categories, ...event.tags]) assert.deepEqual(Object.keys(term), TERM_KEYS);
    const reference = example('062-get-event-full.json');
    if (reference) {
      const refTerm = (reference.response.body.categories as Record<string, unknown>[])[0]!;
      assert.deepEqual(Object.keys(event.categories[0]).slice(0, 10), Object.keys(refTerm).slice(0, 10));
    }
    const jazz = event.categories.find((t: { name: string }) => t.name === 'Crud Jazz');
    assert.equal(jazz.slug, 'crud-jazz');
    assert.equal(jazz.taxonomy, 'tribe_events_cat');
    assert.equal(jazz.term_group, 0);
    assert.equal(jazz.term_taxonomy_id, jazz.id);
    assert.equal(jazz.filter, 'raw');
    assert.equal(jazz.count, 1);
    assert.deepEqual(jazz.urls, {
      self: `${server.url}/svc/events/v1/categories/${jazz.id}`,
      collection: `${server.url}/svc/events/v1/categories`,
    });
    assert.equal(event.tags[0].taxonomy, 'post_tag');
    assert.equal(event.tags[0].urls.self, `${server.url}/svc/events/v1/tags/${event.tags[0].id}`);

    // by id, by name of an existing term (no new term), and by slug
    const second = await createEvent(server, basic({ categories: [jazz.id, 'Crud Music'], tags: ['crud-free'] }));
    assert.equal(countRows(server, 'terms'), termsBefore + 3, 'existing terms are reused');
    assert.deepEqual(
      second.categories.map((t: { id: number }) => t.id).sort(),
      event.categories.map((t: { id: number }) => t.id).sort(),
    );
    assert.equal(second.tags[0].id, event.tags[0].id);
    // counts follow
    const again = await server.request('GET', `events/${event.id}`);
    assert.equal(again.body.categories.find((t: { id: number }) => t.id === jazz.id).count, 2);
    // an empty array removes them
    const cleared = await server.admin('PATCH', `events/${event.id}`, { json: { categories: [], tags: [] } });
    assert.deepEqual(cleared.body.categories, []);
    assert.deepEqual(cleared.body.tags, []);
  });

  test('the same new name twice in one write creates one term', async () => {
    const before = countRows(server, 'terms');
    const event = await createEvent(server, basic({ categories: ['Twice Cat', 'Twice Cat', 'twice cat'] }));
    assert.equal(countRows(server, 'terms'), before + 1);
    assert.equal(event.categories.length, 1);
  });

  test('an image URL becomes an image object with an id; the same URL reuses it; "" removes it', async () => {
    const url = 'https://images.example.com/photos/crud-poster.jpg';
    const event = await createEvent(server, basic({ image: url }));
    assert.equal(typeof event.image, 'object');
    assert.equal(event.image.url, url);
    assert.equal(typeof event.image.id, 'number');
    assert.equal(event.image.extension, 'jpg');
    const second = await createEvent(server, basic({ image: url }));
    assert.equal(second.image.id, event.image.id);
    const byId = await createEvent(server, basic({ image: event.image.id }));
    assert.equal(byId.image.url, url);
    const removed = await server.admin('PATCH', `events/${event.id}`, { json: { image: '' } });
    assert.equal(removed.body.image, false);
    assertInvalidParam(await server.admin('POST', 'events', { json: basic({ image: 'not a url' }) }), 'image');
    assertInvalidParam(await server.admin('POST', 'events', { json: basic({ image: 99999 }) }), 'image');
    // an event id is not an image
    assertInvalidParam(await server.admin('POST', 'events', { json: basic({ image: event.id }) }), 'image');
  });
});

describe('GET /events/{id} and /events/by-slug/{slug}', () => {
  test('json_ld only on single GET, not on create, update or in lists', async () => {
    const event = await createEvent(
      server,
      basic({
        title: 'JSON-LD Event',
        start_date: inDays(3),
        end_date: inDays(3, '12:00:00'),
        cost: '35',
        venue: { venue: 'LD Hall', city: 'Springfield' },
        organizer: [{ organizer: 'LD Org' }],
      }),
    );
    assert.equal('json_ld' in event, false);
    const single = await server.request('GET', `events/${event.id}`);
    assert.equal(single.status, 200);
    assert.deepEqual(Object.keys(single.body), [...EVENT_KEYS, 'json_ld']);
    assert.equal(single.body.json_ld['@type'], 'Event');
    assert.equal(single.body.json_ld.name, 'JSON-LD Event');
    assert.equal(single.body.json_ld.location['@type'], 'Place');
    assert.equal(single.body.json_ld.organizer['@type'], 'Person');
    assert.equal(single.body.json_ld.offers.price, '35');
    assert.ok(single.body.venue.json_ld, 'the embedded venue carries json_ld on single GET');
    const bySlug = await server.request('GET', `events/by-slug/${event.slug}`);
    assert.equal(bySlug.status, 200);
    assert.deepEqual(bySlug.body, single.body);
    const updated = await server.admin('PATCH', `events/${event.id}`, { json: { title: 'JSON-LD Event!' } });
    assert.equal('json_ld' in updated.body, false);
    assert.equal('json_ld' in updated.body.venue, false);
    const list = await server.request('GET', 'events', { query: { include: String(event.id) } });
    const listed = list.body.events.find((e: { id: number }) => e.id === event.id);
    assert.ok(listed, list.text);
    assert.equal('json_ld' in listed, false);
    assert.equal('json_ld' in listed.venue, false);
  });

  test('a venue id → 400 rest-invalid-event-id; unknown → 404 rest-event-not-found; 0 → 404', async () => {
    const event = await createEvent(server, basic({ venue: { venue: 'Not An Event Hall' } }));
    const venueId = event.venue.id;
    assertError(await server.request('GET', `events/${venueId}`), 400, 'rest-invalid-event-id');
    assertError(
      await server.admin('PATCH', `events/${venueId}`, { json: { title: 'x' } }),
      400,
      'rest-invalid-event-id',
    );
    assertError(await server.admin('DELETE', `events/${venueId}`), 400, 'rest-invalid-event-id');
    const missing = await server.request('GET', 'events/999999');
    assertError(missing, 404, 'rest-event-not-found');
    assert.deepEqual(missing.body, {
      code: 'rest-event-not-found',
      message: 'Event with ID 999999 does not exist.',
      data: { status: 404 },
    });
    assertError(await server.request('GET', 'events/0'), 404);
    assertError(await server.admin('PUT', 'events/999999', { json: { title: 'x' } }), 404, 'rest-event-not-found');
    assertError(await server.admin('DELETE', 'events/999999'), 404, 'rest-event-not-found');
  });

  test('non-numeric ids and unknown methods → 404 rest_no_route', async () => {
    assertError(await server.request('GET', 'events/abc'), 404, 'rest_no_route');
    assertError(await server.request('GET', 'events/12abc'), 404, 'rest_no_route');
    assertError(await server.request('GET', 'events/by-slug/'), 404);
    assertError(await server.admin('PUT', 'events'), 404, 'rest_no_route');
    assertError(await server.admin('DELETE', 'events'), 404, 'rest_no_route');
  });

  test('an unknown slug → 400 rest_invalid_param on slug, for every method', async () => {
    assertInvalidParam(await server.request('GET', 'events/by-slug/no-such-event'), 'slug');
    assertInvalidParam(
      await server.admin('POST', 'events/by-slug/no-such-event', { json: { title: 'x' } }),
      'slug',
      'update',
    );
    assertInvalidParam(await server.admin('DELETE', 'events/by-slug/no-such-event'), 'slug', 'delete');
  });

  test('trailing slash and case-insensitive routes', async () => {
    const event = await createEvent(server, basic());
    assert.equal((await server.request('GET', `events/${event.id}/`)).status, 200);
    assert.equal((await server.request('GET', `/svc/events/v1/EVENTS/${event.id}`)).status, 200);
  });
});

describe('updates', () => {
  for (const method of ['POST', 'PUT', 'PATCH']) {
    test(`${method} /events/{id} is a partial update: title only keeps cost, featured, organizers, status…`, async () => {
      const event = await createEvent(
        server,
        basic({
          description: 'Kept description',
          excerpt: 'Kept excerpt',
          cost: '25',
          featured: true,
          sticky: true,
          show_map: true,
          show_map_link: true,
          hide_from_listings: true,
          all_day: false,
          website: 'https://kept.example.com',
          status: 'draft',
          categories: ['Kept Category'],
          tags: ['kept-tag'],
          venue: { venue: 'Kept Hall' },
          organizer: [{ organizer: 'Kept Org' }],
          image: 'https://images.example.com/kept.png',
        }),
      );
      const response = await server.admin(method, `events/${event.id}`, { json: { title: `Renamed by ${method}` } });
      assert.equal(response.status, 200, response.text);
      const updated = response.body;
      assert.equal(updated.title, `Renamed by ${method}`);
      for (const key of EVENT_KEYS) {
        if (['title', 'modified', 'modified_utc', 'categories', 'tags'].includes(key)) continue;
        assert.deepEqual(updated[key], event[key], `${key} is kept`);
      }
      assert.equal(updated.status, 'draft');
      assert.equal(updated.cost, '$25');
      assert.equal(updated.featured, true);
      assert.equal(updated.organizer[0].organizer, 'Kept Org');
      assert.deepEqual(
        updated.categories.map((t: { id: number }) => t.id),
        event.categories.map((t: { id: number }) => t.id),
      );
      assert.deepEqual(Object.keys(updated), EVENT_KEYS);
    });
  }

  test('update by slug with POST, PUT and PATCH; the path slug names the event', async () => {
    const event = await createEvent(server, basic({ title: 'By Slug Update' }));
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const response = await server.admin(method, `events/by-slug/${event.slug}`, {
        json: { description: `via ${method}`, slug: 'ignored-slug' },
      });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.id, event.id);
      assert.equal(response.body.description, `<p>via ${method}</p>`);
      assert.equal(response.body.slug, event.slug);
    }
  });

  test('a body or query id never retargets the update', async () => {
    const a = await createEvent(server, basic({ title: 'Retarget A' }));
    const b = await createEvent(server, basic({ title: 'Retarget B' }));
    const response = await server.admin('PATCH', `events/${a.id}`, {
      query: { id: String(b.id) },
      json: { id: b.id, title: 'Retargeted?' },
    });
    assert.equal(response.body.id, a.id);
    assert.equal((await server.request('GET', `events/${b.id}`)).body.title, 'Retarget B');
  });

  test('slug changes on the by-id route are sanitized and kept unique', async () => {
    const a = await createEvent(server, basic({ title: 'Slug Change A' }));
    const b = await createEvent(server, basic({ title: 'Slug Change B' }));
    const renamed = await server.admin('PATCH', `events/${b.id}`, { json: { slug: a.slug } });
    assert.equal(renamed.body.slug, `${a.slug}-2`);
    const same = await server.admin('PATCH', `events/${a.id}`, { json: { slug: a.slug } });
    assert.equal(same.body.slug, a.slug, 'an event keeps its own slug');
    const messy = await server.admin('PATCH', `events/${a.id}`, { json: { slug: 'Hello World!!' } });
    assert.equal(messy.body.slug, 'hello-world');
    assert.equal((await server.request('GET', 'events/by-slug/hello-world')).body.id, a.id);
  });

  test('website: set, cleared with "" (no fallback then), invalid → 400', async () => {
    const event = await createEvent(server, basic({ website: 'https://site.example.com/x' }));
    assert.equal(event.website, 'https://site.example.com/x');
    const cleared = await server.admin('PATCH', `events/${event.id}`, { json: { website: '' } });
    assert.equal(cleared.body.website, '');
    assertInvalidParam(
      await server.admin('PATCH', `events/${event.id}`, { json: { website: 'javascript:alert(1)' } }),
      'website',
    );
  });

  test('an update of a trashed event that names another status restores it', async () => {
    const event = await createEvent(server, basic());
    await server.admin('DELETE', `events/${event.id}`);
    const stillTrashed = await server.admin('PATCH', `events/${event.id}`, { json: { title: 'Trashed edit' } });
    assert.equal(stillTrashed.status, 200, stillTrashed.text);
    assert.equal(stillTrashed.body.status, 'trash');
    const restored = await server.admin('PATCH', `events/${event.id}`, { json: { status: 'publish' } });
    assert.equal(restored.body.status, 'publish');
    assert.equal((await server.request('GET', `events/${event.id}`)).status, 200);
  });
});

describe('DELETE', () => {
  test('trash → 200 status trash; again → 410; GET → 403; force → 404 afterwards', async () => {
    const event = await createEvent(server, basic({ venue: { venue: 'Delete Hall' } }));
    const trashed = await server.admin('DELETE', `events/${event.id}`);
    assert.equal(trashed.status, 200, trashed.text);
    assert.equal(trashed.body.id, event.id);
    assert.equal(trashed.body.status, 'trash');
    assert.deepEqual(Object.keys(trashed.body), EVENT_KEYS);
    const again = await server.admin('DELETE', `events/${event.id}`);
    assertError(again, 410, 'event-is-in-trash');
    assert.equal(again.body.message, 'The event is already trashed');
    const read = await server.admin('GET', `events/${event.id}`);
    assertError(read, 403, 'event-no-longer-available');
    assertError(await server.request('GET', `events/${event.id}`), 403, 'event-no-longer-available');

    const before = countRows(server, 'posts');
    const forced = await server.admin('DELETE', `events/${event.id}`, { query: { force: 'true' } });
    assert.equal(forced.status, 200, forced.text);
    assert.equal(forced.body.id, event.id);
    assert.equal(countRows(server, 'posts'), before - 1);
    assertError(await server.request('GET', `events/${event.id}`), 404, 'rest-event-not-found');
    assertError(await server.admin('DELETE', `events/${event.id}`), 404, 'rest-event-not-found');
    // the venue survives
    const venueCount = server.store.db
      .prepare("SELECT COUNT(*) n FROM posts WHERE type = 'venue' AND id = ?")
      .get(event.venue.id) as { n: number };
    assert.equal(venueCount.n, 1);
  });

  test('force=true deletes a published event at once; by-slug delete trashes', async () => {
    const event = await createEvent(server, basic({ title: 'Force Me', categories: ['Force Cat'] }));
    const links = countRows(server, 'term_posts');
    const forced = await server.admin('DELETE', `events/${event.id}`, { json: { force: true } });
    assert.equal(forced.status, 200, forced.text);
    assert.equal(forced.body.status, 'publish', 'the item as it was');
    assert.equal(countRows(server, 'term_posts'), links - 1, 'its term links are gone');
    assertError(await server.request('GET', `events/${event.id}`), 404, 'rest-event-not-found');

    // A permanent delete leaves none of the event's content behind, translations included.
    const translated = await createEvent(server, basic({ title: 'Evento', translation_language: 'es' }));
    const rowsOf = (id: number) =>
      (
        server.store.db
          .prepare("SELECT COUNT(*) n FROM translations WHERE kind = 'post' AND object_id = ?")
          .get(id) as {
          n: number;
        }
      ).n;
    assert.ok(rowsOf(translated.id) > 0, 'the Spanish variant is stored');
    const gone = await server.admin('DELETE', `events/${translated.id}`, { query: { force: 'true' } });
    assert.equal(gone.status, 200, gone.text);
    assert.equal(rowsOf(translated.id), 0);

    const other = await createEvent(server, basic({ title: 'Delete By Slug' }));
    const bySlug = await server.admin('DELETE', `events/by-slug/${other.slug}`);
    assert.equal(bySlug.status, 200, bySlug.text);
    assert.equal(bySlug.body.status, 'trash');
    // Trashing renamed its slug (WordPress's __trashed): the old slug names nothing now; the new one
    // names the trashed event.
    assert.equal(bySlug.body.slug, `${other.slug}__trashed`);
    assertError(await server.admin('DELETE', `events/by-slug/${other.slug}`), 400, 'rest_invalid_param');
    assertError(await server.admin('DELETE', `events/by-slug/${other.slug}__trashed`), 410, 'event-is-in-trash');
  });
});

describe('ETags', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  // The checks before a write share one read of the event, and handlers hand back the ETag of
  // what they wrote: each answer must still carry the item's ETag as it is afterwards.
  test('every answer carries the ETag the event has afterwards; a stale If-Match → 412', async () => {
    const event = await createEvent(server, {
      title: 'Tagged',
      start_date: inDays(3),
      end_date: inDays(3, '11:00:00'),
    });
    const read = async () => {
      const response = await server.admin('GET', `events/${event.id}`);
      assert.equal(response.status, 200, response.text);
      return response.headers.get('etag');
    };
    const first = await read();
    assert.ok(first);
    const patched = await server.admin('PATCH', `events/${event.id}`, {
      json: { title: 'Retitled' },
      headers: { 'if-match': first },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.notEqual(patched.headers.get('etag'), first);
    assert.equal(patched.headers.get('etag'), await read());
    const stale = await server.admin('PATCH', `events/${event.id}`, {
      json: { title: 'Lost update' },
      headers: { 'if-match': first },
    });
    assertError(stale, 412, 'rest_precondition_failed');
    const trashed = await server.admin('DELETE', `events/${event.id}`);
    assert.equal(trashed.status, 200, trashed.text);
    // A trashed event is not readable (403, as the reference); its stored revision is the truth.
    const stored = server.store.posts.get(server.store.sites.byCode('default')!.id, event.id)!;
    assert.equal(trashed.headers.get('etag'), `"p${event.id}-r${stored.revision}"`);
    assert.notEqual(trashed.headers.get('etag'), patched.headers.get('etag'));
    const gone = await server.admin('DELETE', `events/${event.id}`, { query: { force: true } });
    assert.equal(gone.status, 200, gone.text);
    assert.equal(gone.headers.get('etag'), null);
  });

  test('venues too: GET, PATCH and trash answer with the ETag the venue has afterwards', async () => {
    const created = await server.admin('POST', 'venues', { json: { venue: 'Hall' } });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as number;
    const read = async () => (await server.admin('GET', `venues/${id}`)).headers.get('etag');
    const first = await read();
    assert.equal(first, created.headers.get('etag'));
    const patched = await server.admin('PATCH', `venues/${id}`, {
      json: { city: 'Lyon' },
      headers: { 'if-match': first! },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.notEqual(patched.headers.get('etag'), first);
    assert.equal(patched.headers.get('etag'), await read());
    assertError(
      await server.admin('PATCH', `venues/${id}`, { json: { city: 'Nice' }, headers: { 'if-match': first! } }),
      412,
      'rest_precondition_failed',
    );
    const trashed = await server.admin('DELETE', `venues/${id}`);
    assert.equal(trashed.status, 200, trashed.text);
    const stored = server.store.posts.get(server.store.sites.byCode('default')!.id, id)!;
    assert.equal(trashed.headers.get('etag'), `"p${id}-r${stored.revision}"`);
  });
});
