// almanac/v1/sites (create, edit) and almanac/v1/backups, as Settings uses them: the CLI's rules
// (the install administrator creates sites and manages backups; a site's administrator edits it),
// every bad parameter named, and a created site served at its base URL at once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let installAdmin: string;
before(async () => {
  server = await startServer();
  // startServer's "administrator" is a site administrator; the install's own `admin` is above it.
  const admin = server.store.users.byLogin('admin')!;
  installAdmin = server.store.users.createToken(admin.id, 'tests');
});
after(() => server.close());

const sites = (method: string, path: string, json?: unknown, token = installAdmin) =>
  server.request(method, `/almanac/v1/sites${path}`, { json, token });

test('the install administrator creates a site; it is served at its base URL at once', async () => {
  const created = await sites('POST', '', {
    code: 'cdmx',
    title: 'Ciudad de México',
    language: 'mx',
    timezone: 'America/Mexico_City',
    per_page: 20,
  });
  assert.equal(created.status, 201, created.text);
  assert.equal(created.body.url, `${server.url}/cdmx`);
  assert.equal(created.body.per_page, 20);
  const index = await server.request('GET', '/cdmx/svc/events/v1/events');
  assert.equal(index.status, 200, index.text);
  const list = await server.request('GET', '/almanac/v1/sites');
  assert.deepEqual(
    list.body.map((site: { code: string }) => site.code),
    ['default', 'cdmx'],
  );
});

test('site create: every bad parameter named; a taken or reserved code refused', async () => {
  const bad = await sites('POST', '', { code: 'Bad Code', language: 'fr', timezone: 'Mars/Olympus', per_page: 500 });
  assert.equal(bad.status, 400);
  assert.deepEqual(Object.keys(bad.body.data.params).sort(), ['code', 'language', 'per_page', 'timezone']);
  for (const code of ['default', 'svc', 'cdmx']) {
    const taken = await sites('POST', '', { code, language: 'en', timezone: 'UTC' });
    assert.equal(taken.status, 400, code);
    assert.match(taken.body.data.params.code, /taken/);
  }
  const missing = await sites('POST', '', {});
  assert.equal(missing.status, 400);
});

test('site create takes a currency (issue 36), or what the place suggests for what is left out', async () => {
  const given = await sites('POST', '', {
    code: 'zurich-eur',
    language: 'en',
    timezone: 'Europe/Zurich',
    currency_symbol: ' € ',
    currency_position: 'postfix',
    currency_code: 'EUR',
  });
  assert.equal(given.status, 201, given.text);
  assert.deepEqual(given.body.currency, { symbol: '€', position: 'postfix', code: 'EUR' });
  // Nothing given: Berlin's euros; only the code given: the rest still Berlin's.
  const suggested = await sites('POST', '', { code: 'berlin-new', language: 'en', timezone: 'Europe/Berlin' });
  assert.deepEqual(suggested.body.currency, { symbol: '€', position: 'postfix', code: 'EUR' });
  const partly = await sites('POST', '', {
    code: 'oslo-new',
    language: 'en',
    timezone: 'Europe/Oslo',
    currency_code: 'EUR',
  });
  assert.deepEqual(partly.body.currency, { symbol: 'kr', position: 'postfix', code: 'EUR' });
  // Each bad part named, nothing made.
  const bad = await sites('POST', '', {
    code: 'bad-money',
    language: 'en',
    timezone: 'UTC',
    currency_symbol: '',
    currency_position: 'middle',
    currency_code: 'euro',
  });
  assert.equal(bad.status, 400);
  assert.deepEqual(Object.keys(bad.body.data.params).sort(), ['currency_code', 'currency_position', 'currency_symbol']);
  assert.equal(server.store.sites.byCode('bad-money'), undefined);
});

test('only the install administrator creates sites', async () => {
  const asSiteAdmin = await sites(
    'POST',
    '',
    { code: 'nope', language: 'en', timezone: 'UTC' },
    server.tokens.administrator,
  );
  assert.equal(asSiteAdmin.status, 403);
  const anonymous = await server.request('POST', '/almanac/v1/sites', {
    json: { code: 'nope', language: 'en', timezone: 'UTC' },
  });
  assert.equal(anonymous.status, 401);
  assert.equal(server.store.sites.byCode('nope'), undefined);
});

test("a site's administrator edits its title, time zone and page size; others may not", async () => {
  const edited = await sites(
    'PATCH',
    '/default',
    { title: 'My calendar', timezone: 'Europe/Madrid', per_page: 25 },
    server.tokens.administrator,
  );
  assert.equal(edited.status, 200, edited.text);
  assert.deepEqual(
    [edited.body.title, edited.body.timezone, edited.body.per_page],
    ['My calendar', 'Europe/Madrid', 25],
  );
  const session = await server.request('GET', '/almanac/v1/session');
  assert.equal(session.body.site.timezone, 'Europe/Madrid');
  // New events default to the site's zone now.
  const event = await server.admin('POST', 'events', {
    json: { title: 'Zoned', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' },
  });
  assert.equal(event.body.timezone, 'Europe/Madrid');
  // Not an administrator of that site (the default site's administrator has no role on cdmx).
  assert.equal((await sites('PATCH', '/cdmx', { title: 'x' }, server.tokens.administrator)).status, 403);
  assert.equal((await sites('PATCH', '/default', { title: 'x' }, server.tokens.editor)).status, 403);
  assert.equal((await sites('PATCH', '/nowhere', { title: 'x' })).status, 404);
  const bad = await sites('PATCH', '/default', { timezone: 'Nowhere/Land', per_page: 0, title: '' });
  assert.equal(bad.status, 400);
  assert.deepEqual(Object.keys(bad.body.data.params).sort(), ['per_page', 'timezone', 'title']);
  assert.equal(server.store.sites.byCode('default')!.title, 'My calendar', 'a refused edit changes nothing');
});

test('backups: Back up now writes one, the list shows it with its date and size; the install administrator only', async () => {
  const before = await server.request('GET', '/almanac/v1/backups', { token: installAdmin });
  assert.equal(before.status, 200, before.text);
  assert.equal(before.body.data_folder, server.dataDir);
  const made = await server.request('POST', '/almanac/v1/backups', { token: installAdmin });
  assert.equal(made.status, 201, made.text);
  assert.equal(made.body.reason, 'manual');
  assert.ok(made.body.bytes > 0);
  assert.ok(existsSync(join(server.dataDir, 'backups', made.body.name)));
  const after = await server.request('GET', '/almanac/v1/backups', { token: installAdmin });
  assert.equal(after.body.backups.length, before.body.backups.length + 1);
  assert.deepEqual(after.body.backups[0], made.body);
  assert.ok(!JSON.stringify(after.body.backups).includes('/'), 'names, not paths, in the list');
  for (const token of [server.tokens.administrator, undefined]) {
    assert.notEqual((await server.request('GET', '/almanac/v1/backups', { token })).status, 200);
    assert.notEqual((await server.request('POST', '/almanac/v1/backups', { token })).status, 201);
  }
});

test('a backup that fails says why, and is kept as the last failure (Settings → Backups, almanac/v1/health)', async () => {
  const healthy = await server.request('GET', '/almanac/v1/health', { token: installAdmin });
  assert.equal(healthy.status, 200, healthy.text);
  assert.deepEqual(healthy.body.problems, []);
  assert.equal(healthy.body.read_worker.enabled, true);
  assert.equal((await server.request('GET', '/almanac/v1/backups', { token: installAdmin })).body.last_failure, null);

  // The backups folder cannot be written: a file stands where it should be.
  const folder = join(server.dataDir, 'backups');
  mkdirSync(folder, { recursive: true });
  renameSync(folder, `${folder}.aside`);
  writeFileSync(folder, 'not a folder');
  try {
    const failed = await server.request('POST', '/almanac/v1/backups', { token: installAdmin });
    assert.equal(failed.status, 500, failed.text);
    assert.equal(failed.body.code, 'almanac_backup_failed');
    assert.match(failed.body.message, /^The backup could not be written: /);
    const health = await server.request('GET', '/almanac/v1/health', { token: installAdmin });
    assert.equal(health.body.problems.length, 1);
    assert.equal(health.body.problems[0].kind, 'backup');
    assert.match(health.body.problems[0].message, /^manual backup: /);
    assert.equal(health.body.problems[0].count, 1);
  } finally {
    rmSync(folder);
    renameSync(`${folder}.aside`, folder);
  }
  const list = await server.request('GET', '/almanac/v1/backups', { token: installAdmin });
  assert.equal(list.body.last_failure.kind, 'backup');
  assert.ok(Date.now() - Date.parse(list.body.last_failure.at) < 60_000, list.body.last_failure.at);
  for (const token of [server.tokens.administrator, undefined])
    assert.notEqual((await server.request('GET', '/almanac/v1/health', { token })).status, 200);
});
