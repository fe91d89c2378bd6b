// The stand-in's controls that the sync tests lean on: stop/start on the same port with the data kept,
// injected failures, lost answers after a save, the request log, snapshots, and the admin's edits.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTecSite, type TecSite } from '../support/tec-site/index.ts';
import { call, eventBody } from './client.ts';

let site: TecSite;
before(async () => {
  site = await startTecSite();
});
after(() => site.close());

test('stop() refuses connections and start() comes back on the same port with the data kept', async () => {
  const created = await call(site, 'POST', '/tribe/events/v1/events', { json: eventBody('Kept across a restart') });
  assert.equal(created.status, 201);
  const url = site.url;
  await site.stop();
  await assert.rejects(fetch(`${url}/wp-json/`), /fetch failed/);
  await site.start();
  assert.equal(site.url, url);
  const read = await call(site, 'GET', `/tribe/events/v1/events/${created.body.id}`);
  assert.equal(read.status, 200);
  assert.equal(read.body.title, 'Kept across a restart');
});

test('failNext answers the next matching request with the status (WordPress critical-error JSON for 500) and writes nothing', async () => {
  const before = site.snapshot().events.length;
  site.failNext({ method: 'POST', path: '/tribe/events/v1/events' });
  const failed = await call(site, 'POST', '/tribe/events/v1/events', { json: eventBody('Never saved') });
  assert.equal(failed.status, 500);
  assert.equal(failed.body.code, 'internal_server_error');
  assert.equal(site.snapshot().events.length, before);
  const next = await call(site, 'POST', '/tribe/events/v1/events', { json: eventBody('Saved') });
  assert.equal(next.status, 201, 'only the next request fails');

  site.failNext({ path: /\/events$/ }, 503, 2);
  assert.equal((await call(site, 'GET', '/tribe/events/v1/events')).status, 503);
  const second = await call(site, 'GET', '/tribe/events/v1/events');
  assert.equal(second.status, 503);
  assert.equal(second.headers.get('retry-after'), '600');
  assert.equal((await call(site, 'GET', '/tribe/events/v1/events')).status, 200);
  assert.equal(site.requests.filter((r) => r.injected === 'fail').length, 3);

  site.failNext({ method: 'GET', path: '/wp/v2/users/me' }, 401);
  const refused = await call(site, 'GET', '/wp/v2/users/me');
  assert.equal(refused.status, 401);
  assert.equal(refused.body.code, 'incorrect_password', 'a 4xx comes in WordPress error shape');
  site.failNext({}, 429);
  const limited = await call(site, 'GET', '/wp-json/');
  assert.equal(limited.headers.get('retry-after'), '30');
});

test('Writing › creates: loseResponseAfterSave saves the event, then drops the connection; a retry makes a duplicate', async () => {
  const title = `Lost answer ${Date.now()}`;
  site.loseResponseAfterSave({ method: 'POST', path: '/wp-json/tribe/events/v1/events' });
  await assert.rejects(call(site, 'POST', '/tribe/events/v1/events', { json: eventBody(title) }));
  assert.equal(site.snapshot().events.filter((e) => e.title === title).length, 1, 'the write happened');
  assert.equal(site.requests.at(-1)!.injected, 'lost');
  const retry = await call(site, 'POST', '/tribe/events/v1/events', { json: eventBody(title) });
  assert.equal(retry.status, 201);
  assert.equal(site.snapshot().events.filter((e) => e.title === title).length, 2, 'creates are not idempotent');
});

test('the request log records method, path, query, status and user, and can be reset', async () => {
  site.resetRequestLog();
  await call(site, 'GET', '/tribe/events/v1/events', { query: { per_page: 5 } });
  await call(site, 'GET', '/wp/v2/users/me', { auth: false });
  assert.deepEqual(site.requests, [
    { method: 'GET', path: '/wp-json/tribe/events/v1/events', query: { per_page: '5' }, status: 200, user: 'admin' },
    { method: 'GET', path: '/wp-json/wp/v2/users/me', query: {}, status: 401 },
  ]);
});

test('peakConcurrency counts the requests answered at the same time; hold() and latencyMs (a number or a function of the request) delay answers', async () => {
  // Each request is held until all three have arrived: they overlap whatever the machine's speed.
  let arrived = 0;
  let release = (): void => {};
  const allThere = new Promise<void>((resolve) => (release = resolve));
  const held = await startTecSite({
    hold: () => {
      if (++arrived === 3) release();
      return allThere;
    },
  });
  try {
    await Promise.all([1, 2, 3].map(() => call(held, 'GET', '/tribe/events/v1/events')));
    assert.equal(held.peakConcurrency, 3);
  } finally {
    await held.close();
  }
  const seen: string[] = [];
  const perRoute = await startTecSite({
    latencyMs: ({ method, path }) => {
      seen.push(`${method} ${path}`);
      return method === 'POST' ? 20 : 0;
    },
  });
  try {
    await call(perRoute, 'POST', '/tribe/events/v1/events', { json: eventBody('Slow create') });
    assert.deepEqual(seen, ['POST /wp-json/tribe/events/v1/events']);
  } finally {
    await perRoute.close();
  }
});

test('snapshot() gives the raw stored truth, not the rendered text', async () => {
  const created = await call(site, 'POST', '/tribe/events/v1/events', {
    json: eventBody("Raw & 'quoted'", 10, { description: 'Line one\n\nLine two', cost: '€15' }),
  });
  const raw = site.snapshot().events.find((e) => e.id === created.body.id)!;
  assert.equal(raw.title, "Raw & 'quoted'");
  assert.equal(raw.content, 'Line one\n\nLine two');
  assert.equal(raw.cost, '€15');
  assert.equal(created.body.title, 'Raw &#038; &#8216;quoted&#8217;');
});

test('admin edits use the same store: an admin-created event is served by v1 and core', async () => {
  const id = await site.admin.createEvent({
    title: 'Made in wp-admin',
    startDate: '2030-05-01 19:00:00',
    endDate: '2030-05-01 21:00:00',
    timezone: 'Europe/Berlin',
  });
  const v1 = await call(site, 'GET', `/tribe/events/v1/events/${id}`);
  assert.equal(v1.body.utc_start_date, '2030-05-01 17:00:00');
  const core = await call(site, 'GET', `/wp/v2/tribe_events/${id}`, { query: { context: 'edit' } });
  assert.equal(core.body.title.raw, 'Made in wp-admin');
});

test('WordPress plumbing: ?rest_route= works like /wp-json/, HEAD answers like GET without a body, OPTIONS describes the route, a wrong method is 404 rest_no_route', async () => {
  const plain = await call(site, 'GET', `/?rest_route=${encodeURIComponent('/tribe/events/v1/events')}&per_page=2`);
  assert.equal(plain.status, 200);
  assert.equal(plain.body.events.length <= 2, true);
  const head = await fetch(`${site.url}/wp-json/tribe/events/v1/events`, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(await head.text(), '');
  assert.notEqual(head.headers.get('x-tec-total'), null);
  const options = await call(site, 'OPTIONS', '/tribe/events/v1/events');
  assert.deepEqual(options.body.methods, ['GET', 'POST']);
  const wrong = await call(site, 'PUT', '/tribe/events/v1/events');
  assert.equal(wrong.status, 404);
  assert.equal(wrong.body.code, 'rest_no_route');
  const caseInsensitive = await call(site, 'GET', '/Tribe/Events/V1/events/');
  assert.equal(caseInsensitive.status, 200);
  const asText = await call(site, 'POST', '/tribe/events/v1/events', {
    body: JSON.stringify(eventBody('As text')),
    headers: { 'Content-Type': 'text/plain' },
  });
  assert.equal(asText.status, 400, 'JSON sent as text/plain is not read');
  assert.equal(asText.body.code, 'rest_missing_callback_param');
  const escaped = await call(site, 'GET', '/wp-json/', { auth: false });
  assert.match(escaped.text, /"url":"http:\\\/\\\/127\.0\.0\.1/, 'slashes escaped as PHP writes JSON');
});
