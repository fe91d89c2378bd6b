// Every route and method of /categories and /tags over real HTTP (spec §4.5–4.6, contract §2–4,
// contract §6, contract §8, tec-reference §1.7, §2.3, §3.4, §7.4, §8, §12): representations (examples 133/139/142),
// count semantics, every list parameter with a case that fails if it were ignored, the envelope,
// create/update/delete rules (term_exists, slugs, hierarchy) and the role rules.
import { test, after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { startServer, createEvent, type TestServer, type Response } from '../support/server.ts';
import { assertError, assertInvalidParam, countRows, inDays } from '../support/helpers.ts';

type Json = Record<string, unknown>;
type Term = { id: number; name: string; slug: string; count: number; parent?: number } & Json;

const CATEGORY_KEYS = ['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls'];
const TAG_KEYS = CATEGORY_KEYS.filter((k) => k !== 'parent');

const EXAMPLES = new URL('../fixtures/reference-examples/', import.meta.url);
function example(name: string): { response: { body: Json } } | undefined {
  const file = new URL(name, EXAMPLES);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

function names(response: Response, key = 'categories'): string[] {
  assert.equal(response.status, 200, response.text);
  return (response.body[key] as Term[]).map((t) => t.name);
}

async function term(
  server: TestServer,
  collection: 'categories' | 'tags',
  fields: Json,
  token?: string,
): Promise<Term> {
  const response = await server.request('POST', collection, {
    json: fields,
    token: token ?? server.tokens.administrator,
  });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

const event = (extra: Json = {}) => ({
  title: 'Term Event',
  start_date: inDays(5),
  end_date: inDays(5, '12:00:00'),
  ...extra,
});

// ---------------------------------------------------------------------------------------------
describe('term representations (examples 133, 139, 142)', () => {
  let server: TestServer;
  const cats: Record<string, Term> = {};
  const tags: Record<string, Term> = {};
  before(async () => {
    server = await startServer();
    cats.Music = await term(server, 'categories', { name: 'Music', description: 'Live music events' });
    cats.Jazz = await term(server, 'categories', { name: 'Jazz', parent: cats.Music.id });
    cats.Sports = await term(server, 'categories', { name: 'Sports', slug: 'sports-and-games' });
    for (const name of ['Family', 'Free', 'Outdoor']) tags[name] = await term(server, 'tags', { name });
    await server.admin('PATCH', `tags/${tags.Outdoor!.id}`, { json: { description: 'Outside events' } });
    const c = (...list: string[]) => list.map((n) => cats[n]!.id);
    const t = (...list: string[]) => list.map((n) => tags[n]!.id);
    await createEvent(server, event({ categories: c('Music', 'Jazz'), tags: t('Family', 'Free', 'Outdoor') }));
    await createEvent(server, event({ categories: c('Music', 'Sports'), tags: [...t('Family', 'Free', 'Outdoor')] }));
    await createEvent(server, event({ categories: c('Sports'), tags: ['Market Tag By Name'] }));
    // Events that are not published never count.
    for (const status of ['draft', 'pending', 'private'])
      await createEvent(server, event({ status, categories: c('Music', 'Jazz', 'Sports'), tags: t('Free') }));
    await createEvent(server, event({ date: '2040-01-01 00:00:00', categories: c('Music'), tags: t('Free') }));
  });
  after(() => server.close());

  test('GET /categories matches example 133 (keys, order, values, counts)', async () => {
    const response = await server.request('GET', 'categories');
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body), ['rest_url', 'total', 'total_pages', 'categories']);
    assert.equal(response.body.rest_url, `${server.url}/svc/events/v1/categories/`);
    assert.equal(response.body.total, 3);
    assert.equal(response.body.total_pages, 1);
    assert.equal(response.headers.get('x-tec-total'), '3');
    assert.equal(response.headers.get('x-tec-totalpages'), '1');
    const list = response.body.categories as Term[];
    assert.deepEqual(
      list.map((t) => [t.name, t.count]),
      [
        ['Jazz', 1],
        ['Music', 2],
        ['Sports', 2],
      ],
    );
    for (const item of list) assert.deepEqual(Object.keys(item), CATEGORY_KEYS);
    const jazz = list[0]!;
    assert.equal(jazz.parent, cats.Music!.id);
    assert.equal(jazz.taxonomy, 'tribe_events_cat');
    assert.deepEqual(jazz.meta, []);
    assert.equal(jazz.url, `${server.url}/events/category/music/jazz/`);
    assert.deepEqual(jazz.urls, {
      self: `${server.url}/svc/events/v1/categories/${jazz.id}`,
      collection: `${server.url}/svc/events/v1/categories`,
      up: `${server.url}/svc/events/v1/categories/${cats.Music!.id}`,
    });
    assert.deepEqual(Object.keys(list[1]!.urls as Json), ['self', 'collection']);
    const reference = example('133-list-categories.json');
    if (reference) {
      const expected = reference.response.body.categories as Term[];
      assert.deepEqual(Object.keys(response.body), Object.keys(reference.response.body));
      for (const [i, want] of expected.entries()) {
        const got = list[i]!;
        assert.deepEqual(Object.keys(got), Object.keys(want));
        for (const key of ['count', 'description', 'name', 'slug', 'taxonomy', 'meta'])
          assert.deepEqual(got[key], want[key], `${want.name}.${key}`);
        assert.equal(new URL(got.url as string).pathname, new URL(want.url as string).pathname);
        assert.deepEqual(Object.keys(got.urls as Json), Object.keys(want.urls as Json));
      }
    }
  });

  test('GET /categories/{id} matches example 139, _links (to our own routes) included', async () => {
    const response = await server.request('GET', `categories/${cats.Music!.id}`);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body), [...CATEGORY_KEYS, '_links']);
    const reference = example('139-get-category.json');
    if (reference) {
      const want = reference.response.body;
      assert.deepEqual(Object.keys(response.body), Object.keys(want));
      assert.deepEqual(Object.keys(response.body._links), Object.keys(want._links as object));
      for (const key of ['count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta'])
        assert.deepEqual(response.body[key], want[key], key);
    }
  });

  test('GET /tags matches example 142: no parent key, counts of published events only', async () => {
    const response = await server.request('GET', 'tags');
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body), ['rest_url', 'total', 'total_pages', 'tags']);
    assert.equal(response.body.rest_url, `${server.url}/svc/events/v1/tags/`);
    const list = response.body.tags as Term[];
    assert.deepEqual(
      list.map((t) => [t.name, t.count]),
      [
        ['Family', 2],
        ['Free', 2],
        ['Market Tag By Name', 1],
        ['Outdoor', 2],
      ],
    );
    for (const item of list) assert.deepEqual(Object.keys(item), TAG_KEYS);
    assert.equal(list[0]!.taxonomy, 'post_tag');
    assert.equal(list[0]!.url, `${server.url}/tag/family/`);
    assert.equal(list[3]!.description, 'Outside events');
    const reference = example('142-list-tags.json');
    if (reference) {
      const expected = reference.response.body.tags as Term[];
      for (const [i, want] of expected.entries()) {
        assert.deepEqual(Object.keys(list[i]!), Object.keys(want));
        for (const key of ['count', 'description', 'name', 'slug', 'taxonomy', 'meta'])
          assert.deepEqual(list[i]![key], want[key], `${want.name}.${key}`);
      }
    }
    const single = await server.request('GET', `tags/${tags.Free!.id}`);
    assert.deepEqual(Object.keys(single.body), [...TAG_KEYS, '_links']);
    assert.equal(single.body.count, 2);
  });

  test('count follows publication: publishing a draft adds one, trashing an event removes one', async () => {
    const draft = await createEvent(server, event({ status: 'draft', categories: [cats.Sports!.id] }));
    const count = async () => (await server.request('GET', `categories/${cats.Sports!.id}`)).body.count;
    assert.equal(await count(), 2);
    await server.admin('PATCH', `events/${draft.id}`, { json: { status: 'publish' } });
    assert.equal(await count(), 3);
    await server.admin('DELETE', `events/${draft.id}`);
    assert.equal(await count(), 2);
  });

  test('an event embeds its terms with the same counts', async () => {
    const response = await server.request('GET', 'events', { query: { categories: 'jazz' } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.events.length, 1);
    const embedded = response.body.events[0].categories as Term[];
    assert.deepEqual(
      embedded.map((t) => [t.name, t.count]),
      [
        ['Jazz', 1],
        ['Music', 2],
      ],
    );
  });
});

// ---------------------------------------------------------------------------------------------
describe('GET /categories and /tags: list parameters', () => {
  let server: TestServer;
  const cats = {} as Record<'Alpha' | 'Beta' | 'Gamma' | 'Delta' | 'Epsilon', Term>;
  const tags = {} as Record<'Red' | 'Green' | 'Blue' | 'Unused', Term>;
  let e1: Json & { id: number };
  let e2: Json & { id: number };
  let venueId: number;
  before(async () => {
    server = await startServer();
    // name → slug: the slugs sort differently from the names on purpose.
    cats.Alpha = await term(server, 'categories', { name: 'Alpha', slug: 'zz-alpha' });
    cats.Beta = await term(server, 'categories', { name: 'Beta', slug: 'aa-beta' });
    cats.Gamma = await term(server, 'categories', { name: 'Gamma', slug: 'mm-gamma', parent: cats.Alpha.id });
    cats.Delta = await term(server, 'categories', { name: 'Delta' }); // unused
    cats.Epsilon = await term(server, 'categories', { name: 'Epsilon', slug: 'games-and-sports' });
    for (const name of ['Red', 'Green', 'Blue']) tags[name as 'Red'] = await term(server, 'tags', { name });
    tags.Unused = await term(server, 'tags', { name: 'Unused' });
    const { Alpha, Beta, Gamma, Epsilon } = cats;
    // counts: Alpha 1, Beta 3, Gamma 2, Epsilon 4
    e1 = await createEvent(server, event({ categories: [Alpha.id, Beta.id, Epsilon.id], tags: [tags.Red.id] }));
    e2 = await createEvent(server, event({ categories: [Beta.id, Gamma.id, Epsilon.id], tags: [tags.Green.id] }));
    await createEvent(server, event({ categories: [Beta.id, Gamma.id, Epsilon.id], tags: [tags.Blue.id] }));
    await createEvent(server, event({ categories: [Epsilon.id], tags: [tags.Blue.id] }));
    await createEvent(server, event({ status: 'draft', categories: [cats.Delta.id], tags: [tags.Unused.id] }));
    const venue = await server.admin('POST', 'venues', { json: { venue: 'Not An Event' } });
    venueId = venue.body.id;
  });
  after(() => server.close());

  const list = (query: Record<string, string | number | (string | number)[]> = {}, collection = 'categories') =>
    server.request('GET', collection, { query });

  test('default: name ascending, hide_empty=true hides unused terms (a draft event does not count)', async () => {
    assert.deepEqual(names(await list()), ['Alpha', 'Beta', 'Epsilon', 'Gamma']);
    for (const value of ['false', '0', 'FALSE'])
      assert.deepEqual(names(await list({ hide_empty: value })), ['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma']);
    assert.deepEqual(names(await list({ hide_empty: 'true' })), ['Alpha', 'Beta', 'Epsilon', 'Gamma']);
    assert.deepEqual(names(await list({}, 'tags'), 'tags'), ['Blue', 'Green', 'Red']);
    assert.deepEqual(names(await list({ hide_empty: 0 }, 'tags'), 'tags'), ['Blue', 'Green', 'Red', 'Unused']);
    assertInvalidParam(await list({ hide_empty: 'maybe' }), 'hide_empty');
  });

  test('order asc/desc; an unknown order sorts descending (as the reference); "" → 400', async () => {
    assert.deepEqual(names(await list({ order: 'desc' })), ['Gamma', 'Epsilon', 'Beta', 'Alpha']);
    assert.deepEqual(names(await list({ order: 'DESC' })), ['Gamma', 'Epsilon', 'Beta', 'Alpha']);
    assert.deepEqual(names(await list({ order: 'asc' })), ['Alpha', 'Beta', 'Epsilon', 'Gamma']);
    assert.deepEqual(names(await list({ order: 'sideways' })), ['Gamma', 'Epsilon', 'Beta', 'Alpha']);
    assertInvalidParam(await list({ order: '' }), 'order');
  });

  test('orderby name (default), id, slug, count, include; an unknown value sorts by name (as WordPress); "" → 400', async () => {
    assert.deepEqual(names(await list({ orderby: 'name' })), ['Alpha', 'Beta', 'Epsilon', 'Gamma']);
    assert.deepEqual(names(await list({ orderby: 'id' })), ['Alpha', 'Beta', 'Gamma', 'Epsilon']);
    assert.deepEqual(names(await list({ orderby: 'id', order: 'desc' })), ['Epsilon', 'Gamma', 'Beta', 'Alpha']);
    assert.deepEqual(names(await list({ orderby: 'slug' })), ['Beta', 'Epsilon', 'Gamma', 'Alpha']);
    assert.deepEqual(names(await list({ orderby: 'count' })), ['Alpha', 'Gamma', 'Beta', 'Epsilon']);
    assert.deepEqual(names(await list({ orderby: 'count', order: 'desc' })), ['Epsilon', 'Beta', 'Gamma', 'Alpha']);
    const { Alpha, Beta, Gamma } = cats;
    assert.deepEqual(names(await list({ orderby: 'include', include: [Gamma.id, Alpha.id, Beta.id] })), [
      'Gamma',
      'Alpha',
      'Beta',
    ]);
    assert.deepEqual(names(await list({ orderby: 'include', include: `${Beta.id},${Gamma.id},${Alpha.id}` })), [
      'Beta',
      'Gamma',
      'Alpha',
    ]);
    // Regression (issue 21): an unknown orderby was a 400; the reference falls back to the default.
    const unknown = await list({ orderby: 'colour' });
    assert.equal(unknown.status, 200, unknown.text);
    assert.deepEqual(names(unknown), ['Alpha', 'Beta', 'Epsilon', 'Gamma']);
    assert.deepEqual(names(await list({ orderby: 'name; DROP TABLE terms' })), ['Alpha', 'Beta', 'Epsilon', 'Gamma']);
    assertInvalidParam(await list({ orderby: '' }), 'orderby');
  });

  test('regression: orderby=include without include ids sorts by name (was a 500)', async () => {
    // Bug fixed in term-list.ts: `include=` gave an empty id list and `CASE t.id END` failed.
    const response = await server.request('GET', '/svc/events/v1/categories?include=&orderby=include');
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(names(response), ['Alpha', 'Beta', 'Epsilon', 'Gamma']);
    const plain = await server.request('GET', '/svc/events/v1/categories?include=');
    assert.deepEqual(names(plain), ['Alpha', 'Beta', 'Epsilon', 'Gamma'], 'an empty include restricts nothing');
    assert.deepEqual(names(await list({ orderby: 'include' })), ['Alpha', 'Beta', 'Epsilon', 'Gamma']);
  });

  test('search: name or slug substring, case-insensitive; "" → 400', async () => {
    assert.deepEqual(names(await list({ search: 'LPH' })), ['Alpha']);
    assert.deepEqual(names(await list({ search: 'games' })), ['Epsilon'], 'matched by slug only');
    assert.deepEqual(names(await list({ search: 'zz-' })), ['Alpha'], 'matched by slug only');
    assert.deepEqual(names(await list({ search: 'mm' })), ['Gamma']);
    assert.deepEqual(names(await list({ search: 'a' })), ['Alpha', 'Beta', 'Epsilon', 'Gamma']);
    assert.deepEqual(names(await list({ search: '%' })), []);
    assert.deepEqual(names(await list({ search: 'Delta' })), [], 'still hides empty terms');
    assert.deepEqual(names(await list({ search: 'Delta', hide_empty: 'false' })), ['Delta']);
    const counted = await list({ search: 'a' });
    assert.equal(counted.body.total, 4);
    assert.equal((await list({ search: 'LPH' })).body.total, 1);
    assertInvalidParam(await list({ search: '' }), 'search');
  });

  test('include / exclude: ids (array or CSV); unknown or other-taxonomy ids → 400', async () => {
    const { Alpha, Beta, Gamma, Delta } = cats;
    assert.deepEqual(names(await list({ include: [Alpha.id, Gamma.id] })), ['Alpha', 'Gamma']);
    assert.deepEqual(names(await list({ include: `${Alpha.id}, ${Beta.id}` })), ['Alpha', 'Beta']);
    assert.deepEqual(names(await list({ include: [Delta.id] })), [], 'include does not lift hide_empty');
    assert.deepEqual(names(await list({ exclude: [Alpha.id, Beta.id] })), ['Epsilon', 'Gamma']);
    assert.deepEqual(names(await list({ exclude: String(Gamma.id) })), ['Alpha', 'Beta', 'Epsilon']);
    assert.deepEqual(names(await list({ include: [Alpha.id, Beta.id], exclude: [Beta.id] })), ['Alpha']);
    for (const name of ['include', 'exclude']) {
      assertInvalidParam(await list({ [name]: [987654] }), name);
      assertInvalidParam(await list({ [name]: [tags.Red.id] }), name, 'a tag id on /categories');
      assertInvalidParam(await list({ [name]: 'abc' }), name);
      assertInvalidParam(await list({ [name]: [0] }), name);
      assertInvalidParam(await list({ [name]: [Alpha.id] }, 'tags'), name, 'a category id on /tags');
    }
  });

  test('parent (categories): children only; 0 → top level; unknown → 400; ignored on /tags', async () => {
    const { Alpha, Beta } = cats;
    assert.deepEqual(names(await list({ parent: Alpha.id })), ['Gamma']);
    assert.deepEqual(names(await list({ parent: Beta.id })), []);
    assert.deepEqual(names(await list({ parent: 0 })), ['Alpha', 'Beta', 'Epsilon']);
    assertInvalidParam(await list({ parent: 987654 }), 'parent');
    assertInvalidParam(await list({ parent: tags.Red.id }), 'parent');
    assertInvalidParam(await list({ parent: 'top' }), 'parent');
    assertInvalidParam(await list({ parent: -1 }), 'parent');
    // tags have no parent parameter: it is ignored, not validated
    assert.deepEqual(names(await list({ parent: 987654 }, 'tags'), 'tags'), ['Blue', 'Green', 'Red']);
  });

  test('post / event: the terms of that event; event wins when both; non-event → 400', async () => {
    assert.deepEqual(names(await list({ event: e1.id })), ['Alpha', 'Beta', 'Epsilon']);
    assert.deepEqual(names(await list({ post: e2.id })), ['Beta', 'Epsilon', 'Gamma']);
    assert.deepEqual(names(await list({ post: e1.id, event: e2.id })), ['Beta', 'Epsilon', 'Gamma']);
    assert.deepEqual(names(await list({ event: e2.id }, 'tags'), 'tags'), ['Green']);
    assert.deepEqual(names(await list({ post: e1.id }, 'tags'), 'tags'), ['Red']);
    for (const name of ['post', 'event']) {
      assertInvalidParam(await list({ [name]: venueId }), name, 'a venue id');
      assertInvalidParam(await list({ [name]: 987654 }), name, 'unknown');
      assertInvalidParam(await list({ [name]: 'abc' }), name);
      assertInvalidParam(await list({ [name]: 0 }), name);
    }
  });

  test('slug: the term with that slug; a CSV of slugs matches nothing; "" → 400', async () => {
    assert.deepEqual(names(await list({ slug: 'zz-alpha' })), ['Alpha']);
    assert.deepEqual(names(await list({ slug: 'alpha' })), []);
    assert.deepEqual(names(await list({ slug: 'zz-alpha,aa-beta' })), []);
    assert.deepEqual(names(await list({ slug: 'red' }, 'tags'), 'tags'), ['Red']);
    assertInvalidParam(await list({ slug: '' }), 'slug');
  });

  test('page / per_page: envelope order, next_rest_url carries only page, past the end → 200 empty', async () => {
    const first = await list({ per_page: 3, order: 'asc' });
    assert.deepEqual(names(first), ['Alpha', 'Beta', 'Epsilon']);
    const base = `${server.url}/svc/events/v1/categories/`;
    const page1 = await list({ per_page: 2 });
    assert.deepEqual(Object.keys(page1.body), ['rest_url', 'total', 'total_pages', 'categories', 'next_rest_url']);
    assert.equal(page1.body.rest_url, base, 'request parameters are not echoed');
    assert.equal(page1.body.total, 4);
    assert.equal(page1.body.total_pages, 2);
    assert.equal(page1.headers.get('x-tec-total'), '4');
    assert.equal(page1.headers.get('x-tec-totalpages'), '2');
    assert.equal(page1.body.next_rest_url, `${base}?page=2`);
    assert.deepEqual(names(page1), ['Alpha', 'Beta']);
    const page2 = await list({ per_page: 2, page: 2 });
    assert.deepEqual(Object.keys(page2.body), ['rest_url', 'total', 'total_pages', 'categories', 'previous_rest_url']);
    assert.deepEqual(names(page2), ['Epsilon', 'Gamma']);
    assert.equal(page2.body.previous_rest_url, base);
    const past = await list({ per_page: 2, page: 4 });
    assert.equal(past.status, 200, past.text);
    assert.deepEqual(past.body.categories, []);
    assert.equal(past.body.total, 4);
    assert.ok(typeof past.body.previous_rest_url === 'string' && past.body.previous_rest_url.startsWith(base));
    assert.equal('next_rest_url' in past.body, false);
    const three = await list({ per_page: 1, page: 3 });
    assert.deepEqual(names(three), ['Epsilon']);
    assert.equal(three.body.previous_rest_url, `${base}?page=2`);
    assert.equal(three.body.next_rest_url, `${base}?page=4`);
    assert.deepEqual(Object.keys(three.body), [
      'rest_url',
      'total',
      'total_pages',
      'categories',
      'next_rest_url',
      'previous_rest_url',
    ]);
    for (const value of ['0', '-1', 'x', '1.5', '']) {
      assertInvalidParam(await list({ per_page: value }), 'per_page', value);
      assertInvalidParam(await list({ page: value }), 'page', value);
    }
  });

  test('no terms at all → 200 [], totals 0, no next/previous', async () => {
    const response = await list({ search: 'nothing-like-this' });
    assert.deepEqual(response.body, {
      rest_url: `${server.url}/svc/events/v1/categories/`,
      total: 0,
      total_pages: 0,
      categories: [],
    });
    assert.equal(response.headers.get('x-tec-total'), '0');
  });

  test('translation_language: invalid → 400 on every term route', async () => {
    const bad = { translation_language: 'de' };
    assertInvalidParam(await list(bad), 'translation_language');
    assertInvalidParam(await list(bad, 'tags'), 'translation_language');
    assertInvalidParam(
      await server.request('GET', `categories/${cats.Alpha.id}`, { query: bad }),
      'translation_language',
    );
    const before = countRows(server, 'terms');
    assertInvalidParam(
      await server.admin('POST', 'tags', { json: { name: 'Nope', translation_language: 'xx' } }),
      'translation_language',
    );
    assert.equal(countRows(server, 'terms'), before);
    const ok = await list({ translation_language: 'pe' });
    assert.equal(ok.status, 200);
  });
});

describe('GET /tags: per_page is clamped at 50', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
    for (let n = 0; n < 53; n++) await term(server, 'tags', { name: `Clamp ${String(n).padStart(2, '0')}` });
  });
  after(() => server.close());

  test('per_page=100 → 50 terms, 2 pages; default 10', async () => {
    const response = await server.request('GET', 'tags', { query: { per_page: 100, hide_empty: false } });
    assert.equal(response.body.tags.length, 50);
    assert.equal(response.body.total, 53);
    assert.equal(response.body.total_pages, 2);
    const second = await server.request('GET', pathOf(response.body.next_rest_url), {
      query: { per_page: 100, hide_empty: false },
    });
    assert.equal(second.body.tags.length, 3);
    const byDefault = await server.request('GET', 'tags', { query: { hide_empty: false } });
    assert.equal(byDefault.body.tags.length, 10);
    assert.equal(byDefault.body.total_pages, 6);
  });
});

// ---------------------------------------------------------------------------------------------
for (const collection of ['categories', 'tags'] as const) {
  const hierarchical = collection === 'categories';
  const keys = hierarchical ? CATEGORY_KEYS : TAG_KEYS;

  describe(`${collection}: create, update, delete`, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer();
    });
    after(() => server.close());

    test('create → 201 with the term (count 0) and a Location header', async () => {
      const response = await server.admin('POST', collection, {
        json: { name: 'Created Term', description: 'About it', slug: 'My Custom Slug!' },
      });
      assert.equal(response.status, 201, response.text);
      assert.deepEqual(Object.keys(response.body), [...keys, '_links']);
      assert.equal(response.body.name, 'Created Term');
      assert.equal(response.body.description, 'About it');
      assert.equal(response.body.slug, 'my-custom-slug');
      assert.equal(response.body.count, 0);
      if (hierarchical) assert.equal(response.body.parent, 0);
      assert.equal(response.headers.get('location'), `${server.url}/svc/events/v1/${collection}/${response.body.id}`);
      // As the same caller: _links' targetHints say what the caller may do.
      const read = await server.admin('GET', `${collection}/${response.body.id}`);
      assert.deepEqual(read.body, response.body);
      const form = await server.request('POST', collection, {
        form: { name: 'Form Term' },
        token: server.tokens.administrator,
      });
      assert.equal(form.status, 201, form.text);
      assert.equal(form.body.slug, 'form-term');
    });

    test('invalid creates → 400 and nothing written', async () => {
      const before = countRows(server, 'terms');
      const missing = await server.admin('POST', collection, { json: { description: 'x' } });
      assertError(missing, 400, 'rest_missing_callback_param');
      assert.deepEqual(missing.body.data.params, ['name']);
      assertInvalidParam(await server.admin('POST', collection, { json: { name: '' } }), 'name');
      assertInvalidParam(await server.admin('POST', collection, { json: { name: '  ' } }), 'name');
      assertInvalidParam(await server.admin('POST', collection, { json: { name: 'X', slug: '' } }), 'slug');
      assertInvalidParam(await server.admin('POST', collection, { json: { name: 'X', slug: '!!!' } }), 'slug');
      assertInvalidParam(await server.admin('POST', collection, { json: { name: 42 } }), 'name');
      if (hierarchical) {
        assertInvalidParam(await server.admin('POST', collection, { json: { name: 'X', parent: 987654 } }), 'parent');
        assertInvalidParam(await server.admin('POST', collection, { json: { name: 'X', parent: 'top' } }), 'parent');
        const tag = await term(server, 'tags', { name: 'A Tag For Parent' });
        const terms = countRows(server, 'terms');
        assertInvalidParam(await server.admin('POST', collection, { json: { name: 'X', parent: tag.id } }), 'parent');
        assert.equal(countRows(server, 'terms'), terms);
      } else {
        assert.equal(countRows(server, 'terms'), before);
      }
    });

    test('duplicate name → 400 term_exists with data.term_id (case-insensitive)', async () => {
      const original = await term(server, collection, { name: 'Duplicate Me' });
      const before = countRows(server, 'terms');
      for (const name of ['Duplicate Me', 'duplicate me', '  Duplicate Me ']) {
        const response = await server.admin('POST', collection, { json: { name } });
        assertError(response, 400, 'term_exists', name);
        assert.equal(response.body.data.term_id, original.id);
        assert.equal(
          response.body.message,
          hierarchical
            ? 'A term with the name provided already exists with this parent.'
            : 'A term with the name provided already exists in this taxonomy.',
        );
      }
      assert.equal(countRows(server, 'terms'), before);
      // the same name in the other taxonomy is fine
      const other = hierarchical ? 'tags' : 'categories';
      assert.equal((await server.admin('POST', other, { json: { name: 'Duplicate Me' } })).status, 201);
    });

    if (!hierarchical) {
      test('tags have no parent: a parent in a write is ignored', async () => {
        const tag = await term(server, 'tags', { name: 'Flat Tag', parent: 987654 });
        assert.equal('parent' in tag, false);
        const parentTag = await term(server, 'tags', { name: 'Would Be Parent' });
        const updated = await server.admin('PATCH', `tags/${tag.id}`, { json: { parent: parentTag.id } });
        assert.equal(updated.status, 200, updated.text);
        assert.equal('parent' in updated.body, false);
        assert.equal('up' in updated.body.urls, false);
      });
    }

    test('a taken slug is uniquified with -2, -3', async () => {
      const first = await term(server, collection, { name: 'Slug Owner' });
      const second = await term(server, collection, { name: 'Other Name', slug: 'slug-owner' });
      const third = await term(server, collection, { name: 'Slug Owner!' });
      assert.equal(first.slug, 'slug-owner');
      assert.equal(second.slug, 'slug-owner-2');
      assert.equal(third.slug, 'slug-owner-3');
    });

    for (const method of ['POST', 'PUT', 'PATCH']) {
      test(`${method} /${collection}/{id} updates only the fields sent`, async () => {
        const original = await term(server, collection, { name: `Upd ${method}`, description: 'Keep' });
        const renamed = await server.admin(method, `${collection}/${original.id}`, { json: { name: `New ${method}` } });
        assert.equal(renamed.status, 200, renamed.text);
        assert.deepEqual(Object.keys(renamed.body), [...keys, '_links']);
        assert.equal(renamed.body.name, `New ${method}`);
        assert.equal(renamed.body.description, 'Keep');
        assert.equal(renamed.body.slug, original.slug, 'renaming keeps the slug');
        const described = await server.admin(method, `${collection}/${original.id}`, {
          json: { description: '', slug: `Fresh Slug ${method}` },
        });
        assert.equal(described.status, 200, described.text);
        assert.equal(described.body.description, '');
        assert.equal(described.body.slug, `fresh-slug-${method.toLowerCase()}`);
        assert.equal(described.body.name, `New ${method}`);
        const read = await server.admin('GET', `${collection}/${original.id}`);
        assert.deepEqual(read.body, described.body);
      });
    }

    test('update to the slug of another term → 400 duplicate_term_slug; to a sibling name → term_exists', async () => {
      const a = await term(server, collection, { name: 'Slug A' });
      const b = await term(server, collection, { name: 'Slug B' });
      const before = countRows(server, 'terms');
      assertError(
        await server.admin('PATCH', `${collection}/${b.id}`, { json: { slug: a.slug } }),
        400,
        'duplicate_term_slug',
      );
      const clash = await server.admin('PATCH', `${collection}/${b.id}`, { json: { name: 'slug a' } });
      assertError(clash, 400, 'term_exists');
      assert.equal(clash.body.data.term_id, a.id);
      // a rejected update changes nothing, even the fields that were valid
      assertError(
        await server.admin('PATCH', `${collection}/${b.id}`, { json: { description: 'Changed', slug: a.slug } }),
        400,
      );
      const stored = await server.request('GET', `${collection}/${b.id}`, { query: { hide_empty: 'false' } });
      assert.equal(stored.body.slug, 'slug-b');
      assert.equal(stored.body.name, 'Slug B');
      assert.equal(stored.body.description, '');
      assert.equal(countRows(server, 'terms'), before);
      // its own slug, or a case change of its own name, is fine
      const self = await server.admin('PATCH', `${collection}/${b.id}`, { json: { slug: 'slug-b', name: 'SLUG B' } });
      assert.equal(self.status, 200, self.text);
      assert.equal(self.body.name, 'SLUG B');
    });

    test('DELETE → 200 with the term as it was (its count); the event no longer lists it', async () => {
      const doomed = await term(server, collection, { name: 'Doomed', description: 'Bye' });
      const keeper = await term(server, collection, { name: 'Survivor' });
      const e1 = await createEvent(server, event({ [collection]: [doomed.id, keeper.id] }));
      await createEvent(server, event({ [collection]: [doomed.id] }));
      const before = countRows(server, 'term_posts');
      const response = await server.admin('DELETE', `${collection}/${doomed.id}`);
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(Object.keys(response.body), [...keys, '_links']);
      assert.equal(response.body.id, doomed.id);
      assert.equal(response.body.count, 2);
      assert.equal(response.body.description, 'Bye');
      assert.equal(countRows(server, 'term_posts'), before - 2);
      const eventAfter = await server.request('GET', `events/${e1.id}`);
      assert.deepEqual(
        (eventAfter.body[collection] as Term[]).map((t) => t.id),
        [keeper.id],
      );
      assertInvalidParam(await server.request('GET', `${collection}/${doomed.id}`), 'id');
      assertInvalidParam(await server.admin('DELETE', `${collection}/${doomed.id}`), 'id');
      assertInvalidParam(
        await server.request('GET', 'events', { query: { [collection]: doomed.slug } }),
        collection,
        'a deleted term is no longer a valid filter',
      );
      // force is accepted and changes nothing: terms are always deleted
      const other = await term(server, collection, { name: 'Forced' });
      assert.equal(
        (await server.admin('DELETE', `${collection}/${other.id}`, { query: { force: 'false' } })).status,
        200,
      );
      assertInvalidParam(await server.request('GET', `${collection}/${other.id}`), 'id');
    });

    test('unknown id → 400 rest_invalid_param (param id) on every method, even anonymous; abc → 404', async () => {
      const other = await term(server, hierarchical ? 'tags' : 'categories', { name: 'Wrong Taxonomy' });
      for (const id of [987654, 0, other.id]) {
        assertInvalidParam(await server.request('GET', `${collection}/${id}`), 'id', `GET ${id}`);
        assertInvalidParam(await server.request('DELETE', `${collection}/${id}`), 'id', `anonymous DELETE ${id}`);
        assertInvalidParam(
          await server.request('DELETE', `${collection}/${id}`, { token: server.tokens.subscriber }),
          'id',
          `subscriber DELETE ${id}`,
        );
        for (const method of ['POST', 'PUT', 'PATCH'])
          assertInvalidParam(
            await server.admin(method, `${collection}/${id}`, { json: { name: 'Renamed' } }),
            'id',
            `${method} ${id}`,
          );
      }
      assert.equal(
        (await server.request('GET', `${hierarchical ? 'tags' : 'categories'}/${other.id}`)).body.name,
        'Wrong Taxonomy',
      );
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
        assertError(await server.admin(method, `${collection}/abc`), 404, 'rest_no_route', method);
      assertError(await server.admin('GET', `${collection}/by-slug/x`), 404, 'rest_no_route');
    });
  });

  describe(`${collection}: role rules`, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer();
    });
    after(() => server.close());

    const allowed = hierarchical ? ['author', 'editor', 'administrator'] : ['editor', 'administrator'];
    const refused = hierarchical ? ['contributor', 'subscriber'] : ['author', 'contributor', 'subscriber'];

    test(`${allowed.join(', ')} may create, update and delete`, async () => {
      for (const who of allowed) {
        const token = server.tokens[who as 'editor'];
        const created = await term(server, collection, { name: `By ${who}` }, token);
        const updated = await server.request('PATCH', `${collection}/${created.id}`, {
          json: { description: who },
          token,
        });
        assert.equal(updated.status, 200, `${who}: ${updated.text}`);
        const removed = await server.request('DELETE', `${collection}/${created.id}`, { token });
        assert.equal(removed.status, 200, `${who}: ${removed.text}`);
      }
    });

    test(`${refused.join(', ')} → 403, anonymous → 401; nothing written`, async () => {
      const target = await term(server, collection, { name: 'Protected Term' });
      const before = countRows(server, 'terms');
      for (const who of refused) {
        const token = server.tokens[who as 'author'];
        assertError(
          await server.request('POST', collection, { json: { name: `Nope ${who}` }, token }),
          403,
          'rest_forbidden',
          who,
        );
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
          assertError(
            await server.request(method, `${collection}/${target.id}`, { json: { name: 'Hacked' }, token }),
            403,
            'rest_forbidden',
            `${who} ${method}`,
          );
      }
      const anonymous = await server.request('POST', collection, { json: { name: 'Anon' } });
      assertError(anonymous, 401, 'rest_forbidden');
      assert.ok(anonymous.headers.get('www-authenticate'));
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
        assertError(
          await server.request(method, `${collection}/${target.id}`, { json: { name: 'Hacked' } }),
          401,
          'rest_forbidden',
          method,
        );
      assert.equal(countRows(server, 'terms'), before);
      const stored = await server.request('GET', `${collection}/${target.id}`);
      assert.equal(stored.body.name, 'Protected Term');
    });

    test('anyone may read', async () => {
      const target = await term(server, collection, { name: 'Public Term' });
      assert.equal((await server.request('GET', `${collection}/${target.id}`)).status, 200);
      assert.equal((await server.request('GET', collection, { query: { hide_empty: false } })).status, 200);
    });

    test('validation (400) comes before permission', async () => {
      assertError(await server.request('POST', collection, { json: {} }), 400, 'rest_missing_callback_param');
      assertInvalidParam(await server.request('POST', collection, { json: { name: '' } }), 'name');
    });
  });
}

// ---------------------------------------------------------------------------------------------
describe('category hierarchy', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('the same name under a different parent is allowed (slug -2), under the same parent it is not', async () => {
    const music = await term(server, 'categories', { name: 'Music' });
    const live = await term(server, 'categories', { name: 'Live', parent: music.id });
    const theatre = await term(server, 'categories', { name: 'Theatre' });
    const live2 = await term(server, 'categories', { name: 'Live', parent: theatre.id });
    assert.notEqual(live2.id, live.id);
    assert.equal(live2.slug, 'live-2');
    assert.equal(live2.parent, theatre.id);
    assert.equal(live2.url, `${server.url}/events/category/theatre/live-2/`);
    assertError(
      await server.admin('POST', 'categories', { json: { name: 'live', parent: music.id } }),
      400,
      'term_exists',
    );
    // top level: "Live" does not exist there yet
    const top = await term(server, 'categories', { name: 'Live' });
    assert.equal(top.parent, 0);
    // moving a child next to a same-named sibling → term_exists
    const clash = await server.admin('PATCH', `categories/${live2.id}`, { json: { parent: music.id } });
    assertError(clash, 400, 'term_exists');
    assert.equal(clash.body.data.term_id, live.id);
  });

  test('a category cannot move under itself or its descendants; parent 0 moves it to the top', async () => {
    const root = await term(server, 'categories', { name: 'Root' });
    const child = await term(server, 'categories', { name: 'Child', parent: root.id });
    const grandchild = await term(server, 'categories', { name: 'Grandchild', parent: child.id });
    assert.equal(grandchild.url, `${server.url}/events/category/root/child/grandchild/`);
    for (const target of [root.id, child.id, grandchild.id])
      assertInvalidParam(await server.admin('PATCH', `categories/${root.id}`, { json: { parent: target } }), 'parent');
    assertInvalidParam(await server.admin('PATCH', `categories/${root.id}`, { json: { parent: 987654 } }), 'parent');
    assert.equal((await server.request('GET', `categories/${root.id}`)).body.parent, 0);
    const moved = await server.admin('PATCH', `categories/${grandchild.id}`, { json: { parent: 0 } });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.parent, 0);
    assert.equal('up' in moved.body.urls, false);
    assert.equal(moved.body.url, `${server.url}/events/category/grandchild/`);
    const back = await server.admin('PUT', `categories/${grandchild.id}`, { json: { parent: root.id } });
    assert.equal(back.body.parent, root.id);
    assert.equal(back.body.urls.up, `${server.url}/svc/events/v1/categories/${root.id}`);
  });

  test('deleting a category re-parents its children to its own parent', async () => {
    const top = await term(server, 'categories', { name: 'Top' });
    const middle = await term(server, 'categories', { name: 'Middle', parent: top.id });
    const leafA = await term(server, 'categories', { name: 'Leaf A', parent: middle.id });
    const leafB = await term(server, 'categories', { name: 'Leaf B', parent: middle.id });
    const removed = await server.admin('DELETE', `categories/${middle.id}`);
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.body.parent, top.id);
    for (const leaf of [leafA, leafB]) {
      const read = await server.request('GET', `categories/${leaf.id}`);
      assert.equal(read.body.parent, top.id);
      assert.equal(read.body.url, `${server.url}/events/category/top/${leaf.slug}/`);
    }
    const children = await server.request('GET', 'categories', { query: { parent: top.id, hide_empty: false } });
    assert.deepEqual(names(children), ['Leaf A', 'Leaf B']);
    // deleting a top-level parent moves its children to the top
    await server.admin('DELETE', `categories/${top.id}`);
    assert.equal((await server.request('GET', `categories/${leafA.id}`)).body.parent, 0);
  });
});

describe('events ↔ terms', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('events filter by category/tag slug or id; /categories?event and /tags?event go the other way', async () => {
    const rock = await term(server, 'categories', { name: 'Rock' });
    const punk = await term(server, 'categories', { name: 'Punk', parent: rock.id });
    const folk = await term(server, 'categories', { name: 'Folk' });
    const loud = await term(server, 'tags', { name: 'Loud' });
    const quiet = await term(server, 'tags', { name: 'Quiet' });
    const a = await createEvent(server, event({ title: 'A', categories: [rock.id], tags: [loud.id] }));
    const b = await createEvent(server, event({ title: 'B', categories: [punk.id], tags: [loud.id, quiet.id] }));
    const c = await createEvent(server, event({ title: 'C', categories: [folk.id], tags: [quiet.id] }));
    const titles = async (query: Json) => {
      const response = await server.request('GET', 'events', { query: query as Record<string, string> });
      assert.equal(response.status, 200, response.text);
      return (response.body.events as { title: string }[]).map((e) => e.title).sort();
    };
    assert.deepEqual(await titles({ categories: 'folk' }), ['C']);
    assert.deepEqual(await titles({ categories: String(folk.id) }), ['C']);
    assert.deepEqual(await titles({ categories: 'punk' }), ['B']);
    assert.deepEqual(await titles({ categories: 'rock' }), ['A', 'B'], 'a parent category matches its children');
    assert.deepEqual(await titles({ categories: `folk,${punk.id}` }), ['B', 'C']);
    assert.deepEqual(await titles({ tags: 'loud' }), ['A', 'B']);
    assert.deepEqual(await titles({ tags: String(quiet.id) }), ['B', 'C']);
    assertInvalidParam(await server.request('GET', 'events', { query: { categories: 'no-such' } }), 'categories');
    assertInvalidParam(await server.request('GET', 'events', { query: { tags: '987654' } }), 'tags');

    const termNames = async (collection: string, id: number) =>
      names(await server.request('GET', collection, { query: { event: id } }), collection);
    assert.deepEqual(await termNames('categories', a.id), ['Rock']);
    assert.deepEqual(await termNames('categories', b.id), ['Punk']);
    assert.deepEqual(await termNames('tags', b.id), ['Loud', 'Quiet']);
    assert.deepEqual(await termNames('tags', c.id), ['Quiet']);
  });

  test('terms created by name through an event write appear in the term lists', async () => {
    const created = await createEvent(server, event({ categories: ['Brand New Cat'], tags: ['Brand New Tag'] }));
    const cat = (created.categories as Term[])[0]!;
    const read = await server.request('GET', `categories/${cat.id}`);
    assert.equal(read.body.name, 'Brand New Cat');
    assert.equal(read.body.count, 1);
    assert.deepEqual(names(await server.request('GET', 'tags', { query: { event: created.id } }), 'tags'), [
      'Brand New Tag',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
describe('stored counts after event writes (the state after a write is not read back)', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  /** Each term's stored count next to a recount of the published events using it. */
  const recount = () =>
    server.store.db
      .prepare(
        `SELECT t.name, t.count AS stored,
           (SELECT COUNT(*) FROM term_posts tp JOIN posts p ON p.site_id = tp.site_id AND p.id = tp.post_id
            WHERE tp.site_id = t.site_id AND tp.term_id = t.id AND p.type = 'event' AND p.status = 'publish') AS actual
         FROM terms t ORDER BY t.name`,
      )
      .all() as { name: string; stored: number; actual: number }[];

  test('every term’s count equals a recount, whatever the status and however the terms are named', async () => {
    const cat = (await server.admin('POST', 'categories', { json: { name: 'Counted' } })).body as Term;
    const tag = (await server.admin('POST', 'tags', { json: { name: 'Tagged' } })).body as Term;
    const when = { start_date: '2027-03-01 10:00', end_date: '2027-03-01 11:00' };
    const writes: Json[] = [
      { title: 'published', categories: [cat.id], tags: [tag.id] },
      // The same term by id, by name and by name in other case: linked (and counted) once.
      { title: 'repeated', categories: [cat.id, 'Counted', 'counted'], tags: ['Tagged', tag.id] },
      { title: 'draft', status: 'draft', categories: [cat.id], tags: [tag.id] },
      // A future publication date turns `publish` into `future`: not counted.
      { title: 'future', status: 'publish', date: '2099-01-01 00:00:00', categories: [cat.id] },
      { title: 'new names', categories: ['Fresh category', 'fresh CATEGORY'], tags: ['Fresh tag'] },
      { title: 'no terms' },
    ];
    for (const fields of writes) await createEvent(server, { ...when, ...fields });
    const counts = recount();
    for (const row of counts) assert.equal(row.stored, row.actual, row.name);
    const byName = Object.fromEntries(counts.map((r) => [r.name, r.stored]));
    assert.equal(byName.Counted, 2);
    assert.equal(byName.Tagged, 2);
    assert.equal(byName['Fresh category'], 1);
    assert.equal(byName['Fresh tag'], 1);
  });

  // Updates work out the counting state after the write from the write itself (status, and the
  // terms only when the update names them) instead of reading the event back: check every step.
  test('counts stay equal to a recount through updates, trash, restore and deletion', async () => {
    const mismatches = () => recount().filter((r) => r.stored !== r.actual);
    const a = (await server.admin('POST', 'categories', { json: { name: 'Update A' } })).body as Term;
    const b = (await server.admin('POST', 'categories', { json: { name: 'Update B' } })).body as Term;
    const t = (await server.admin('POST', 'tags', { json: { name: 'Update tag' } })).body as Term;
    const event = await createEvent(server, {
      title: 'Moves',
      start_date: '2027-03-02 10:00',
      end_date: '2027-03-02 11:00',
      categories: [a.id],
      tags: [t.id],
    });
    const steps: [string, string, Json?][] = [
      ['PATCH', 'title only', { title: 'Moved' }],
      ['PATCH', 'unpublish', { status: 'draft' }],
      ['PATCH', 'terms while a draft', { categories: [b.id] }],
      ['PATCH', 'publish', { status: 'publish' }],
      ['PATCH', 'terms while published', { categories: [a.id, b.id], tags: [] }],
      ['PATCH', 'publication date ahead (future)', { date: '2099-01-01 00:00:00' }],
      ['PATCH', 'publication date back (publish)', { date: '2020-01-01 00:00:00' }],
      ['DELETE', 'trash'],
      ['PATCH', 'restore', { status: 'publish' }],
      ['DELETE', 'force delete', { force: true }],
    ];
    for (const [method, label, body] of steps) {
      const response =
        method === 'DELETE'
          ? await server.admin('DELETE', `events/${event.id}`, { query: (body ?? {}) as Record<string, boolean> })
          : await server.admin('PATCH', `events/${event.id}`, { json: body });
      assert.equal(response.status, 200, `${label}: ${response.text}`);
      assert.deepEqual(mismatches(), [], label);
    }
  });
});
