// Issue 38's request budgets, counted from the stand-in's request log (the website is the cost, so
// requests are counted, never timed): a first pull ≤ 1.3 requests per event, a first publish ≤ 1.2
// per event beyond the venues, organizers, terms and images it creates once, a sync with nothing
// changed ≤ 6, ten changed events ≤ 25.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API } from '../support/server.ts';
import { inDays, startPair } from './harness.ts';
import { create, serveImages } from './fixtures.ts';
import { websiteRepositories } from '../../server/db/repositories/website-sync.ts';

const day = (days: number) => inDays(days).slice(0, 10);
/** Requests that create a linked object (or look for one by name first): the budget leaves them out. */
const LINKED_CREATION =
  /\/(tribe\/events\/v1\/(venues|organizers)|wp\/v2\/(tribe_venue|tribe_organizer|tribe_events_cat|tags|media))$/;

test('a first pull: ≤ 1.3 requests per event (120 events, a fifth of them past)', async () => {
  const pair = await startPair({ mode: 'import' });
  try {
    const venue = await pair.website.admin.createVenue({ title: 'Hall' });
    const category = await pair.website.admin.createTerm('tribe_events_cat', { name: 'Talks' });
    for (let i = 0; i < 120; i++) {
      const offset = i % 5 === 0 ? -10 - i : 2 + i;
      await pair.website.admin.createEvent({
        title: `Pulled ${i}`,
        startDate: `${day(offset)} 10:00:00`,
        endDate: `${day(offset)} 11:00:00`,
        venueId: venue,
        categoryIds: [category],
      });
    }
    pair.website.resetRequestLog();
    const sync = await pair.sync();
    assert.equal(sync.ok, true, JSON.stringify(sync));
    const perEvent = pair.website.requests.length / 120;
    console.log(
      `first pull: ${pair.website.requests.length} requests for 120 events = ${perEvent.toFixed(2)} per event`,
    );
    assert.ok(perEvent <= 1.3, `${perEvent} requests per event`);
    assert.equal(pair.almanac.store.db.prepare("SELECT COUNT(*) FROM posts WHERE type = 'event'").pluck().get(), 120);
  } finally {
    await pair.close();
  }
});

test('a first publish: ≤ 1.2 requests per event beyond the linked objects it creates once; then ≤ 6 with nothing changed, ≤ 25 for ten changed', async () => {
  const images = await serveImages();
  const pair = await startPair({ mode: 'publish' });
  try {
    const venues = [
      await create(pair.almanac, 'venues', { venue: 'North hall' }),
      await create(pair.almanac, 'venues', { venue: 'South hall' }),
    ];
    const organizer = await create(pair.almanac, 'organizers', { organizer: 'The club' });
    const music = await create(pair.almanac, 'categories', { name: 'Music' });
    const jazz = await create(pair.almanac, 'categories', { name: 'Jazz', parent: music });
    const tag = await create(pair.almanac, 'tags', { name: 'Evening' });
    const ids: number[] = [];
    for (let i = 0; i < 100; i++)
      ids.push(
        await create(pair.almanac, 'events', {
          title: `Published ${i}`,
          description: `<p>Number ${i}</p>`,
          start_date: inDays(2 + (i % 60), '19:00'),
          end_date: inDays(2 + (i % 60), '21:00'),
          venue: venues[i % 2],
          organizer: [organizer],
          categories: [i % 2 ? jazz : music],
          tags: [tag],
          cost: `$${i}`,
          image: i % 10 === 0 ? `${images.url}/poster-${i % 20}.png` : undefined,
          hide_from_listings: i === 99,
        }),
      );
    pair.website.resetRequestLog();
    const publish = await pair.sync();
    assert.equal(publish.ok, true, JSON.stringify(publish));
    const all = pair.website.requests.length;
    const linked = pair.website.requests.filter((r) => LINKED_CREATION.test(r.path)).length;
    const perEvent = (all - linked) / 100;
    console.log(
      `first publish: ${all} requests (${linked} for linked objects created once) for 100 events = ${perEvent.toFixed(2)} per event`,
    );
    assert.ok(perEvent <= 1.2, `${perEvent} requests per event`);

    pair.website.resetRequestLog();
    const quiet = await pair.sync();
    console.log(`nothing changed: ${pair.website.requests.length} requests`);
    assert.deepEqual([quiet.counts.sent, quiet.counts.received], [0, 0]);
    assert.ok(pair.website.requests.length <= 6, `${pair.website.requests.length} requests`);

    for (const id of ids.slice(0, 10)) {
      const response = await pair.almanac.admin('PATCH', `${API}/events/${id}`, { json: { title: `Changed ${id}` } });
      assert.equal(response.status, 200);
    }
    pair.website.resetRequestLog();
    const ours = await pair.sync();
    console.log(`ten changed here: ${pair.website.requests.length} requests`);
    assert.equal(ours.counts.sent, 10);
    assert.ok(pair.website.requests.length <= 25, `${pair.website.requests.length} requests`);

    const repos = websiteRepositories(pair.almanac.store.db);
    for (const id of ids.slice(10, 20))
      await pair.website.admin.updateEvent(repos.items.byLocal(1, 'event', id)!.remote_id!, {
        title: `Changed there ${id}`,
      });
    pair.website.resetRequestLog();
    const theirs = await pair.sync();
    console.log(`ten changed on the website: ${pair.website.requests.length} requests`);
    assert.equal(theirs.counts.received, 10);
    assert.ok(pair.website.requests.length <= 25, `${pair.website.requests.length} requests`);
  } finally {
    await pair.close();
    await images.close();
  }
});
