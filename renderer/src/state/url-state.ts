// The URL mirror of the UI store: which screen, the calendar's view and date, each list's filters.
// `locationFromState` and `stateFromRoute` are pure (unit-tested); `useUrlState` keeps the two in
// step — the store writes the hash, Back/Forward and pasted links write the store.
import { useEffect } from 'react';
import type { Route, Screen } from '../routing/routes.ts';
import { formatHash, parseHash } from '../routing/routes.ts';
import { isIsoDate, VIEWS, type CalendarView } from './calendar-range.ts';
import {
  eventFiltersFromParams,
  eventFiltersToParams,
  linkedFiltersFromParams,
  linkedFiltersToParams,
} from './filters.ts';
import { useUi, type UiState } from './ui-store.ts';

type Mirrored = Pick<
  UiState,
  | 'screen'
  | 'calendarView'
  | 'calendarDate'
  | 'eventFilters'
  | 'venueFilters'
  | 'organizerFilters'
  | 'categorySearch'
  | 'tagSearch'
  | 'card'
>;

/**
 * A card opened from a link stays in the calendar's and the list's URL until it is closed (a
 * reload keeps it); one opened by a click is not written there (a history write per click).
 */
const cardParam = (state: Mirrored) => (state.card && !state.card.anchor ? String(state.card.id) : undefined);

/** The hash for the current screen of `state`. */
export function locationFromState(state: Mirrored): string {
  const params = ((): Record<string, string | undefined> => {
    switch (state.screen) {
      case 'calendar':
        return { view: state.calendarView, date: state.calendarDate, event: cardParam(state) };
      case 'events':
        return { ...eventFiltersToParams(state.eventFilters), event: cardParam(state) };
      case 'venues':
        return linkedFiltersToParams(state.venueFilters);
      case 'organizers':
        return linkedFiltersToParams(state.organizerFilters);
      case 'categories':
        return { search: state.categorySearch || undefined };
      case 'tags':
        return { search: state.tagSearch || undefined };
      default:
        return {};
    }
  })();
  return formatHash(state.screen, params);
}

/** What a route says about the store: the screen, and that screen's own parameters. */
export function stateFromRoute(route: Route): Partial<Mirrored> {
  const { screen, params } = route;
  const state: Partial<Mirrored> = { screen };
  const event = Number(params.get('event'));
  if (screen === 'calendar' || screen === 'events')
    // The card of a link stands centred; one opened by a click keeps its place.
    state.card = Number.isInteger(event) && event > 0 ? { id: event, anchor: null } : null;
  switch (screen) {
    case 'calendar': {
      const view = params.get('view');
      const date = params.get('date');
      if (view && (VIEWS as readonly string[]).includes(view)) state.calendarView = view as CalendarView;
      if (isIsoDate(date)) state.calendarDate = date;
      break;
    }
    case 'events':
      state.eventFilters = eventFiltersFromParams(params);
      break;
    case 'venues':
      state.venueFilters = linkedFiltersFromParams(params);
      break;
    case 'organizers':
      state.organizerFilters = linkedFiltersFromParams(params);
      break;
    case 'categories':
      state.categorySearch = params.get('search') ?? '';
      break;
    case 'tags':
      state.tagSearch = params.get('search') ?? '';
      break;
  }
  return state;
}

/**
 * Screens are history entries (Back goes to the previous screen); filter changes replace the entry.
 *
 * The URL is written once the change's own event is done (a microtask: before the next frame, so
 * the URL and the screen never disagree on screen): a key typed in the Events list's search box
 * starts its request in that event (EventsScreen), and the history write — 3 ms and more, with
 * the browser's work for a new address — went first (issue 39). Changes made in one event are
 * one write.
 */
export function useUrlState(): void {
  useEffect(() => {
    const fromUrl = () => {
      const ui = useUi.getState();
      const next = stateFromRoute(parseHash(window.location.hash));
      // The same card stays where it is.
      if (next.card && ui.card?.id === next.card.id) delete next.card;
      ui.applyLocation(next);
    };
    fromUrl();
    window.addEventListener('hashchange', fromUrl);
    // The screen the URL last showed: a write for another screen is a new history entry.
    let written: Screen = useUi.getState().screen;
    let pending = false;
    let stopped = false;
    const write = () => {
      pending = false;
      if (stopped) return;
      const state = useUi.getState();
      const hash = locationFromState(state);
      const screenChanged = state.screen !== written;
      written = state.screen;
      if (hash === window.location.hash) return;
      if (screenChanged) window.location.hash = hash;
      else window.history.replaceState(null, '', hash);
    };
    const unsubscribe = useUi.subscribe(() => {
      if (pending) return;
      pending = true;
      queueMicrotask(write);
    });
    return () => {
      stopped = true;
      window.removeEventListener('hashchange', fromUrl);
      unsubscribe();
    };
  }, []);
}

export type { Screen };
