// Issue 38's acceptance, as a new user would: publish 30 varied events; with the website stopped,
// edit on both sides (5 edits, a delete and an add here; 5 edits, a trash, an add, a venue rename
// and two edits of events also edited here on the website); start it, sync: one conflict asked,
// everything else merged, both sides equal field by field, and a second sync writes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API } from '../support/server.ts';
import { inDays, startPair } from './harness.ts';
import { serveImages, thirtyEvents } from './fixtures.ts';
import { assertSidesEqual, differences, linkedDifferences } from './compare.ts';
import { websiteRepositories } from '../../server/db/repositories/website-sync.ts';
import { resolveConflict, websiteStatus } from '../../server/website-sync/website-service.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

test('acceptance: 30 events published; offline edits on both sides; one conflict, the rest merged; equal field by field; a second sync writes nothing', async () => {
  const images = await serveImages();
  // The website's clock: its people edit a while after the publish, not within the same second
  // (an edit in the very second of our own write that only touches a flag v1 alone shows waits for
  // the sweep: docs/website-sync.md, "Limits").
  let ahead = 0;
  const pair = await startPair({ mode: 'publish', website: { now: () => new Date(Date.now() + ahead) } });
  const { almanac, website } = pair;
  const repos = websiteRepositories(almanac.store.db);
  const remoteOf = (localId: number) => repos.items.byLocal(1, 'event', localId)!.remote_id!;
  try {
    const published = await thirtyEvents(almanac, images);
    const firstSync = await pair.sync();
    assert.equal(firstSync.ok, true, JSON.stringify(firstSync));
    assert.equal(website.snapshot().events.length, 30);
    await assertSidesEqual(pair, 'after publishing');
    assert.equal(website.snapshot().media.length, 1, 'the image is uploaded once');

    // The website goes away; both sides go on editing.
    await website.stop();
    const [e, ...rest] = published.events.slice(11);
    const edited = [e!, ...rest.slice(0, 4)];
    const patch = (id: number, json: unknown) => almanac.admin('PATCH', `${API}/events/${id}`, { json });
    assert.equal((await patch(edited[0]!, { title: 'Session 12 (moved to the big hall)' })).status, 200);
    assert.equal((await patch(edited[1]!, { cost: '€9' })).status, 200);
    assert.equal((await patch(edited[2]!, { venue: 0 })).status, 200);
    assert.equal((await patch(edited[3]!, { description: '<p>Our new text.</p>' })).status, 200);
    assert.equal(
      (await patch(edited[4]!, { start_date: inDays(60, '18:00'), end_date: inDays(60, '20:00') })).status,
      200,
    );
    const deletedHere = published.events[16]!;
    assert.equal((await almanac.admin('DELETE', `${API}/events/${deletedHere}`)).status, 200);
    const addedHere = (
      await almanac.admin('POST', `${API}/events`, {
        json: {
          title: 'Added offline',
          start_date: inDays(40, '10:00'),
          end_date: inDays(40, '12:00'),
          categories: [published.categories.jazz],
        },
      })
    ).body.id as number;
    const offlineSync = await pair.sync();
    assert.equal(offlineSync.ok, false);
    assert.equal(offlineSync.failure?.code, 'unreachable', JSON.stringify(offlineSync));

    ahead = 60_000;
    const theirs = published.events.slice(17, 22).map(remoteOf);
    await website.admin.updateEvent(theirs[0]!, { title: 'Session 18 — renamed on the website' });
    await website.admin.updateEvent(theirs[1]!, { cost: '€12' });
    await website.admin.updateEvent(theirs[2]!, { featured: true });
    await website.admin.updateEvent(theirs[3]!, { excerpt: 'Written on the website' });
    await website.admin.updateEvent(theirs[4]!, {
      startDate: `${inDays(70).slice(0, 10)} 09:00:00`,
      endDate: `${inDays(70).slice(0, 10)} 10:00:00`,
    });
    const trashedThere = remoteOf(published.events[22]!);
    await website.admin.trashEvent(trashedThere);
    const addedThere = await website.admin.createEvent({
      title: 'Added on the website',
      startDate: `${inDays(45).slice(0, 10)} 19:00:00`,
      endDate: `${inDays(45).slice(0, 10)} 21:00:00`,
    });
    const venueRemote = repos.items.byLocal(1, 'venue', published.venue)!.remote_id!;
    await website.admin.updateVenue(venueRemote, { title: 'Kulturbrauerei Berlin' });
    // Two of the events edited here: one in a field Almanac did not touch, one in the same field.
    await website.admin.updateEvent(remoteOf(edited[0]!), { excerpt: 'Excerpt from the website' });
    await website.admin.updateEvent(remoteOf(edited[3]!), { description: '<p>Their new text.</p>' });

    await website.start();
    website.resetRequestLog();
    const sync = await pair.sync();
    assert.equal(sync.failure, undefined, JSON.stringify(sync));
    const status = websiteStatus(almanac.store, almanac.store.sites.byCode('default')!, pair.credentials);
    assert.equal(status.conflicts.length, 1, JSON.stringify(status.conflicts));
    const [conflict] = status.conflicts;
    assert.equal(conflict!.local_id, edited[3]);
    assert.deepEqual(
      conflict!.fields.map((f) => f.field),
      ['description'],
    );
    assert.equal(status.failures.length, 0, JSON.stringify(status.failures));

    // Everything else merged: the only difference left is the conflict's field.
    const left = await differences(pair);
    assert.deepEqual(
      left.map((d) => [d.local, d.field]),
      [[edited[3], 'description']],
    );
    assert.deepEqual(linkedDifferences(pair), []);
    const row = (id: number) => almanac.store.posts.get(1, id)!;
    assert.equal(row(edited[0]!).title, 'Session 12 (moved to the big hall)');
    assert.equal(row(edited[0]!).excerpt, 'Excerpt from the website');
    assert.equal(row(deletedHere).status, 'trash');
    assert.equal(website.store.event(remoteOf(deletedHere))?.status, 'trash');
    assert.ok(repos.items.byLocal(1, 'event', addedHere)?.remote_id, 'the event added here is on the website');
    const addedThereLocal = repos.items.byRemote(1, 'event', addedThere)?.local_id;
    assert.equal(row(addedThereLocal!).title, 'Added on the website');
    assert.equal(row(published.events[22]!).status, 'trash', 'trashed on the website, trashed here');
    assert.equal(row(published.venue).title, 'Kulturbrauerei Berlin');
    assert.equal(row(published.events[17]!).title, 'Session 18 — renamed on the website');

    // The user keeps their text; the next sync sends it, and the two sides are equal.
    resolveConflict(almanac.store, almanac.store.sites.byCode('default')!, conflict!.id, 'mine');
    const resolved = await pair.sync();
    assert.equal(resolved.ok, true, JSON.stringify(resolved));
    await assertSidesEqual(pair, 'after resolving');
    assert.equal(website.store.event(remoteOf(edited[3]!))?.content, '<p>Our new text.</p>');

    website.resetRequestLog();
    const quiet = await pair.sync();
    assert.equal(quiet.ok, true);
    assert.deepEqual([quiet.counts.sent, quiet.counts.received], [0, 0]);
    assert.deepEqual(
      website.requests.filter((r) => WRITES.has(r.method)),
      [],
      'a second sync writes nothing',
    );
    assert.ok(website.requests.length <= 6, `${website.requests.length} requests for a sync with nothing changed`);
  } finally {
    await pair.close();
    await images.close();
  }
});
