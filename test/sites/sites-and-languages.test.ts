// Sites and languages (contract §1): isolation, base URLs, runtime site creation through the real
// CLI, translation_language on every route, translated content, localized docs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { API, createEvent, startServer, type TestServer } from '../support/server.ts';
import { ALL_ROUTES } from '../../server/api/routes.ts';
import { TRANSLATION_LANGUAGES } from '../../contract/constants.ts';

let server: TestServer;
let superToken: string;
const MX = '/mx' + API;
const asAdmin = (method: string, path: string, options: { json?: unknown; query?: Record<string, string> } = {}) =>
  server.request(method, path, { ...options, token: superToken });

before(async () => {
  server = await startServer();
  // The site is created by the CLI, in another process, while the server runs.
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/almanac.ts',
      'site',
      'create',
      'mx',
      '--language',
      'mx',
      '--timezone',
      'America/Mexico_City',
      '--title',
      'CDMX',
      '--per-page',
      '5',
      '--data-dir',
      server.dataDir,
    ],
    { stdio: 'pipe' },
  );
  // `admin`, created with the data dir, administers the whole install.
  superToken = server.store.users.createToken(server.store.users.byLogin('admin')!.id, 'tests');
});
after(() => server.close());

test('a site created at run time is served at once, with its own base URL everywhere', async () => {
  const discovery = await server.request('GET', '/mx/');
  assert.equal(discovery.status, 200);
  assert.equal(discovery.body.language, 'mx');
  assert.equal(discovery.body.api_root, `${server.url}${MX}`);
  const created = await asAdmin('POST', `${MX}/events`, {
    json: {
      title: 'Concierto',
      start_date: '2027-05-01 20:00',
      end_date: '2027-05-01 22:00',
      venue: { venue: 'Zócalo' },
    },
  });
  assert.equal(created.status, 201);
  assert.equal(created.body.rest_url, `${server.url}${MX}/events/${created.body.id}`);
  assert.equal(created.body.url, `${server.url}/mx/event/concierto/`);
  assert.equal(created.body.global_id, `127.0.0.1/mx?id=${created.body.id}`);
  assert.equal(created.body.venue.url, `${server.url}/mx/venue/zocalo/`);
  assert.equal(created.body.timezone, 'America/Mexico_City');
  const list = await server.request('GET', `${MX}/events`);
  assert.ok(list.body.rest_url.startsWith(`${server.url}${MX}/events/`));
  assert.match(list.body.rest_url, /per_page=5&/, 'the site’s own default page size');
  assert.match((await server.request('GET', 'events')).body.rest_url, /per_page=10&/);
  const doc = await server.request('GET', `${MX}/doc`);
  assert.deepEqual(doc.body.servers, [{ url: `${server.url}${MX}` }]);
});

test('two sites never see each other’s content, and each has its own id sequences', async () => {
  const here = await createEvent(server, {
    title: 'Default only',
    start_date: '2027-06-01 10:00',
    end_date: '2027-06-01 11:00',
  });
  const there = await asAdmin('POST', `${MX}/events`, {
    json: { title: 'Solo CDMX', start_date: '2027-06-02 10:00', end_date: '2027-06-02 11:00', categories: ['Música'] },
  });
  assert.equal(there.status, 201);
  const defaultList = await server.request('GET', 'events');
  const mxList = await server.request('GET', `${MX}/events`);
  assert.ok(defaultList.body.events.every((e: { title: string }) => e.title !== 'Solo CDMX'));
  assert.ok(mxList.body.events.every((e: { title: string }) => e.title !== 'Default only'));
  // Ids are per site: the mx site's first term is 1 although the default site has none.
  assert.equal(there.body.categories[0].id, 1);
  const missing = Math.max(here.id, there.body.id) + 100;
  assert.equal((await server.request('GET', `${MX}/events/${missing}`)).status, 404);
  const categories = await server.request('GET', 'categories', { query: { hide_empty: 'false' } });
  assert.ok(categories.body.categories.every((c: { name: string }) => c.name !== 'Música'));
});

test('a token is valid only on its user’s sites; the install administrator acts on every site', async () => {
  const editorOnDefault = await server.request('GET', `${MX}/events`, { token: server.tokens.editor });
  assert.equal(editorOnDefault.status, 401);
  assert.equal(editorOnDefault.body.code, 'rest_invalid_token');
  const write = await asAdmin('POST', `${MX}/tags`, { json: { name: 'Gratis' } });
  assert.equal(write.status, 201);
});

test('translation_language is validated on every route: the seven variants accepted, anything else 400', async () => {
  const event = await createEvent(server, {
    title: 'Probe',
    start_date: '2027-07-01 10:00',
    end_date: '2027-07-01 11:00',
    venue: { venue: 'Probe hall' },
    organizer: [{ organizer: 'Probe org' }],
    categories: ['Probe cat'],
  });
  const tag = await server.admin('POST', 'tags', { json: { name: 'Probe tag' } });
  const ids: Record<string, number> = {
    events: event.id,
    venues: event.venue.id,
    organizers: event.organizer[0].id,
    categories: event.categories[0].id,
    tags: tag.body.id,
  };
  // Required fields present, so the only fault is translation_language (missing ones are reported first).
  const required: Record<string, unknown> = {
    '/events': { title: 'x', start_date: '2027-07-01 10:00', end_date: '2027-07-01 11:00' },
    '/venues': { venue: 'x' },
    '/organizers': { organizer: 'x' },
    '/categories': { name: 'x' },
    '/tags': { name: 'x' },
  };
  for (const route of ALL_ROUTES) {
    const collection = route.path.split('/')[1] ?? '';
    const path = route.path.replace('{id}', String(ids[collection])).replace('{slug}', 'does-not-matter');
    for (const endpoint of route.endpoints) {
      for (const method of endpoint.methods) {
        const json = method === 'POST' ? required[route.path] : undefined;
        const bad = await server.admin(method, `${API}${path}`, { query: { translation_language: 'fr' }, json });
        assert.equal(bad.status, 400, `${method} ${path} with fr`);
        assert.equal(bad.body.code, 'rest_invalid_param');
        assert.ok('translation_language' in bad.body.data.params, `${method} ${path} names translation_language`);
      }
    }
  }
  for (const language of TRANSLATION_LANGUAGES) {
    for (const path of [
      '',
      '/doc',
      '/events',
      `/events/${event.id}`,
      '/venues',
      '/organizers',
      '/categories',
      '/tags',
    ]) {
      const ok = await server.request('GET', `${API}${path}`, { query: { translation_language: language } });
      assert.equal(ok.status, 200, `${path} with ${language}`);
    }
  }
});

test('a translated title round-trips and falls back per language; search matches the variant', async () => {
  const event = await createEvent(server, {
    title: 'Summer concert',
    start_date: '2027-08-01 20:00',
    end_date: '2027-08-01 22:00',
    categories: ['Live music'],
  });
  const patched = await server.admin('PATCH', `events/${event.id}`, {
    query: { translation_language: 'mx' },
    json: { title: 'Concierto de verano' },
  });
  assert.equal(patched.status, 200);
  assert.equal(patched.body.title, 'Concierto de verano');
  assert.equal(patched.body.translation_language, 'mx');
  const term = await server.admin('PATCH', `categories/${event.categories[0].id}`, {
    query: { translation_language: 'mx' },
    json: { name: 'Música en vivo' },
  });
  assert.equal(term.body.name, 'Música en vivo');

  const base = await server.request('GET', `events/${event.id}`);
  assert.equal(base.body.title, 'Summer concert', 'the base text is unchanged');
  assert.equal('translation_language' in base.body, false);
  const mx = await server.request('GET', `events/${event.id}`, { query: { translation_language: 'mx' } });
  assert.equal(mx.body.title, 'Concierto de verano');
  assert.equal(mx.body.translation_language, 'mx');
  assert.equal(mx.body.categories[0].name, 'Música en vivo');
  const arg = await server.request('GET', `events/${event.id}`, { query: { translation_language: 'arg' } });
  assert.equal(arg.body.title, 'Summer concert', 'no arg variant: base text');
  assert.equal(arg.body.translation_language, 'en');

  const found = await server.request('GET', 'events', { query: { search: 'verano', translation_language: 'mx' } });
  assert.deepEqual(
    found.body.events.map((e: { id: number }) => e.id),
    [event.id],
  );
  const notFound = await server.request('GET', 'events', { query: { search: 'verano' } });
  assert.equal(notFound.body.total, 0);
  const termSearch = await server.request('GET', 'categories', {
    query: { search: 'vivo', translation_language: 'mx' },
  });
  assert.deepEqual(
    termSearch.body.categories.map((c: { id: number }) => c.id),
    [event.categories[0].id],
  );
});

function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== 'description')
      .map(([k, v]) => [k, withoutDescriptions(v)]),
  );
}

test('docs: Spanish and English parameter descriptions differ for every parameter; the rest is identical', async () => {
  const en = (await server.request('GET', `${API}/doc`)).body;
  const es = (await server.request('GET', `${MX}/doc`)).body;
  let compared = 0;
  for (const [path, item] of Object.entries(en.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(item)) {
      const other = es.paths[path][method];
      op.parameters.forEach((p: any, i: number) => {
        assert.notEqual(p.description, other.parameters[i].description, `${method} ${path} ${p.name}`);
        compared++;
      });
      for (const [name, schema] of Object.entries(
        (op.requestBody?.content['application/json'].schema.properties ?? {}) as Record<string, any>,
      )) {
        assert.notEqual(
          schema.description,
          other.requestBody.content['application/json'].schema.properties[name].description,
          `${method} ${path} body ${name}`,
        );
        compared++;
      }
    }
  }
  assert.ok(compared > 100, `compared ${compared} descriptions`);
  const strip = (doc: any) => withoutDescriptions({ ...doc, servers: [], info: { ...doc.info, title: '' } });
  assert.deepEqual(strip(es), strip(en));

  const indexEn = (await server.request('GET', API)).body;
  const indexEs = (await server.request('GET', MX)).body;
  const argsOf = (index: any) =>
    Object.values(index.routes).flatMap((r: any) => r.endpoints.flatMap((e: any) => Object.values(e.args)));
  const a = argsOf(indexEn) as any[];
  const b = argsOf(indexEs) as any[];
  assert.equal(a.length, b.length);
  a.forEach((arg, i) => assert.notEqual(arg.description, b[i].description));
  const unbased = (routes: unknown) =>
    JSON.parse(JSON.stringify(routes).replaceAll(`${server.url}/mx/`, `${server.url}/`));
  assert.deepEqual(withoutDescriptions(unbased(indexEs.routes)), withoutDescriptions(indexEn.routes));
});
