// A cache of serialized GET responses. Reads vastly outnumber writes in a calendar, and building
// an event representation costs far more than sending it. Correctness rules:
// - the key holds the site, the caller (visibility and password unlocking depend on who asks) and
//   the full URL (every parameter);
// - any write through this server bumps a generation counter, and SQLite's data_version changes
//   when another process (the CLI) commits: either empties the cache;
// - entries expire after a few seconds, because some answers depend on the clock (the default
//   window starts "yesterday"; relative dates such as `now`).
// Memory: expired entries are dropped as soon as they expire, also when no request follows (a
// tool paging through a calendar once left up to 64 MB of dead pages in the process until the
// next write), and the live ones are capped at 32 MB: a few seconds of even a heavy load.
import type { Db } from '../db/open.ts';

interface CachedResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 32 * 1024 * 1024;

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse & { expires: number }>();
  private bytes = 0;
  private generation = 0;
  private seenGeneration = 0;
  private seenDataVersion = -1;
  /** How many times the cache was emptied: the "epoch" a read worker's answer belongs to. */
  private clears = 0;
  private readonly dataVersion: () => number;
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(
    db: Db,
    readonly enabled = true,
    private readonly ttlMs = TTL_MS,
  ) {
    const statement = db.prepare('PRAGMA data_version');
    this.dataVersion = () => (statement.get() as { data_version: number }).data_version;
  }

  /** Bytes of response bodies held (expired ones included until their sweep). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Every write through this server calls this. */
  invalidate(): void {
    this.generation++;
  }

  private sync(): void {
    const version = this.dataVersion();
    if (version !== this.seenDataVersion || this.generation !== this.seenGeneration) {
      this.entries.clear();
      this.bytes = 0;
      this.clears++;
      this.seenDataVersion = version;
      this.seenGeneration = this.generation;
    }
  }

  get(key: string): CachedResponse | undefined {
    if (!this.enabled) return undefined;
    this.sync();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.delete(key, entry);
      return undefined;
    }
    return entry;
  }

  /** The current epoch: it changes with every write here and every commit by another process. */
  epoch(): number {
    this.sync();
    return this.clears;
  }

  /**
   * Stores a response built outside this connection's snapshot (by the read worker) only if nothing
   * was written since `epoch` was taken before it was built: otherwise it may already be stale.
   */
  setIfUnchanged(key: string, response: CachedResponse, epoch: number): void {
    if (this.epoch() === epoch) this.set(key, response);
  }

  set(key: string, response: CachedResponse): void {
    if (!this.enabled || response.body.length > MAX_BYTES / 64) return;
    this.sync();
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    while (this.entries.size >= MAX_ENTRIES || this.bytes + response.body.length > MAX_BYTES) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value, this.entries.get(oldest.value)!);
    }
    this.dropExpired();
    this.entries.set(key, {
      status: response.status,
      body: response.body,
      headers: response.headers,
      expires: Date.now() + this.ttlMs,
    });
    this.bytes += response.body.length;
    this.scheduleSweep();
  }

  /**
   * Entries are kept in insertion order and all live equally long (a replaced entry moves to the
   * end), so the expired ones are always at the front.
   */
  private dropExpired(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expires >= now) break;
      this.delete(key, entry);
    }
  }

  /** One timer while anything is cached; it never keeps the process alive. */
  private scheduleSweep(): void {
    if (this.sweepTimer) return;
    const first = this.entries.values().next();
    if (first.done) return;
    this.sweepTimer = setTimeout(
      () => {
        this.sweepTimer = undefined;
        this.dropExpired();
        this.scheduleSweep();
      },
      Math.max(first.value.expires - Date.now(), 0) + 1,
    );
    this.sweepTimer.unref();
  }

  private delete(key: string, entry: CachedResponse): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}
