// Browser sign-in: one-time sign-in codes and cookie sessions (migration 0007). Secrets are
// random 256-bit values; only their SHA-256 is stored, so a copy of the database signs no one in.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../open.ts';

/** A sign-in code lives ten minutes (issue: "single use, expires in 10 minutes"). */
export const SIGN_IN_CODE_MS = 10 * 60 * 1000;
/** A browser session lasts 14 days, as WordPress's "remember me". */
export const SESSION_MS = 14 * 24 * 60 * 60 * 1000;

interface UiSession {
  userId: number;
  nonce: string;
  /** The API token the session was opened with, if any (revoking it ends the session). */
  tokenId: number | null;
}

const hash = (secret: string) => createHash('sha256').update(secret).digest();
/** 32 random bytes: 256 bits, as base64url (43 characters). */
export const newSecret = () => randomBytes(32).toString('base64url');

export function sessionsRepository(db: Db) {
  const insertCode = db.prepare('INSERT INTO sign_in_codes (code_hash, user_id, expires_utc) VALUES (?, ?, ?)');
  // Deleting while reading makes a code single-use even when two processes race for it.
  const takeCode = db.prepare('DELETE FROM sign_in_codes WHERE code_hash = ? RETURNING user_id, expires_utc');
  const dropExpiredCodes = db.prepare('DELETE FROM sign_in_codes WHERE expires_utc < ?');
  const insertSession = db.prepare(
    'INSERT INTO ui_sessions (id_hash, user_id, token_id, nonce, created_utc, expires_utc) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // A session opened with a token lives only as long as the token does.
  const session = db.prepare(
    `SELECT s.user_id, s.nonce, s.token_id, s.expires_utc FROM ui_sessions s
     LEFT JOIN tokens t ON t.id = s.token_id
     WHERE s.id_hash = ? AND (s.token_id IS NULL OR t.revoked_utc IS NULL)`,
  );
  const deleteSession = db.prepare('DELETE FROM ui_sessions WHERE id_hash = ?');
  const dropExpiredSessions = db.prepare('DELETE FROM ui_sessions WHERE expires_utc < ?');

  return {
    /** A new one-time code for `userId`; returns it in clear text (the only time it exists). */
    createSignInCode(userId: number, now = Date.now()): string {
      dropExpiredCodes.run(new Date(now).toISOString());
      const code = newSecret();
      insertCode.run(hash(code), userId, new Date(now + SIGN_IN_CODE_MS).toISOString());
      return code;
    },
    /** The user a code signs in, consuming it; undefined when unknown, used or expired. */
    redeemSignInCode(code: string, now = Date.now()): number | undefined {
      const row = takeCode.get(hash(code)) as { user_id: number; expires_utc: string } | undefined;
      if (!row || row.expires_utc < new Date(now).toISOString()) return undefined;
      return row.user_id;
    },
    /** Opens a cookie session; returns the cookie value (clear text, shown once) and the nonce. */
    createSession(userId: number, tokenId: number | null, now = Date.now()): { id: string; nonce: string } {
      dropExpiredSessions.run(new Date(now).toISOString());
      const id = newSecret();
      const nonce = randomBytes(16).toString('hex');
      insertSession.run(
        hash(id),
        userId,
        tokenId,
        nonce,
        new Date(now).toISOString(),
        new Date(now + SESSION_MS).toISOString(),
      );
      return { id, nonce };
    },
    session(id: string, now = Date.now()): UiSession | undefined {
      const row = session.get(hash(id)) as
        { user_id: number; nonce: string; token_id: number | null; expires_utc: string } | undefined;
      if (!row || row.expires_utc < new Date(now).toISOString()) return undefined;
      return { userId: row.user_id, nonce: row.nonce, tokenId: row.token_id };
    },
    endSession(id: string): void {
      deleteSession.run(hash(id));
    },
  };
}
