// OPTIONS on a route answers WordPress's route description (issue "Tools written for The Events
// Calendar…"): the route's entry of the namespace index, built from the same schemas, with Allow.
// A CORS preflight keeps its rules (test/api/security.test.ts).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ allowedOrigins: ['http://localhost:5173'] });
});
after(() => server.close());

const options = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'OPTIONS', headers });

test('OPTIONS on a collection and on an item route: the index entry, with Allow', async () => {
  const index = await (await fetch(`${server.url}/svc/events/v1`)).json();
  for (const [path, key] of [
    ['/svc/events/v1/events', '/svc/events/v1/events'],
    ['/svc/events/v1/events/12', '/svc/events/v1/events/(?P<id>\\d+)'],
    ['/svc/events/v1/venues/by-slug/some-hall', '/svc/events/v1/venues/by-slug/(?P<slug>[^/]+)'],
    ['/almanac/v1/changes', '/almanac/v1/changes'],
  ] as const) {
    const response = await options(path);
    assert.equal(response.status, 200, path);
    const body = await response.json();
    const want = key.startsWith('/almanac')
      ? (await (await fetch(`${server.url}/almanac/v1`)).json()).routes[key]
      : index.routes[key];
    assert.deepEqual(body, want, path);
    assert.equal(response.headers.get('allow'), [...new Set(want.methods)].join(', '));
  }
});

test('OPTIONS follows the site and its language; a path that is no route is a 404', async () => {
  server.store.sites.create({ code: 'mx', title: 'MX', timezone: 'America/Mexico_City', language: 'mx' });
  const response = await options('/mx/svc/events/v1/events');
  assert.equal(response.status, 200);
  const body = await response.json();
  const index = await (await fetch(`${server.url}/mx/svc/events/v1`)).json();
  assert.deepEqual(body, index.routes['/svc/events/v1/events']);
  assert.match(body.endpoints[0].args.per_page.description, /elementos|página/, 'described in Spanish');
  const unknown = await options('/svc/events/v1/nothing-here');
  assert.equal(unknown.status, 404);
});

test('a CORS preflight still answers 204 for an allowed origin and 404 for another', async () => {
  const allowed = await options('/svc/events/v1/events', {
    origin: 'http://localhost:5173',
    'access-control-request-method': 'POST',
  });
  assert.equal(allowed.status, 204);
  assert.equal(allowed.headers.get('access-control-allow-origin'), 'http://localhost:5173');
  const other = await options('/svc/events/v1/events', {
    origin: 'https://evil.example',
    'access-control-request-method': 'POST',
  });
  assert.notEqual(other.status, 204);
});
