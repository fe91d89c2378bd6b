// Who is calling CalDAV: HTTP Basic with the user's login and one of their API tokens as the
// password — what every calendar app can send. Refused attempts are throttled by the REST API's
// own AuthThrottle (the same instance, so guesses over CalDAV and REST count together), per client
// address and claimed login; a right token always passes. A user's role is then looked up per site, as the REST API does.
import type { FastifyRequest } from 'fastify';
import type { Store } from '../db/store.ts';
import type { Site } from '../db/repositories/sites.ts';
import type { Actor } from '../domain/roles.ts';
import type { AuthThrottle } from '../http/auth-throttle.ts';
import { claimedCredential } from '../http/auth.ts';
import { DavError } from './errors.ts';

export interface DavUser {
  id: number;
  login: string;
  displayName: string;
  superAdmin: boolean;
  tokenId: number | undefined;
}

export interface DavAuthOptions {
  store: Store;
  throttle: AuthThrottle;
  /** Told of each request signed with a token ("last used" in Settings → API tokens). */
  tokenUsed?: (tokenId: number) => void;
}

const challenge = (message: string) => new DavError(401, message);

function credentials(header: string): { login: string; token: string } | undefined {
  const [scheme = '', value = ''] = header.trim().split(/\s+/, 2);
  if (scheme.toLowerCase() !== 'basic') return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { login: decoded.slice(0, colon), token: decoded.slice(colon + 1).replace(/\s+/g, '') };
}

export function authenticateDav(request: FastifyRequest, options: DavAuthOptions): DavUser {
  const header = request.headers.authorization;
  if (!header || header.trim() === '') throw challenge('Sign in with your user name and an API token as the password.');
  const client = `${request.socket?.remoteAddress ?? 'local'}|${claimedCredential(header)}`;
  const given = credentials(header);
  // Any site will do to check the token: the role is looked up per calendar (siteAccess). Checked
  // before the throttle is asked: a right token is never refused for someone else's guesses.
  const owner = given ? options.store.users.tokenOwner(given.token, 0) : undefined;
  if (!given || !owner || owner.user.login.toLowerCase() !== given.login.toLowerCase()) {
    const wait = options.throttle.recordFailure(client);
    if (wait > 0)
      throw new DavError(429, 'Too many failed sign-in attempts; try again later.', undefined, '', {
        'retry-after': String(Math.ceil(wait / 1000)),
      });
    throw challenge('The user name or the API token is wrong (Settings → Connect a calendar app makes a token).');
  }
  if (owner.tokenId !== undefined) options.tokenUsed?.(owner.tokenId);
  const { user } = owner;
  return {
    id: user.id,
    login: user.login,
    displayName: user.display_name,
    superAdmin: user.super_admin === 1,
    tokenId: owner.tokenId,
  };
}

/** The sites whose calendars this user has, with their role on each. */
export function calendarsOf(store: Store, user: DavUser): { site: Site; actor: Actor }[] {
  const row = store.users.byId(user.id);
  if (!row) return [];
  const result: { site: Site; actor: Actor }[] = [];
  for (const site of store.sites.list()) {
    const role = store.users.roleOn(site.id, row);
    if (role) result.push({ site, actor: actorOf(user, role) });
  }
  return result;
}

/** The site `code` and who the user is there; 404 when there is no such calendar for them. */
export function siteAccess(store: Store, user: DavUser, code: string): { site: Site; actor: Actor } {
  const site = store.sites.byCode(code);
  const row = site && store.users.byId(user.id);
  const role = site && row ? store.users.roleOn(site.id, row) : undefined;
  if (!site || !role) throw new DavError(404, `There is no calendar "${code}" for ${user.login}.`);
  return { site, actor: actorOf(user, role) };
}

function actorOf(user: DavUser, role: Actor['role']): Actor {
  const actor: Actor = { userId: user.id, login: user.login, role };
  if (user.tokenId !== undefined) actor.tokenId = user.tokenId;
  return actor;
}
