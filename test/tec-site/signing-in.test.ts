// The note's "Signing in" section (/work/shared/notes/tec-website.md), plus the permission rules a sync
// meets: authors may edit only their own events, contributors cannot publish, a revoked password is a 401.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEFAULT_APP_PASSWORD, startTecSite, type TecSite } from '../support/tec-site/index.ts';
import { call, eventBody } from './client.ts';

const USERS = [
  { login: 'admin', role: 'administrator' as const, appPasswords: [DEFAULT_APP_PASSWORD] },
  { login: 'alice', role: 'author' as const, appPasswords: ['aaaa bbbb cccc dddd eeee ffff'] },
  { login: 'carl', role: 'contributor' as const, appPasswords: ['cccc cccc cccc cccc cccc cccc'] },
  { login: 'sam', role: 'subscriber' as const, appPasswords: ['ssss ssss ssss ssss ssss ssss'] },
  { login: 'eve', role: 'editor' as const },
];

let site: TecSite;
before(async () => {
  site = await startTecSite({ users: USERS });
});
after(() => site.close());

test('Signing in › application passwords over plain HTTP on a non-local site: the Authorization header is silently ignored (GET 200 public only, writes 401)', async () => {
  const production = await startTecSite({ environment: 'production', users: USERS });
  try {
    const draft = await production.admin.createEvent({
      title: 'Private draft',
      status: 'draft',
      startDate: '2030-01-01 10:00:00',
      endDate: '2030-01-01 11:00:00',
    });
    const published = await production.admin.createEvent({
      title: 'Public',
      startDate: '2030-01-02 10:00:00',
      endDate: '2030-01-02 11:00:00',
    });
    const list = await call(production, 'GET', '/tribe/events/v1/events', { query: { end_date: '2031-01-01' } });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.events.map((e: any) => e.id),
      [published],
      'public data only: the draft is not listed',
    );
    assert.equal((await call(production, 'GET', `/tribe/events/v1/events/${draft}`)).status, 403);
    const write = await call(production, 'POST', '/tribe/events/v1/events', { json: eventBody('Refused') });
    assert.equal(write.status, 401);
    assert.equal(write.body.code, 'rest_forbidden');
    // A sync's first read (every status, the trash included) as the anonymous visitor it has become: 400.
    const feed = await call(production, 'GET', '/wp/v2/tribe_events', {
      query: { status: 'publish,future,draft,pending,private,trash', context: 'edit' },
    });
    assert.equal(feed.status, 400);
    assert.equal(feed.body.code, 'rest_invalid_param');
    assert.equal(feed.body.data.details.status.code, 'rest_forbidden_status');
    const me = await call(production, 'GET', '/wp/v2/users/me', { query: { context: 'edit' } });
    assert.equal(me.status, 401);
    assert.equal(me.body.code, 'rest_not_logged_in');
    const wrong = await call(production, 'GET', '/tribe/events/v1/events', { auth: ['admin', 'wrong wrong wrong'] });
    assert.equal(wrong.status, 200, 'not even a wrong password is looked at');
    const index = await call(production, 'GET', '/wp-json/', { auth: false });
    assert.deepEqual(index.body.authentication, [], 'the index offers no application-passwords endpoint');
  } finally {
    await production.close();
  }
});

test('Signing in › on a `local` site application passwords work over HTTP; users/me?context=edit answers 200 with the capabilities', async () => {
  const me = await call(site, 'GET', '/wp/v2/users/me', { query: { context: 'edit' } });
  assert.equal(me.status, 200);
  assert.equal(me.body.username, 'admin');
  assert.deepEqual(me.body.roles, ['administrator']);
  assert.equal(me.body.capabilities.edit_tribe_events, true);
  assert.equal(me.body.capabilities.edit_others_tribe_events, true);
  const sam = await call(site, 'GET', '/wp/v2/users/me', {
    query: { context: 'edit' },
    auth: ['sam', 'ssss ssss ssss ssss ssss ssss'],
  });
  assert.equal(sam.status, 200);
  assert.equal(sam.body.capabilities.edit_tribe_events, undefined, 'a subscriber is signed in but may not edit events');
  const spaces = await call(site, 'GET', '/wp/v2/users/me', {
    auth: ['admin', DEFAULT_APP_PASSWORD.replaceAll(' ', '')],
  });
  assert.equal(spaces.status, 200, 'spaces in the password do not matter');
  const byEmail = await call(site, 'GET', '/wp/v2/users/me', { auth: ['admin@example.com', DEFAULT_APP_PASSWORD] });
  assert.equal(byEmail.status, 200);
  const index = await call(site, 'GET', '/wp-json/', { auth: false });
  assert.equal(
    index.body.authentication['application-passwords'].endpoints.authorization,
    `${site.url}/wp-admin/authorize-application.php`,
  );
  assert.ok(index.body.namespaces.includes('tribe/events/v1'), 'the index names tribe/events/v1');
});

test('Signing in › a wrong password → 401 even on a GET; an unknown user → 401', async () => {
  const wrong = await call(site, 'GET', '/tribe/events/v1/events', {
    auth: ['admin', 'wxyz wxyz wxyz wxyz wxyz wxyz'],
  });
  assert.equal(wrong.status, 401);
  assert.equal(wrong.body.code, 'incorrect_password');
  const unknown = await call(site, 'GET', '/tribe/events/v1/events', { auth: ['nobody', DEFAULT_APP_PASSWORD] });
  assert.equal(unknown.status, 401);
  assert.equal(unknown.body.code, 'invalid_username');
});

test('Signing in › revokePasswords: the password stops working (401) from the next request', async () => {
  const password = site.addAppPassword('eve');
  assert.equal((await call(site, 'GET', '/wp/v2/users/me', { auth: ['eve', password] })).status, 200);
  site.revokePasswords('eve');
  const after = await call(site, 'GET', '/wp/v2/users/me', { auth: ['eve', password] });
  assert.equal(after.status, 401);
  assert.equal(after.body.code, 'incorrect_password');
});

test("Signing in › (permissions) authors edit only their own events (403 on others'); contributors cannot publish", async () => {
  const alice: [string, string] = ['alice', 'aaaa bbbb cccc dddd eeee ffff'];
  const adminEvent = await call(site, 'POST', '/tribe/events/v1/events', { json: eventBody("Admin's event") });
  const own = await call(site, 'POST', '/tribe/events/v1/events', { json: eventBody("Alice's event"), auth: alice });
  assert.equal(own.status, 201);
  assert.equal(own.body.status, 'publish');
  assert.equal(
    (await call(site, 'PATCH', `/tribe/events/v1/events/${own.body.id}`, { json: { title: 'Mine' }, auth: alice }))
      .status,
    200,
  );
  const others = await call(site, 'PATCH', `/tribe/events/v1/events/${adminEvent.body.id}`, {
    json: { title: 'Not mine' },
    auth: alice,
  });
  assert.equal(others.status, 403);
  assert.equal(others.body.code, 'rest_forbidden');
  assert.equal(
    (await call(site, 'DELETE', `/tribe/events/v1/events/${adminEvent.body.id}`, { auth: alice })).status,
    403,
  );
  assert.equal(
    (await call(site, 'PATCH', `/wp/v2/tribe_events/${adminEvent.body.id}`, { json: { title: 'x' }, auth: alice }))
      .status,
    403,
  );
  const carl = await call(site, 'POST', '/tribe/events/v1/events', {
    json: eventBody("Carl's event", 10, { status: 'publish' }),
    auth: ['carl', 'cccc cccc cccc cccc cccc cccc'],
  });
  assert.equal(carl.status, 201);
  assert.equal(carl.body.status, 'pending', 'scaled back');
  const sam = await call(site, 'POST', '/tribe/events/v1/events', {
    json: eventBody('Sam'),
    auth: ['sam', 'ssss ssss ssss ssss ssss ssss'],
  });
  assert.equal(sam.status, 403);
  const anonymous = await call(site, 'POST', '/tribe/events/v1/events', { json: eventBody('Anon'), auth: false });
  assert.equal(anonymous.status, 401);
  const invalidFirst = await call(site, 'POST', '/tribe/events/v1/events', {
    json: { title: 'No dates' },
    auth: false,
  });
  assert.equal(invalidFirst.status, 400, 'argument checks come before permission checks');
});

test("Signing in › WordPress's authorize flow returns the user name and a new application password to success_url (custom scheme accepted; http only on local sites)", async () => {
  const appId = '8a0c3f0e-2d0b-4c59-9c44-6f3b7f0a1e11';
  const start = `/wp-admin/authorize-application.php?app_name=Almanac&app_id=${appId}&success_url=${encodeURIComponent('almanac://connected')}&reject_url=${encodeURIComponent('almanac://rejected')}`;
  const form = await call(site, 'GET', start, { auth: false });
  assert.equal(form.status, 200);
  assert.match(form.text, /Almanac/);
  const approve = await call(site, 'POST', '/wp-admin/authorize-application.php', {
    auth: false,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      app_name: 'Almanac',
      app_id: appId,
      success_url: 'almanac://connected',
      log: 'admin',
      pwd: 'password',
      action: 'approve',
    }).toString(),
  });
  assert.equal(approve.status, 302);
  const location = new URL(approve.headers.get('location')!);
  assert.equal(location.protocol, 'almanac:');
  assert.equal(location.searchParams.get('user_login'), 'admin');
  assert.equal(location.searchParams.get('site_url'), site.url);
  const password = location.searchParams.get('password')!;
  assert.match(password, /^(\w{4} ){5}\w{4}$/);
  assert.equal((await call(site, 'GET', '/wp/v2/users/me', { auth: ['admin', password] })).status, 200);
  const reject = await call(site, 'POST', '/wp-admin/authorize-application.php', {
    auth: false,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      app_name: 'Almanac',
      success_url: 'almanac://connected',
      reject_url: 'almanac://rejected',
      action: 'reject',
    }).toString(),
  });
  assert.equal(reject.headers.get('location'), 'almanac://rejected?success=false');
  const production = await startTecSite({ environment: 'production' });
  try {
    const http = await call(
      production,
      'GET',
      '/wp-admin/authorize-application.php?app_name=A&success_url=http%3A%2F%2Fexample.com%2Fback',
      { auth: false },
    );
    assert.notEqual(http.status, 200, 'no authorize page without application passwords');
  } finally {
    await production.close();
  }
  const local = await call(
    site,
    'GET',
    '/wp-admin/authorize-application.php?app_name=A&success_url=http%3A%2F%2F127.0.0.1%3A9%2Fback',
    { auth: false },
  );
  assert.equal(local.status, 200, 'http success_url on a local site');
  const js = await call(
    site,
    'GET',
    '/wp-admin/authorize-application.php?app_name=A&success_url=javascript%3Aalert(1)',
    { auth: false },
  );
  assert.equal(js.status, 400);
});
