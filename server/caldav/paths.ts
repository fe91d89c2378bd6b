// The CalDAV URL space, and nothing else may be named:
//   /caldav/                                     the service root (discovery starts here)
//   /caldav/principals/{login}/                  a user
//   /caldav/calendars/{login}/                   that user's calendar home
//   /caldav/calendars/{login}/{site}/            one site's calendar, as that user sees it
//   /caldav/calendars/{login}/{site}/{name}      one event (an object resource)
// Segments are percent-decoded one by one; `.`, `..`, slashes or backslashes inside a segment,
// control characters and over-long names are refused, so no name can climb out of its calendar.
import { DavError } from './errors.ts';

export const ROOT = '/caldav';

export type DavPath =
  | { kind: 'root' }
  | { kind: 'principals' }
  | { kind: 'principal'; login: string }
  | { kind: 'calendars' }
  | { kind: 'home'; login: string }
  | { kind: 'calendar'; login: string; site: string }
  | { kind: 'object'; login: string; site: string; name: string };

/** Longest object name accepted (decoded, in UTF-16 code units): a UUID and `.ics` need 40. */
export const MAX_NAME_LENGTH = 200;

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f/\\]/;

function decodeSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw new DavError(400, 'The URL has a malformed percent-escape.');
  }
  if (decoded === '.' || decoded === '..' || FORBIDDEN.test(decoded))
    throw new DavError(400, 'A name in the URL may not be "." or "..", nor hold slashes or control characters.');
  if (decoded.length > MAX_NAME_LENGTH)
    throw new DavError(400, `A name in the URL is longer than ${MAX_NAME_LENGTH} characters.`);
  return decoded;
}

/** The resource a request path names; 404 for anything outside the space above. */
export function parseDavPath(rawUrl: string): DavPath {
  const path = rawUrl.split('?', 1)[0]!;
  const lower = path.toLowerCase();
  if (lower !== ROOT && !lower.startsWith(`${ROOT}/`)) throw notFound();
  const inner = path.slice(ROOT.length).replace(/^\//, '').replace(/\/$/, '');
  const segments = inner === '' ? [] : inner.split('/');
  // Empty segments (`//`) are not names: refuse them rather than read them away.
  if (segments.includes('')) throw new DavError(400, 'The URL has an empty name.');
  const [area, ...rest] = segments.map(decodeSegment);
  if (area === undefined) return { kind: 'root' };
  if (area === 'principals') {
    if (rest.length === 0) return { kind: 'principals' };
    if (rest.length === 1) return { kind: 'principal', login: rest[0]! };
  }
  if (area === 'calendars') {
    const [login, site, name, ...more] = rest;
    if (more.length > 0) throw notFound();
    if (login === undefined) return { kind: 'calendars' };
    if (site === undefined) return { kind: 'home', login };
    if (name === undefined) return { kind: 'calendar', login, site };
    return { kind: 'object', login, site, name };
  }
  throw notFound();
}

export function notFound(): DavError {
  return new DavError(404, 'Nothing is here.');
}

// Characters a path segment may hold as they are (RFC 3986 pchar), so a client's own name comes
// back exactly as it was sent: `abc@x.ics` stays `abc@x.ics`, not `abc%40x.ics`.
const KEEP = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/;

export function encodeSegment(text: string): string {
  let out = '';
  for (const char of text) out += KEEP.test(char) ? char : encodeURIComponent(char);
  return out;
}

export const principalHref = (login: string) => `${ROOT}/principals/${encodeSegment(login)}/`;
export const homeHref = (login: string) => `${ROOT}/calendars/${encodeSegment(login)}/`;
export const calendarHref = (login: string, site: string) => `${homeHref(login)}${encodeSegment(site)}/`;
export const objectHref = (login: string, site: string, name: string) =>
  `${calendarHref(login, site)}${encodeSegment(name)}`;
