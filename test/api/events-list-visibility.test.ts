// GET /events visibility: the status filter per role, include, post_parent and hide_from_listings
// (spec §4.2; tec-reference §4.2–4.3, §12; api-contract §7: lists never show more than single reads).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { startServer, type TestServer } from '../support/server.ts';
import { assertInvalid, hourAt, listIds, listOk, seed, urlQuery } from './events-list.helpers.ts';

const ZONE = 'America/New_York';
const soon = (days: number) => hourAt(DateTime.now().setZone(ZONE).startOf('day').plus({ days, hours: 12 }));

describe('status', () => {
  let server: TestServer;
  const ids = {} as Record<
    | 'adminDraft'
    | 'author2Draft'
    | 'author2Private'
    | 'authorPrivate'
    | 'contributorDraft'
    | 'contributorPending'
    | 'published'
    | 'trashed',
    number
  >;

  before(async () => {
    server = await startServer();
    const { tokens } = server;
    ids.published = await seed(server, { title: 'Published', ...soon(1) });
    ids.adminDraft = await seed(server, { title: 'Admin draft', status: 'draft', ...soon(2) });
    ids.contributorDraft = await seed(
      server,
      { title: 'Contributor draft', status: 'draft', ...soon(3) },
      tokens.contributor,
    );
    ids.contributorPending = await seed(
      server,
      { title: 'Contributor pending', status: 'pending', ...soon(4) },
      tokens.contributor,
    );
    ids.authorPrivate = await seed(server, { title: 'Author private', status: 'private', ...soon(5) }, tokens.author);
    ids.author2Private = await seed(
      server,
      { title: 'Author2 private', status: 'private', ...soon(6) },
      tokens.author2,
    );
    ids.author2Draft = await seed(server, { title: 'Author2 draft', status: 'draft', ...soon(7) }, tokens.author2);
    ids.trashed = await seed(server, { title: 'Trashed', ...soon(8) });
    const trash = await server.admin('DELETE', `events/${ids.trashed}`);
    assert.equal(trash.status, 200);
    assert.equal(trash.body.status, 'trash');
  });
  after(() => server.close());

  test('anonymous callers and subscribers see published events only', async () => {
    assert.deepEqual(await listIds(server), [ids.published]);
    assert.deepEqual(await listIds(server, {}, server.tokens.subscriber), [ids.published]);
    const body = await listOk(server, { status: 'publish' });
    assert.deepEqual(
      body.events.map((e: { id: number }) => e.id),
      [ids.published],
    );
    assert.equal(Object.fromEntries(urlQuery(server, body.rest_url)).status, 'publish');
  });

  test('anonymous callers and subscribers may only ask for status=publish', async () => {
    for (const status of ['draft', 'private', 'trash', 'publish,draft', 'future']) {
      await assertInvalid(server, { status }, ['status']);
      await assertInvalid(server, { status }, ['status'], server.tokens.subscriber);
    }
  });

  test('editors see every status but trash by default, and can filter by status', async () => {
    const editor = server.tokens.editor;
    assert.deepEqual(await listIds(server, {}, editor), [
      ids.published,
      ids.adminDraft,
      ids.contributorDraft,
      ids.contributorPending,
      ids.authorPrivate,
      ids.author2Private,
      ids.author2Draft,
    ]);
    assert.deepEqual(await listIds(server, { status: 'draft' }, editor), [
      ids.adminDraft,
      ids.contributorDraft,
      ids.author2Draft,
    ]);
    assert.deepEqual(await listIds(server, { status: 'private,pending' }, editor), [
      ids.contributorPending,
      ids.authorPrivate,
      ids.author2Private,
    ]);
    assert.deepEqual(await listIds(server, { status: 'trash' }, editor), [ids.trashed]);
    const body = await listOk(server, { status: 'draft' }, editor);
    assert.equal(Object.fromEntries(urlQuery(server, body.rest_url)).status, 'draft');
  });

  test("a contributor sees published events and their own drafts, never another user's", async () => {
    const contributor = server.tokens.contributor;
    assert.deepEqual(await listIds(server, {}, contributor), [
      ids.published,
      ids.contributorDraft,
      ids.contributorPending,
    ]);
    assert.deepEqual(await listIds(server, { status: 'draft' }, contributor), [ids.contributorDraft]);
    assert.deepEqual(await listIds(server, { status: 'private' }, contributor), []);
  });

  test("an author sees their own private events but not another author's", async () => {
    assert.deepEqual(await listIds(server, {}, server.tokens.author), [ids.published, ids.authorPrivate]);
    assert.deepEqual(await listIds(server, { status: 'private,draft' }, server.tokens.author2), [
      ids.author2Private,
      ids.author2Draft,
    ]);
  });

  test('list visibility matches single reads (contract §7)', async () => {
    for (const role of ['contributor', 'author'] as const) {
      const token = server.tokens[role];
      const listed = new Set(await listIds(server, {}, token));
      for (const [name, id] of Object.entries(ids)) {
        if (name === 'trashed') continue;
        const single = await server.request('GET', `events/${id}`, { token });
        assert.equal(
          listed.has(id),
          single.status === 200,
          `${role} / ${name}: list vs single read (${single.status})`,
        );
      }
    }
  });

  test('unknown statuses → 400 for everyone', async () => {
    for (const status of ['bogus', 'any', 'publish,bogus', ',']) {
      await assertInvalid(server, { status }, ['status'], server.tokens.editor);
      await assertInvalid(server, { status }, ['status']);
    }
  });
});

describe('include', () => {
  let server: TestServer;
  const ids = {} as Record<'draft' | 'far' | 'hidden' | 'inWindow' | 'notIncluded' | 'past' | 'withVenue', number>;
  let venueId: number;

  before(async () => {
    server = await startServer();
    const now = DateTime.now().setZone(ZONE);
    // Publication dates (`date`) run in a different order than starts and ids.
    ids.past = await seed(server, { title: 'Past', date: '2025-01-03 09:00:00', ...hourAt(now.minus({ years: 2 })) });
    ids.far = await seed(server, {
      title: 'Far future',
      date: '2025-01-01 09:00:00',
      ...hourAt(now.plus({ months: 30 })),
    });
    ids.inWindow = await seed(server, { title: 'In window', date: '2025-01-02 09:00:00', ...soon(3) });
    ids.draft = await seed(server, { title: 'Draft', status: 'draft', date: '2025-01-04 09:00:00', ...soon(4) });
    ids.hidden = await seed(server, { title: 'Hidden', hide_from_listings: true, ...soon(5) });
    ids.notIncluded = await seed(server, { title: 'Not included', ...soon(6) });
    const withVenue = await server.admin('POST', 'events', {
      json: { title: 'With venue', venue: { venue: 'A venue' }, ...soon(7) },
    });
    ids.withVenue = withVenue.body.id;
    venueId = withVenue.body.venue.id;
  });
  after(() => server.close());

  const included = () => [ids.past, ids.far, ids.inWindow, ids.draft, ids.hidden];

  test('lifts the default window and orders by publication date', async () => {
    const body = await listOk(server, { include: included().join(',') });
    assert.deepEqual(
      body.events.map((e: { id: number }) => e.id),
      [ids.far, ids.inWindow, ids.past],
    );
    const query = Object.fromEntries(urlQuery(server, body.rest_url));
    assert.equal(query.include, included().join(','));
    assert.equal(query.start_date, undefined);
    assert.equal(query.end_date, undefined);
    // The array form works too.
    assert.deepEqual(await listIds(server, { include: [ids.past, ids.notIncluded] }), [ids.past, ids.notIncluded]);
  });

  test('never shows hidden events, nor events the caller may not see', async () => {
    assert.deepEqual(await listIds(server, { include: included().join(',') }, server.tokens.editor), [
      ids.far,
      ids.inWindow,
      ids.past,
      ids.draft,
    ]);
    assert.deepEqual(await listIds(server, { include: ids.hidden }, server.tokens.administrator), []);
    assert.deepEqual(await listIds(server, { include: ids.draft }), []);
  });

  test('ids that are not events are ignored', async () => {
    assert.deepEqual(await listIds(server, { include: `${venueId},${ids.inWindow},99999` }), [ids.inWindow]);
  });

  test('other filters still apply alongside include', async () => {
    assert.deepEqual(await listIds(server, { include: included().join(','), search: 'future' }), [ids.far]);
  });

  test('non-positive-integer ids → 400', async () => {
    await assertInvalid(server, { include: 'abc' }, ['include']);
    await assertInvalid(server, { include: `${ids.past},0` }, ['include']);
    await assertInvalid(server, { include: '-3' }, ['include']);
  });
});

describe('post_parent', () => {
  let server: TestServer;
  const ids = {} as Record<'child1' | 'child2' | 'otherChild' | 'otherParent' | 'parent' | 'unrelated', number>;
  let venueId: number;

  before(async () => {
    server = await startServer();
    ids.parent = await seed(server, { title: 'Parent', ...soon(1) });
    ids.child1 = await seed(server, { title: 'Child 1', ...soon(2) });
    ids.child2 = await seed(server, { title: 'Child 2', ...soon(3) });
    ids.otherParent = await seed(server, { title: 'Other parent', ...soon(4) });
    ids.otherChild = await seed(server, { title: 'Other child', ...soon(5) });
    ids.unrelated = await seed(server, { title: 'Unrelated', ...soon(6) });
    const withVenue = await server.admin('POST', 'events', {
      json: { title: 'With venue', venue: { venue: 'A venue' }, ...soon(7) },
    });
    venueId = withVenue.body.venue.id;
    // The API has no field for the post parent (recurrences set it in the reference): set it in the store.
    const siteId = server.store.sites.byCode('default')!.id;
    const setParent = server.store.db.prepare('UPDATE posts SET parent = ? WHERE site_id = ? AND id = ?');
    setParent.run(ids.parent, siteId, ids.child1);
    setParent.run(ids.parent, siteId, ids.child2);
    setParent.run(ids.otherParent, siteId, ids.otherChild);
  });
  after(() => server.close());

  test('lists the children of the given event only', async () => {
    const body = await listOk(server, { post_parent: ids.parent });
    assert.deepEqual(
      body.events.map((e: { id: number }) => e.id),
      [ids.child1, ids.child2],
    );
    assert.equal(Object.fromEntries(urlQuery(server, body.rest_url)).post_parent, String(ids.parent));
    assert.deepEqual(await listIds(server, { post_parent: ids.otherParent }), [ids.otherChild]);
    assert.deepEqual(await listIds(server, { post_parent: ids.unrelated }), []);
  });

  test('a non-event, unknown or non-numeric id → 400', async () => {
    await assertInvalid(server, { post_parent: venueId }, ['post_parent']);
    await assertInvalid(server, { post_parent: 99999 }, ['post_parent']);
    await assertInvalid(server, { post_parent: 'abc' }, ['post_parent']);
    await assertInvalid(server, { post_parent: 0 }, ['post_parent']);
  });
});

describe('hide_from_listings', () => {
  let server: TestServer;
  const ids = {} as Record<'hidden' | 'unhidden' | 'visible', number>;

  before(async () => {
    server = await startServer();
    ids.visible = await seed(server, { title: 'Visible gala', ...soon(1) });
    ids.hidden = await seed(server, { title: 'Hidden gala', hide_from_listings: true, featured: true, ...soon(2) });
    ids.unhidden = await seed(server, { title: 'Unhidden gala', hide_from_listings: false, ...soon(3) });
  });
  after(() => server.close());

  test('hidden events are never listed, for any caller or filter', async () => {
    const expected = [ids.visible, ids.unhidden];
    assert.deepEqual(await listIds(server), expected);
    assert.deepEqual(await listIds(server, {}, server.tokens.administrator), expected);
    assert.deepEqual(await listIds(server, { search: 'gala' }, server.tokens.editor), expected);
    assert.deepEqual(await listIds(server, { featured: 'true' }), []);
    assert.deepEqual(await listIds(server, { include: ids.hidden }), []);
    assert.deepEqual(await listIds(server, { starts_after: '2000-01-01' }), expected);
    const body = await listOk(server);
    assert.equal(body.total, 2);
  });

  test('but they stay readable by id', async () => {
    const single = await server.request('GET', `events/${ids.hidden}`);
    assert.equal(single.status, 200);
    assert.equal(single.body.id, ids.hidden);
    assert.equal(single.body.hide_from_listings, true);
  });
});
