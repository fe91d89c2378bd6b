// The scheduler of the running service, driven tick by tick with a given clock (no timing): a
// burst of local edits goes out once the queue is quiet, the website's changes come in
// periodically, failures back off, a paused site waits, and "sync now" joins the sync under way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inDays, startPair, TUNING } from './harness.ts';
import { create } from './fixtures.ts';
import { backoffMs, WebsiteScheduler } from '../../server/website-sync/scheduler.ts';
import { websiteRepositories } from '../../server/db/repositories/website-sync.ts';

test('the scheduler: quiet queue, periodic reads, backoff, pause, and one sync at a time', async () => {
  const pair = await startPair({ mode: 'publish' });
  const scheduler = new WebsiteScheduler({
    store: pair.almanac.store,
    credentials: pair.credentials,
    client: TUNING,
    quietMs: 5000,
    intervalMs: 300_000,
  });
  const repos = websiteRepositories(pair.almanac.store.db);
  const last = () => repos.connections.get(1)!;
  const wall = (wall: string | null) => Date.parse(`${wall!.replace(' ', 'T')}Z`);
  try {
    // A new connection syncs at once (its first sync).
    const [first] = scheduler.tick();
    assert.ok(first);
    assert.equal((await first!).ok, true);
    let now = wall(last().last_sync_utc) + 1000;
    assert.deepEqual(scheduler.tick(now), [], 'nothing waits, the last read is fresh');

    // Edits: the queue must stay quiet for 5 s before they go out together.
    await create(pair.almanac, 'events', {
      title: 'One',
      start_date: inDays(3, '10:00'),
      end_date: inDays(3, '11:00'),
    });
    assert.deepEqual(scheduler.tick(now), [], 'just changed: wait');
    await create(pair.almanac, 'events', {
      title: 'Two',
      start_date: inDays(4, '10:00'),
      end_date: inDays(4, '11:00'),
    });
    now += 3000;
    assert.deepEqual(scheduler.tick(now), [], 'changed again: wait again');
    now += 6000;
    const burst = scheduler.tick(now);
    assert.equal(burst.length, 1);
    assert.equal((await burst[0]!).counts.sent, 2, 'one sync for the burst');

    // Periodic read of the website's changes.
    now = wall(last().last_sync_utc) + 300_000;
    const periodic = scheduler.tick(now);
    assert.equal(periodic.length, 1);
    await periodic[0];

    // A failure backs off: 30 s, then 60 s…
    await pair.website.stop();
    await create(pair.almanac, 'events', {
      title: 'Offline',
      start_date: inDays(6, '10:00'),
      end_date: inDays(6, '11:00'),
    });
    now = Date.now();
    scheduler.tick(now);
    const failing = scheduler.tick(now + 6000);
    assert.equal((await failing[0]!).failure?.code, 'unreachable');
    const attempt = wall(last().last_attempt_utc);
    assert.deepEqual(scheduler.tick(attempt + 10_000), [], 'backing off');
    assert.equal(backoffMs(1), 30_000);
    assert.equal(backoffMs(2), 60_000);
    assert.equal(backoffMs(20), 30 * 60_000);
    await pair.website.start();
    const retried = scheduler.tick(attempt + backoffMs(1) + 1000);
    assert.equal((await retried[0]!).ok, true);

    // Sync now joins the one under way: two calls, two syncs one after the other, never at once.
    const [a, b] = [scheduler.syncNow(1), scheduler.syncNow(1)];
    const results = await Promise.all([a, b]);
    assert.ok(results.every((r) => r.failure?.code !== 'busy'));

    // Paused: never tried until connected again.
    pair.website.revokePasswords('admin');
    await create(pair.almanac, 'events', {
      title: 'Three',
      start_date: inDays(5, '10:00'),
      end_date: inDays(5, '11:00'),
    });
    assert.equal((await scheduler.syncNow(1)).failure?.code, 'auth');
    assert.deepEqual(scheduler.tick(Date.now() + 3_600_000), [], 'paused');
  } finally {
    await scheduler.stop();
    await pair.close();
  }
});
