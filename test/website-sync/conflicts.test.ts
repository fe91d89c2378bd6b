// Conflicts are never silent: the same field changed on both sides asks (keep mine / take theirs),
// a change on one side against a delete on the other asks, and deletes go both ways and undo.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API } from '../support/server.ts';
import { inDays, startPair, type Pair } from './harness.ts';
import { create } from './fixtures.ts';
import { assertSidesEqual } from './compare.ts';
import { websiteRepositories } from '../../server/db/repositories/website-sync.ts';
import { resolveConflict, websiteStatus } from '../../server/website-sync/website-service.ts';

const remote = (pair: Pair, localId: number) =>
  websiteRepositories(pair.almanac.store.db).items.byLocal(1, 'event', localId)?.remote_id ?? undefined;
const status = (pair: Pair) =>
  websiteStatus(pair.almanac.store, pair.almanac.store.sites.byCode('default')!, pair.credentials);
const resolve = (pair: Pair, id: number, keep: 'mine' | 'theirs') =>
  resolveConflict(pair.almanac.store, pair.almanac.store.sites.byCode('default')!, id, keep);
const patch = async (pair: Pair, id: number, json: unknown) => {
  const response = await pair.almanac.admin('PATCH', `${API}/events/${id}`, { json });
  assert.equal(response.status, 200, response.text);
};

async function published(pair: Pair, title = 'Contested'): Promise<number> {
  const id = await create(pair.almanac, 'events', {
    title,
    cost: '$10',
    start_date: inDays(8, '19:00'),
    end_date: inDays(8, '21:00'),
  });
  assert.equal((await pair.sync()).ok, true);
  return id;
}

for (const keep of ['mine', 'theirs'] as const) {
  test(`the same field changed on both sides is one conflict; "${keep === 'mine' ? 'keep mine' : 'take theirs'}" settles it both ways`, async () => {
    const pair = await startPair();
    try {
      const id = await published(pair);
      await patch(pair, id, { title: 'Ours', cost: '$12' });
      await pair.website.admin.updateEvent(remote(pair, id)!, { title: 'Theirs', excerpt: 'Only theirs' });
      const sync = await pair.sync();
      assert.equal(sync.ok, false);
      assert.equal(sync.counts.conflicts, 1);
      const [conflict] = status(pair).conflicts;
      assert.equal(conflict!.type, 'fields');
      assert.deepEqual(conflict!.fields, [{ field: 'title', base: 'Contested', mine: 'Ours', theirs: 'Theirs' }]);
      // The rest merged meanwhile; the contested field is left as each side has it.
      assert.equal(pair.almanac.store.posts.get(1, id)!.excerpt, 'Only theirs');
      assert.equal(pair.website.store.event(remote(pair, id)!)!.cost, '$12');
      assert.equal(pair.almanac.store.posts.get(1, id)!.title, 'Ours');
      assert.equal(pair.website.store.event(remote(pair, id)!)!.title, 'Theirs');
      // Asked again, it stays one conflict.
      assert.equal((await pair.sync()).counts.conflicts, 1);
      resolve(pair, conflict!.id, keep);
      const settled = await pair.sync();
      assert.equal(settled.ok, true, JSON.stringify(settled));
      const title = keep === 'mine' ? 'Ours' : 'Theirs';
      assert.equal(pair.almanac.store.posts.get(1, id)!.title, title);
      assert.equal(pair.website.store.event(remote(pair, id)!)!.title, title);
      assert.equal(status(pair).conflicts.length, 0);
      await assertSidesEqual(pair);
    } finally {
      await pair.close();
    }
  });
}

test('the schedule is one decision: a start changed here and an end changed there is a conflict, not a mix', async () => {
  const pair = await startPair();
  try {
    const id = await published(pair);
    await patch(pair, id, { start_date: inDays(8, '18:00'), end_date: inDays(8, '21:00') });
    await pair.website.admin.updateEvent(remote(pair, id)!, { endDate: `${inDays(8).slice(0, 10)} 23:00:00` });
    await pair.sync();
    const [conflict] = status(pair).conflicts;
    assert.deepEqual(conflict!.fields.map((f) => f.field).sort(), ['end', 'start']);
  } finally {
    await pair.close();
  }
});

test('deleted here, changed on the website: asked; "keep mine" deletes it there too', async () => {
  const pair = await startPair();
  try {
    const id = await published(pair);
    assert.equal((await pair.almanac.admin('DELETE', `${API}/events/${id}`)).status, 200);
    await pair.website.admin.updateEvent(remote(pair, id)!, { title: 'Edited there' });
    await pair.sync();
    const [conflict] = status(pair).conflicts;
    assert.equal(conflict!.type, 'deleted_here');
    assert.deepEqual(conflict!.fields, [{ field: 'title', base: 'Contested', mine: null, theirs: 'Edited there' }]);
    assert.equal(pair.website.store.event(remote(pair, id)!)!.status, 'publish', 'nothing deleted while asked');
    resolve(pair, conflict!.id, 'mine');
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.store.event(remote(pair, id)!)!.status, 'trash');
    assert.equal(pair.almanac.store.posts.get(1, id)!.status, 'trash');
  } finally {
    await pair.close();
  }
});

test('deleted here, changed on the website: "take theirs" brings it back here with their change', async () => {
  const pair = await startPair();
  try {
    const id = await published(pair);
    assert.equal((await pair.almanac.admin('DELETE', `${API}/events/${id}`)).status, 200);
    await pair.website.admin.updateEvent(remote(pair, id)!, { title: 'Edited there' });
    await pair.sync();
    resolve(pair, status(pair).conflicts[0]!.id, 'theirs');
    assert.equal((await pair.sync()).ok, true);
    const row = pair.almanac.store.posts.get(1, id)!;
    assert.deepEqual([row.status, row.title], ['publish', 'Edited there']);
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});

test('trashed on the website, changed here: asked; "keep mine" restores it there with our change', async () => {
  const pair = await startPair();
  try {
    const id = await published(pair);
    await pair.website.admin.trashEvent(remote(pair, id)!);
    await patch(pair, id, { title: 'Changed here' });
    await pair.sync();
    const [conflict] = status(pair).conflicts;
    assert.equal(conflict!.type, 'deleted_there');
    assert.equal(pair.almanac.store.posts.get(1, id)!.status, 'publish', 'nothing trashed here while asked');
    resolve(pair, conflict!.id, 'mine');
    assert.equal((await pair.sync()).ok, true);
    const event = pair.website.store.event(remote(pair, id)!)!;
    assert.deepEqual([event.status, event.title], ['publish', 'Changed here']);
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});

test('deleted for good on the website, changed here: "keep mine" makes it there again; "take theirs" trashes it here', async () => {
  const pair = await startPair();
  try {
    const kept = await published(pair, 'Kept');
    const dropped = await create(pair.almanac, 'events', {
      title: 'Dropped',
      start_date: inDays(9, '19:00'),
      end_date: inDays(9, '21:00'),
    });
    assert.equal((await pair.sync()).ok, true);
    await pair.website.admin.deleteEventPermanently(remote(pair, kept)!);
    await pair.website.admin.deleteEventPermanently(remote(pair, dropped)!);
    await patch(pair, kept, { title: 'Kept (changed)' });
    await patch(pair, dropped, { title: 'Dropped (changed)' });
    await pair.sync({ sweep: true });
    const conflicts = status(pair).conflicts;
    assert.deepEqual(
      conflicts.map((c) => c.type),
      ['deleted_there', 'deleted_there'],
    );
    resolve(pair, conflicts.find((c) => c.local_id === kept)!.id, 'mine');
    resolve(pair, conflicts.find((c) => c.local_id === dropped)!.id, 'theirs');
    assert.equal((await pair.sync()).ok, true);
    const again = remote(pair, kept)!;
    assert.equal(pair.website.store.event(again)!.title, 'Kept (changed)');
    assert.equal(pair.almanac.store.posts.get(1, dropped)!.status, 'trash');
  } finally {
    await pair.close();
  }
});

test('undo of deletes: restored here, restored there; untrashed there, restored here', async () => {
  const pair = await startPair();
  try {
    const ours = await published(pair, 'Ours to undo');
    const theirs = await create(pair.almanac, 'events', {
      title: 'Theirs to undo',
      start_date: inDays(9, '19:00'),
      end_date: inDays(9, '21:00'),
    });
    assert.equal((await pair.sync()).ok, true);
    assert.equal((await pair.almanac.admin('DELETE', `${API}/events/${ours}`)).status, 200);
    await pair.website.admin.trashEvent(remote(pair, theirs)!);
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.store.event(remote(pair, ours)!)!.status, 'trash');
    assert.equal(pair.almanac.store.posts.get(1, theirs)!.status, 'trash');
    // Undo on each side.
    const restored = await pair.almanac.admin('POST', `${API}/events/${ours}`, { json: { status: 'publish' } });
    assert.equal(restored.status, 200, restored.text);
    await pair.website.admin.untrashEvent(remote(pair, theirs)!);
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.store.event(remote(pair, ours)!)!.status, 'publish');
    assert.equal(pair.almanac.store.posts.get(1, theirs)!.status, 'draft', 'as WordPress restores it: a draft');
    await assertSidesEqual(pair);
    const again = await pair.sync();
    assert.deepEqual([again.counts.sent, again.counts.received], [0, 0]);
  } finally {
    await pair.close();
  }
});
