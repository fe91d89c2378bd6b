// What one sync run carries through its phases (read the website, pair, merge, write here, send).
import type { DateTime } from 'luxon';
import type { Store } from '../db/store.ts';
import type { Site } from '../db/repositories/sites.ts';
import type { ConnectionRow } from '../db/repositories/website-connections.ts';
import type { WebsiteRepositories } from '../db/repositories/website-sync.ts';
import type { OperationContext } from '../operations/context.ts';
import type { TecClient } from './tec-client.ts';
import type { Pairings } from './pairings.ts';
import type { SiteZone } from './site-clock.ts';

export interface SyncCounts {
  /** Objects created, changed or trashed on the website. */
  sent: number;
  /** Objects created, changed or trashed here from the website. */
  received: number;
  /** Conflicts waiting for the user (after this sync). */
  conflicts: number;
  /** Objects refused or failed (after this sync). */
  failures: number;
  /** Requests made to the website. */
  requests: number;
}

export interface RunContext {
  store: Store;
  site: Site;
  conn: ConnectionRow;
  repos: WebsiteRepositories;
  client: TecClient;
  /** The install's administrator on the site: the sync writes here as they would. */
  op: OperationContext;
  pairs: Pairings;
  counts: SyncCounts;
  zone: SiteZone;
  /**
   * The website's default currency symbol (TEC's setting), which its costs without a symbol are shown
   * with: learned from v1 (cost.ts), kept on the connection; TEC's `$` until seen.
   */
  websiteSymbol: string;
  now: () => DateTime<true>;
  /** Waits until the service's write gate is open (an import holds the write lock meanwhile). */
  whenWritable: () => Promise<void>;
  /** Tells the running service that this process wrote (its cache, its change streams). */
  wrote: () => void;
  log: (line: string) => void;
  /**
   * Linked objects being created on the website right now, by kind and local id: two events sent
   * at once that name the same new venue (or image) wait for the one creation.
   */
  creating: Map<string, Promise<number>>;
  /** Website events this run has taken as the answer to a create (made, or found after a lost answer). */
  claimed: Set<number>;
  /** Events this run marked as pending creates just before sending them (nothing sent yet). */
  markedNow: Set<number>;
  /**
   * Events the website lists but will not let this account read for editing (403 on core's
   * context=edit single read: another user's event, for an author or contributor), by id, with
   * their titles: left as they are, said once in the sync's problems (problems.ts).
   */
  notEditable: Map<number, string>;
}

/**
 * One write transaction of the sync, on the event loop: after the write gate opens (an import's
 * worker holding SQLite's write lock would otherwise block the whole service inside better-sqlite3),
 * holding the lock from its first statement (BEGIN IMMEDIATE: another process — the command line —
 * may write between our reads).
 */
export async function write<T>(run: RunContext, fn: () => T): Promise<T> {
  await run.whenWritable();
  return run.store.writing(fn);
}

/** Runs `create` once per key while it is under way; later callers get the same answer. */
export function once(run: RunContext, key: string, create: () => Promise<number>): Promise<number> {
  let pending = run.creating.get(key);
  if (!pending) {
    pending = create();
    run.creating.set(key, pending);
    const forget = () => run.creating.delete(key);
    pending.then(forget, forget);
  }
  return pending;
}
