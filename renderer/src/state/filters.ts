// The filters of the events list (every list filter of GET /events) and of the other lists, and
// their URL form. Pure: unit-tested in test/renderer/.

export interface EventFilters {
  search: string;
  /** YYYY-MM-DD, inclusive (the API's start_date / end_date). */
  from: string;
  to: string;
  /**
   * With no From, the API lists events from yesterday on (its default window); this lists the earlier
   * ones too. Without it, an event created for last week is nowhere in the list.
   */
  past: boolean;
  categories: string[];
  tags: string[];
  venue: string[];
  organizer: string[];
  /** '' any, 'true' featured only, 'false' not featured. */
  featured: '' | 'true' | 'false';
  /** '' the API's default (what the caller may see), or one status. */
  status: string;
  /** "Near a place": the venue whose coordinates are the centre ('' when off). */
  near: string;
  page: number;
  /** The column the list is sorted by (the app's event-list `orderby`), and which way. */
  sort: EventSort;
  order: 'asc' | 'desc';
  /** Rows per page (one of PAGE_SIZES). */
  perPage: number;
  /** A repeating event as one row, at its next date (event-list `one_per_series`). */
  onePerSeries: boolean;
}

export type EventSort = 'start_date' | 'title' | 'venue';
export const EVENT_SORTS: readonly EventSort[] = ['start_date', 'title', 'venue'];
export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 25;

export const EMPTY_EVENT_FILTERS: EventFilters = {
  search: '',
  from: '',
  to: '',
  past: false,
  categories: [],
  tags: [],
  venue: [],
  organizer: [],
  featured: '',
  status: '',
  near: '',
  page: 1,
  sort: 'start_date',
  order: 'asc',
  perPage: DEFAULT_PAGE_SIZE,
  onePerSeries: false,
};

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

export function eventFiltersFromParams(params: URLSearchParams): EventFilters {
  const featured = params.get('featured');
  const page = Number(params.get('page'));
  const sort = params.get('sort') as EventSort | null;
  const perPage = Number(params.get('per_page'));
  return {
    search: params.get('search') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    past: params.get('past') === 'true',
    categories: list(params.get('categories')),
    tags: list(params.get('tags')),
    venue: list(params.get('venue')),
    organizer: list(params.get('organizer')),
    featured: featured === 'true' || featured === 'false' ? featured : '',
    status: params.get('status') ?? '',
    near: /^\d+$/.test(params.get('near') ?? '') ? params.get('near')! : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    sort: sort && EVENT_SORTS.includes(sort) ? sort : 'start_date',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    onePerSeries: params.get('series') === 'one',
  };
}

export function eventFiltersToParams(filters: EventFilters): Record<string, string | undefined> {
  return {
    search: filters.search || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    past: filters.past ? 'true' : undefined,
    categories: filters.categories.join(',') || undefined,
    tags: filters.tags.join(',') || undefined,
    venue: filters.venue.join(',') || undefined,
    organizer: filters.organizer.join(',') || undefined,
    featured: filters.featured || undefined,
    status: filters.status || undefined,
    near: filters.near || undefined,
    page: filters.page > 1 ? String(filters.page) : undefined,
    sort: filters.sort !== 'start_date' ? filters.sort : undefined,
    order: filters.order === 'desc' ? 'desc' : undefined,
    per_page: filters.perPage !== DEFAULT_PAGE_SIZE ? String(filters.perPage) : undefined,
    series: filters.onePerSeries ? 'one' : undefined,
  };
}

/**
 * What only the app's event list (almanac/v1/event-list) takes besides /events' filters: the sort
 * and one row per series. Left out of exports and of svc/events/v1 queries.
 */
export function eventListOrder(filters: EventFilters): Record<string, string | boolean | undefined> {
  return {
    orderby: filters.sort !== 'start_date' ? filters.sort : undefined,
    order: filters.order === 'desc' ? 'desc' : undefined,
    one_per_series: filters.onePerSeries || undefined,
  };
}

/** "Include past events" with no From: a start_date before any event an organizer keeps. */
export const EARLIEST_START = '1900-01-01';

/**
 * The GET /events query for the filters (the API's own parameter names); `center` is the "near a
 * place" venue's coordinates once known.
 */
export function eventListQuery(
  filters: EventFilters,
  perPage: number,
  center?: { lat: number; lng: number },
): Record<string, string | number | undefined> {
  return {
    search: filters.search.trim() || undefined,
    start_date: filters.from || (filters.past ? EARLIEST_START : undefined),
    end_date: filters.to || undefined,
    categories: filters.categories.join(',') || undefined,
    tags: filters.tags.join(',') || undefined,
    venue: filters.venue.join(',') || undefined,
    organizer: filters.organizer.join(',') || undefined,
    featured: filters.featured || undefined,
    status: filters.status || undefined,
    geoloc_lat: center?.lat,
    geoloc_lng: center?.lng,
    page: filters.page,
    per_page: perPage,
  };
}

/**
 * The Events screen's whole almanac/v1/event-list query: the filters, the sort and the content
 * language. One function for the screen's list and the request a filter change starts early, so
 * that both name the same page.
 */
export function eventListParams(
  filters: EventFilters,
  center: { lat: number; lng: number } | undefined,
  variant: { translation_language?: string },
): Record<string, string | number | boolean | undefined> {
  return { ...eventListQuery(filters, filters.perPage, center), ...eventListOrder(filters), ...variant };
}

/** How many filters are on (for "Clear filters" and the empty state's wording). */
export function activeFilterCount(filters: EventFilters): number {
  return [
    filters.search,
    filters.from,
    filters.to,
    filters.past,
    filters.categories.length,
    filters.tags.length,
    filters.venue.length,
    filters.organizer.length,
    filters.featured,
    filters.status,
    filters.near,
  ].filter(Boolean).length;
}

/** Venue and organizer lists: GET /venues, /organizers parameters. */
export interface LinkedFilters {
  search: string;
  hasEvents: boolean;
  upcoming: boolean;
  page: number;
}

export function linkedFiltersFromParams(params: URLSearchParams): LinkedFilters {
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    hasEvents: params.get('has_events') === 'true',
    upcoming: params.get('upcoming') === 'true',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function linkedFiltersToParams(filters: LinkedFilters): Record<string, string | undefined> {
  return {
    search: filters.search || undefined,
    has_events: filters.hasEvents ? 'true' : undefined,
    upcoming: filters.upcoming ? 'true' : undefined,
    page: filters.page > 1 ? String(filters.page) : undefined,
  };
}
