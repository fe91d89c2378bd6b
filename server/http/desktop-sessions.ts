// The desktop window's session: one random 256-bit bearer token per launch for the install's
// administrator, made by the main process and handed to the window through the preload bridge.
// It lives only in this process's memory (never on disk, never in a URL), so it dies with the app.
import { createHash, timingSafeEqual } from 'node:crypto';
import { newSecret } from '../db/repositories/sessions.ts';

export const DESKTOP_TOKEN_PREFIX = 'alms_';

const digest = (token: string) => createHash('sha256').update(token).digest();

export class DesktopSessions {
  /** SHA-256 of each live token → the user it signs in. */
  private readonly sessions = new Map<string, { hash: Buffer; userId: number }>();

  create(userId: number): string {
    const token = `${DESKTOP_TOKEN_PREFIX}${newSecret()}`;
    const hash = digest(token);
    this.sessions.set(hash.toString('hex'), { hash, userId });
    return token;
  }

  /** The user of a live desktop token, or undefined. */
  userFor(token: string): number | undefined {
    const hash = digest(token);
    const entry = this.sessions.get(hash.toString('hex'));
    // The map lookup is by hash; the compare is a formality that keeps timing flat anyway.
    return entry && timingSafeEqual(entry.hash, hash) ? entry.userId : undefined;
  }

  isDesktopToken(token: string): boolean {
    return token.startsWith(DESKTOP_TOKEN_PREFIX);
  }
}
