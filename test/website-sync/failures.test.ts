// Offline and failures: the website stopping mid-sync, a 500, a response lost after the website
// saved, a revoked password, a user who may not edit others' events. Nothing is lost, nothing is
// doubled, one refused event does not hold the others back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API } from '../support/server.ts';
import { inDays, queued, startPair, type Pair } from './harness.ts';
import { create } from './fixtures.ts';
import { assertSidesEqual } from './compare.ts';
import { websiteRepositories } from '../../server/db/repositories/website-sync.ts';
import { connectWebsite, websiteStatus } from '../../server/website-sync/website-service.ts';
import { DEFAULT_APP_PASSWORD } from '../support/tec-site/index.ts';

const status = (pair: Pair) =>
  websiteStatus(pair.almanac.store, pair.almanac.store.sites.byCode('default')!, pair.credentials);
const remote = (pair: Pair, localId: number) =>
  websiteRepositories(pair.almanac.store.db).items.byLocal(1, 'event', localId)?.remote_id ?? undefined;
const eventsThere = (pair: Pair) => pair.website.snapshot().events.filter((e) => e.status !== 'trash');

async function manyEvents(pair: Pair, count: number): Promise<number[]> {
  const ids = [];
  for (let i = 0; i < count; i++)
    ids.push(
      await create(pair.almanac, 'events', {
        title: `Event ${i}`,
        start_date: inDays(3 + i, '10:00'),
        end_date: inDays(3 + i, '11:00'),
      }),
    );
  return ids;
}

test('the website stops in the middle of a publish: what was not sent stays queued; the next sync finishes, nothing doubled', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    await manyEvents(pair, 20);
    // Stop the website once it has saved a few creates.
    const watch = setInterval(() => {
      if (pair.requests('POST') >= 5) {
        clearInterval(watch);
        void pair.website.stop();
      }
    }, 1);
    const interrupted = await pair.sync();
    clearInterval(watch);
    assert.equal(interrupted.ok, false);
    assert.equal(interrupted.failure?.code, 'unreachable', JSON.stringify(interrupted));
    const sentSoFar = eventsThere(pair).length;
    assert.ok(sentSoFar >= 5 && sentSoFar < 20, `${sentSoFar} sent before the stop`);
    await pair.website.start();
    const finished = await pair.sync();
    assert.equal(finished.ok, true, JSON.stringify(finished));
    assert.equal(eventsThere(pair).length, 20, 'every event once');
    assert.equal(queued(pair), 0);
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});

test('a 500 on an update is retried (a full PUT is idempotent); a 500 on a create is not sent twice blindly', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const [first] = await manyEvents(pair, 1);
    assert.equal((await pair.sync()).ok, true);
    await pair.almanac.admin('PATCH', `${API}/events/${first}`, { json: { title: 'Retried' } });
    pair.website.failNext({ method: 'PUT', path: /\/tribe\/events\/v1\/events\/\d+$/ }, 500, 1);
    const retried = await pair.sync();
    assert.equal(retried.ok, true, JSON.stringify(retried));
    assert.equal(pair.website.store.event(remote(pair, first!)!)!.title, 'Retried');
    const second = await create(pair.almanac, 'events', {
      title: 'Created after a 500',
      start_date: inDays(9, '10:00'),
      end_date: inDays(9, '11:00'),
    });
    pair.website.failNext({ method: 'POST', path: '/tribe/events/v1/events' }, 500, 1);
    const failed = await pair.sync();
    assert.equal(failed.ok, false);
    assert.equal(remote(pair, second), undefined);
    const again = await pair.sync();
    assert.equal(again.ok, true, JSON.stringify(again));
    assert.equal(eventsThere(pair).filter((e) => e.title === 'Created after a 500').length, 1);
  } finally {
    await pair.close();
  }
});

test('a create whose answer was lost after the website saved it never makes a second event', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const [id] = await manyEvents(pair, 1);
    const past = await create(pair.almanac, 'events', {
      title: 'Past and hidden',
      start_date: inDays(-5, '10:00'),
      end_date: inDays(-5, '11:00'),
      hide_from_listings: true,
    });
    pair.website.loseResponseAfterSave({ method: 'POST', path: '/tribe/events/v1/events' }, 2);
    const lost = await pair.sync();
    assert.equal(lost.ok, false);
    assert.equal(eventsThere(pair).length, 2, 'both were saved by the website');
    const found = await pair.sync();
    assert.equal(found.ok, true, JSON.stringify(found));
    assert.equal(eventsThere(pair).length, 2, 'found again, not created again');
    assert.ok(remote(pair, id!));
    assert.ok(remote(pair, past));
    assert.equal(pair.website.store.event(remote(pair, past)!)!.hideFromListings, true);
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});

test('a lost create of an ended event is found among many of the same title that day (every page of the search), not made twice', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const day = inDays(-5).slice(0, 10);
    // 60 earlier ones of the same title that day (more than a page of 50), imported and paired.
    for (let i = 0; i < 60; i++)
      await pair.website.admin.createEvent({
        title: 'Weekly class',
        startDate: `${day} 08:${String(i % 60).padStart(2, '0')}:00`,
        endDate: `${day} 08:${String(i % 60).padStart(2, '0')}:30`,
      });
    assert.equal((await pair.sync()).ok, true);
    const ours = await create(pair.almanac, 'events', {
      title: 'Weekly class',
      start_date: inDays(-5, '20:00'),
      end_date: inDays(-5, '21:00'),
    });
    pair.website.loseResponseAfterSave({ method: 'POST', path: '/tribe/events/v1/events' }, 1);
    assert.equal((await pair.sync()).ok, false);
    assert.equal(eventsThere(pair).length, 61, 'saved by the website');
    const found = await pair.sync();
    assert.equal(found.ok, true, JSON.stringify(found));
    assert.equal(eventsThere(pair).length, 61, 'found again, not created again');
    assert.equal(pair.website.store.event(remote(pair, ours)!)!.startDate, `${day} 20:00:00`);
  } finally {
    await pair.close();
  }
});

test("a revoked password pauses the site's sync and says why; connecting again with a new one resumes it", async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const [id] = await manyEvents(pair, 1);
    assert.equal((await pair.sync()).ok, true);
    pair.website.revokePasswords('admin');
    await pair.almanac.admin('PATCH', `${API}/events/${id}`, { json: { title: 'Waiting' } });
    const refused = await pair.sync();
    assert.equal(refused.failure?.code, 'auth');
    assert.match(refused.failure!.message, /no longer accepts the password of admin.*paused/);
    const paused = await pair.sync();
    assert.equal(paused.failure?.code, 'paused', 'no further attempt while paused');
    assert.equal(pair.website.requests.filter((r) => r.status === 401).length, 1, 'one refused request, not a storm');
    assert.equal(status(pair).paused_reason, refused.failure!.message);
    const password = pair.website.addAppPassword('admin');
    await connectWebsite(pair.almanac.store, pair.credentials, pair.almanac.store.sites.byCode('default')!, {
      url: pair.website.url,
      login: 'admin',
      password,
      mode: 'publish',
    });
    const resumed = await pair.sync();
    assert.equal(resumed.ok, true, JSON.stringify(resumed));
    assert.equal(pair.website.store.event(remote(pair, id!)!)!.title, 'Waiting');
    assert.equal(eventsThere(pair).length, 1, 'the same website: pairings kept, nothing doubled');
  } finally {
    await pair.close();
  }
});

test("a user who may edit only their own events: others' events are refused one by one with the reason, the rest syncs", async () => {
  const pair = await startPair({
    mode: 'merge',
    website: {
      users: [
        { login: 'admin', role: 'administrator', appPasswords: [DEFAULT_APP_PASSWORD] },
        { login: 'author', role: 'author', appPasswords: ['author author author author'] },
      ],
    },
    connect: false,
  });
  try {
    const site = pair.almanac.store.sites.byCode('default')!;
    const checked = await connectWebsite(pair.almanac.store, pair.credentials, site, {
      url: pair.website.url,
      login: 'author',
      password: 'author author author author',
      mode: 'merge',
    });
    assert.ok(checked.limits.some((limit) => /only their own events/.test(limit)));
    const adminsEvent = await pair.website.admin.createEvent({
      title: "The admin's",
      startDate: `${inDays(5).slice(0, 10)} 10:00:00`,
      endDate: `${inDays(5).slice(0, 10)} 11:00:00`,
    });
    const [mine] = await manyEvents(pair, 1);
    assert.equal((await pair.sync()).ok, true);
    const theirsHere = websiteRepositories(pair.almanac.store.db).items.byRemote(1, 'event', adminsEvent)!.local_id!;
    await pair.almanac.admin('PATCH', `${API}/events/${theirsHere}`, { json: { title: 'Not allowed' } });
    await pair.almanac.admin('PATCH', `${API}/events/${mine}`, { json: { title: 'Allowed' } });
    const sync = await pair.sync();
    assert.equal(sync.ok, false);
    assert.equal(pair.website.store.event(remote(pair, mine!)!)!.title, 'Allowed');
    assert.equal(pair.website.store.event(adminsEvent)!.title, "The admin's");
    const [failure] = status(pair).failures;
    assert.equal(failure!.local_id, theirsHere);
    assert.equal(failure!.status, 403);
    assert.match(failure!.message, /may not change this/);
    // Refused once, not again at every sync (until it changes or the user retries).
    pair.website.resetRequestLog();
    await pair.sync();
    assert.equal(pair.requests('PUT'), 0);
  } finally {
    await pair.close();
  }
});

test("an author's read: another user's ended event (single read 403) is left as it is and said once in the problems; the read and the rest go on", async () => {
  const pair = await startPair({
    website: {
      users: [
        { login: 'admin', role: 'administrator', appPasswords: [DEFAULT_APP_PASSWORD] },
        { login: 'author', role: 'author', appPasswords: ['author author author author'] },
      ],
    },
    connect: false,
  });
  try {
    const day = (n: number) => inDays(n).slice(0, 10);
    const authorId = pair.website.store.users.find((user) => user.login === 'author')!.id;
    const adminsPast = await pair.website.admin.createEvent({
      title: "The admin's past event",
      startDate: `${day(-5)} 10:00:00`,
      endDate: `${day(-5)} 11:00:00`,
    });
    const ownPast = await pair.website.admin.createEvent({
      title: "The author's past event",
      startDate: `${day(-4)} 10:00:00`,
      endDate: `${day(-4)} 11:00:00`,
      author: authorId,
    });
    const site = pair.almanac.store.sites.byCode('default')!;
    await connectWebsite(pair.almanac.store, pair.credentials, site, {
      url: pair.website.url,
      login: 'author',
      password: 'author author author author',
      mode: 'merge',
    });
    const [mine] = await manyEvents(pair, 1);
    const sync = await pair.sync();
    assert.equal(sync.failure, undefined, JSON.stringify(sync.failure));
    const items = websiteRepositories(pair.almanac.store.db).items;
    assert.ok(items.byRemote(1, 'event', ownPast)?.local_id, "the author's own ended event is brought here");
    assert.equal(items.byRemote(1, 'event', adminsPast)?.local_id ?? undefined, undefined, 'not brought here');
    assert.ok(remote(pair, mine!), 'ours is published');
    const failures = status(pair).failures;
    assert.equal(failures.length, 1, JSON.stringify(failures));
    assert.equal(failures[0]!.reason, 'not_editable');
    assert.match(failures[0]!.title, /The admin.s past event/);
    assert.match(failures[0]!.message, /may not edit/);
    // Said once, not once per sync; the website's event is untouched.
    assert.equal((await pair.sync({ sweep: true })).failure, undefined);
    assert.equal(status(pair).failures.length, 1);
    assert.equal(pair.website.store.event(adminsPast)!.title, "The admin's past event");
    // Once the author may no longer meet it (deleted for good), a full read takes the problem back.
    await pair.website.admin.deleteEventPermanently(adminsPast);
    assert.equal((await pair.sync({ sweep: true })).ok, true);
    assert.equal(status(pair).failures.length, 0);
  } finally {
    await pair.close();
  }
});

test('offline: Almanac keeps working; the queue survives a restart of the service and goes out when the website is back', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    await manyEvents(pair, 2);
    assert.equal((await pair.sync()).ok, true);
    await pair.website.stop();
    const id = await create(pair.almanac, 'events', {
      title: 'Made offline',
      start_date: inDays(9, '10:00'),
      end_date: inDays(9, '11:00'),
    });
    const failed = await pair.sync();
    assert.equal(failed.failure?.code, 'unreachable');
    assert.match(status(pair).last_error!, /cannot be reached/);
    assert.equal(queued(pair), 1);
    await pair.website.start();
    assert.equal((await pair.sync()).ok, true);
    assert.ok(remote(pair, id));
    assert.equal(status(pair).last_error, null);
  } finally {
    await pair.close();
  }
});
