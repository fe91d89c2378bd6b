// Bad input against every /venues, /organizers, /categories and /tags route (contract §9: "no
// input can crash the process or leave partial data"). For every case: a 4xx, a JSON error body
// with a string `code` and `data.status`, never a 5xx, and not one row written anywhere.
import { test, after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, createEvent, rawRequest, type TestServer } from '../support/server.ts';
import {
  expectRejectedOn,
  json,
  raw,
  deepArray,
  deepObject,
  withLiteral,
  type RejectionCase,
} from '../support/rejections.ts';

let server: TestServer;
let eventId: number;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};
before(async () => {
  server = await startServer();
  for (const [collection, body] of [
    ['venues', { venue: 'Target Hall', city: 'Springfield', state: 'IL' }],
    ['organizers', { organizer: 'Target Org', email: 'target@example.com' }],
    ['categories', { name: 'Target Category' }],
    ['tags', { name: 'Target Tag' }],
  ] as const) {
    const response = await server.admin('POST', collection, { json: body });
    assert.equal(response.status, 201, response.text);
    ids[collection] = response.body.id;
    slugs[collection] = response.body.slug;
  }
  const event = await createEvent(server, {
    title: 'Target Event',
    start_date: '2027-05-01 10:00:00',
    end_date: '2027-05-01 12:00:00',
    venue: ids.venues,
    organizer: [ids.organizers],
    categories: [ids.categories],
    tags: [ids.tags],
  });
  eventId = event.id;
});
after(() => server.close());

type Case = RejectionCase;
const expectRejected = (c: Case) => expectRejectedOn(server, c);

type CaseList = Omit<Case, 'method' | 'path'>[];

/** Bad bodies any write route takes (framework level). */
function commonWriteCases(base: Record<string, unknown>, nameField: string): CaseList {
  const withField = (field: string, value: unknown) => json({ ...base, [field]: value });
  return [
    { name: 'malformed JSON', options: raw(`{"${nameField}": "x",`), status: 400, code: 'rest_invalid_json' },
    { name: 'trailing comma', options: raw(`{"${nameField}": "x",}`), status: 400, code: 'rest_invalid_json' },
    { name: 'single quotes', options: raw(`{'${nameField}': 'x'}`), status: 400, code: 'rest_invalid_json' },
    { name: 'NaN literal', options: withLiteral(base, 'description', 'NaN'), status: 400, code: 'rest_invalid_json' },
    { name: '__proto__ key', options: raw(`{"__proto__": {"status": "draft"}, "${nameField}": "x"}`), status: 400 },
    {
      name: 'constructor.prototype key',
      options: raw(`{"constructor": {"prototype": {"status": "draft"}}, "${nameField}": "x"}`),
      status: 400,
    },
    { name: `${nameField}: 5`, options: withField(nameField, 5), status: 400, code: 'rest_invalid_param' },
    { name: `${nameField}: ["x"]`, options: withField(nameField, ['x']), status: 400, code: 'rest_invalid_param' },
    { name: `${nameField}: {}`, options: withField(nameField, {}), status: 400, code: 'rest_invalid_param' },
    { name: `${nameField}: true`, options: withField(nameField, true), status: 400, code: 'rest_invalid_param' },
    { name: `${nameField}: ""`, options: withField(nameField, ''), status: 400, code: 'rest_invalid_param' },
    { name: `${nameField}: 5000 chars`, options: withField(nameField, 'n'.repeat(5000)), status: 400 },
    { name: `${nameField} with \\u0000`, options: withField(nameField, 'a\u0000b'), status: 400 },
    { name: `${nameField} with \\u0007`, options: withField(nameField, 'bell\u0007'), status: 400 },
    { name: `${nameField} with \\u007f`, options: withField(nameField, 'del\u007f'), status: 400 },
    { name: 'description with \\u001b', options: withField('description', 'esc\u001b[31m'), status: 400 },
    { name: 'description: []', options: withField('description', ['x']), status: 400 },
    { name: 'description: 70 kB', options: withField('description', 'd'.repeat(70_000)), status: 400 },
    { name: `deeply nested ${nameField}`, options: raw(`{"${nameField}": ${deepArray(5000)}}`), status: 400 },
    { name: 'deeply nested description', options: raw(`{"description": ${deepObject(5000)}}`), status: 400 },
    { name: '2 MB JSON body', options: json({ ...base, description: 'x'.repeat(2 * 1024 * 1024) }), status: 413 },
    {
      name: '2 MB form body',
      options: { form: { [nameField]: 'x', description: 'x'.repeat(2 * 1024 * 1024) } },
      status: 413,
      code: 'rest_request_too_large',
    },
    { name: 'XML body', options: raw(`<${nameField}>x</${nameField}>`, 'application/xml'), status: 415 },
    { name: 'CSV body', options: raw(`${nameField},x`, 'text/csv'), status: 415 },
    { name: 'multipart body', options: raw('--x\r\n\r\n--x--', 'multipart/form-data; boundary=x'), status: 415 },
    {
      name: `form: ${nameField}[]=x`,
      options: raw(`${nameField}[]=x&description[]=y`, 'application/x-www-form-urlencoded'),
      status: 400,
    },
    { name: 'translation_language: fr', options: withField('translation_language', 'fr'), status: 400 },
    { name: 'translation_language: []', options: withField('translation_language', ['es']), status: 400 },
    { name: 'query: translation_language=EN', options: { query: { translation_language: 'EN' }, json: base } },
  ];
}

/** Bad bodies for a venue or organizer write. */
function linkedWriteCases(base: Record<string, unknown>, type: 'venue' | 'organizer'): CaseList {
  const withField = (field: string, value: unknown) => json({ ...base, [field]: value });
  const cases: CaseList = [
    ...commonWriteCases(base, type),
    { name: 'phone: 5', options: withField('phone', 5), status: 400, code: 'rest_invalid_param' },
    { name: 'phone: {}', options: withField('phone', {}), status: 400 },
    { name: 'website: not a URL', options: withField('website', 'not a url'), status: 400 },
    { name: 'website: javascript:', options: withField('website', 'javascript:alert(1)'), status: 400 },
    { name: 'website: 5', options: withField('website', 5), status: 400 },
    { name: 'status: bogus', options: withField('status', 'bogus'), status: 400, code: 'rest_invalid_param' },
    { name: 'status: trash', options: withField('status', 'trash'), status: 400 },
    { name: 'status: 5', options: withField('status', 5), status: 400 },
    { name: 'author: "abc"', options: withField('author', 'abc'), status: 400 },
    { name: 'author: -1', options: withField('author', -1), status: 400 },
    { name: 'author: 1.5', options: withField('author', 1.5), status: 400 },
    { name: 'author: unknown', options: withField('author', 987654), status: 400 },
    { name: 'author: 1e400', options: withLiteral(base, 'author', '1e400'), status: 400 },
    { name: 'author: 99999999999999999999', options: withLiteral(base, 'author', '99999999999999999999'), status: 400 },
    { name: 'date: garbage', options: withField('date', 'someday soon'), status: 400 },
    { name: 'date: {}', options: withField('date', {}), status: 400 },
    { name: 'date: 1e308', options: withField('date', 1e308), status: 400 },
    { name: 'date_utc: true', options: withField('date_utc', true), status: 400 },
    { name: 'date_utc: 2027-02-30', options: withField('date_utc', '2027-02-30 10:00'), status: 400 },
    { name: 'image: []', options: withField('image', []), status: 400 },
    { name: 'image: {}', options: withField('image', {}), status: 400 },
    { name: 'image: unknown id', options: withField('image', 987654), status: 400 },
    { name: 'image: a venue id', options: withField('image', ids.venues), status: 400 },
    { name: 'image: -1', options: withField('image', -1), status: 400 },
    { name: 'image: ftp URL', options: withField('image', 'ftp://example.com/a.jpg'), status: 400 },
    { name: 'image: not a URL', options: withField('image', 'picture please'), status: 400 },
    { name: 'image: 3 kB URL', options: withField('image', `https://x.example/${'a'.repeat(3000)}.jpg`) },
    { name: 'a valid field with a bad one', options: json({ ...base, phone: '555', author: 'nobody' }), status: 400 },
  ];
  if (type === 'venue') {
    cases.push(
      { name: 'city: 5', options: withField('city', 5), status: 400 },
      { name: 'address: []', options: withField('address', ['1 Main']), status: 400 },
      { name: 'zip with \\u0000', options: withField('zip', '12\u00003'), status: 400 },
      { name: 'stateprovince: {}', options: withField('stateprovince', {}), status: 400 },
      { name: 'show_map: maybe', options: withField('show_map', 'maybe'), status: 400 },
      { name: 'show_map: {}', options: withField('show_map', {}), status: 400 },
      { name: 'show_map_link: 2', options: withField('show_map_link', 2), status: 400 },
      { name: 'geo_lat: 91', options: withField('geo_lat', 91), status: 400 },
      { name: 'geo_lng: -181', options: withField('geo_lng', -181), status: 400 },
      { name: 'geo_lat: "north"', options: withField('geo_lat', 'north'), status: 400 },
      { name: 'geo_lat: 1e400', options: withLiteral(base, 'geo_lat', '1e400'), status: 400 },
      { name: 'geo_lng: -1e400', options: withLiteral(base, 'geo_lng', '-1e400'), status: 400 },
      { name: 'geo_lat: []', options: withField('geo_lat', [1]), status: 400 },
      {
        name: 'geo_lat: "1e400" in a form',
        options: raw('venue=x&geo_lat=1e400', 'application/x-www-form-urlencoded'),
      },
    );
  } else {
    cases.push(
      { name: 'email: not an address', options: withField('email', 'nobody'), status: 400 },
      { name: 'email: 5', options: withField('email', 5), status: 400 },
      { name: 'email: 1000 chars', options: withField('email', `${'a'.repeat(990)}@example.com`), status: 400 },
      { name: 'email with \\u0000', options: withField('email', 'a\u0000@example.com'), status: 400 },
    );
  }
  return cases;
}

/** Bad bodies for a category or tag write. */
function termWriteCases(base: Record<string, unknown>, hierarchical: boolean): CaseList {
  const withField = (field: string, value: unknown) => json({ ...base, [field]: value });
  const cases: CaseList = [
    ...commonWriteCases(base, 'name'),
    { name: 'slug: ""', options: withField('slug', ''), status: 400 },
    { name: 'slug: "!!!"', options: withField('slug', '!!!'), status: 400 },
    { name: 'slug: 5', options: withField('slug', 5), status: 400 },
    { name: 'slug with \\u0000', options: withField('slug', 'a\u0000'), status: 400 },
    { name: 'slug: 1000 chars', options: withField('slug', 's'.repeat(1000)), status: 400 },
    { name: 'description: 20 kB', options: withField('description', 'd'.repeat(20_000)), status: 400 },
  ];
  if (hierarchical) {
    cases.push(
      { name: 'parent: unknown', options: withField('parent', 987654), status: 400 },
      { name: 'parent: a tag', options: withField('parent', ids.tags), status: 400 },
      { name: 'parent: -1', options: withField('parent', -1), status: 400 },
      { name: 'parent: "top"', options: withField('parent', 'top'), status: 400 },
      { name: 'parent: 1.5', options: withField('parent', 1.5), status: 400 },
      { name: 'parent: {}', options: withField('parent', {}), status: 400 },
      { name: 'parent: 1e400', options: withLiteral(base, 'parent', '1e400'), status: 400 },
      { name: 'parent: 2^64', options: withLiteral(base, 'parent', '18446744073709551616'), status: 400 },
    );
  }
  return cases;
}

const LINKED = [
  { type: 'venue', collection: 'venues' },
  { type: 'organizer', collection: 'organizers' },
] as const;
const TERMS = [
  { collection: 'categories', hierarchical: true },
  { collection: 'tags', hierarchical: false },
] as const;

describe('venues and organizers: bad input is rejected with a JSON 4xx and writes nothing', () => {
  for (const { type, collection } of LINKED) {
    test(`POST /${collection}`, async () => {
      for (const c of linkedWriteCases({ [type]: 'Valid Name' }, type))
        await expectRejected({ ...c, method: 'POST', path: collection });
      await expectRejected({
        name: 'missing name',
        method: 'POST',
        path: collection,
        options: json({ city: 'x' }),
        status: 400,
        code: 'rest_missing_callback_param',
      });
      await expectRejected({
        name: 'name: null',
        method: 'POST',
        path: collection,
        options: json({ [type]: null }),
        status: 400,
        code: 'rest_missing_callback_param',
      });
      await expectRejected({
        name: 'JSON as text/plain',
        method: 'POST',
        path: collection,
        options: raw(JSON.stringify({ [type]: 'Plain' }), 'text/plain'),
        status: 400,
        code: 'rest_missing_callback_param',
      });
    });

    for (const method of ['POST', 'PUT', 'PATCH']) {
      test(`${method} /${collection}/{id} and /${collection}/by-slug/{slug}`, async () => {
        const before = await server.admin('GET', `${collection}/${ids[collection]}`);
        for (const c of linkedWriteCases({ phone: '555 0000' }, type)) {
          await expectRejected({ ...c, method, path: `${collection}/${ids[collection]}` });
          await expectRejected({ ...c, method, path: `${collection}/by-slug/${slugs[collection]}` });
        }
        const after = await server.admin('GET', `${collection}/${ids[collection]}`);
        assert.deepEqual(after.body, before.body, 'the item did not change at all');
      });
    }

    test(`DELETE /${collection}/{id} and by-slug`, async () => {
      const cases: CaseList = [
        { name: 'malformed JSON', options: raw('{"force": tru'), status: 400, code: 'rest_invalid_json' },
        { name: 'force: maybe', options: { query: { force: 'maybe' } }, status: 400 },
        { name: 'force: {}', options: json({ force: {} }), status: 400 },
        { name: 'force: 2', options: json({ force: 2 }), status: 400 },
        { name: '2 MB body', options: json({ pad: 'x'.repeat(2 * 1024 * 1024) }), status: 413 },
        { name: 'XML body', options: raw('<force/>', 'application/xml'), status: 415 },
        { name: 'translation_language: xx', options: { query: { translation_language: 'xx' } }, status: 400 },
      ];
      for (const c of cases) {
        await expectRejected({ ...c, method: 'DELETE', path: `${collection}/${ids[collection]}` });
        await expectRejected({ ...c, method: 'DELETE', path: `${collection}/by-slug/${slugs[collection]}` });
      }
      assert.equal((await server.request('GET', `${collection}/${ids[collection]}`)).body.status, 'publish');
    });

    test(`garbage ids and slugs on /${collection}/…`, async () => {
      const cases: Case[] = [];
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const body = method === 'GET' ? {} : json({ phone: '1' });
        cases.push(
          { name: 'huge id', method, path: `${collection}/99999999999999999999`, options: body, status: 400 },
          { name: '2^53+1 id', method, path: `${collection}/9007199254740993`, options: body, status: 400 },
          { name: '0', method, path: `${collection}/0`, options: body, status: 400, code: 'rest_invalid_param' },
          { name: 'leading zeros', method, path: `${collection}/000000`, options: body, status: 400 },
          { name: 'unknown id', method, path: `${collection}/987654`, options: body, status: 400 },
          { name: 'an event id', method, path: `${collection}/${eventId}`, options: body, status: 400 },
          { name: 'negative', method, path: `${collection}/-1`, options: body, status: 404, code: 'rest_no_route' },
          { name: 'decimal', method, path: `${collection}/1.5`, options: body, status: 404, code: 'rest_no_route' },
          { name: 'hex', method, path: `${collection}/0x10`, options: body, status: 404, code: 'rest_no_route' },
          { name: 'space', method, path: `${collection}/%20`, options: body, status: 404 },
          { name: 'letters', method, path: `${collection}/abc`, options: body, status: 404, code: 'rest_no_route' },
          { name: 'empty slug', method, path: `${collection}/by-slug/`, options: body, status: 404 },
          { name: 'unknown slug', method, path: `${collection}/by-slug/no-such`, options: body, status: 400 },
          { name: 'long slug', method, path: `${collection}/by-slug/${'a'.repeat(450)}`, options: body, status: 400 },
          { name: 'NUL slug', method, path: `${collection}/by-slug/a%00b`, options: body, status: 400 },
          { name: 'dot-dot slug', method, path: `${collection}/by-slug/..%2F..%2Fetc`, options: body },
          { name: 'quote slug', method, path: `${collection}/by-slug/x'%20OR%201=1--`, options: body, status: 400 },
          { name: 'emoji slug', method, path: `${collection}/by-slug/%F0%9F%8E%B8`, options: body, status: 400 },
        );
      }
      for (const c of cases) await expectRejected(c);
    });

    test(`GET /${collection} with bad parameters`, async () => {
      const list = (q: Record<string, string | string[]>): Case => ({
        name: JSON.stringify(q).slice(0, 80),
        method: 'GET',
        path: collection,
        options: { query: q },
        status: 400,
        code: 'rest_invalid_param',
      });
      const cases: Case[] = [
        list({ per_page: '1e308' }),
        list({ per_page: '1e400' }),
        list({ per_page: '0' }),
        list({ per_page: '-1' }),
        list({ per_page: '1.5' }),
        list({ per_page: 'ten' }),
        list({ per_page: ['1', '2'] }),
        list({ page: '99999999999999999999' }),
        list({ page: '0' }),
        list({ page: '' }),
        list({ search: '' }),
        list({ search: ['a', 'b'] }),
        list({ search: 'a\u0000' }),
        list({ search: 's'.repeat(5000) }),
        list({ event: 'abc' }),
        list({ event: '0' }),
        list({ event: '99999999999999999999' }),
        list({ event: String(ids.venues) }),
        list({ event: '987654' }),
        list({ event: [String(eventId)] }),
        list({ has_events: 'maybe' }),
        list({ has_events: '2' }),
        list({ only_with_upcoming: 'soon' }),
        list({ only_with_upcoming: ['1'] }),
        list({ status: 'bogus' }),
        list({ status: '' }),
        list({ status: 'any' }),
        list({ status: ['publish'] }),
        list({ status: 'publish\u0000' }),
        list({ translation_language: 'de' }),
        list({ translation_language: '' }),
      ];
      for (const c of cases) await expectRejected(c);
      // anonymous callers may ask for published items only
      const anonymous = await server.request('GET', collection, { query: { status: 'draft' } });
      assert.equal(anonymous.status, 400, anonymous.text);
      assert.equal(anonymous.body.code, 'rest_invalid_param');
    });
  }
});

describe('categories and tags: bad input is rejected with a JSON 4xx and writes nothing', () => {
  for (const { collection, hierarchical } of TERMS) {
    test(`POST /${collection}`, async () => {
      for (const c of termWriteCases({ name: 'Valid Term' }, hierarchical))
        await expectRejected({ ...c, method: 'POST', path: collection });
      await expectRejected({
        name: 'duplicate name',
        method: 'POST',
        path: collection,
        options: json({ name: collection === 'categories' ? 'Target Category' : 'target tag' }),
        status: 400,
        code: 'term_exists',
      });
      await expectRejected({
        name: 'missing name',
        method: 'POST',
        path: collection,
        options: json({ description: 'x' }),
        status: 400,
        code: 'rest_missing_callback_param',
      });
    });

    for (const method of ['POST', 'PUT', 'PATCH']) {
      test(`${method} /${collection}/{id}`, async () => {
        const other = await server.admin('POST', collection, { json: { name: `Other ${method}` } });
        const before = await server.admin('GET', `${collection}/${ids[collection]}`);
        const cases = [
          ...termWriteCases({ description: 'changed' }, hierarchical),
          { name: 'slug of another term', options: json({ slug: other.body.slug }), status: 400 },
          { name: 'name of another term', options: json({ name: `other ${method}` }), status: 400 },
          ...(hierarchical
            ? [{ name: 'parent: itself', options: json({ parent: ids[collection] }), status: 400 }]
            : []),
        ];
        for (const c of cases) await expectRejected({ ...c, method, path: `${collection}/${ids[collection]}` });
        const after = await server.admin('GET', `${collection}/${ids[collection]}`);
        assert.deepEqual(after.body, before.body, 'the term did not change at all');
      });
    }

    test(`DELETE /${collection}/{id}`, async () => {
      const cases: CaseList = [
        { name: 'malformed JSON', options: raw('{"force": tru'), status: 400, code: 'rest_invalid_json' },
        { name: 'force: maybe', options: { query: { force: 'maybe' } }, status: 400 },
        { name: '2 MB body', options: json({ pad: 'x'.repeat(2 * 1024 * 1024) }), status: 413 },
        { name: 'XML body', options: raw('<force/>', 'application/xml'), status: 415 },
        { name: 'translation_language: xx', options: { query: { translation_language: 'xx' } }, status: 400 },
      ];
      for (const c of cases) await expectRejected({ ...c, method: 'DELETE', path: `${collection}/${ids[collection]}` });
      assert.equal((await server.request('GET', `${collection}/${ids[collection]}`)).status, 200);
    });

    test(`garbage ids on /${collection}/…`, async () => {
      const otherTaxonomy = collection === 'categories' ? ids.tags! : ids.categories!;
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const options = method === 'GET' ? {} : json({ name: 'Renamed' });
        const cases: Case[] = [
          { name: 'huge id', method, path: `${collection}/99999999999999999999`, options, status: 400 },
          { name: 'unknown id', method, path: `${collection}/987654`, options, status: 400 },
          { name: '0', method, path: `${collection}/0`, options, status: 400, code: 'rest_invalid_param' },
          { name: 'other taxonomy', method, path: `${collection}/${otherTaxonomy}`, options, status: 400 },
          { name: 'negative', method, path: `${collection}/-1`, options, status: 404, code: 'rest_no_route' },
          { name: 'letters', method, path: `${collection}/foo%20bar`, options, status: 404, code: 'rest_no_route' },
          { name: 'by-slug', method, path: `${collection}/by-slug/target`, options, status: 404 },
        ];
        for (const c of cases) await expectRejected(c);
      }
    });

    test(`GET /${collection} with bad parameters`, async () => {
      const list = (q: Record<string, string | string[]>): Case => ({
        name: JSON.stringify(q).slice(0, 80),
        method: 'GET',
        path: collection,
        options: { query: q },
        status: 400,
        code: 'rest_invalid_param',
      });
      const cases: Case[] = [
        list({ per_page: '1e400' }),
        list({ per_page: '0' }),
        list({ per_page: 'x' }),
        list({ page: '-3' }),
        list({ page: '99999999999999999999' }),
        list({ search: '' }),
        list({ search: ['a'] }),
        list({ search: 'a\u0007' }),
        list({ include: 'abc' }),
        list({ include: '987654' }),
        list({ include: '1e400' }),
        list({ include: Array.from({ length: 150 }, (_, i) => String(i + 1)) }),
        list({ exclude: '-1' }),
        list({ exclude: '987654' }),
        list({ order: '' }),
        list({ order: ['asc'] }),
        list({ orderby: '' }),
        list({ hide_empty: 'maybe' }),
        list({ post: 'abc' }),
        list({ post: String(ids.venues) }),
        list({ event: '987654' }),
        list({ event: '99999999999999999999' }),
        list({ slug: '' }),
        list({ slug: ['a'] }),
        list({ translation_language: 'EN' }),
        ...(collection === 'categories'
          ? [list({ parent: '987654' }), list({ parent: '-1' }), list({ parent: 'x' }), list({ parent: '1e400' })]
          : []),
      ];
      for (const c of cases) await expectRejected(c);
    });
  }
});

describe('edge input that is accepted', () => {
  test('unknown and read-only fields are ignored; a body id never retargets the request', async () => {
    const created = await server.admin('POST', 'venues', {
      json: { venue: 'Tolerant Hall', id: ids.venues, url: 'x', global_id: 'y', unknown: { deep: [1] } },
    });
    assert.equal(created.status, 201, created.text);
    assert.notEqual(created.body.id, ids.venues);
    const patched = await server.admin('PATCH', `venues/${created.body.id}`, {
      json: { id: ids.venues, city: 'Moved' },
      query: { id: String(ids.venues) },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.id, created.body.id);
    assert.equal((await server.request('GET', `venues/${ids.venues}`)).body.city, 'Springfield');
    const tag = await server.admin('PATCH', `tags/${ids.tags}`, { json: { id: ids.categories, count: 99 } });
    assert.equal(tag.status, 200, tag.text);
    assert.equal(tag.body.id, ids.tags);
    assert.equal(tag.body.count, 1);
  });

  test('unicode, HTML and SQL-looking text are stored as given (no 5xx)', async () => {
    for (const name of [
      'O\'Reilly\'s "Hall"',
      '🎸 Hall',
      'Zürich Straße',
      '<script>alert(1)</script>',
      "'; DROP TABLE posts; --",
    ]) {
      const venue = await server.admin('POST', 'venues', { json: { venue: name, city: name } });
      assert.equal(venue.status, 201, `${name}: ${venue.text}`);
      assert.equal(venue.body.city, name);
      // As in WordPress's keyword search, an unquoted "--" excludes the text "-": the SQL-looking
      // name is searched as a "quoted phrase".
      const asked = name.includes('--') ? `"${name}"` : name;
      const search = await server.request('GET', 'venues', { query: { search: asked } });
      assert.equal(search.status, 200, search.text);
      assert.ok(search.body.venues.length >= 1, name);
      const category = await server.admin('POST', 'categories', { json: { name } });
      if (name.startsWith('<script>')) {
        // A term name loses its tags, script blocks whole, as in WordPress: nothing is left.
        assert.equal(category.status, 400, category.text);
        assert.ok(category.body.data.params.name);
        continue;
      }
      assert.equal(category.status, 201, `${name}: ${category.text}`);
      assert.ok(category.body.slug.length > 0);
    }
    assert.ok((await server.request('GET', 'venues')).status === 200);
  });

  test('deeply nested unknown fields are ignored without harm', async () => {
    const response = await server.admin('POST', 'organizers', {
      raw: { body: `{"zzz": ${deepArray(10000)}, "organizer": "Deep Org"}`, contentType: 'application/json' },
    });
    assert.ok(response.status < 500, response.text);
  });

  test('a huge URL and a malformed percent-encoding → 4xx, and the server keeps serving', async () => {
    const badPath = await rawRequest(server.port, { path: '/svc/events/v1/venues/by-slug/%E0%A4%A' });
    assert.ok(badPath.status >= 400 && badPath.status < 500, `${badPath.status} ${badPath.body}`);
    const longUrl = await rawRequest(server.port, { path: `/svc/events/v1/venues?search=${'a'.repeat(20_000)}` });
    assert.ok(longUrl.status >= 400 && longUrl.status < 500, `${longUrl.status}`);
    assert.equal(typeof JSON.parse(longUrl.body).code, 'string');
    assert.equal((await server.request('GET', 'venues')).status, 200);
  });

  test('a malformed percent-encoding in a by-slug path is a contract-shaped 400', async () => {
    for (const collection of ['venues', 'organizers']) {
      const response = await rawRequest(server.port, { path: `/svc/events/v1/${collection}/by-slug/%E0%A4%A` });
      assert.equal(response.status, 400);
      const body = JSON.parse(response.body);
      assert.equal(body.code, 'rest_bad_request');
      assert.equal(body.data?.status, 400);
    }
  });
});
