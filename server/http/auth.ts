// Who is calling: `Authorization: Bearer <token>`, or `Basic base64(user:token)` so clients built
// for WordPress application passwords work unchanged; the desktop window's per-launch bearer
// session; or, in a browser, the UI's session cookie together with its nonce. Tokens in query
// strings are never read.
import type { FastifyRequest } from 'fastify';
import type { Store } from '../db/store.ts';
import type { Site } from '../db/repositories/sites.ts';
import type { Actor } from '../domain/roles.ts';
import { ApiError } from './errors.ts';
import type { DesktopSessions } from './desktop-sessions.ts';
import { readCookie, sessionCookieName } from './cookies.ts';

/**
 * Which credential a request claims, for throttling failures: the token's public id, or the Basic
 * user name. Failures against one credential then never lock out another one used from the same
 * address (every client of a 127.0.0.1-only service shares one address).
 */
export function claimedCredential(header: string): string {
  const [scheme = '', credentials = ''] = header.trim().split(/\s+/, 2);
  if (scheme.toLowerCase() === 'bearer' && credentials.startsWith('alms_')) return 'desktop';
  if (scheme.toLowerCase() === 'bearer') return `token:${/^alm_([0-9a-f]{12})_/.exec(credentials)?.[1] ?? 'malformed'}`;
  if (scheme.toLowerCase() === 'basic') {
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    return `user:${decoded
      .slice(0, Math.max(decoded.indexOf(':'), 0))
      .toLowerCase()
      .slice(0, 100)}`;
  }
  return 'other';
}

function unauthorized(code: string, message: string): ApiError {
  return new ApiError(401, code, message);
}

export interface AuthSources {
  desktop: DesktopSessions;
  /** Told of each request signed with an API token (its "last used" time: token-use.ts). */
  tokenUsed?: (tokenId: number) => void;
}

export function authenticate(request: FastifyRequest, store: Store, site: Site, sources: AuthSources): Actor | null {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return fromSessionCookie(request, store, site);
  const [scheme, credentials = ''] = header.trim().split(/\s+/, 2);
  let owner: ReturnType<Store['users']['tokenOwner']>;
  if (scheme?.toLowerCase() === 'bearer' && sources.desktop.isDesktopToken(credentials)) {
    const user = store.users.byId(sources.desktop.userFor(credentials) ?? 0);
    if (!user) throw unauthorized('rest_invalid_token', 'The desktop session has ended; restart Almanac.');
    owner = { user, role: store.users.roleOn(site.id, user), tokenId: undefined };
  } else if (scheme?.toLowerCase() === 'bearer') {
    owner = store.users.tokenOwner(credentials, site.id);
    if (!owner) throw unauthorized('rest_invalid_token', 'The token is invalid or revoked.');
  } else if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const login = colon > 0 ? decoded.slice(0, colon) : '';
    const token = colon > 0 ? decoded.slice(colon + 1).replace(/\s+/g, '') : '';
    owner = store.users.tokenOwner(token, site.id);
    if (!owner || owner.user.login.toLowerCase() !== login.toLowerCase()) {
      throw unauthorized('incorrect_password', 'The provided password is an invalid application password.');
    }
  } else {
    throw unauthorized('rest_unsupported_auth', 'Use Authorization: Bearer <token> or Basic <user:token>.');
  }
  const { user, role, tokenId } = owner;
  if (!role) throw unauthorized('rest_invalid_token', 'The token is not valid on this site.');
  if (tokenId !== undefined) sources.tokenUsed?.(tokenId);
  return tokenId === undefined
    ? { userId: user.id, login: user.login, role }
    : { userId: user.id, login: user.login, role, tokenId };
}

/**
 * The UI's browser session: the HttpOnly cookie names the session, and the request must carry the
 * session's nonce in `X-WP-Nonce`, as WordPress asks of its own admin. Without the nonce the cookie
 * is ignored (the request is anonymous, as in WordPress), so a form or link on another site that
 * made the browser send the cookie would act as nobody; a wrong nonce is refused outright.
 */
function fromSessionCookie(request: FastifyRequest, store: Store, site: Site): Actor | null {
  const id = readCookie(request.headers.cookie, sessionCookieName(request.socket?.localPort));
  if (id === undefined) return null;
  const nonce = request.headers['x-wp-nonce'];
  if (nonce === undefined) return null;
  const session = store.sessions.session(id);
  if (!session) return null; // expired or signed out: the UI sees it is anonymous and says so
  if (nonce !== session.nonce) throw new ApiError(403, 'rest_cookie_invalid_nonce', 'Cookie check failed.');
  const user = store.users.byId(session.userId);
  const role = user && store.users.roleOn(site.id, user);
  return user && role ? { userId: user.id, login: user.login, role } : null;
}
