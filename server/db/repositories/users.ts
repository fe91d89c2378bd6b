// Users, their role on each site, and API tokens.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../open.ts';
import type { Role } from '../../domain/roles.ts';

interface User {
  id: number;
  login: string;
  display_name: string;
  super_admin: number;
}

const TOKEN_PREFIX = 'alm';

export interface TokenSummary {
  id: number;
  name: string;
  created_utc: string;
  last_used_utc: string | null;
  user_id: number;
  login: string;
  super_admin: number;
  role: Role | null;
}

/** A user's role on a site from their stored one: an install administrator is administrator everywhere. */
function siteRole(user: Pick<User, 'super_admin'>, stored: Role | null | undefined): Role | undefined {
  return user.super_admin ? 'administrator' : (stored ?? undefined);
}

function parseToken(token: string): { publicId: string; secret: string } | undefined {
  const match = /^alm_([0-9a-f]{12})_([A-Za-z0-9_-]{32})$/.exec(token);
  return match ? { publicId: match[1]!, secret: match[2]! } : undefined;
}

function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

export function usersRepository(db: Db) {
  const byId = db.prepare('SELECT * FROM users WHERE id = ?');
  const byLogin = db.prepare('SELECT * FROM users WHERE login = ?');
  const installAdministrator = db.prepare('SELECT * FROM users WHERE super_admin = 1 ORDER BY id LIMIT 1');
  const insertUser = db.prepare(
    'INSERT INTO users (login, display_name, super_admin, created_utc) VALUES (?, ?, ?, ?) RETURNING id',
  );
  const roleOn = db.prepare('SELECT role FROM site_users WHERE site_id = ? AND user_id = ?');
  const setRole = db.prepare(
    'INSERT INTO site_users (site_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT (site_id, user_id) DO UPDATE SET role = excluded.role',
  );
  const insertToken = db.prepare(
    'INSERT INTO tokens (public_id, user_id, name, secret_hash, created_utc) VALUES (?, ?, ?, ?, ?)',
  );
  const revoke = db.prepare('UPDATE tokens SET revoked_utc = ? WHERE public_id = ? AND revoked_utc IS NULL');
  const listTokens = db.prepare(
    `SELECT t.id, t.name, t.created_utc, t.last_used_utc, u.id AS user_id, u.login, u.super_admin, su.role
     FROM tokens t JOIN users u ON u.id = t.user_id
     LEFT JOIN site_users su ON su.site_id = ? AND su.user_id = u.id
     WHERE t.revoked_utc IS NULL AND (? IS NULL OR t.user_id = ?) ORDER BY t.id`,
  );
  const tokenById = db.prepare('SELECT id, user_id FROM tokens WHERE id = ? AND revoked_utc IS NULL');
  const revokeById = db.prepare('UPDATE tokens SET revoked_utc = ? WHERE id = ? AND revoked_utc IS NULL');
  const touch = db.prepare('UPDATE tokens SET last_used_utc = ? WHERE id = ?');
  const idOfPublic = db.prepare('SELECT id FROM tokens WHERE public_id = ?').pluck();
  // Token, user and role on the site in one statement: every signed-in request asks all three.
  const tokenOwner = db.prepare(
    `SELECT t.secret_hash, t.id AS token_id, u.id, u.login, u.display_name, u.super_admin, su.role
     FROM tokens t JOIN users u ON u.id = t.user_id
     LEFT JOIN site_users su ON su.site_id = ? AND su.user_id = u.id
     WHERE t.public_id = ? AND t.revoked_utc IS NULL`,
  );

  return {
    byId: (id: number) => byId.get(id) as User | undefined,
    byLogin: (login: string) => byLogin.get(login) as User | undefined,
    /** The desktop owner (`admin` in a new data dir): the user the app's own sign-in is for. */
    installAdministrator: () => installAdministrator.get() as User | undefined,
    create(login: string, options: { superAdmin?: boolean; displayName?: string } = {}): User {
      const { id } = insertUser.get(
        login,
        options.displayName ?? login,
        options.superAdmin ? 1 : 0,
        new Date().toISOString(),
      ) as {
        id: number;
      };
      return byId.get(id) as User;
    },
    /** The user's role on a site; an install administrator is administrator everywhere. */
    roleOn(siteId: number, user: User): Role | undefined {
      const stored = user.super_admin ? undefined : (roleOn.get(siteId, user.id) as { role: Role } | undefined)?.role;
      return siteRole(user, stored);
    },
    setRole(siteId: number, userId: number, role: Role): void {
      setRole.run(siteId, userId, role);
    },
    /** Creates a token and returns it in clear text: the only moment it exists outside the caller. */
    createToken(userId: number, name: string): string {
      const publicId = randomBytes(6).toString('hex');
      const secret = randomBytes(24).toString('base64url');
      insertToken.run(publicId, userId, name, hashSecret(secret), new Date().toISOString());
      return `${TOKEN_PREFIX}_${publicId}_${secret}`;
    },
    /**
     * The user a valid token belongs to and their role on the site (undefined: no role there), or
     * undefined for an unknown, revoked or wrong token. The secret is compared in constant time.
     */
    tokenOwner(
      token: string,
      siteId: number,
    ): { user: User; role: Role | undefined; tokenId: number | undefined } | undefined {
      const match = parseToken(token);
      if (!match) return undefined;
      const row = tokenOwner.get(siteId, match.publicId) as
        (User & { secret_hash: Buffer; token_id: number; role: Role | null }) | undefined;
      if (!row || !timingSafeEqual(row.secret_hash, hashSecret(match.secret))) return undefined;
      const user: User = { id: row.id, login: row.login, display_name: row.display_name, super_admin: row.super_admin };
      return { user, role: siteRole(user, row.role), tokenId: row.token_id };
    },
    /** Active tokens (never their secrets), of one user or of everyone, with roles on the site. */
    listTokens(siteId: number, userId: number | null): TokenSummary[] {
      return listTokens.all(siteId, userId, userId) as TokenSummary[];
    },
    /** The id of a token made by createToken. */
    tokenIdOf: (token: string) => idOfPublic.get(parseToken(token)?.publicId ?? '') as number | undefined,
    /** An active token's owner, by id (undefined: none, or revoked). */
    tokenById: (id: number) => tokenById.get(id) as { id: number; user_id: number } | undefined,
    revokeTokenById: (id: number) => revokeById.run(new Date().toISOString(), id).changes > 0,
    /** When a token was last used (written at most every few minutes: token-use.ts). */
    touchToken(id: number, when = new Date()): void {
      touch.run(when.toISOString(), id);
    },
    revokeToken(token: string): boolean {
      const publicId = /^alm_([0-9a-f]{12})_/.exec(token)?.[1];
      return publicId ? revoke.run(new Date().toISOString(), publicId).changes > 0 : false;
    },
  };
}
