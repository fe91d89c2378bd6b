// Failed authentication is rate-limited per client: after LIMIT failures within WINDOW, requests
// carrying credentials from that client get 429 until the window has passed. Guessing tokens is
// hopeless anyway (192 random bits), but this keeps a misbehaving local program from hammering
// the token check, and makes brute force visible.
export const AUTH_FAILURE_LIMIT = 10;
const AUTH_FAILURE_WINDOW_MS = 60_000;
const MAX_CLIENTS = 10_000;

export class AuthThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = AUTH_FAILURE_LIMIT,
    private readonly windowMs = AUTH_FAILURE_WINDOW_MS,
  ) {}

  private recent(client: string, now: number): number[] {
    const list = (this.failures.get(client) ?? []).filter((at) => now - at < this.windowMs);
    if (list.length === 0) this.failures.delete(client);
    else this.failures.set(client, list);
    return list;
  }

  /** Milliseconds until this client may try again (0: not blocked). */
  blockedFor(client: string, now = Date.now()): number {
    const list = this.recent(client, now);
    return list.length >= this.limit ? this.windowMs - (now - list[0]!) : 0;
  }

  recordFailure(client: string, now = Date.now()): void {
    if (!this.failures.has(client) && this.failures.size >= MAX_CLIENTS) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    const list = this.recent(client, now);
    list.push(now);
    this.failures.set(client, list.slice(-this.limit));
  }
}
