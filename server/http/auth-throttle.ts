// Failed authentication is rate-limited per client: after LIMIT failures within WINDOW, a client's
// further failures are answered 429 (with Retry-After) instead of 401 until the window has passed.
// Guessing tokens is hopeless anyway (192 random bits), but this keeps a misbehaving local program
// from hammering the token check, and makes brute force visible (the first 429 of a client is
// logged).
//
// A credential that is right is never refused: the check runs first, and only a failure counts or
// is throttled. Throttling the credential before checking it let anyone who could reach the
// service keep a user out — ten wrong passwords for a login (or ten wrong secrets for a token's
// public id) from 127.0.0.1, which every local program shares, locked that user's valid token out
// of CalDAV (or the REST API) for a minute; with "Share on my network", anyone on the Wi-Fi could.
export const AUTH_FAILURE_LIMIT = 10;
const AUTH_FAILURE_WINDOW_MS = 60_000;
const MAX_CLIENTS = 10_000;

export class AuthThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = AUTH_FAILURE_LIMIT,
    private readonly windowMs = AUTH_FAILURE_WINDOW_MS,
    /** Told once when a client starts being throttled (the service's log). */
    private readonly onThrottled: (client: string) => void = () => {},
  ) {}

  private recent(client: string, now: number): number[] {
    const list = (this.failures.get(client) ?? []).filter((at) => now - at < this.windowMs);
    if (list.length === 0) this.failures.delete(client);
    else this.failures.set(client, list);
    return list;
  }

  /** Milliseconds until this client's failures stop being throttled (0: not throttled). */
  blockedFor(client: string, now = Date.now()): number {
    const list = this.recent(client, now);
    return list.length >= this.limit ? this.windowMs - (now - list[0]!) : 0;
  }

  /**
   * Counts a failed attempt; the milliseconds to answer in Retry-After when the client is past the
   * limit (then the answer is 429), 0 when a 401 is the answer.
   */
  recordFailure(client: string, now = Date.now()): number {
    const wasThrottled = this.blockedFor(client, now) > 0;
    if (!this.failures.has(client) && this.failures.size >= MAX_CLIENTS) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    const list = this.recent(client, now);
    list.push(now);
    this.failures.set(client, list.slice(-this.limit));
    const wait = this.blockedFor(client, now);
    // The failure that reaches the limit is still answered 401; the ones after it get 429.
    if (!wasThrottled) {
      if (wait > 0) this.onThrottled(client);
      return 0;
    }
    return wait;
  }
}
