// Who is calling: `Authorization: Bearer <token>`, or `Basic base64(user:token)` so clients built
// for WordPress application passwords work unchanged. Tokens in query strings are never read.
import type { FastifyRequest } from 'fastify';
import type { Store } from '../db/store.ts';
import type { Site } from '../db/repositories/sites.ts';
import type { Actor } from '../domain/roles.ts';
import { ApiError } from './errors.ts';

/**
 * Which credential a request claims, for throttling failures: the token's public id, or the Basic
 * user name. Failures against one credential then never lock out another one used from the same
 * address (every client of a 127.0.0.1-only service shares one address).
 */
export function claimedCredential(header: string): string {
  const [scheme = '', credentials = ''] = header.trim().split(/\s+/, 2);
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

export function authenticate(request: FastifyRequest, store: Store, site: Site): Actor | null {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return null;
  const [scheme, credentials = ''] = header.trim().split(/\s+/, 2);
  let owner: ReturnType<Store['users']['tokenOwner']>;
  if (scheme?.toLowerCase() === 'bearer') {
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
  const { user, role } = owner;
  if (!role) throw unauthorized('rest_invalid_token', 'The token is not valid on this site.');
  return { userId: user.id, login: user.login, role };
}
