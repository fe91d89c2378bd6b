// almanac/v1/sites/{code}/website over real HTTP: who may read and change it, a refused connection
// at its field, connect, sync now, conflicts resolved through the API, an event's "not on the
// website" marks, the state live on the change stream, disconnect.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API } from '../support/server.ts';
import { openSse } from '../support/sse.ts';
import { inDays, startPair } from './harness.ts';
import { create } from './fixtures.ts';
import { DEFAULT_APP_PASSWORD } from '../support/tec-site/index.ts';

const WEBSITE = '/almanac/v1/sites/default/website';

test('the website routes: permissions, a refused connection said at its field, connect, sync, resolve, marks, change stream, disconnect', async () => {
  const pair = await startPair({ connect: false });
  const { almanac, website } = pair;
  try {
    // Who may see and change it.
    assert.equal((await almanac.request('GET', WEBSITE)).status, 401);
    assert.equal((await almanac.request('GET', WEBSITE, { token: almanac.tokens.subscriber })).status, 403);
    const unconnected = await almanac.request('GET', WEBSITE, { token: almanac.tokens.editor });
    assert.equal(unconnected.status, 200, unconnected.text);
    assert.equal(unconnected.body.connected, false);
    assert.match(unconnected.body.password_kept, /website-passwords\.json/);
    assert.equal(unconnected.body.password_place.kind, 'file');
    assert.match(unconnected.body.password_place.file, /website-passwords\.json$/);
    const byEditor = await almanac.request('PUT', WEBSITE, {
      token: almanac.tokens.editor,
      json: { url: website.url, user: 'admin', password: DEFAULT_APP_PASSWORD },
    });
    assert.equal(byEditor.status, 403);

    // Refused, at the field it is about, with a reason code the UI can say in its own words.
    const wrong = await almanac.admin('PUT', WEBSITE, {
      json: { url: website.url, user: 'admin', password: 'wrong wrong', mode: 'publish' },
      headers: { 'x-almanac-reasons': '1' },
    });
    assert.equal(wrong.status, 400, wrong.text);
    assert.equal(wrong.body.code, 'rest_invalid_param');
    assert.match(wrong.body.data.params.password, /refused the user name or the application password/);
    assert.equal(wrong.body.data.almanac_reasons.password.code, 'website_wrong_password');
    const badMode = await almanac.admin('PUT', WEBSITE, {
      json: { url: website.url, user: 'admin', password: 'x', mode: 'sideways' },
    });
    assert.equal(badMode.status, 400);

    const stream = await openSse(`${almanac.url}/almanac/v1/changes`, {
      authorization: `Bearer ${almanac.tokens.administrator}`,
    });
    await stream.next('ready');
    const id = await create(almanac, 'events', {
      title: 'Via the API',
      start_date: inDays(4, '10:00'),
      end_date: inDays(4, '11:00'),
      cost: '15 €',
      password: 'secret',
    });
    const connected = await almanac.admin('PUT', WEBSITE, {
      json: { url: website.url, user: 'admin', password: DEFAULT_APP_PASSWORD, mode: 'publish' },
    });
    assert.equal(connected.status, 200, connected.text);
    assert.equal(connected.body.connected, true);
    assert.equal(connected.body.site_name, 'TEC stand-in');
    assert.deepEqual(connected.body.limits, []);
    // The state is live on the change stream.
    for (;;) {
      const message = await stream.next('changes');
      if ((message.data.changes as { kind: string }[]).some((c) => c.kind === 'website')) break;
    }

    const synced = await almanac.admin('POST', `${WEBSITE}/sync`);
    assert.equal(synced.status, 200, synced.text);
    assert.equal(synced.body.failure, null);
    assert.equal(synced.body.state.changes_waiting, 0);
    assert.ok(synced.body.state.last_sync);
    assert.equal(website.snapshot().events.length, 1);

    // An event's marks: what stays in Almanac only.
    const marks = await almanac.request('GET', `${WEBSITE}/events/${id}`, { token: almanac.tokens.editor });
    assert.equal(marks.status, 200, marks.text);
    assert.equal(marks.body.on_website, true);
    assert.deepEqual(marks.body.not_on_website.sort(), ['currency_code', 'password', 'symbol_after_amount']);

    // A conflict, resolved through the API.
    const remoteId = marks.body.remote_id as number;
    await almanac.admin('PATCH', `${API}/events/${id}`, { json: { title: 'Mine' } });
    await website.admin.updateEvent(remoteId, { title: 'Theirs' });
    const conflicted = await almanac.admin('POST', `${WEBSITE}/sync`);
    assert.equal(conflicted.body.ok, false);
    const [conflict] = conflicted.body.state.conflicts;
    assert.equal(conflict.title, 'Mine');
    const eventMark = await almanac.admin('GET', `${WEBSITE}/events/${id}`);
    assert.equal(eventMark.body.conflict, conflict.id);
    const resolved = await almanac.admin('POST', `${WEBSITE}/conflicts/${conflict.id}`, { json: { keep: 'theirs' } });
    assert.equal(resolved.status, 200, resolved.text);
    assert.deepEqual(resolved.body.conflicts, []);
    const after = await almanac.admin('POST', `${WEBSITE}/sync`);
    assert.equal(after.body.ok, true, after.text);
    assert.equal(almanac.store.posts.get(1, id)!.title, 'Theirs');
    assert.equal(
      (await almanac.admin('POST', `${WEBSITE}/conflicts/${conflict.id}`, { json: { keep: 'mine' } })).status,
      404,
    );

    // WordPress's authorize-application page.
    const authorize = await almanac.admin('GET', `${WEBSITE}/authorize`, {
      query: { url: website.url, success_url: 'almanac://website-authorized' },
    });
    assert.equal(authorize.status, 200, authorize.text);
    const page = new URL(authorize.body.authorize_url);
    assert.equal(page.pathname, '/wp-admin/authorize-application.php');
    assert.equal(page.searchParams.get('app_name'), 'Almanac');
    assert.equal(page.searchParams.get('success_url'), 'almanac://website-authorized');
    // Without success_url (the app's "Get a password from WordPress"): WordPress shows the new
    // password on its own page, for the user to copy into the form.
    const shown = await almanac.admin('GET', `${WEBSITE}/authorize`, { query: { url: website.url } });
    assert.equal(shown.status, 200, shown.text);
    const shownPage = new URL(shown.body.authorize_url);
    assert.equal(shownPage.searchParams.has('success_url'), false);
    const approved = await fetch(new URL('/wp-admin/authorize-application.php', website.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...Object.fromEntries(shownPage.searchParams),
        log: 'admin',
        pwd: 'password',
        action: 'approve',
      }),
      redirect: 'manual',
    });
    assert.equal(approved.status, 200);
    assert.match(await approved.text(), /Your new password for Almanac is: <kbd>[A-Za-z0-9 ]{29}<\/kbd>/);

    const gone = await almanac.admin('DELETE', WEBSITE);
    assert.equal(gone.status, 200, gone.text);
    assert.equal(gone.body.connected, false);
    assert.equal((await almanac.admin('DELETE', WEBSITE)).status, 404);
    stream.close();
  } finally {
    await pair.close();
  }
});

test("the website routes are in almanac/v1's index and /doc", async () => {
  const pair = await startPair({ connect: false });
  try {
    const doc = await pair.almanac.request('GET', '/almanac/v1/doc');
    assert.equal(doc.status, 200);
    for (const path of [
      '/sites/{code}/website',
      '/sites/{code}/website/sync',
      '/sites/{code}/website/conflicts/{id}',
      '/sites/{code}/website/events/{id}',
    ])
      assert.ok(
        Object.keys(doc.body.paths).some((p) => p.endsWith(path)),
        path,
      );
  } finally {
    await pair.close();
  }
});
