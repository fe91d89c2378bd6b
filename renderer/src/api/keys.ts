// Query keys, one factory for every resource. Each key starts with the site (every site has its own
// data) and the resource, so a mutation invalidates exactly what it changes: an event write
// invalidates ['site', 'events'] (the feed, the lists and that event) and not the venues.

type Params = Record<string, unknown>;
export type EventContext = 'edit' | 'view';

export const keys = {
  session: (site: string) => [site, 'session'] as const,
  sites: () => ['sites'] as const,
  tokens: () => ['tokens'] as const,
  backups: () => ['backups'] as const,
  health: () => ['health'] as const,
  searchIndex: () => ['search-index'] as const,
  importJob: (site: string, id: string) => [site, 'import-job', id] as const,
  importJobs: (site: string) => [site, 'import-jobs'] as const,
  preferences: (user: string) => ['preferences', user] as const,
  origins: () => ['origins'] as const,
  caldav: () => ['caldav'] as const,
  events: (site: string) => [site, 'events'] as const,
  eventFeed: (site: string, params: Params) => [site, 'events', 'feed', params] as const,
  eventList: (site: string, params: Params) => [site, 'events', 'list', params] as const,
  event: (site: string, id: number) => [site, 'events', 'item', id] as const,
  /** One event as read for editing (`context=edit`: editors) or viewing (visitors). */
  eventRead: (site: string, id: number, context: EventContext) => [site, 'events', 'item', id, context] as const,
  /** The series an event is an occurrence of: under the event, so whatever refreshes it refreshes this. */
  seriesOf: (site: string, eventId: number) => [site, 'events', 'item', eventId, 'series'] as const,
  /** Repeating events (almanac/v1/series): their rules, in words, and occurrences. */
  allSeries: (site: string) => [site, 'series'] as const,
  series: (site: string, id: number) => [site, 'series', id] as const,
  venues: (site: string) => [site, 'venues'] as const,
  venueList: (site: string, params: Params) => [site, 'venues', 'list', params] as const,
  venue: (site: string, id: number) => [site, 'venues', 'item', id] as const,
  organizers: (site: string) => [site, 'organizers'] as const,
  organizerList: (site: string, params: Params) => [site, 'organizers', 'list', params] as const,
  organizer: (site: string, id: number) => [site, 'organizers', 'item', id] as const,
  terms: (site: string, taxonomy: 'categories' | 'tags') => [site, taxonomy] as const,
  termList: (site: string, taxonomy: 'categories' | 'tags', params: Params) =>
    [site, taxonomy, 'list', params] as const,
  trash: (site: string) => [site, 'trash'] as const,
  apiIndex: (site: string, namespace: string) => [site, 'index', namespace] as const,
};
