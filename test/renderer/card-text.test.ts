// What the event card says (renderer/src/features/events/card/card-text.ts): at once from the
// calendar's feed entry, completed from the loaded event; the description's first words as text;
// the link that opens the card on the event's day in the site's zone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cardFromEvent,
  cardFromFeed,
  cardLink,
  cardWhen,
  descriptionStart,
} from '../../renderer/src/features/events/card/card-text.ts';
import { venuePlace } from '../../renderer/src/features/events/card/venue-place.ts';

/** A loaded event's fields the card reads (the API's names). */
const eventFor = () => ({
  id: 9,
  title: 'Premiere',
  status: 'publish',
  all_day: false,
  start_date: '2027-03-05 19:00:00',
  end_date: '2027-03-05 21:00:00',
  utc_start_date: '2027-03-05 18:00:00',
  utc_end_date: '2027-03-05 20:00:00',
  timezone: 'Europe/Berlin',
  organizer: [],
  categories: [],
  cost: '',
  description: '',
});

const feed = {
  id: 9,
  title: 'Premiere',
  status: 'publish',
  start_utc: '2027-03-05T18:00:00Z',
  end_utc: '2027-03-05T20:00:00Z',
  start: '2027-03-05 19:00:00',
  end: '2027-03-05 21:00:00',
  timezone: 'Europe/Berlin',
  all_day: false,
  featured: false,
  categories: [],
  venue: 'Opera',
  etag: '"e1"',
  series: null,
  hide_from_listings: false,
};

test('the card opens from the feed entry, without details; the loaded event completes it', () => {
  const quick = cardFromFeed(feed);
  assert.equal(quick.title, 'Premiere');
  assert.deepEqual(quick.venue, { name: 'Opera', place: '' });
  assert.equal(quick.details, undefined);
  assert.equal(quick.times.utc_start_date, '2027-03-05 18:00:00');
  const event = {
    ...eventFor(),
    status: 'draft',
    venue: { id: 4, venue: 'Opera', address: 'Platz 1', city: 'Berlin' },
    organizer: [{ id: 5, organizer: 'Friends' }],
    categories: [{ id: 7, name: 'Music' }],
    cost: '20 €',
    description: '<p>First <em>night</em> &amp; party.</p><p>More.</p>',
  } as unknown as Parameters<typeof cardFromEvent>[0];
  const full = cardFromEvent(event, '"e2"');
  assert.deepEqual(full.venue, { name: 'Opera', place: 'Platz 1, Berlin' });
  assert.deepEqual(full.details, {
    organizers: ['Friends'],
    categories: [{ id: 7, name: 'Music' }],
    cost: '20 €',
    description: 'First night & party. More.',
  });
  assert.equal(full.etag, '"e2"');
});

test('when: in the display zone, with the event’s own beside it when they differ', () => {
  const times = cardFromFeed(feed).times;
  assert.deepEqual(cardWhen(times, 'Europe/Berlin', 'es-ES'), { when: 'viernes, 5 de marzo de 2027, 19:00–21:00' });
  const there = cardWhen(times, 'America/New_York', 'es-ES');
  assert.equal(there.when, 'viernes, 5 de marzo de 2027, 13:00–15:00');
  assert.equal(there.zones, '19:00 Berlin · 13:00 New York');
});

test('the description’s first words, cut at a word; the link opens the card on its day', () => {
  assert.equal(descriptionStart('<p>One &lt;two&gt;</p>'), 'One <two>');
  const long = `<p>${'word '.repeat(100)}</p>`;
  const start = descriptionStart(long, 40);
  assert.ok(start.length <= 41 && start.endsWith('…') && !start.includes('wor…'), start);
  // 23:30 in New York on the 4th is the 5th in UTC: the site's day counts.
  assert.equal(
    cardLink('http://127.0.0.1:8940/mx', { id: 9, utc_start_date: '2027-03-05 04:30:00' }, 'America/New_York'),
    'http://127.0.0.1:8940/mx/#/calendar?view=day&date=2027-03-04&event=9',
  );
});

test('the card’s address holds every part the venue editor holds, in the place’s own order', () => {
  const us = { address: '12 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'United States' };
  assert.equal(venuePlace(us, 'en-US'), '12 Main St, Springfield, IL 62701, United States');
  assert.equal(venuePlace(us, 'es-ES'), '12 Main St, Springfield, IL 62701, United States', 'the country decides');
  const mx = {
    address: 'Av. Vallarta 1512',
    city: 'Guadalajara',
    province: 'Jalisco',
    zip: '44100',
    country: 'México',
  };
  assert.equal(venuePlace(mx, 'en-US'), 'Av. Vallarta 1512, 44100 Guadalajara, Jalisco, México');
  // The combined field, as the API gives it, wins; a province that is its city is said once.
  assert.equal(
    venuePlace(
      { address: 'Calle Mayor 5', city: 'Madrid', stateprovince: 'Madrid', zip: '28013', country: 'España' },
      'es',
    ),
    'Calle Mayor 5, 28013 Madrid, España',
  );
  // No country: the UI's habit.
  const bare = { city: 'Toledo', state: 'OH', zip: '43604' };
  assert.equal(venuePlace(bare, 'en-US'), 'Toledo, OH 43604');
  assert.equal(venuePlace(bare, 'es-ES'), '43604 Toledo, OH');
  assert.equal(venuePlace({}, 'en-US'), '');
  // Through the card: the loaded event's venue, state and ZIP included (they were dropped).
  const card = cardFromEvent(
    { ...eventFor(), venue: { id: 4, venue: 'Hall', ...us } } as unknown as Parameters<typeof cardFromEvent>[0],
    null,
    'en-US',
  );
  assert.deepEqual(card.venue, { name: 'Hall', place: '12 Main St, Springfield, IL 62701, United States' });
});
