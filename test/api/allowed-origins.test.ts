// The allowed web origins (issue "Tools written for The Events Calendar…"): cross-site browser
// requests stay refused by default; the install administrator may allow an origin (Settings, the
// API, `almanac origins`), which applies to the next request; nothing but an exact origin is taken.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from '../support/server.ts';
import { normalizeOrigin } from '../../server/domain/origins.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WIDGET = 'https://widget.example.org';

let server: TestServer;
let installAdmin: string;
before(async () => {
  server = await startServer();
  installAdmin = server.store.users.createToken(server.store.users.byLogin('admin')!.id, 'tests');
});
after(() => server.close());

const fromWidget = (origin = WIDGET) => fetch(`${server.url}/svc/events/v1/events`, { headers: { origin } });
const origins = (method: string, origin?: string, token = installAdmin) =>
  server.request(method, '/almanac/v1/origins', { token, json: origin === undefined ? undefined : { origin } });

test('normalizeOrigin takes exactly an origin', () => {
  assert.equal(normalizeOrigin(' HTTPS://Widget.Example.org/ '), 'https://widget.example.org');
  assert.equal(normalizeOrigin('http://localhost:5173'), 'http://localhost:5173');
  for (const bad of ['*', 'null', 'https://x.org/path', 'ftp://x.org', 'x.org', 'https://x.org?q', 'https://a b'])
    assert.equal(normalizeOrigin(bad), undefined, bad);
});

test('refused by default; allowed through the API at once, with CORS headers; removed, refused again', async () => {
  assert.equal((await fromWidget()).status, 403);
  const added = await origins('POST', WIDGET);
  assert.equal(added.status, 201, added.text);
  assert.deepEqual(
    added.body.origins.map((row: { origin: string }) => row.origin),
    [WIDGET],
  );
  const allowed = await fromWidget();
  assert.equal(allowed.status, 200);
  assert.equal(allowed.headers.get('access-control-allow-origin'), WIDGET);
  const preflight = await fetch(`${server.url}/svc/events/v1/events`, {
    method: 'OPTIONS',
    headers: { origin: WIDGET, 'access-control-request-method': 'POST' },
  });
  assert.equal(preflight.status, 204);
  assert.equal((await fromWidget('https://other.example.org')).status, 403, 'only that origin');
  assert.equal((await origins('DELETE', WIDGET)).status, 200);
  assert.equal((await fromWidget()).status, 403);
});

test('bad origins are a 400 naming origin; only the install administrator manages them', async () => {
  for (const bad of ['*', 'null', 'https://x.org/path']) {
    const response = await origins('POST', bad);
    assert.equal(response.status, 400, bad);
    assert.ok(response.body.data.params.origin);
  }
  assert.equal((await origins('POST', WIDGET, server.tokens.administrator)).status, 403);
  assert.equal((await origins('GET', undefined, server.tokens.editor)).status, 403);
  assert.deepEqual((await origins('GET')).body.origins, []);
});

test('`almanac origins add` in another process applies to the running server at once', async () => {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'server/almanac.ts', 'origins', 'add', 'http://localhost:5173/', '--data-dir', server.dataDir],
    { cwd: ROOT },
  );
  assert.match(stdout, /Allowed http:\/\/localhost:5173\./);
  assert.equal((await fromWidget('http://localhost:5173')).status, 200);
  const refused = await run(
    process.execPath,
    ['--import', 'tsx', 'server/almanac.ts', 'origins', 'add', '*', '--data-dir', server.dataDir],
    { cwd: ROOT },
  ).catch((error: { code: number; stderr: string }) => error);
  assert.equal((refused as { code: number }).code, 2);
  assert.match((refused as { stderr: string }).stderr, /not an origin such as/);
});
