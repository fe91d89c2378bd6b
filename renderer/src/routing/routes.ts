// Where the UI is, as a hash URL: `#/calendar?view=month&date=2027-03-05`,
// `#/events?search=jazz&categories=music&page=2`. Hash routes because the server's paths belong to
// the API and the sites (`/events/…` and `/mx/…` are taken); a hash can be bookmarked, shared and
// restored on reload all the same. Pure functions: unit-tested in test/renderer/.

const SCREENS = [
  'calendar',
  'events',
  'venues',
  'organizers',
  'categories',
  'tags',
  'trash',
  'settings',
  'api',
] as const;
export type Screen = (typeof SCREENS)[number];

export interface Route {
  screen: Screen;
  /** The query part of the hash, as ordered pairs (empty values dropped). */
  params: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const text = hash.replace(/^#\/?/, '');
  const [path = '', query = ''] = text.split('?', 2);
  const screen = (SCREENS as readonly string[]).includes(path) ? (path as Screen) : 'calendar';
  return { screen, params: new URLSearchParams(query) };
}

/** `#/screen?a=1&b=2`, without empty parameters, in a stable order (the given one). */
export function formatHash(screen: Screen, params: Record<string, string | undefined> | URLSearchParams = {}): string {
  const pairs = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  const search = new URLSearchParams();
  for (const [key, value] of pairs) if (value !== undefined && value !== '') search.set(key, value);
  const text = search.toString();
  return `#/${screen}${text ? `?${text}` : ''}`;
}
