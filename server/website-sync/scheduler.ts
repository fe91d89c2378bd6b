// Syncing while the service runs: soon after local changes (once the queue has been quiet for a
// few seconds, so a burst of edits is one sync) and periodically for the website's own changes,
// with backoff after failures (the website is down, the laptop is offline), never while a site is
// paused, and one sync at a time per site — here (in process) and across processes (the lease in
// the database: the command line may be syncing the same site). The app API's "sync now" goes
// through here too, so it joins the sync under way instead of racing it.
import type { Store } from '../db/store.ts';
import { websiteRepositories } from '../db/repositories/website-sync.ts';
import type { CredentialStore } from './credentials.ts';
import { syncSite, type SyncOptions, type SyncResult } from './sync-run.ts';

export interface SchedulerOptions {
  store: Store;
  credentials: CredentialStore;
  /** This process wrote (the response cache, the change streams). */
  wrote?: () => void;
  /** Waits until the write gate is open (an import holds the write lock meanwhile). */
  whenWritable?: () => Promise<void>;
  log?: (line: string) => void;
  /** How often the website is asked for its changes when nothing happens here (default 5 min). */
  intervalMs?: number;
  /** How long the queue must stay quiet before its changes go out (default 5 s). */
  quietMs?: number;
  /** How often the scheduler looks (default 5 s). */
  tickMs?: number;
  client?: SyncOptions['client'];
}

/** After n failures in a row, wait this long before trying again (30 s doubling, at most 30 min). */
export function backoffMs(failures: number): number {
  return failures <= 0 ? 0 : Math.min(30_000 * 2 ** (failures - 1), 30 * 60_000);
}

const parseWall = (wall: string | null) => (wall ? Date.parse(`${wall.replace(' ', 'T')}Z`) : 0);

export class WebsiteScheduler {
  readonly credentials: CredentialStore;
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Map<number, Promise<SyncResult>>();
  /** Per site: the queue's size when last seen and since when it has stayed so. */
  private readonly queueSeen = new Map<number, { count: number; since: number }>();
  private readonly controller = new AbortController();
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {
    this.credentials = options.credentials;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? 5000);
    this.timer.unref();
  }

  /** Looks at every connected site once: starts the syncs that are due (and returns them). */
  tick(now = Date.now()): Promise<SyncResult>[] {
    const started: Promise<SyncResult>[] = [];
    if (this.stopped) return started;
    let connections;
    try {
      connections = websiteRepositories(this.options.store.db).connections.list();
    } catch {
      return started; // closing
    }
    for (const conn of connections) {
      if (conn.paused_reason || this.running.has(conn.site_id)) continue;
      if (now - parseWall(conn.last_attempt_utc) < backoffMs(conn.failed_attempts)) continue;
      const count = websiteRepositories(this.options.store.db).connections.queuedCount(conn.site_id);
      const seen = this.queueSeen.get(conn.site_id);
      if (!seen || seen.count !== count) this.queueSeen.set(conn.site_id, { count, since: now });
      const quiet = now - (this.queueSeen.get(conn.site_id)?.since ?? now) >= (this.options.quietMs ?? 5000);
      const changesWaiting = count > 0 && quiet;
      const periodic = now - parseWall(conn.last_sync_utc) >= (this.options.intervalMs ?? 5 * 60_000);
      if (changesWaiting || periodic || conn.first_sync_done === 0) started.push(this.syncNow(conn.site_id));
    }
    return started;
  }

  /** A sync of the site now; while one runs here, the next one starts after it (and this answers with it). */
  syncNow(siteId: number, options: { sweep?: boolean } = {}): Promise<SyncResult> {
    const under = this.running.get(siteId);
    const run = (under ?? Promise.resolve()).then(() => this.run(siteId, options));
    const tracked = run.finally(() => {
      if (this.running.get(siteId) === tracked) this.running.delete(siteId);
    });
    this.running.set(siteId, tracked);
    return tracked;
  }

  private async run(siteId: number, options: { sweep?: boolean }): Promise<SyncResult> {
    const result = await syncSite({
      store: this.options.store,
      siteId,
      credentials: this.options.credentials,
      wrote: this.options.wrote,
      whenWritable: this.options.whenWritable,
      log: this.options.log,
      signal: this.controller.signal,
      client: this.options.client,
      sweep: options.sweep,
      // Another process (the command line) syncing the same site: wait for it rather than fail.
      waitForLock: true,
    });
    if (result.failure && result.failure.code !== 'busy')
      this.options.log?.(`website sync: ${result.failure.code}: ${result.failure.message}`);
    return result;
  }

  /** Stops: no new syncs; the ones under way are cut off (their requests aborted) and awaited. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.controller.abort(new Error('Almanac is stopping'));
    await Promise.allSettled([...this.running.values()]);
  }
}

const hosts = new WeakMap<Store, WebsiteScheduler>();

/**
 * The scheduler of a store's service (service.ts registers the one it runs, with its credential
 * store); without one (a test server, a bare app), one that runs only when asked, with the
 * password file of the data folder.
 */
export function websiteSchedulerOf(store: Store, fallback: () => WebsiteScheduler): WebsiteScheduler {
  let host = hosts.get(store);
  if (!host) hosts.set(store, (host = fallback()));
  return host;
}

export function setWebsiteScheduler(store: Store, scheduler: WebsiteScheduler): void {
  hosts.set(store, scheduler);
}
