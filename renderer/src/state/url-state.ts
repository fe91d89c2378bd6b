// The URL mirror of the UI store: which screen, the calendar's view and date, each list's filters.
// `locationFromState` and `stateFromRoute` are pure (unit-tested); `useUrlState` keeps the two in
// step — the store writes the hash, Back/Forward and pasted links write the store.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { afterPaint } from '../components/after-paint.ts';
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
 * Runs `run` once what the change just made asked for has its answer (at once when nothing is on
 * its way); returns what cancels the wait. The shell passes the Events list's (App.tsx).
 */
export type WhenAnswered = (run: () => void) => () => void;

const atOnce: WhenAnswered = (run) => {
  run();
  return () => {};
};

/** The longest a filter change's address write waits for its answer. */
const LONGEST_WAIT_MS = 1000;

/**
 * Screens are history entries (Back goes to the previous screen); filter changes replace the entry.
 *
 * A new screen is written once the change's own event is done (a microtask: before the next
 * frame). A filter change on the same screen is written once the request it started has its
 * answer (`whenAnswered`), just after the frame that shows it (1 s at most): an address write costs
 * the browser ~20–30 ms of work in its processes (a history entry, the page's icon asked for and
 * parsed again), and made while a search's request was on its way (on two cores, beside the
 * service answering it), it put that request at 1.5–3× its time alone (issue 39). Changes made
 * meanwhile are one write. A pending write is made at once when a link is followed (the nav: the
 * entry left must hold the last search), when the screen changes, and when the page goes away.
 */
export function useUrlState(whenAnswered: WhenAnswered = atOnce): void {
  const latestWhenAnswered = useRef(whenAnswered);
  useLayoutEffect(() => {
    latestWhenAnswered.current = whenAnswered;
  });
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
    let stopWaiting = () => {};
    let later: ReturnType<typeof setTimeout> | undefined;
    let stopFrame = () => {};
    const cancelWait = () => {
      stopWaiting();
      stopWaiting = () => {};
      stopFrame();
      stopFrame = () => {};
      clearTimeout(later);
    };
    const write = () => {
      cancelWait();
      pending = false;
      if (stopped) return;
      const state = useUi.getState();
      // A change of screen made here (a shortcut, a button) while the address still shows the
      // screen being left: its entry keeps that screen's last filters (a search typed just before).
      if (state.screen !== written && parseHash(window.location.hash).screen === written) {
        const left = locationFromState({ ...state, screen: written });
        if (left !== window.location.hash) window.history.replaceState(null, '', left);
      }
      const hash = locationFromState(state);
      const screenChanged = state.screen !== written;
      written = state.screen;
      if (hash === window.location.hash) return;
      if (screenChanged) window.location.hash = hash;
      else window.history.replaceState(null, '', hash);
    };
    /** After the frame that shows the answer: the write's work does not hold up its rows. */
    const writeAfterFrame = () => {
      stopFrame = afterPaint(write);
    };
    const schedule = () => {
      if (stopped || !pending) return;
      if (useUi.getState().screen !== written) return write();
      // Nothing on its way (the calendar's next month, from its cache): written at once, as before.
      let waiting = false;
      stopWaiting = latestWhenAnswered.current(() => (waiting ? writeAfterFrame() : write()));
      if (!pending) return;
      waiting = true;
      later = setTimeout(write, LONGEST_WAIT_MS);
    };
    const unsubscribe = useUi.subscribe((state) => {
      // A filter change while one waits joins it; a new screen does not wait (a shortcut's).
      if (pending && state.screen === written) return;
      pending = true;
      // Once every subscriber has seen the change (EventsScreen's starts the list's request).
      queueMicrotask(schedule);
    });
    const writeNow = () => {
      if (pending) write();
    };
    // A link's own navigation comes after its click: the write goes first.
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.('a[href^="#"]')) writeNow();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('pagehide', writeNow);
    return () => {
      stopped = true;
      cancelWait();
      window.removeEventListener('hashchange', fromUrl);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('pagehide', writeNow);
      unsubscribe();
    };
  }, []);
}

export type { Screen };
