// Localhost hardening (contract §8): Host allow list against DNS rebinding, Origin allow list
// against cross-site requests, no wildcard CORS, security headers, no tokens in query strings.
import { test, after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { startServer, rawRequest, type TestServer } from '../support/server.ts';
import { assertError, countRows, inDays } from '../support/helpers.ts';

const API = '/svc/events/v1';
const APP_ORIGIN = 'app://almanac';

let server: TestServer;
let otherPort: number;
before(async () => {
  server = await startServer({ allowedOrigins: [APP_ORIGIN] });
  // A port that is certainly not the server's.
  otherPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
});
after(() => server.close());

const fields = () => ({ title: 'Security Event', start_date: inDays(2), end_date: inDays(2, '11:00:00') });

function parse(body: string): { code?: unknown; data?: { status?: unknown } } {
  return JSON.parse(body);
}

const SECURITY_HEADERS: Record<string, RegExp> = {
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/i,
  'referrer-policy': /no-referrer/,
  'content-security-policy': /default-src 'none'/,
  'cache-control': /no-store/,
  // Not a security header, but on every answer too (errors included): the server's own time.
  'server-timing': /^app;dur=\d+\.\d$/,
};

function assertSecurityHeaders(headers: Headers | Record<string, unknown>, context: string) {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : ((headers[name] as string | undefined) ?? null);
  for (const [name, pattern] of Object.entries(SECURITY_HEADERS)) {
    assert.match(String(get(name) ?? ''), pattern, `${context}: ${name}`);
  }
  assert.notEqual(get('access-control-allow-origin'), '*', `${context}: wildcard CORS`);
}

describe('Host header (DNS rebinding)', () => {
  test('a foreign host name → 403 JSON rest_forbidden_host', async () => {
    for (const host of [
      `evil.example:${server.port}`,
      'evil.example',
      `127.0.0.1.nip.io:${server.port}`,
      `localhost.evil.example:${server.port}`,
    ]) {
      for (const path of [`${API}/events`, `${API}`, '/', `${API}/no-such-route`, '/event/some-slug/']) {
        const response = await rawRequest(server.port, { path, headers: { host } });
        assert.equal(response.status, 403, `${host} ${path}: ${response.body}`);
        assert.match(String(response.headers['content-type']), /application\/json/);
        const body = parse(response.body);
        assert.equal(body.code, 'rest_forbidden_host');
        assert.equal(body.data?.status, 403);
        assertSecurityHeaders(response.headers, host);
      }
    }
  });

  test('the loopback address with another port → 403', async () => {
    for (const host of [`127.0.0.1:${otherPort}`, '127.0.0.1', `localhost:${otherPort}`, `[::1]:${otherPort}`]) {
      const response = await rawRequest(server.port, { path: `${API}/events`, headers: { host } });
      assert.equal(response.status, 403, `${host}: ${response.body}`);
      assert.equal(parse(response.body).code, 'rest_forbidden_host');
    }
  });

  test('writes with a foreign host are refused before authentication, nothing written', async () => {
    const before = countRows(server, 'posts');
    const body = JSON.stringify(fields());
    const response = await rawRequest(server.port, {
      method: 'POST',
      path: `${API}/events`,
      headers: {
        host: `evil.example:${server.port}`,
        authorization: `Bearer ${server.tokens.administrator}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    });
    assert.equal(response.status, 403, response.body);
    assert.equal(parse(response.body).code, 'rest_forbidden_host');
    assert.equal(countRows(server, 'posts'), before);
  });

  test('127.0.0.1, localhost and [::1] with our port are served', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `[::1]:${server.port}`]) {
      const response = await rawRequest(server.port, { path: `${API}/events`, headers: { host } });
      assert.equal(response.status, 200, `${host}: ${response.body}`);
      // URLs in the body use the host that was asked for.
      const namespace = await rawRequest(server.port, { path: '/', headers: { host } });
      assert.equal(JSON.parse(namespace.body).url, `http://${host}`);
    }
  });

  test('the server listens on 127.0.0.1 only', () => {
    const address = server.listening.app.server.address();
    assert.ok(address && typeof address === 'object');
    assert.equal(address.address, '127.0.0.1');
  });
});

describe('Origin header (cross-site requests)', () => {
  test('a cross-site Origin → 403 rest_forbidden_origin, for reads, writes and preflights', async () => {
    const origin = 'https://evil.example';
    const before = countRows(server, 'posts');
    const read = await server.request('GET', 'events', { headers: { origin } });
    assertError(read, 403, 'rest_forbidden_origin');
    assertSecurityHeaders(read.headers, 'origin read');
    const write = await server.admin('POST', 'events', { json: fields(), headers: { origin } });
    assertError(write, 403, 'rest_forbidden_origin');
    assert.equal(countRows(server, 'posts'), before);
    const form = await server.admin('POST', 'events', {
      form: { title: 'CSRF', start_date: inDays(1), end_date: inDays(1) },
      headers: { origin },
    });
    assertError(form, 403, 'rest_forbidden_origin');
    const preflight = await server.request('OPTIONS', 'events', {
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 403, preflight.text);
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
    for (const other of ['null', `http://127.0.0.1:${otherPort}`, `https://127.0.0.1:${server.port}`, 'http://evil']) {
      assertError(await server.request('GET', 'events', { headers: { origin: other } }), 403, 'rest_forbidden_origin');
    }
    assert.equal(countRows(server, 'posts'), before);
  });

  test('the same origin is allowed', async () => {
    for (const origin of [`http://127.0.0.1:${server.port}`, `http://localhost:${server.port}`]) {
      const read = await server.request('GET', 'events', { headers: { origin } });
      assert.equal(read.status, 200, `${origin}: ${read.text}`);
      const write = await server.admin('POST', 'events', { json: fields(), headers: { origin } });
      assert.equal(write.status, 201, write.text);
      assert.notEqual(write.headers.get('access-control-allow-origin'), '*');
    }
  });

  test('an allowed app origin gets CORS for itself only, never *', async () => {
    const read = await server.request('GET', 'events', { headers: { origin: APP_ORIGIN } });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.headers.get('access-control-allow-origin'), APP_ORIGIN);
    assert.match(read.headers.get('vary') ?? '', /Origin/i);
    assert.match(read.headers.get('access-control-expose-headers') ?? '', /X-TEC-Total/);
    const preflight = await server.request('OPTIONS', 'events', {
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204, preflight.text);
    assert.equal(preflight.headers.get('access-control-allow-origin'), APP_ORIGIN);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/);
  });
});

describe('response headers', () => {
  test('security headers on every kind of response, and never Access-Control-Allow-Origin: *', async () => {
    const created = await server.admin('POST', 'events', { json: fields() });
    const responses = {
      list: await server.request('GET', 'events'),
      single: await server.request('GET', `events/${created.body.id}`),
      create: created,
      notFound: await server.request('GET', 'events/999999'),
      noRoute: await server.request('GET', 'nothing-here'),
      badParam: await server.request('GET', 'events', { query: { per_page: 0 } }),
      unauthorized: await server.request('POST', 'events', { json: fields() }),
      index: await server.request('GET', API),
      doc: await server.request('GET', `${API}/doc`),
      discovery: await server.request('GET', '/'),
      page: await server.request('GET', `/event/${created.body.slug}/`),
    };
    for (const [name, response] of Object.entries(responses)) {
      assertSecurityHeaders(response.headers, name);
      assert.equal(response.headers.get('access-control-allow-origin'), null, name);
    }
    assert.equal(responses.page.status, 200, responses.page.text);
    assert.match(responses.page.headers.get('content-type') ?? '', /text\/html/);
    assert.match(responses.list.headers.get('content-type') ?? '', /application\/json/);
    assert.doesNotMatch(responses.notFound.text, /at \w+ \(|node_modules|\.ts:\d+/, 'no stack traces');
  });
});

describe('tokens never in query strings', () => {
  for (const name of ['token', 'access_token', 'bearer', 'authorization', 'api_key', '_wpnonce']) {
    test(`?${name}=<admin token> grants nothing`, async () => {
      const before = countRows(server, 'posts');
      const write = await server.request('POST', 'events', {
        query: { [name]: server.tokens.administrator },
        json: fields(),
      });
      assertError(write, 401, 'rest_forbidden');
      const form = await server.request('POST', 'events', {
        form: { ...fields(), [name]: server.tokens.administrator },
      });
      assertError(form, 401, 'rest_forbidden');
      assert.equal(countRows(server, 'posts'), before);
      // nor does it reveal drafts
      const draft = await server.admin('POST', 'events', { json: { ...fields(), status: 'draft' } });
      assertError(
        await server.request('GET', `events/${draft.body.id}`, { query: { [name]: server.tokens.administrator } }),
        403,
        'event-not-accessible',
      );
    });
  }
});
