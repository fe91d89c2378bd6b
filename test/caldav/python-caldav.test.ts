// python3-caldav (Debian) against Almanac's CalDAV, and the very same steps against Radicale (a
// reference CalDAV server) so that the steps are known to be right: discover, create, read, update
// with the ETag, a stale ETag refused (412), create-only refused on an existing object, a
// sync-collection that reports a change made elsewhere (through Almanac's REST API; on Radicale
// through the client), a time-range search, delete with the ETag; and a weekly series with a moved
// occurrence and an excluded date: created by the client, seen as a series in Almanac
// (almanac/v1/series), expanded by the server, changed elsewhere and picked up by the client's sync.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import { clientStep, missingClients, startRadicale, type DavTarget, type Radicale } from './support.ts';

const skip = await missingClients();

interface Read {
  url: string;
  etag: string;
  summary: string;
  location: string;
  start: string;
  error?: string;
}

/** Changes an object "elsewhere": Almanac's REST API, or another client of Radicale. */
type ChangeElsewhere = (uid: string, url: string, title: string) => Promise<void>;

/** What a server answers to a PUT with If-Match: * over an existing object. */
type IfMatchStarPut = 'updates' | 'refuses';

function scenario(target: () => DavTarget, changeElsewhere: () => ChangeElsewhere, ifMatchStar: IfMatchStarPut) {
  test('conditional writes: strong If-Match, If-Match: * and If-None-Match: *', async () => {
    const t = target();
    const uid = `conditions-${Date.now()}@tests`;
    const created = await clientStep<{ url: string }>(
      t,
      'create',
      uid,
      'Conditions',
      '20270320T180000Z',
      '20270320T190000Z',
    );
    const missing = created.url.replace(/[^/]+$/, `missing-${Date.now()}.ics`);
    const statuses = await clientStep<Record<string, number>>(t, 'conditions', uid, missing);
    const { put_if_match_star: star, delete_if_match_star: deleted, ...rest } = statuses;
    assert.deepEqual(
      rest,
      {
        // RFC 9110 §13.1.1: If-Match: * needs an object; a weak tag never matches (strong comparison).
        put_if_match_star_missing: 412,
        put_if_match_weak: 412,
        put_if_none_match_star: 412,
        delete_if_match_weak: 412,
        delete_missing: 404,
      },
      JSON.stringify(statuses),
    );
    assert.ok([200, 204].includes(deleted!), JSON.stringify(statuses));
    // Over an existing object RFC 9110 lets If-Match: * through (Almanac); Radicale 3.1 compares
    // the header with the ETag as text and refuses.
    if (ifMatchStar === 'updates') assert.ok([200, 204].includes(star!), JSON.stringify(statuses));
    else assert.equal(star, 412, JSON.stringify(statuses));
  });

  test('discovers the principal, its calendar home and the calendar', async () => {
    const found = await clientStep<{ principal: string; home: string; calendars: string[]; calendar: string }>(
      target(),
      'discover',
    );
    assert.ok(found.principal, JSON.stringify(found));
    assert.ok(found.calendars.includes(found.calendar), JSON.stringify(found));
  });

  test('creates, reads, updates with the ETag, refuses a stale ETag, syncs and deletes', async () => {
    const t = target();
    const uid = `scenario-${Date.now()}@tests`;
    const created = await clientStep<{ url: string }>(
      t,
      'create',
      uid,
      'Rehearsal',
      '20270310T180000Z',
      '20270310T200000Z',
    );
    assert.ok(created.url, JSON.stringify(created));

    const first = await clientStep<Read>(t, 'read', uid);
    assert.equal(first.summary, 'Rehearsal');
    assert.equal(first.start, '2027-03-10T18:00:00+00:00');
    assert.match(first.etag, /^"/);

    const updated = await clientStep<{ status: number }>(
      t,
      'put-if-match',
      first.url,
      first.etag,
      uid,
      'Dress rehearsal',
      '20270310T180000Z',
      '20270310T210000Z',
    );
    assert.ok([200, 201, 204].includes(updated.status), JSON.stringify(updated));
    const second = await clientStep<Read>(t, 'read', uid);
    assert.equal(second.summary, 'Dress rehearsal');
    assert.notEqual(second.etag, first.etag, 'a change gives a new ETag');

    const stale = await clientStep<{ status: number }>(
      t,
      'put-if-match',
      first.url,
      first.etag,
      uid,
      'Lost update',
      '20270310T180000Z',
      '20270310T210000Z',
    );
    assert.equal(stale.status, 412);
    const notOverwritten = await clientStep<{ status: number }>(
      t,
      'create-if-none-match',
      first.url,
      uid,
      'Duplicate',
      '20270310T180000Z',
      '20270310T210000Z',
    );
    assert.equal(notOverwritten.status, 412);
    assert.equal((await clientStep<Read>(t, 'read', uid)).summary, 'Dress rehearsal');

    const initial = await clientStep<{ token: string; objects: { url: string; summary: string | null }[] }>(t, 'sync');
    assert.ok(initial.token);
    assert.ok(
      initial.objects.some((o) => o.summary === 'Dress rehearsal'),
      JSON.stringify(initial),
    );
    await changeElsewhere()(uid, second.url, 'Dress rehearsal (moved)');
    const delta = await clientStep<{ token: string; objects: { url: string; summary: string | null }[] }>(
      t,
      'sync',
      initial.token,
    );
    assert.notEqual(delta.token, initial.token);
    assert.deepEqual(
      delta.objects.map((o) => o.summary),
      ['Dress rehearsal (moved)'],
      JSON.stringify(delta),
    );

    const found = await clientStep<{ summaries: string[] }>(t, 'search', '20270301T000000Z', '20270401T000000Z');
    assert.ok(found.summaries.includes('Dress rehearsal (moved)'), JSON.stringify(found));
    const none = await clientStep<{ summaries: string[] }>(t, 'search', '20280301T000000Z', '20280401T000000Z');
    assert.deepEqual(none.summaries, []);

    const current = await clientStep<Read>(t, 'read', uid);
    const staleDelete = await clientStep<{ status: number }>(t, 'delete-if-match', current.url, first.etag);
    assert.equal(staleDelete.status, 412);
    const deleted = await clientStep<{ status: number }>(t, 'delete-if-match', current.url, current.etag);
    assert.ok([200, 204].includes(deleted.status), JSON.stringify(deleted));
    const gone = await clientStep<Read>(t, 'read', uid);
    assert.ok(gone.error, JSON.stringify(gone));
    const afterDelete = await clientStep<{ objects: { url: string; summary: string | null }[] }>(
      t,
      'sync',
      delta.token,
    );
    assert.deepEqual(
      afterDelete.objects.map((o) => [o.url, o.summary]),
      [[current.url, null]],
      'the deleted object is reported gone',
    );
  });
}

interface SeriesRead {
  url: string;
  etag: string;
  summary: string;
  rrule: string | null;
  exdates: string[];
  exceptions: { recurrence_id: string; summary: string; start: string }[];
  error?: string;
}

/** Changes the series' title "elsewhere": Almanac's REST API (almanac/v1/series), or another client of Radicale. */
type RetitleElsewhere = (uid: string, title: string) => Promise<void>;

function seriesScenario(
  target: () => DavTarget,
  retitleElsewhere: () => RetitleElsewhere,
  inAlmanac?: (uid: string) => Promise<void>,
) {
  test('a weekly series with a moved occurrence: created, read back, expanded, changed elsewhere, synced, deleted', async () => {
    const t = target();
    const uid = `series-${Date.now()}@tests`;
    const created = await clientStep<{ url: string; error?: string }>(
      t,
      'create-series',
      uid,
      'Choir',
      '20270504T180000Z',
      '20270511T180000Z',
      '20270512T190000Z',
      '20270518T180000Z',
    );
    assert.ok(created.url, JSON.stringify(created));
    await inAlmanac?.(uid);

    const read = await clientStep<SeriesRead>(t, 'read-series', uid);
    assert.equal(read.summary, 'Choir', JSON.stringify(read));
    assert.equal(read.rrule, 'FREQ=WEEKLY;COUNT=5');
    assert.deepEqual(read.exdates, ['20270518T180000Z']);
    assert.deepEqual(read.exceptions, [
      { recurrence_id: '20270511T180000Z', summary: 'Choir (moved)', start: '20270512T190000Z' },
    ]);

    const expanded = await clientStep<{ instances: { start: string; summary: string }[] }>(
      t,
      'expand',
      '20270501T000000Z',
      '20270701T000000Z',
    );
    assert.deepEqual(expanded.instances, [
      { start: '20270504T180000Z', summary: 'Choir' },
      { start: '20270512T190000Z', summary: 'Choir (moved)' },
      { start: '20270525T180000Z', summary: 'Choir' },
      { start: '20270601T180000Z', summary: 'Choir' },
    ]);

    const initial = await clientStep<{ token: string }>(t, 'sync-series');
    await retitleElsewhere()(uid, 'Choir rehearsal');
    const delta = await clientStep<{ token: string; objects: SeriesRead[] }>(t, 'sync-series', initial.token);
    assert.equal(delta.objects.length, 1, JSON.stringify(delta));
    assert.equal(delta.objects[0]!.url, read.url);
    assert.equal(delta.objects[0]!.summary, 'Choir rehearsal');
    assert.equal(delta.objects[0]!.rrule, 'FREQ=WEEKLY;COUNT=5');
    // The moved occurrence was changed on its own: an edit of all events leaves it alone.
    assert.deepEqual(
      delta.objects[0]!.exceptions.map((e) => [e.recurrence_id, e.summary]),
      [['20270511T180000Z', 'Choir (moved)']],
    );

    const current = await clientStep<SeriesRead>(t, 'read-series', uid);
    const deleted = await clientStep<{ status: number }>(t, 'delete-if-match', current.url, current.etag);
    assert.ok([200, 204].includes(deleted.status), JSON.stringify(deleted));
    const gone = await clientStep<SeriesRead>(t, 'read-series', uid);
    assert.ok(gone.error, JSON.stringify(gone));
  });
}

describe('python3-caldav against Radicale (the steps are right)', { skip }, () => {
  let radicale: Radicale;
  before(async () => {
    radicale = await startRadicale();
  });
  after(() => radicale?.stop());
  scenario(
    () => radicale.target,
    () => async (uid, url, title) => {
      const { etag } = await clientStep<Read>(radicale.target, 'read', uid);
      const result = await clientStep<{ status: number }>(
        radicale.target,
        'put-if-match',
        url,
        etag,
        uid,
        title,
        '20270311T180000Z',
        '20270311T210000Z',
      );
      assert.ok([200, 201, 204].includes(result.status), JSON.stringify(result));
    },
    'refuses',
  );
  seriesScenario(
    () => radicale.target,
    () => async (uid, title) => {
      const result = await clientStep<{ status: number }>(radicale.target, 'retitle-series', uid, title);
      assert.ok([200, 201, 204].includes(result.status), JSON.stringify(result));
    },
  );
});

describe('python3-caldav against Almanac', { skip }, () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ timezone: 'Europe/Berlin' });
  });
  after(() => server?.close());
  const target = (): DavTarget => ({
    name: 'Almanac',
    url: `${server.url}/.well-known/caldav`,
    user: 'editor',
    password: server.tokens.editor,
    calendar: 'default',
  });
  scenario(
    target,
    () => async (uid, _url, title) => {
      // The REST API, as any script would: the event the client created, found by its UID.
      const id = server.store.importUids.postOf(server.store.sites.byCode('default')!.id, uid);
      assert.ok(id, 'the UID the client gave is remembered');
      const response = await server.admin('PATCH', `events/${id}`, {
        json: { title, start_date: '2027-03-11 19:00', end_date: '2027-03-11 22:00' },
      });
      assert.equal(response.status, 200, response.text);
    },
    'updates',
  );

  const seriesOf = (uid: string) => server.store.series.byUid(server.store.sites.byCode('default')!.id, uid)!;
  seriesScenario(
    target,
    () => async (uid, title) => {
      // "All events" in Almanac, as the app's UI does it.
      const response = await server.admin('PATCH', `/almanac/v1/series/${seriesOf(uid).id}`, {
        json: { changes: { title } },
      });
      assert.equal(response.status, 200, response.text);
    },
    async (uid) => {
      // Almanac sees a series: its rule, its excluded date, and the moved occurrence as an exception.
      const series = await server.admin('GET', `/almanac/v1/series/${seriesOf(uid).id}`);
      assert.equal(series.status, 200, series.text);
      assert.equal(series.body.rule, 'FREQ=WEEKLY;COUNT=5');
      assert.deepEqual(series.body.exdates, ['2027-05-18']);
      const moved = series.body.occurrences.find((o: { date: string }) => o.date === '2027-05-11');
      const event = await server.admin('GET', `events/${moved.id}`);
      assert.equal(event.body.title, 'Choir (moved)');
      assert.equal(event.body.utc_start_date, '2027-05-12 19:00:00');
      assert.equal(series.body.occurrences.length, 4);
    },
  );

  test('a DELETE through CalDAV puts the event in the trash, as the REST API does', async () => {
    const t = target();
    const uid = `trash-${Date.now()}@tests`;
    await clientStep(t, 'create', uid, 'To the trash', '20270312T180000Z', '20270312T190000Z');
    const read = await clientStep<Read>(t, 'read', uid);
    const id = server.store.importUids.postOf(server.store.sites.byCode('default')!.id, uid)!;
    await clientStep(t, 'delete-if-match', read.url, read.etag);
    const trashed = await server.admin('GET', `events/${id}`);
    assert.equal(trashed.body.code, 'event-no-longer-available', trashed.text);
    assert.equal(server.store.posts.get(server.store.sites.byCode('default')!.id, id)?.status, 'trash');
  });
});
