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

test('peakConcurrency counts the requests answered at the same time (with latencyMs to make them overlap)', async () => {
  const slow = await startTecSite({ latencyMs: 50 });
  try {
    await Promise.all([1, 2, 3].map(() => call(slow, 'GET', '/tribe/events/v1/events')));
    assert.equal(slow.peakConcurrency, 3);
  } finally {
    await slow.close();
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
