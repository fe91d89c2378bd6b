// The query-key factory (renderer/src/api/keys.ts), checked with react-query's own prefix matching:
// a mutation invalidates exactly what it changes, on its own site only.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { partialMatchKey } from '@tanstack/react-query';
import { keys } from '../../renderer/src/api/keys.ts';

const cached = [
  keys.eventFeed('default', { start_date: '2027-03-01' }),
  keys.eventList('default', { search: 'jazz' }),
  keys.event('default', 7),
  keys.venueList('default', {}),
  keys.venue('default', 3),
  keys.organizer('default', 4),
  keys.termList('default', 'categories', {}),
  keys.termList('default', 'tags', {}),
  keys.eventFeed('mx', { start_date: '2027-03-01' }),
  keys.session('default'),
];
const hit = (prefix: readonly unknown[]) =>
  cached.filter((key) => partialMatchKey(key, prefix)).map((key) => key.slice(0, 3).join('/'));

describe('query keys', () => {
  it('an event write reaches the feed, the lists and the event, on its site only', () => {
    assert.deepEqual(hit(keys.events('default')), [
      'default/events/feed',
      'default/events/list',
      'default/events/item',
    ]);
  });

  it('a venue write reaches venues only; a category write categories only', () => {
    assert.deepEqual(hit(keys.venues('default')), ['default/venues/list', 'default/venues/item']);
    assert.deepEqual(hit(keys.terms('default', 'categories')), ['default/categories/list']);
  });

  it('one event is its own key; different filters are different entries', () => {
    assert.deepEqual(hit(keys.event('default', 7)), ['default/events/item']);
    assert.notDeepEqual(keys.eventList('default', { page: 1 }), keys.eventList('default', { page: 2 }));
  });
});
