// The service routes (spec §4.1, contract §10): the namespace index and the OpenAPI 3.1 document
// are generated from the route table, so they must describe every route, method and parameter;
// real responses must match the documented schemas. Plus the discovery document at GET /.
import { closed } from '../support/fuzz.ts';
import { test, after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { TObject } from '@sinclair/typebox';
import { ALL_ROUTES } from '../../server/api/routes.ts';
import { toWpPattern } from '../../server/http/route.ts';
import { startServer, createEvent, type TestServer } from '../support/server.ts';
import { inDays } from '../support/helpers.ts';

const NS = 'svc/events/v1';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

type Json = Record<string, unknown>;

let server: TestServer;
let doc: Json & { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };
let index: { namespace: string; routes: Record<string, Json>; _links: { up: { href: string }[] } };
before(async () => {
  server = await startServer();
  const docResponse = await server.request('GET', `/${NS}/doc`);
  assert.equal(docResponse.status, 200, docResponse.text);
  doc = docResponse.body;
  const indexResponse = await server.request('GET', `/${NS}`);
  assert.equal(indexResponse.status, 200, indexResponse.text);
  index = indexResponse.body;
});
after(() => server.close());

const pathNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
const requiredOf = (args: TObject) => new Set(args.required ?? []);

describe('GET /svc/events/v1 (namespace index)', () => {
  test('lists every route of the route table, in order, keyed by its WordPress pattern', () => {
    assert.equal(index.namespace, NS);
    const expected = ALL_ROUTES.map((route) => `/${NS}${toWpPattern(route.path)}`);
    assert.deepEqual(Object.keys(index.routes), expected);
    for (const pattern of ['/events', '/events/(?P<id>\\d+)', '/events/by-slug/(?P<slug>[^/]+)'])
      assert.ok(expected.includes(`/${NS}${pattern}`), pattern);
    assert.deepEqual(index._links.up, [{ href: `${server.url}/` }]);
  });

  test('each route lists its methods and its endpoints with every arg (required, type, description)', () => {
    for (const route of ALL_ROUTES) {
      const key = `/${NS}${toWpPattern(route.path)}`;
      const entry = index.routes[key] as {
        namespace: string;
        methods: string[];
        endpoints: { methods: string[]; args: Record<string, Json> }[];
        _links?: { self: { href: string }[] };
      };
      assert.equal(entry.namespace, NS, key);
      assert.deepEqual(
        entry.methods,
        route.endpoints.flatMap((e) => e.methods),
        key,
      );
      assert.equal(entry.endpoints.length, route.endpoints.length, key);
      route.endpoints.forEach((endpoint, i) => {
        const documented = entry.endpoints[i]!;
        assert.deepEqual(documented.methods, endpoint.methods, key);
        assert.deepEqual(Object.keys(documented.args), Object.keys(endpoint.args.properties), `${key} args`);
        const required = requiredOf(endpoint.args);
        for (const [name, arg] of Object.entries(documented.args)) {
          const where = `${key} ${endpoint.methods.join(',')} ${name}`;
          assert.equal(arg.required, required.has(name), `${where}: required`);
          assert.equal(typeof arg.description, 'string', `${where}: description`);
          assert.ok((arg.description as string).length > 3, `${where}: description`);
          assert.notEqual(arg.description, 'No description provided.', `${where}: description`);
          const type = arg.type;
          const types = Array.isArray(type) ? type : [type];
          assert.ok(
            types.length > 0 && types.every((t) => typeof t === 'string'),
            `${where}: type ${JSON.stringify(type)}`,
          );
          // Only JSON-schema keywords WordPress exposes; no TypeBox internals.
          for (const keyword of Object.keys(arg)) {
            assert.ok(
              [
                'required',
                'description',
                'type',
                'default',
                'format',
                'enum',
                'items',
                'minimum',
                'maximum',
                'anyOf',
              ].includes(keyword),
              `${where}: unexpected keyword ${keyword}`,
            );
          }
        }
      });
      if (route.path.includes('{')) assert.equal(entry._links, undefined, key);
      else assert.deepEqual(entry._links, { self: [{ href: `${server.url}/${NS}${route.path}` }] }, key);
    }
  });

  test('the reference’s args and defaults where the spec names them', () => {
    const root = index.routes[`/${NS}`] as { endpoints: { args: Record<string, Json> }[] };
    assert.equal(root.endpoints[0]!.args.namespace!.default, NS);
    assert.equal(root.endpoints[0]!.args.context!.default, 'view');
    const events = index.routes[`/${NS}/events`] as { endpoints: { methods: string[]; args: Record<string, Json> }[] };
    const [list, create] = events.endpoints;
    assert.deepEqual(list!.methods, ['GET']);
    assert.deepEqual(create!.methods, ['POST']);
    assert.equal(list!.args.page!.default, 1);
    assert.equal(list!.args.per_page!.default, 10);
    assert.equal(list!.args.page!.type, 'integer');
    for (const name of ['title', 'start_date', 'end_date']) assert.equal(create!.args[name]!.required, true, name);
    for (const name of ['description', 'venue', 'organizer', 'categories', 'cost', 'all_day'])
      assert.equal(create!.args[name]!.required, false, name);
    assert.equal(create!.args.all_day!.type, 'boolean');
    // Multi-shape args get the union of their shapes' types (regression: they had no `type`).
    assert.deepEqual(create!.args.venue!.type, ['integer', 'string', 'object', 'array']);
    assert.deepEqual(create!.args.organizer!.type, ['integer', 'string', 'object', 'array']);
    assert.deepEqual(create!.args.cost!.type, ['string', 'number', 'array']);
    assert.equal(create!.args.categories!.type, 'array');
    assert.deepEqual(list!.args.translation_language!.enum, ['arg', 'bo', 'cl', 'co', 'mx', 'pe', 'es']);
    const single = index.routes[`/${NS}/events/(?P<id>\\d+)`] as {
      methods: string[];
      endpoints: { methods: string[]; args: Record<string, Json> }[];
    };
    assert.deepEqual([...single.methods].sort(), ['DELETE', 'GET', 'PATCH', 'POST', 'PUT']);
    for (const endpoint of single.endpoints) assert.equal(endpoint.args.id!.required, true);
    const update = single.endpoints.find((e) => e.methods.includes('PATCH'))!;
    assert.ok(update.args.password, 'update accepts password');
    assert.equal(update.args.title!.required, false);
    const bySlug = index.routes[`/${NS}/events/by-slug/(?P<slug>[^/]+)`] as {
      endpoints: { methods: string[]; args: Record<string, Json> }[];
    };
    const slugUpdate = bySlug.endpoints.find((e) => e.methods.includes('PATCH'))!;
    assert.equal(slugUpdate.args.slug!.required, false, 'spec §4.2: slug optional on the by-slug update');
    const slugRead = bySlug.endpoints.find((e) => e.methods.includes('GET'))!;
    assert.equal(slugRead.args.slug!.required, true);
  });

  test('translation_language is validated; other params are accepted', async () => {
    assert.equal((await server.request('GET', `/${NS}`, { query: { context: 'view' } })).status, 200);
    const bad = await server.request('GET', `/${NS}`, { query: { translation_language: 'fr' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'rest_invalid_param');
    assert.equal((await server.request('GET', `/${NS}/`)).status, 200, 'trailing slash');
  });
});

describe('GET /svc/events/v1/doc (OpenAPI 3.1)', () => {
  test('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    assert.ok(result.valid, JSON.stringify(result.errors, null, 2)?.slice(0, 3000));
    assert.equal(validator.version, '3.1');
    assert.match(String(doc.openapi), /^3\.1\.\d+$/);
    assert.deepEqual(doc.servers, [{ url: `${server.url}/${NS}` }]);
  });

  test('the app namespace (almanac/v1) has its own document, which validates as OpenAPI 3.1 too', async () => {
    const appDoc = (await server.request('GET', '/almanac/v1/doc')).body;
    const result = await new Validator().validate(structuredClone(appDoc));
    assert.ok(result.valid, JSON.stringify(result.errors, null, 2)?.slice(0, 3000));
    assert.deepEqual(appDoc.servers, [{ url: `${server.url}/almanac/v1` }]);
  });

  test('has a component schema for every representation', () => {
    for (const name of ['Event', 'Venue', 'Organizer', 'Term', 'EmbeddedTerm', 'Image', 'DateDetails', 'CostDetails'])
      assert.ok(doc.components.schemas[name], name);
  });

  test('documents every route, method and parameter of the route table', () => {
    const operationIds = new Set<string>();
    for (const route of ALL_ROUTES) {
      const path = route.path === '' ? '/' : route.path;
      const item = doc.paths[path];
      assert.ok(item, `path ${path}`);
      const documentedMethods = Object.keys(item).filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k));
      assert.deepEqual(
        documentedMethods.sort(),
        route.endpoints.flatMap((e) => e.methods.map((m) => m.toLowerCase())).sort(),
        path,
      );
      for (const endpoint of route.endpoints) {
        const required = requiredOf(endpoint.args);
        for (const method of endpoint.methods) {
          const where = `${method} ${path}`;
          const op = item[method.toLowerCase()] as {
            operationId: string;
            parameters: { name: string; in: string; required: boolean; description: string; schema: Json }[];
            requestBody?: { content: Record<string, { schema: { properties: Json; required?: string[] } }> };
            responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
          };
          assert.ok(op, where);
          assert.ok(!operationIds.has(op.operationId), `${where}: operationId ${op.operationId} is unique`);
          operationIds.add(op.operationId);
          const inPath = pathNames(route.path);
          for (const name of inPath) {
            const param = op.parameters.find((p) => p.name === name && p.in === 'path');
            assert.ok(param, `${where}: path param ${name}`);
            assert.equal(param.required, true);
          }
          for (const name of Object.keys(endpoint.args.properties)) {
            if (inPath.includes(name)) continue;
            if (BODY_METHODS.has(method)) {
              for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
                const schema = op.requestBody?.content[type]?.schema;
                assert.ok(schema?.properties[name], `${where}: body param ${name} (${type})`);
                assert.equal((schema.required ?? []).includes(name), required.has(name), `${where}: ${name} required`);
              }
            } else {
              const param = op.parameters.find((p) => p.name === name && p.in === 'query');
              assert.ok(param, `${where}: query param ${name}`);
              assert.equal(param.required, required.has(name), `${where}: ${name} required`);
              assert.ok(param.description && param.schema, `${where}: ${name} described`);
            }
          }
          // every 2xx that returns a resource has a response schema; every documented status is the endpoint's
          assert.deepEqual(
            Object.keys(op.responses).sort(),
            Object.keys(endpoint.responses).sort(),
            `${where}: responses`,
          );
          const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
          assert.ok(success.length > 0, `${where}: a 2xx response`);
          for (const status of success) {
            if (route.tag === 'service' || status === '204') continue; // the index and this document
            assert.ok(op.responses[status]!.content?.['application/json']?.schema, `${where} ${status}: schema`);
          }
          for (const status of Object.keys(op.responses).filter((s) => /^[45]/.test(s))) {
            assert.deepEqual(
              op.responses[status]!.content?.['application/json']?.schema,
              { $ref: '#/components/schemas/Error' },
              `${where} ${status}: error schema`,
            );
          }
        }
      }
    }
    assert.deepEqual(Object.keys(doc.paths).length, ALL_ROUTES.length, 'no extra paths');
  });

  test('the create operation documents title, start_date and end_date as required', () => {
    const op = doc.paths['/events']!.post as {
      requestBody: { required: boolean; content: Record<string, { schema: { required: string[] } }> };
      responses: Record<string, unknown>;
    };
    assert.equal(op.requestBody.required, true);
    assert.deepEqual([...op.requestBody.content['application/json']!.schema.required].sort(), [
      'end_date',
      'start_date',
      'title',
    ]);
    assert.ok(op.responses['201']);
  });
});

describe('real responses match the documented schemas', () => {
  let ajv: Ajv2020;
  // `closed`: every object without additionalProperties gets false, so undocumented keys fail.
  const validators = new Map<string, ValidateFunction>();
  function validatorFor(pointer: string): ValidateFunction {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `urn:almanac:doc${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  }
  const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
  const responsePointer = (path: string, method: string, status: number) =>
    `#/paths/${escape(path)}/${method}/responses/${status}/content/application~1json/schema`;

  function assertValid(body: unknown, pointer: string, context: string) {
    const validate = validatorFor(pointer);
    assert.ok(validate(body), `${context}: ${JSON.stringify(validate.errors, null, 1)?.slice(0, 2000)}`);
  }

  before(() => {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ ...(closed(doc) as Json), $id: 'urn:almanac:doc' });
  });

  test('the closed schemas reject an undocumented key or a wrong type (the checks below can fail)', async () => {
    const event: Record<string, unknown> = await createEvent(server, {
      title: 'Probe',
      start_date: inDays(1),
      end_date: inDays(1, '11:00:00'),
    });
    const validate = validatorFor('#/components/schemas/Event');
    const valid = validate(event);
    assert.ok(valid, JSON.stringify(validate.errors));
    assert.equal(validate({ ...event, undocumented: 1 }), false);
    assert.equal(validate({ ...event, author: Number(event.author) }), false);
    const { slug: _slug, ...withoutSlug } = event;
    assert.equal(validate(withoutSlug), false);
  });

  test('create, single GET (by id and slug), list, update and delete of events', async () => {
    const venueEvent = await createEvent(server, {
      title: 'Schema Event',
      description: '<b>Rich</b> text',
      excerpt: 'Short',
      start_date: inDays(4),
      end_date: inDays(4, '13:00:00'),
      cost: ['5', '15'],
      categories: ['Schema Cat'],
      tags: ['schema-tag'],
      venue: { venue: 'Schema Hall', address: '1 Main St', city: 'Springfield', geo_lat: 1.5, geo_lng: 2.5 },
      organizer: [{ organizer: 'Schema Org', email: 'org@example.com', website: 'https://org.example.com' }],
      image: 'https://images.example.com/schema.png',
    });
    const create = await server.admin('POST', 'events', {
      json: { title: 'Plain Schema Event', start_date: inDays(6), end_date: inDays(6, '11:00:00') },
    });
    assert.equal(create.status, 201);
    assertValid(create.body, responsePointer('/events', 'post', 201), 'create');
    assertValid(venueEvent, responsePointer('/events', 'post', 201), 'create with relations');
    assertValid(venueEvent, '#/components/schemas/Event', 'create (component)');

    const single = await server.request('GET', `events/${venueEvent.id}`);
    assert.equal(single.status, 200);
    assert.ok(single.body.json_ld);
    assertValid(single.body, responsePointer('/events/{id}', 'get', 200), 'single GET');
    const bySlug = await server.request('GET', `events/by-slug/${venueEvent.slug}`);
    assertValid(bySlug.body, responsePointer('/events/by-slug/{slug}', 'get', 200), 'by-slug GET');

    const list = await server.request('GET', 'events', { query: { per_page: 1 } });
    assert.equal(list.status, 200);
    assert.ok(list.body.next_rest_url, 'a page with next_rest_url');
    assertValid(list.body, responsePointer('/events', 'get', 200), 'list');
    const page2 = await server.request('GET', 'events', { query: { per_page: 1, page: 2 } });
    assertValid(page2.body, responsePointer('/events', 'get', 200), 'list page 2');

    const translated = await server.request('GET', `events/${venueEvent.id}`, {
      query: { translation_language: 'es' },
    });
    assertValid(translated.body, responsePointer('/events/{id}', 'get', 200), 'translated GET');

    const updated = await server.admin('PATCH', `events/${venueEvent.id}`, { json: { title: 'Schema Event 2' } });
    assertValid(updated.body, responsePointer('/events/{id}', 'patch', 200), 'update');
    const trashed = await server.admin('DELETE', `events/${create.body.id}`);
    assertValid(trashed.body, responsePointer('/events/{id}', 'delete', 200), 'delete');

    // password-protected items in a list (null flags, blanked fields) still match
    await createEvent(server, {
      title: 'Locked Schema Event',
      start_date: inDays(2),
      end_date: inDays(2, '11:00:00'),
      password: 'pw-schema',
      venue: { venue: 'Locked Hall' },
    });
    const locked = await server.request('GET', 'events', { query: { per_page: 50 } });
    assertValid(locked.body, responsePointer('/events', 'get', 200), 'list with a protected event');
  });

  test('error bodies match the Error component', async () => {
    const errors = [
      await server.request('GET', 'events/999999'),
      await server.request('GET', 'events', { query: { per_page: 0 } }),
      await server.request('POST', 'events', { json: {} }),
      await server.request('POST', 'events', { json: { title: 'x', start_date: inDays(1), end_date: inDays(1) } }),
      await server.request('GET', 'nothing-here'),
    ];
    for (const response of errors) {
      assert.ok(response.status >= 400);
      assertValid(response.body, '#/components/schemas/Error', `${response.status} ${response.text}`);
    }
  });
});

describe('GET / (discovery document)', () => {
  test('names the site, its language and timezone, the namespaces and the API root', async () => {
    const response = await server.request('GET', '/');
    assert.equal(response.status, 200, response.text);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    const body = response.body;
    assert.equal(typeof body.name, 'string');
    assert.equal(body.language, 'en');
    assert.equal(body.timezone, 'America/New_York');
    assert.deepEqual(body.namespaces, [NS, 'almanac/v1']);
    const root = Object.values(body).find((v) => v === `${server.url}/${NS}`);
    assert.ok(root, `the API root URL in ${response.text}`);
    // the advertised root answers with the namespace index
    const followed = await server.request('GET', `${server.url}/${NS}`.slice(server.url.length));
    assert.equal(followed.body.namespace, NS);
  });

  test('a browser navigation to / gets the UI page, under its own strict CSP', async () => {
    const page = await server.request('GET', '/', { headers: { accept: 'text/html,application/xhtml+xml' } });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /connect-src 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/, 'no inline or remote scripts');
    // A site's base URL too; scripts asking for JSON there still get its discovery document.
    const mx = await server.request('GET', '/', { headers: { accept: 'application/json' } });
    assert.equal(mx.body.namespaces[0], NS);
  });
});
