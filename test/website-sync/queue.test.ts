// The outgoing queue: written by triggers in the same transaction as the change (a rolled-back
// change queues nothing), kept in the database (it survives the service closing without a sync),
// and free of the sync's own writes of the website's changes. A series goes out as its
// occurrences, and a this / following / all change reaches exactly the events it changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API } from '../support/server.ts';
import { inDays, queued, startPair, type Pair } from './harness.ts';
import { create } from './fixtures.ts';
import { assertSidesEqual } from './compare.ts';
import { websiteRepositories } from '../../server/db/repositories/website-sync.ts';
import { openDataDir } from '../../server/data-dir.ts';

const remote = (pair: Pair, localId: number) =>
  websiteRepositories(pair.almanac.store.db).items.byLocal(1, 'event', localId)?.remote_id ?? undefined;

test('a change is queued in its own transaction: a refused or rolled-back write queues nothing', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const id = await create(pair.almanac, 'events', {
      title: 'Queued',
      start_date: inDays(3, '10:00'),
      end_date: inDays(3, '11:00'),
    });
    assert.equal(queued(pair), 1);
    assert.equal((await pair.sync()).ok, true);
    assert.equal(queued(pair), 0);
    const refused = await pair.almanac.admin('PATCH', `${API}/events/${id}`, {
      json: { end_date: inDays(2, '10:00') },
    });
    assert.equal(refused.status, 400);
    assert.equal(queued(pair), 0, 'a refused write queues nothing');
    assert.throws(() =>
      pair.almanac.store.transaction(() => {
        pair.almanac.store.posts.update(1, id, { title: 'Rolled back' });
        throw new Error('fails after the write');
      }),
    );
    assert.equal(queued(pair), 0, 'a rolled-back write queues nothing');
  } finally {
    await pair.close();
  }
});

test('the queue is in the calendar file: it survives the service closing before any sync, and a second edit is one entry', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const id = await create(pair.almanac, 'events', {
      title: 'Before the crash',
      start_date: inDays(3, '10:00'),
      end_date: inDays(3, '11:00'),
    });
    await pair.almanac.admin('PATCH', `${API}/events/${id}`, { json: { title: 'Edited twice' } });
    // Another process on the same data dir (the command line) sees the same queue.
    const other = openDataDir(pair.almanac.dataDir);
    try {
      const rows = websiteRepositories(other.db).connections.queued(1);
      assert.deepEqual(
        rows.map((r) => [r.kind, r.local_id, r.version]),
        [['event', id, 2]],
      );
    } finally {
      other.close();
    }
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.store.event(remote(pair, id)!)!.title, 'Edited twice');
  } finally {
    await pair.close();
  }
});

test("the sync's own writes of the website's changes are not queued back out", async () => {
  const pair = await startPair({ mode: 'import' });
  try {
    for (let i = 0; i < 5; i++)
      await pair.website.admin.createEvent({
        title: `Theirs ${i}`,
        startDate: `${inDays(3 + i).slice(0, 10)} 10:00:00`,
        endDate: `${inDays(3 + i).slice(0, 10)} 11:00:00`,
      });
    assert.equal((await pair.sync()).ok, true);
    assert.equal(queued(pair), 0);
    const first = pair.website.snapshot().events[0]!;
    await pair.website.admin.updateEvent(first.id, { title: 'Theirs, edited' });
    pair.website.resetRequestLog();
    assert.equal((await pair.sync()).ok, true);
    assert.equal(queued(pair), 0);
    assert.equal(pair.requests('PUT') + pair.requests('POST'), 0, 'nothing sent back');
  } finally {
    await pair.close();
  }
});

test('a series goes out as its occurrences; this, following and all reach exactly the events they changed', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const first = await create(pair.almanac, 'events', {
      title: 'Weekly class',
      start_date: '2027-03-02 18:00',
      end_date: '2027-03-02 19:00',
    });
    const made = await pair.almanac.admin('POST', '/almanac/v1/series', {
      json: { event: first, rule: 'FREQ=WEEKLY;COUNT=6' },
    });
    assert.equal(made.status, 201, made.text);
    const ids = (made.body.occurrences as { id: number }[]).map((o) => o.id);
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.snapshot().events.length, 6, 'each occurrence is an event on the website');
    const puts = async (change: () => Promise<void>) => {
      pair.website.resetRequestLog();
      await change();
      assert.equal((await pair.sync()).ok, true);
      return pair.website.requests
        .filter((r) => r.method === 'PUT')
        .map((r) => Number(r.path.split('/').pop()))
        .sort((a, b) => a - b);
    };
    const remoteIds = (locals: number[]) => locals.map((id) => remote(pair, id)!).sort((a, b) => a - b);
    // This event only.
    assert.deepEqual(
      await puts(async () => {
        const r = await pair.almanac.admin('PATCH', `${API}/events/${ids[2]}`, {
          json: { title: 'Weekly class (guest teacher)' },
        });
        assert.equal(r.status, 200, r.text);
      }),
      remoteIds([ids[2]!]),
    );
    // All events.
    assert.deepEqual(
      await puts(async () => {
        const r = await pair.almanac.admin('PATCH', `/almanac/v1/series/${made.body.id}`, {
          json: { changes: { cost: '$8' } },
        });
        assert.equal(r.status, 200, r.text);
      }),
      remoteIds(ids.filter((id) => id !== ids[2])),
    );
    // This and following.
    const split = await puts(async () => {
      const r = await pair.almanac.admin('POST', `/almanac/v1/series/${made.body.id}/split`, {
        json: { occurrence: ids[4], changes: { website: 'https://example.org/late' } },
      });
      assert.equal(r.status, 200, r.text);
    });
    assert.deepEqual(split, remoteIds([ids[4]!, ids[5]!]));
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});
