// The UI's URL (renderer/src/routing/routes.ts, state/filters.ts, state/url-state.ts): every screen
// and filter survives a reload or a shared link, and a hand-edited link cannot put nonsense in the
// store.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatHash, parseHash } from '../../renderer/src/routing/routes.ts';
import {
  activeFilterCount,
  EARLIEST_START,
  EMPTY_EVENT_FILTERS,
  eventFiltersFromParams,
  eventFiltersToParams,
  eventListQuery,
  linkedFiltersFromParams,
  linkedFiltersToParams,
} from '../../renderer/src/state/filters.ts';
import { locationFromState, stateFromRoute } from '../../renderer/src/state/url-state.ts';

describe('hash routes', () => {
  it('parses a screen and its parameters; anything unknown is the calendar', () => {
    const route = parseHash('#/events?search=jazz&page=2');
    assert.equal(route.screen, 'events');
    assert.equal(route.params.get('search'), 'jazz');
    assert.equal(parseHash('').screen, 'calendar');
    assert.equal(parseHash('#/nowhere?x=1').screen, 'calendar');
  });

  it('formats without empty parameters, in the given order', () => {
    assert.equal(formatHash('venues', { search: 'hall', has_events: undefined, page: '' }), '#/venues?search=hall');
    assert.equal(formatHash('trash'), '#/trash');
  });
});

describe('event list filters', () => {
  const filters = {
    ...EMPTY_EVENT_FILTERS,
    search: 'jazz & blues',
    from: '2027-01-01',
    to: '2027-01-31',
    past: true,
    categories: ['music', 'live'],
    venue: ['12'],
    featured: 'true' as const,
    status: 'draft',
    near: '12',
    page: 3,
  };

  it('round-trip through the URL', () => {
    const hash = formatHash('events', eventFiltersToParams(filters));
    assert.deepEqual(eventFiltersFromParams(parseHash(hash).params), filters);
  });

  it('drop values a hand-edited link gets wrong', () => {
    const parsed = eventFiltersFromParams(new URLSearchParams('featured=maybe&page=-4&near=abc&categories=,,a,'));
    assert.equal(parsed.featured, '');
    assert.equal(parsed.page, 1);
    assert.equal(parsed.near, '');
    assert.deepEqual(parsed.categories, ['a']);
  });

  it('become the API’s own parameters, with the centre of "near a place" once known', () => {
    assert.deepEqual(eventListQuery(filters, 25, { lat: 40.4, lng: -3.7 }), {
      search: 'jazz & blues',
      start_date: '2027-01-01',
      end_date: '2027-01-31',
      categories: 'music,live',
      tags: undefined,
      venue: '12',
      organizer: undefined,
      featured: 'true',
      status: 'draft',
      geoloc_lat: 40.4,
      geoloc_lng: -3.7,
      page: 3,
      per_page: 25,
    });
    assert.equal(eventListQuery({ ...filters, search: '   ' }, 25).search, undefined);
  });

  it('"Include past events" reaches back only when no From is given; without either, the API’s window (from now)', () => {
    assert.equal(eventListQuery({ ...EMPTY_EVENT_FILTERS, past: true }, 25).start_date, EARLIEST_START);
    assert.equal(
      eventListQuery({ ...EMPTY_EVENT_FILTERS, past: true, from: '2027-01-01' }, 25).start_date,
      '2027-01-01',
    );
    assert.equal(eventListQuery(EMPTY_EVENT_FILTERS, 25).start_date, undefined);
  });

  it('count what is on', () => {
    assert.equal(activeFilterCount(EMPTY_EVENT_FILTERS), 0);
    assert.equal(activeFilterCount(filters), 9);
  });

  it('venue and organizer filters round-trip too', () => {
    const linked = { search: 'hall', hasEvents: true, upcoming: false, page: 2 };
    const params = new URLSearchParams(formatHash('venues', linkedFiltersToParams(linked)).split('?')[1]);
    assert.deepEqual(linkedFiltersFromParams(params), linked);
  });
});

describe('store ↔ URL', () => {
  const base = {
    screen: 'calendar' as const,
    calendarView: 'week' as const,
    calendarDate: '2027-03-10',
    eventFilters: EMPTY_EVENT_FILTERS,
    venueFilters: { search: '', hasEvents: false, upcoming: false, page: 1 },
    organizerFilters: { search: '', hasEvents: false, upcoming: false, page: 1 },
    categorySearch: '',
    tagSearch: 'rock',
    card: null,
  };

  it('writes only the current screen’s state', () => {
    assert.equal(locationFromState(base), '#/calendar?view=week&date=2027-03-10');
    assert.equal(locationFromState({ ...base, screen: 'tags' }), '#/tags?search=rock');
  });

  it('reads a calendar link, ignoring an impossible view or date', () => {
    assert.deepEqual(stateFromRoute(parseHash('#/calendar?view=day&date=2027-02-03')), {
      screen: 'calendar',
      calendarView: 'day',
      calendarDate: '2027-02-03',
      card: null,
    });
    assert.deepEqual(stateFromRoute(parseHash('#/calendar?view=year&date=2027-02-30')), {
      screen: 'calendar',
      card: null,
    });
  });

  it('a card opened from a link stays in the calendar’s and the list’s address; a clicked one is not written', () => {
    const card = { id: 42, anchor: null };
    assert.equal(locationFromState({ ...base, card }), '#/calendar?view=week&date=2027-03-10&event=42');
    assert.equal(locationFromState({ ...base, screen: 'events', card }), '#/events?event=42');
    assert.equal(locationFromState({ ...base, screen: 'venues', card }), '#/venues');
    const clicked = { id: 42, anchor: { x: 1, y: 2, width: 3, height: 4 } };
    assert.equal(locationFromState({ ...base, card: clicked }), '#/calendar?view=week&date=2027-03-10');
    assert.deepEqual(stateFromRoute(parseHash('#/calendar?view=day&date=2027-02-03&event=42')).card, {
      id: 42,
      anchor: null,
    });
    assert.equal(stateFromRoute(parseHash('#/events?event=nope')).card, null);
  });
});
