// UI state, and only UI state (server data lives in react-query): which screen, the calendar's
// view and date, each list's filters, the selection, which editor is open, the undo stack of
// calendar moves, and display preferences. The first part is mirrored in the URL (url-state.ts),
// so a view can be bookmarked and survives a reload; preferences are kept by the service for the
// signed-in user (api/preferences.ts), with a copy in localStorage for the first paint.
import type { LanguageSetting } from '../i18n/language.ts';
import type { Variant } from '../api/translations.ts';
import { create } from 'zustand';
import type { FeedEvent } from '../api/types.ts';
import type { CardData } from '../features/events/card/card-text.ts';
import type { Screen } from '../routing/routes.ts';
import { toIsoDate, type CalendarView } from './calendar-range.ts';
import { EMPTY_EVENT_FILTERS, type EventFilters, type LinkedFilters } from './filters.ts';

/** An editor to open: an item (`id`), a new one, or a new one copied from `copyOf` (Duplicate). */
export type EditorTarget =
  | {
      kind: 'event';
      id: number | null;
      defaults?: { start: string; end: string; allDay: boolean; title?: string };
      copyOf?: number;
    }
  | { kind: 'venue' | 'organizer'; id: number | null; copyOf?: number }
  | { kind: 'category' | 'tag'; id: number | null };

/** The event card: which event, and where on screen it was clicked (null: the card stands centred). */
export interface CardTarget {
  id: number;
  /**
   * Where the card stands: beside a box on screen, beside an element (measured once the card is
   * drawn: the click does not force a layout of its own), or nowhere (centred, a modal).
   */
  anchor: { x: number; y: number; width: number; height: number } | { element: Element } | null;
  /** Beside the anchor (an event in the calendar) or below it (a row of the events list). */
  placement?: 'side' | 'below';
  /** What the screen already knows of the event: the card shows it at once. */
  preview?: CardData;
}

/** A calendar move, kept so Ctrl/Cmd+Z can put the event back. */
interface MoveRecord {
  id: number;
  title: string;
  /** The event as the feed had it before the move. */
  before: FeedEvent;
  /** The ETag the move produced: the undo only applies if nobody changed the event since. */
  etag: string | null;
  /** A move of a whole series (or of this and the following events): the token that undoes it. */
  seriesUndo?: string;
  /** The notice offering its Undo: withdrawn when the move is undone (by that Undo or Ctrl/Cmd+Z). */
  notice?: number;
}

interface Preferences {
  /** Show event times in the site's zone, or each in its own. */
  timeDisplay: 'site' | 'event';
  /** 0 Sunday … 6 Saturday; null: the locale's. */
  firstDay: number | null;
  theme: 'system' | 'light' | 'dark';
  /** The UI's language; 'system' follows the system's, then the site's (i18n/language.ts). */
  language: LanguageSetting;
  /** Show the calendar and the lists in this Spanish variant ('' the base text). */
  contentVariant: '' | Variant;
}

const EMPTY_LINKED: LinkedFilters = { search: '', hasEvents: false, upcoming: false, page: 1 };

export interface UiState {
  screen: Screen;
  calendarView: CalendarView;
  /** The date the calendar shows (YYYY-MM-DD in the site's calendar). */
  calendarDate: string;
  eventFilters: EventFilters;
  venueFilters: LinkedFilters;
  organizerFilters: LinkedFilters;
  categorySearch: string;
  tagSearch: string;
  card: CardTarget | null;
  editor: EditorTarget | null;
  moves: MoveRecord[];
  preferences: Preferences;
  shortcutsOpen: boolean;

  setScreen(screen: Screen): void;
  setCalendar(view: CalendarView, date: string): void;
  setEventFilters(patch: Partial<EventFilters>): void;
  setVenueFilters(patch: Partial<LinkedFilters>): void;
  setOrganizerFilters(patch: Partial<LinkedFilters>): void;
  setTermSearch(kind: 'category' | 'tag', search: string): void;
  openCard(card: CardTarget): void;
  closeCard(): void;
  /** Opens an editor (an open card makes way for it). */
  openEditor(target: EditorTarget): void;
  closeEditor(): void;
  pushMove(move: MoveRecord): void;
  popMove(): MoveRecord | undefined;
  setPreferences(patch: Partial<Preferences>): void;
  /** The service's copy of the preferences, as read at start (not saved back). */
  applySavedPreferences(saved: Record<string, unknown>): void;
  setShortcutsOpen(open: boolean): void;
  /** Replaces the URL-mirrored part at once (url-state.ts, on load and on Back/Forward). */
  applyLocation(state: Partial<UiState>): void;
}

const PREFERENCES_KEY = 'almanac.preferences';
const DEFAULT_PREFERENCES: Preferences = {
  timeDisplay: 'site',
  firstDay: null,
  theme: 'system',
  language: 'system',
  contentVariant: '',
};

/**
 * Saved preferences over the defaults, keeping only the keys the UI knows with values of the right
 * kind (the service keeps whatever the UI saved, possibly by another version of it).
 */
export function mergePreferences(saved: Record<string, unknown>): Preferences {
  const merged: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  for (const [key, fallback] of Object.entries(DEFAULT_PREFERENCES)) {
    const value = saved[key];
    if (value === undefined) continue;
    const fits = key === 'firstDay' ? value === null || typeof value === 'number' : typeof value === typeof fallback;
    if (fits) merged[key] = value;
  }
  return merged as unknown as Preferences;
}

/**
 * This browser's copy: the first paint uses it. The service's (api/preferences.ts) replaces it as
 * soon as the session is known — this copy belongs to the page's origin, which changes with the
 * service's port.
 */
function loadPreferences(): Preferences {
  try {
    return mergePreferences(
      JSON.parse(window.localStorage.getItem(PREFERENCES_KEY) ?? '{}') as Record<string, unknown>,
    );
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

/** Filter changes other than paging go back to page 1. */
function withPage<T extends { page: number }>(current: T, patch: Partial<T>): T {
  return { ...current, ...patch, page: patch.page ?? 1 };
}

export const useUi = create<UiState>()((set, get) => ({
  screen: 'calendar',
  calendarView: 'month',
  calendarDate: toIsoDate(new Date(Date.now() - new Date().getTimezoneOffset() * 60_000)),
  eventFilters: EMPTY_EVENT_FILTERS,
  venueFilters: EMPTY_LINKED,
  organizerFilters: EMPTY_LINKED,
  categorySearch: '',
  tagSearch: '',
  card: null,
  editor: null,
  moves: [],
  preferences: loadPreferences(),
  shortcutsOpen: false,

  setScreen: (screen) => set({ screen }),
  setCalendar: (calendarView, calendarDate) => set({ calendarView, calendarDate }),
  setEventFilters: (patch) => set({ eventFilters: withPage(get().eventFilters, patch) }),
  setVenueFilters: (patch) => set({ venueFilters: withPage(get().venueFilters, patch) }),
  setOrganizerFilters: (patch) => set({ organizerFilters: withPage(get().organizerFilters, patch) }),
  setTermSearch: (kind, search) => set(kind === 'category' ? { categorySearch: search } : { tagSearch: search }),
  openCard: (card) => set({ card }),
  closeCard: () => set({ card: null }),
  openEditor: (editor) => set({ editor, card: null }),
  closeEditor: () => set({ editor: null }),
  pushMove: (move) => set({ moves: [...get().moves.slice(-19), move] }),
  popMove() {
    const moves = get().moves;
    const last = moves.at(-1);
    if (last) set({ moves: moves.slice(0, -1) });
    return last;
  },
  setPreferences(patch) {
    const preferences = { ...get().preferences, ...patch };
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
    set({ preferences });
  },
  applySavedPreferences(saved) {
    const preferences = mergePreferences(saved);
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
    set({ preferences });
  },
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  applyLocation: (state) => set(state),
}));
