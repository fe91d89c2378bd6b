// The two REST namespaces the service answers under every site's base URL. `svc/events/v1` is
// the contract, exactly; everything only the app needs (sign-in, the calendar's range feed, and
// later tokens, sites, backups, the change stream) lives in `almanac/v1`, documented the same way.
export interface Namespace {
  name: string;
  title: string;
  description: string;
}

export const EVENTS_NAMESPACE: Namespace = {
  name: 'svc/events/v1',
  title: 'Events Calendar REST API',
  description:
    'The svc/events/v1 API served by Almanac: events, venues, organizers, categories and tags. Compatible with The Events Calendar REST API v1 (tribe/events/v1) with the namespace changed.',
};

export const APP_NAMESPACE: Namespace = {
  name: 'almanac/v1',
  title: 'Almanac app API',
  description:
    'Endpoints of the Almanac app beyond the Events Calendar contract: sign-in sessions, sites and the calendar range feed. The UI uses only these and svc/events/v1, so scripts can do whatever it does.',
};
