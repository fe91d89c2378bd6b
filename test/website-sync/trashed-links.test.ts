// A venue or organizer trashed on the website silently leaves its events there, and their
// `modified` does not move (tec-website.md, "what moves modified"). That unlink is the trash's side
// effect, not an edit of those events: while the trash is asked about (`deleted_there`: changed
// here), Almanac's events keep the link; "keep mine" brings the venue back AND links its events to
// it again there; "take theirs" trashes it here, which unlinks its events here as on the website.
// A real unlink of an event from a venue that is not trashed is still merged as any edit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API } from '../support/server.ts';
import { inDays, startPair, type Pair } from './harness.ts';
import { create } from './fixtures.ts';
import { assertSidesEqual } from './compare.ts';
import { call } from '../tec-site/client.ts';
import { websiteRepositories } from '../../server/db/repositories/website-sync.ts';
import { resolveConflict, websiteStatus } from '../../server/website-sync/website-service.ts';

type Kind = 'event' | 'venue' | 'organizer';
const remote = (pair: Pair, kind: Kind, localId: number) =>
  websiteRepositories(pair.almanac.store.db).items.byLocal(1, kind, localId)!.remote_id!;
const status = (pair: Pair) =>
  websiteStatus(pair.almanac.store, pair.almanac.store.sites.byCode('default')!, pair.credentials);
const resolve = (pair: Pair, id: number, keep: 'mine' | 'theirs') =>
  resolveConflict(pair.almanac.store, pair.almanac.store.sites.byCode('default')!, id, keep);
/** Almanac's links of an event, as its API shows them (a venue or organizer in the trash is not shown). */
async function linksHere(pair: Pair, id: number): Promise<{ venue: number | null; organizers: number[] }> {
  const response = await pair.almanac.admin('GET', `${API}/events/${id}`);
  assert.equal(response.status, 200, response.text);
  const venue = Array.isArray(response.body.venue) ? response.body.venue[0] : response.body.venue;
  return {
    venue: venue ? (venue.id as number) : null,
    organizers: (response.body.organizer as { id: number }[]).map((o) => o.id),
  };
}
const linksThere = (pair: Pair, localEvent: number) => {
  const event = pair.website.store.event(remote(pair, 'event', localEvent))!;
  return { venue: event.venueIds[0] ?? null, organizers: event.organizerIds };
};
async function edit(pair: Pair, path: string, json: unknown): Promise<void> {
  const response = await pair.almanac.admin('PATCH', `${API}/${path}`, { json });
  assert.equal(response.status, 200, response.text);
}

interface Setting {
  pair: Pair;
  venue: number;
  organizers: [number, number];
  /** Linked to the venue and to both organizers (in that order). */
  events: [number, number];
}

async function setting(): Promise<Setting> {
  const pair = await startPair();
  const venue = await create(pair.almanac, 'venues', { venue: 'Riverside Hall', city: 'Albany' });
  const organizers: [number, number] = [
    await create(pair.almanac, 'organizers', { organizer: 'First Org' }),
    await create(pair.almanac, 'organizers', { organizer: 'Second Org' }),
  ];
  const event = (title: string, day: number) =>
    create(pair.almanac, 'events', {
      title,
      start_date: inDays(day, '19:00'),
      end_date: inDays(day, '21:00'),
      venue,
      organizer: organizers,
    });
  const events: [number, number] = [await event('Concert one', 5), await event('Concert two', 6)];
  assert.equal((await pair.sync()).ok, true);
  return { pair, venue, organizers, events };
}

/**
 * The website trashes the venue, Almanac's user changes it (and `meanwhile` runs), a sweep reads
 * every event — each with no venue on the website: asked as `deleted_there`, and until decided
 * every event keeps the venue here. Returns the conflict's id and the venue's id on the website.
 */
async function venueTrashedThereChangedHere(
  { pair, venue, events }: Setting,
  meanwhile: () => Promise<unknown> = async () => {},
): Promise<{ conflict: number; remoteVenue: number }> {
  const remoteVenue = remote(pair, 'venue', venue);
  await pair.website.admin.trashVenue(remoteVenue);
  await edit(pair, `venues/${venue}`, { phone: '+1 518 555 0100' });
  await meanwhile();
  await pair.sync({ sweep: true });
  const [conflict] = status(pair).conflicts;
  assert.deepEqual([conflict?.type, conflict?.kind], ['deleted_there', 'venue']);
  for (const id of events) assert.equal((await linksHere(pair, id)).venue, venue, `event ${id} keeps its venue here`);
  return { conflict: conflict!.id, remoteVenue };
}

/** Both sides the same, and a sweep finds nothing more to do. */
async function assertSettled(pair: Pair): Promise<void> {
  await assertSidesEqual(pair);
  const again = await pair.sync({ sweep: true });
  assert.deepEqual([again.ok, again.counts.sent, again.counts.received], [true, 0, 0]);
}

test('a venue trashed on the website while changed here: its events keep it here while asked; "keep mine" brings it back with its events linked on both sides', async () => {
  const given = await setting();
  const { pair, venue, events } = given;
  try {
    const { conflict, remoteVenue } = await venueTrashedThereChangedHere(given, async () => {
      // An edit of one of its events here, sent while the trash is asked about.
      await edit(pair, `events/${events[0]}`, { title: 'Concert one (moved up)' });
      // An edit on the website of the other: the website's feed brings it with no venue.
      await pair.website.admin.updateEvent(remote(pair, 'event', events[1]), { excerpt: 'Doors at 18:30' });
      await pair.sync();
    });
    assert.equal(pair.almanac.store.posts.get(1, events[1])!.excerpt, 'Doors at 18:30', 'the rest merged');
    assert.equal(pair.website.store.event(remote(pair, 'event', events[0]))!.title, 'Concert one (moved up)');
    assert.equal(linksThere(pair, events[0]).venue, null, 'never linked to a venue in the website trash');

    resolve(pair, conflict, 'mine');
    const settled = await pair.sync();
    assert.equal(settled.ok, true, JSON.stringify(settled));
    assert.equal(pair.website.store.venue(remoteVenue)!.status, 'publish');
    assert.equal(pair.website.store.venue(remoteVenue)!.phone, '+1 518 555 0100');
    for (const id of events) {
      assert.equal((await linksHere(pair, id)).venue, venue);
      assert.equal(linksThere(pair, id).venue, remoteVenue, `event ${id} linked to it again on the website`);
    }
    await assertSettled(pair);
  } finally {
    await pair.close();
  }
});

test('a venue trashed on the website while changed here: "take theirs" trashes it here, its events unlinked on both sides; undo brings the venue back on both', async () => {
  const given = await setting();
  const { pair, venue, events } = given;
  try {
    const { conflict, remoteVenue } = await venueTrashedThereChangedHere(given);
    resolve(pair, conflict, 'theirs');
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.almanac.store.posts.get(1, venue)!.status, 'trash');
    for (const id of events) {
      assert.equal((await linksHere(pair, id)).venue, null, 'unlinked here, as a trash here unlinks');
      assert.equal(linksThere(pair, id).venue, null);
    }
    await assertSettled(pair);
    // Undo: restored here, restored on the website; as a restore here does, without its old links.
    await edit(pair, `venues/${venue}`, { status: 'publish' });
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.store.venue(remoteVenue)!.status, 'publish');
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});

test('an organizer trashed on the website while changed here: kept by its events while asked; "keep mine" links them to it again there, in their order', async () => {
  const { pair, organizers, events } = await setting();
  try {
    const [first, second] = organizers;
    const remoteFirst = remote(pair, 'organizer', first);
    await pair.website.admin.trashOrganizer(remoteFirst);
    await edit(pair, `organizers/${first}`, { email: 'first@example.org' });
    await pair.website.admin.updateEvent(remote(pair, 'event', events[1]), { excerpt: 'Read with its organizers' });
    await pair.sync({ sweep: true });
    const [conflict] = status(pair).conflicts;
    assert.deepEqual([conflict?.type, conflict?.kind], ['deleted_there', 'organizer']);
    for (const id of events) assert.deepEqual((await linksHere(pair, id)).organizers, [first, second]);
    assert.deepEqual(linksThere(pair, events[0]).organizers, [remote(pair, 'organizer', second)]);

    resolve(pair, conflict!.id, 'mine');
    assert.equal((await pair.sync()).ok, true);
    assert.equal(pair.website.store.organizer(remoteFirst)!.status, 'publish');
    for (const id of events) {
      assert.deepEqual((await linksHere(pair, id)).organizers, [first, second]);
      assert.deepEqual(linksThere(pair, id).organizers, [remoteFirst, remote(pair, 'organizer', second)]);
    }
    await assertSettled(pair);
  } finally {
    await pair.close();
  }
});

test('an organizer trashed on the website, not changed here: trashed here, its events lose it on both sides (the others stay, in order)', async () => {
  const { pair, organizers, events } = await setting();
  try {
    const [first, second] = organizers;
    await pair.website.admin.trashOrganizer(remote(pair, 'organizer', first));
    assert.equal((await pair.sync({ sweep: true })).ok, true);
    assert.equal(pair.almanac.store.posts.get(1, first)!.status, 'trash');
    for (const id of events) {
      assert.deepEqual((await linksHere(pair, id)).organizers, [second]);
      assert.deepEqual(linksThere(pair, id).organizers, [remote(pair, 'organizer', second)]);
    }
    await assertSettled(pair);
  } finally {
    await pair.close();
  }
});

test('an event unlinked on the website from a venue that is not trashed: merged here as any edit', async () => {
  const { pair, venue, events } = await setting();
  try {
    await pair.website.admin.updateEvent(remote(pair, 'event', events[0]), { venueId: null });
    assert.equal((await pair.sync()).ok, true);
    assert.equal((await linksHere(pair, events[0])).venue, null);
    assert.equal((await linksHere(pair, events[1])).venue, venue);
    assert.equal(pair.almanac.store.posts.get(1, venue)!.status, 'publish');
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});

test('a venue trashed on the website while changed here, then untrashed there: its events, kept here, are linked to it again there', async () => {
  const given = await setting();
  const { pair, venue, events } = given;
  try {
    const { remoteVenue } = await venueTrashedThereChangedHere(given);
    // The website's people take it out of their trash (WordPress does not give its events their links back).
    const untrash = await call(pair.website, 'POST', `/wp/v2/tribe_venue/${remoteVenue}`, {
      json: { status: 'publish' },
    });
    assert.equal(untrash.status, 200, untrash.text);
    assert.equal(linksThere(pair, events[0]).venue, null);
    const settled = await pair.sync({ sweep: true });
    assert.equal(settled.ok, true, JSON.stringify(settled));
    assert.equal(status(pair).conflicts.length, 0);
    for (const id of events) {
      assert.equal((await linksHere(pair, id)).venue, venue);
      assert.equal(linksThere(pair, id).venue, remoteVenue);
    }
    assert.equal(pair.website.store.venue(remoteVenue)!.phone, '+1 518 555 0100');
    await assertSidesEqual(pair);
  } finally {
    await pair.close();
  }
});

test('"keep mine" on a trashed venue: an event of it that already ended is read before it is sent linked again (an edit there is merged, not overwritten)', async () => {
  const given = await setting();
  const { pair, venue } = given;
  try {
    const ended = await create(pair.almanac, 'events', {
      title: 'Last month',
      start_date: inDays(-30, '19:00'),
      end_date: inDays(-30, '21:00'),
      venue,
    });
    assert.equal((await pair.sync()).ok, true);
    const { conflict, remoteVenue } = await venueTrashedThereChangedHere(given);
    // Core's feed never lists an event that already ended: this edit is in no feed.
    await pair.website.admin.updateEvent(remote(pair, 'event', ended), { excerpt: 'Photos online' });
    resolve(pair, conflict, 'mine');
    assert.equal((await pair.sync()).ok, true);
    assert.equal(linksThere(pair, ended).venue, remoteVenue);
    assert.equal(pair.website.store.event(remote(pair, 'event', ended))!.excerpt, 'Photos online');
    assert.equal(pair.almanac.store.posts.get(1, ended)!.excerpt, 'Photos online');
    await assertSettled(pair);
  } finally {
    await pair.close();
  }
});

test('a venue deleted for good on the website while changed here: "keep mine" makes it there again, with its events linked to it', async () => {
  const given = await setting();
  const { pair, venue, events } = given;
  try {
    const gone = remote(pair, 'venue', venue);
    const deleted = await call(pair.website, 'DELETE', `/wp/v2/tribe_venue/${gone}`, { query: { force: true } });
    assert.equal(deleted.status, 200, deleted.text);
    await edit(pair, `venues/${venue}`, { phone: '+1 518 555 0100' });
    await pair.sync({ sweep: true });
    const [conflict] = status(pair).conflicts;
    assert.deepEqual([conflict?.type, conflict?.kind], ['deleted_there', 'venue']);
    for (const id of events) assert.equal((await linksHere(pair, id)).venue, venue, 'kept while asked');
    resolve(pair, conflict!.id, 'mine');
    const settled = await pair.sync();
    assert.equal(settled.ok, true, JSON.stringify(settled));
    const again = remote(pair, 'venue', venue);
    assert.notEqual(again, gone);
    assert.equal(pair.website.store.venue(again)!.phone, '+1 518 555 0100');
    for (const id of events) assert.equal(linksThere(pair, id).venue, again);
    await assertSettled(pair);
  } finally {
    await pair.close();
  }
});
