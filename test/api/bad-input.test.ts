// A battery of bad input against every events route (contract §9: "no input can crash the
// process or leave partial data"). For every case: a 4xx, a JSON error body with a string
// `code`, never a 5xx, and not one row written anywhere.
import { test, after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, createEvent, rawRequest, type RequestOptions, type TestServer } from '../support/server.ts';
import { snapshot } from '../support/helpers.ts';
import { expectRejectedOn, json, raw, deepArray, deepObject, type RejectionCase } from '../support/rejections.ts';

let server: TestServer;
let event: Record<string, unknown> & { id: number; slug: string };
let venueId: number;
before(async () => {
  server = await startServer();
  event = await createEvent(server, {
    title: 'Target Event',
    start_date: '2027-05-01 10:00:00',
    end_date: '2027-05-01 12:00:00',
    categories: ['Existing Category'],
    venue: { venue: 'Target Hall' },
    organizer: [{ organizer: 'Target Org' }],
    cost: '10',
  });
  venueId = (event.venue as { id: number }).id;
});
after(() => server.close());

const valid = { title: 'Valid Title', start_date: '2027-06-01 10:00:00', end_date: '2027-06-01 12:00:00' };

type Case = RejectionCase;
const expectRejected = (c: Case) => expectRejectedOn(server, c);

/** Bad bodies for a write route. `base` is what makes the request otherwise valid. */
function writeCases(base: Record<string, unknown>): Omit<Case, 'method' | 'path'>[] {
  const withField = (field: string, value: unknown) => json({ ...base, [field]: value });
  return [
    { name: 'malformed JSON', options: raw('{"title": "x",'), status: 400, code: 'rest_invalid_json' },
    { name: 'JSON with a trailing comma', options: raw('{"title": "x",}'), status: 400, code: 'rest_invalid_json' },
    { name: 'single quotes', options: raw("{'title': 'x'}"), status: 400, code: 'rest_invalid_json' },
    { name: '__proto__ key', options: raw(`{"__proto__": {"admin": true}, "title": "x"}`), status: 400 },
    { name: 'title: 5', options: withField('title', 5), status: 400, code: 'rest_invalid_param' },
    { name: 'title: ["x"]', options: withField('title', ['x']), status: 400, code: 'rest_invalid_param' },
    { name: 'title: {}', options: withField('title', {}), status: 400, code: 'rest_invalid_param' },
    { name: 'title: ""', options: withField('title', ''), status: 400, code: 'rest_invalid_param' },
    { name: 'featured: "yes"', options: withField('featured', 'yes'), status: 400, code: 'rest_invalid_param' },
    { name: 'all_day: 2', options: withField('all_day', 2), status: 400, code: 'rest_invalid_param' },
    { name: 'categories: {a: 1}', options: withField('categories', { a: 1 }), status: 400 },
    { name: 'categories: {a: "New"}', options: withField('categories', { a: 'Brand New Cat' }), status: 400 },
    { name: 'categories: [[1]]', options: withField('categories', [[1]]), status: 400 },
    { name: 'tags: [{}]', options: withField('tags', [{}]), status: 400 },
    { name: 'venue: true', options: withField('venue', true), status: 400, code: 'rest_invalid_param' },
    { name: 'venue: unknown id', options: withField('venue', 987654), status: 400, code: 'rest_invalid_param' },
    { name: 'venue: {id: unknown}', options: withField('venue', { id: 987654 }), status: 400 },
    { name: 'venue: huge id', options: withField('venue', 1e308), status: 400 },
    { name: 'venue: inline without name', options: withField('venue', { city: 'Nowhere' }), status: 400 },
    { name: 'organizer: false', options: withField('organizer', false), status: 400 },
    { name: 'organizer: [[1]]', options: withField('organizer', [[1]]), status: 400 },
    { name: 'organizer: unknown id', options: withField('organizer', [venueId]), status: 400 },
    { name: 'website: 5', options: withField('website', 5), status: 400, code: 'rest_invalid_param' },
    { name: 'website: not a URL', options: withField('website', 'not a url'), status: 400 },
    { name: 'cost: {}', options: withField('cost', {}), status: 400, code: 'rest_invalid_param' },
    { name: 'cost: 1e400', options: raw(JSON.stringify(base).replace(/^\{/, '{"cost": 1e400,')), status: 400 },
    { name: 'cost: 10 kB', options: withField('cost', '9'.repeat(10_000)), status: 400 },
    { name: 'author: "abc"', options: withField('author', 'abc'), status: 400, code: 'rest_invalid_param' },
    { name: 'author: 1.5', options: withField('author', 1.5), status: 400 },
    { name: 'author: unknown', options: withField('author', 987654), status: 400 },
    { name: 'author: 1e400', options: raw(JSON.stringify(base).replace(/^\{/, '{"author": 1e400,')), status: 400 },
    {
      name: 'author: 99999999999999999999',
      options: raw(JSON.stringify(base).replace(/^\{/, '{"author": 99999999999999999999,')),
      status: 400,
    },
    { name: 'status: bogus', options: withField('status', 'bogus'), status: 400, code: 'rest_invalid_param' },
    { name: 'status: 5', options: withField('status', 5), status: 400 },
    { name: 'timezone: Mars', options: withField('timezone', 'Mars/Olympus'), status: 400 },
    { name: 'timezone: []', options: withField('timezone', []), status: 400 },
    { name: 'image: []', options: withField('image', []), status: 400 },
    { name: 'image: unknown id', options: withField('image', 987654), status: 400 },
    { name: 'image: ftp URL', options: withField('image', 'ftp://example.com/a.jpg'), status: 400 },
    { name: 'password: 5', options: withField('password', 5), status: 400 },
    { name: 'start_date: garbage', options: withField('start_date', 'before my birthday'), status: 400 },
    { name: 'start_date: {}', options: withField('start_date', {}), status: 400 },
    { name: 'start_date: 1e308', options: withField('start_date', 1e308), status: 400 },
    { name: 'start_date: year 99999', options: withField('start_date', '99999-01-01'), status: 400 },
    { name: 'start_date: 2027-02-30', options: withField('start_date', '2027-02-30 10:00'), status: 400 },
    { name: 'end_date: 25:00', options: withField('end_date', '2027-06-01 25:00'), status: 400 },
    { name: 'end_date: ""', options: withField('end_date', ''), status: 400 },
    { name: 'end before start', options: withField('end_date', '2020-01-01 00:00:00'), status: 400 },
    { name: 'date: garbage', options: withField('date', 'someday'), status: 400 },
    { name: 'date_utc: true', options: withField('date_utc', true), status: 400 },
    { name: 'title with \\u0000', options: withField('title', 'a\u0000b'), status: 400 },
    { name: 'title with \\u0007', options: withField('title', 'bell\u0007'), status: 400 },
    { name: 'description with \\u001b', options: withField('description', 'esc\u001b[31m'), status: 400 },
    { name: 'slug with \\u0000', options: withField('slug', 'a\u0000'), status: 400 },
    { name: 'category name with \\u0007', options: withField('categories', ['New\u0007Cat']), status: 400 },
    { name: 'inline venue with \\u0000', options: withField('venue', { venue: 'Hall\u0000' }), status: 400 },
    { name: 'deeply nested venue array', options: raw(`{"venue": ${deepArray(5000)}}`), status: 400 },
    { name: 'deeply nested venue object', options: raw(`{"venue": ${deepObject(5000)}}`), status: 400 },
    { name: 'deeply nested categories', options: raw(`{"categories": ${deepArray(5000)}}`), status: 400 },
    { name: 'deeply nested title', options: raw(`{"title": ${deepObject(5000)}}`), status: 400 },
    { name: 'too many organizers', options: withField('organizer', Array(500).fill({ organizer: 'Many' })) },
    { name: 'too many categories', options: withField('categories', Array(500).fill('Many')) },
    {
      name: 'new categories named by a rejected write',
      options: json({ ...base, categories: ['Never Created Cat'], tags: ['never-created-tag'], end_date: 'nope' }),
      status: 400,
    },
    {
      name: 'inline venue and organizer named by a rejected write',
      options: json({ ...base, venue: { venue: 'Never Hall' }, organizer: [{ organizer: 'Never Org' }], all_day: 'x' }),
      status: 400,
    },
    { name: '2 MB JSON body', options: json({ ...base, description: 'x'.repeat(2 * 1024 * 1024) }), status: 413 },
    {
      name: '2 MB form body',
      options: { form: { title: 'x', description: 'x'.repeat(2 * 1024 * 1024) } },
      status: 413,
      code: 'rest_request_too_large',
    },
    { name: 'XML body', options: raw('<event><title>x</title></event>', 'application/xml'), status: 415 },
    { name: 'CSV body', options: raw('title,x', 'text/csv'), status: 415 },
    { name: 'multipart body', options: raw('--x\r\n\r\n--x--', 'multipart/form-data; boundary=x'), status: 415 },
    { name: 'form: title[]=x', options: raw('title[]=x&featured=maybe', 'application/x-www-form-urlencoded') },
    {
      name: 'form: __proto__[title]=x',
      options: raw(
        '__proto__[title]=Injected&constructor[prototype]=x&featured=maybe',
        'application/x-www-form-urlencoded',
      ),
    },
    { name: 'form: categories[a]=1', options: raw('categories[a]=1', 'application/x-www-form-urlencoded') },
    { name: 'query: featured=yes', options: { query: { featured: 'yes' }, json: base } },
    { name: 'query: author=1e400', options: { query: { author: '1e400' }, json: base } },
    { name: 'translation_language: fr', options: withField('translation_language', 'fr'), status: 400 },
  ];
}

describe('bad input is rejected with a JSON 4xx and writes nothing', () => {
  test('POST /events', async () => {
    for (const c of writeCases(valid)) {
      await expectRejected({ ...c, method: 'POST', path: 'events' });
    }
  });

  for (const method of ['POST', 'PUT', 'PATCH']) {
    test(`${method} /events/{id} and /events/by-slug/{slug}`, async () => {
      const before = await server.admin('GET', `events/${event.id}`);
      for (const c of writeCases({ description: 'changed' })) {
        await expectRejected({ ...c, method, path: `events/${event.id}` });
        // On the by-slug route the path names the event and a body `slug` is ignored (spec §4.2).
        if (!c.name.startsWith('slug ')) await expectRejected({ ...c, method, path: `events/by-slug/${event.slug}` });
      }
      const after = await server.admin('GET', `events/${event.id}`);
      assert.deepEqual(after.body, before.body, 'the event did not change at all');
    });
  }

  test('DELETE /events/{id} and /events/by-slug/{slug}', async () => {
    const cases: Omit<Case, 'method' | 'path'>[] = [
      { name: 'malformed JSON', options: raw('{"force": tru'), status: 400, code: 'rest_invalid_json' },
      { name: 'force: maybe', options: { query: { force: 'maybe' } }, status: 400 },
      { name: 'force: {}', options: json({ force: {} }), status: 400 },
      { name: 'password: []', options: json({ password: [] }), status: 400 },
      { name: 'password with \\u0000', options: { query: { password: 'a\u0000' } }, status: 400 },
      { name: '2 MB body', options: json({ pad: 'x'.repeat(2 * 1024 * 1024) }), status: 413 },
      { name: 'XML body', options: raw('<force/>', 'application/xml'), status: 415 },
      { name: 'translation_language: xx', options: { query: { translation_language: 'xx' } }, status: 400 },
    ];
    for (const c of cases) {
      await expectRejected({ ...c, method: 'DELETE', path: `events/${event.id}` });
      // DELETE by slug takes no password (spec §4.2): there it is an unknown parameter.
      if (!c.name.startsWith('password'))
        await expectRejected({ ...c, method: 'DELETE', path: `events/by-slug/${event.slug}` });
    }
    assert.equal((await server.request('GET', `events/${event.id}`)).body.status, 'publish');
  });

  test('GET /events/{id} and /events/by-slug/{slug}', async () => {
    const query = (q: Record<string, string | string[]>): RequestOptions => ({ query: q });
    const cases: Case[] = [
      { name: 'huge id', method: 'GET', path: 'events/99999999999999999999' },
      { name: '2^53 id', method: 'GET', path: 'events/9007199254740993' },
      { name: 'unknown id', method: 'GET', path: 'events/987654', status: 404, code: 'rest-event-not-found' },
      { name: 'venue id', method: 'GET', path: `events/${venueId}`, status: 400, code: 'rest-invalid-event-id' },
      { name: 'negative id', method: 'GET', path: 'events/-1', status: 404, code: 'rest_no_route' },
      { name: 'decimal id', method: 'GET', path: 'events/1.5', status: 404, code: 'rest_no_route' },
      { name: 'unknown slug', method: 'GET', path: 'events/by-slug/no-such-slug', status: 400 },
      { name: 'long slug', method: 'GET', path: `events/by-slug/${'a'.repeat(450)}`, status: 400 },
      { name: 'context: bogus', method: 'GET', path: `events/${event.id}`, options: query({ context: 'bogus' }) },
      { name: 'context: []', method: 'GET', path: `events/${event.id}`, options: query({ context: ['edit'] }) },
      { name: 'password: []', method: 'GET', path: `events/${event.id}`, options: query({ password: ['x'] }) },
      {
        name: 'translation_language: en',
        method: 'GET',
        path: `events/by-slug/${event.slug}`,
        options: query({ translation_language: 'en' }),
      },
    ];
    for (const c of cases) await expectRejected(c);
  });

  test('GET /events', async () => {
    const list = (q: Record<string, string | string[]>): Case => ({
      name: JSON.stringify(q),
      method: 'GET',
      path: 'events',
      options: { query: q },
    });
    const cases: Case[] = [
      list({ per_page: '1e308' }),
      list({ per_page: '0' }),
      list({ per_page: '-1' }),
      list({ per_page: '1.5' }),
      list({ per_page: 'ten' }),
      list({ page: '99999999999999999999' }),
      list({ page: '0' }),
      list({ geoloc_lat: '1e400', geoloc_lng: '0' }),
      list({ geoloc_lat: '91', geoloc_lng: '0' }),
      list({ geoloc_lat: 'north', geoloc_lng: '0' }),
      list({ geoloc_lat: '10' }),
      list({ geoloc: 'maybe' }),
      list({ featured: 'yes' }),
      list({ ticketed: 'sometimes' }),
      list({ start_date: 'garbage' }),
      list({ end_date: '2027-13-45' }),
      list({ starts_before: 'the day after never' }),
      list({ ends_after: '' }),
      list({ strict_dates: 'perhaps' }),
      list({ strict_dates: ['1'] }),
      list({ search: '' }),
      list({ search: ['a', 'b'] }),
      list({ search: 'a\u0000' }),
      list({ status: ['publish'] }),
      list({ status: 'bogus' }),
      list({ status: '' }),
      list({ categories: 'no-such-category' }),
      list({ tags: ['999999'] }),
      list({ venue: 'abc' }),
      list({ venue: String(event.id) }),
      list({ organizer: '999999' }),
      list({ include: 'abc' }),
      list({ include: '-1' }),
      list({ post_parent: 'abc' }),
      list({ post_parent: String(venueId) }),
      list({ translation_language: 'de' }),
    ];
    for (const c of cases) await expectRejected(c);
  });

  test('unknown routes and methods', async () => {
    await expectRejected({ name: 'DELETE collection', method: 'DELETE', path: 'events', status: 404 });
    await expectRejected({ name: 'PATCH collection', method: 'PATCH', path: 'events', status: 404 });
    await expectRejected({ name: 'unknown', method: 'GET', path: 'eventz', status: 404, code: 'rest_no_route' });
    await expectRejected({ name: 'double slash', method: 'GET', path: '/svc/events/v1//events', status: 404 });
  });
});

describe('tolerated input', () => {
  test('unknown parameters are ignored (2xx)', async () => {
    const created = await server.admin('POST', 'events', {
      json: { ...valid, totally_unknown: { deep: [1, 2, 3] }, another: 'x', ticketed: 'banana' },
    });
    assert.equal(created.status, 201, created.text);
    const updated = await server.admin('PATCH', `events/${created.body.id}`, {
      json: { nonsense: true },
      query: { whatever: '1' },
    });
    assert.equal(updated.status, 200, updated.text);
    const read = await server.request('GET', `events/${created.body.id}`, { query: { unknown: 'x' } });
    assert.equal(read.status, 200);
    const list = await server.request('GET', 'events', { query: { unknown: 'x', orderby: 'nonsense' } });
    assert.equal(list.status, 200);
    // deeply nested unknown fields are ignored without harm too
    const deep = await server.admin('POST', 'events', {
      raw: {
        body: JSON.stringify(valid).replace(/^\{/, `{"zzz": ${deepArray(10000)},`),
        contentType: 'application/json',
      },
    });
    assert.ok(deep.status < 500, deep.text);
  });

  test('__proto__ keys in a form body or query string name no parameter', async () => {
    const before = snapshot(server);
    const response = await server.admin('POST', 'events', {
      raw: {
        body: `__proto__[title]=Injected&start_date=${encodeURIComponent(valid.start_date)}&end_date=${encodeURIComponent(valid.end_date)}`,
        contentType: 'application/x-www-form-urlencoded',
      },
    });
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.code, 'rest_missing_callback_param');
    assert.deepEqual(response.body.data.params, ['title']);
    const query = await server.request('GET', `/svc/events/v1/events?__proto__[status]=draft&__proto__=x`);
    assert.equal(query.status, 200, query.text);
    assert.deepEqual(snapshot(server), before);
    assert.equal(({} as Record<string, unknown>).title, undefined, 'no global prototype pollution');
  });

  test('JSON sent as text/plain is ignored like the reference (400 missing parameters), nothing written', async () => {
    await expectRejected({
      name: 'text/plain JSON',
      method: 'POST',
      path: 'events',
      options: raw(JSON.stringify(valid), 'text/plain'),
      status: 400,
      code: 'rest_missing_callback_param',
    });
  });

  test('a huge URL or huge headers → JSON 4xx, and the server keeps serving', async () => {
    const longUrl = await rawRequest(server.port, { path: `/svc/events/v1/events?search=${'a'.repeat(20_000)}` });
    assert.ok(longUrl.status >= 400 && longUrl.status < 500, `${longUrl.status}`);
    assert.equal(typeof JSON.parse(longUrl.body).code, 'string');
    const bigHeader = await rawRequest(server.port, {
      path: '/svc/events/v1/events',
      headers: { 'x-padding': 'a'.repeat(20_000) },
    });
    assert.ok(bigHeader.status >= 400 && bigHeader.status < 500, `${bigHeader.status}`);
    assert.equal((await server.request('GET', 'events')).status, 200);
  });
});

describe('regressions', () => {
  test('route checks never run on a value the schema rejected (each of these was a 500)', async () => {
    const before = snapshot(server);
    const titleAndDate = await server.admin('POST', 'events', { json: { ...valid, title: 5, end_date: 'garbage' } });
    assert.equal(titleAndDate.status, 400, titleAndDate.text);
    assert.equal(titleAndDate.body.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(titleAndDate.body.data.params).sort(), ['end_date', 'title'], 'every bad param named');
    assert.equal(titleAndDate.body.data.params.title, 'title is not of type string.');
    const website = await server.admin('PATCH', `events/${event.id}`, { json: { website: 5 } });
    assert.equal(website.status, 400, website.text);
    assert.ok(website.body.data.params.website);
    const lat = await server.request('GET', 'events', { query: { geoloc_lat: '91', geoloc_lng: '0' } });
    assert.equal(lat.status, 400, lat.text);
    assert.ok(lat.body.data.params.geoloc_lat);
    const status = await server.admin('GET', 'events', { query: { status: ['publish'] } });
    assert.equal(status.status, 400, status.text);
    assert.ok(status.body.data.params.status);
    assert.deepEqual(snapshot(server), before);
  });

  test('a number too large for a double is a 400, not Infinity (was a 500 on geoloc_lat=1e400)', async () => {
    const response = await server.request('GET', 'events', { query: { geoloc_lat: '1e400', geoloc_lng: '1e400' } });
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(Object.keys(response.body.data.params).sort(), ['geoloc_lat', 'geoloc_lng']);
    assert.equal(
      (await server.request('GET', 'events', { query: { geoloc_lat: '1e1', geoloc_lng: '2.5' } })).status,
      200,
    );
  });

  test('an object is a list only when its keys are indexes (categories: {a: 1} was accepted as [1])', async () => {
    const before = snapshot(server);
    const named = await server.admin('POST', 'events', { json: { ...valid, categories: { a: 'Object Key Cat' } } });
    assert.equal(named.status, 400, named.text);
    assert.equal(named.body.data.params.categories, 'categories is not of type array.');
    const form = await server.admin('POST', 'events', {
      raw: {
        body: new URLSearchParams({ ...valid, 'categories[a]': 'Object Key Cat' }).toString(),
        contentType: 'application/x-www-form-urlencoded',
      },
    });
    assert.equal(form.status, 400, form.text);
    assert.deepEqual(snapshot(server), before);
    // PHP-style numeric keys still make a list, in JSON and in forms.
    const numeric = await server.admin('POST', 'events', {
      json: { ...valid, categories: { 0: 'Index Key Cat', 1: 'Index Key Cat 2' } },
    });
    assert.equal(numeric.status, 201, numeric.text);
    assert.deepEqual(numeric.body.categories.map((t: { name: string }) => t.name).sort(), [
      'Index Key Cat',
      'Index Key Cat 2',
    ]);
    const indexed = await server.admin('POST', 'events', {
      raw: {
        body: `${new URLSearchParams(valid).toString()}&tags[0]=idx-a&tags[1]=idx-b`,
        contentType: 'application/x-www-form-urlencoded',
      },
    });
    assert.equal(indexed.status, 201, indexed.text);
    assert.equal(indexed.body.tags.length, 2);
  });

  test('a malformed percent-encoding in the path is a contract-shaped 400', async () => {
    const response = await rawRequest(server.port, { path: '/svc/events/v1/events/by-slug/%E0%A4%A' });
    assert.equal(response.status, 400);
    const body = JSON.parse(response.body);
    assert.equal(body.code, 'rest_bad_request');
    assert.equal(body.data?.status, 400);
  });
});

test('an empty body sent as application/json means "no parameters", as in WordPress', async () => {
  const emptyJson = { raw: { body: '', contentType: 'application/json' } };
  const created = await server.admin('POST', 'events', { json: valid });
  const id = created.body.id;
  // A create without parameters is missing them (not malformed JSON).
  const create = await server.admin('POST', 'events', emptyJson);
  assert.equal(create.status, 400);
  assert.equal(create.body.code, 'rest_missing_callback_param');
  // An update without parameters changes nothing; a delete without parameters deletes.
  const update = await server.admin('PATCH', `events/${id}`, emptyJson);
  assert.equal(update.status, 200, update.text);
  assert.equal(update.body.title, valid.title);
  const remove = await server.admin('DELETE', `events/${id}`, emptyJson);
  assert.equal(remove.status, 200, remove.text);
  assert.equal(remove.body.status, 'trash');
  // Whitespace only is empty too; anything else that is not JSON stays rest_invalid_json.
  assert.equal(
    (await server.admin('PATCH', `events/${id}`, { raw: { body: ' \n', contentType: 'application/json' } })).status,
    200,
  );
  const broken = await server.admin('PATCH', `events/${id}`, { raw: { body: '{', contentType: 'application/json' } });
  assert.equal(broken.status, 400);
  assert.equal(broken.body.code, 'rest_invalid_json');
});
