// Website sync (migration 0020): each site's connection to a The Events Calendar website, the
// sync's lease (one sync at a time per site, across processes) and the outgoing queue the
// triggers write. The password is never here (server/website-sync/credentials.ts).
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';

export type SyncMode = 'publish' | 'import' | 'merge';
export type QueuedKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';

export interface ConnectionRow {
  site_id: number;
  url: string;
  api_root: string;
  login: string;
  remote_user_id: number;
  credential_key: string;
  mode: SyncMode;
  first_sync_done: number;
  remote_timezone: string;
  remote_gmt_offset: number;
  /** The website's default currency symbol (migration 0025); null until the sync has seen it. */
  remote_currency_symbol: string | null;
  paused_reason: string | null;
  events_cursor: string | null;
  venues_cursor: string | null;
  organizers_cursor: string | null;
  last_sweep_utc: string | null;
  last_sync_utc: string | null;
  last_attempt_utc: string | null;
  last_summary: string | null;
  last_error: string | null;
  failed_attempts: number;
  lock_owner: string | null;
  lock_until: string | null;
  created_utc: string;
}

/** The columns a sync or the user may change (never the site or the lease: see acquire/release). */
export type ConnectionUpdate = Partial<
  Omit<ConnectionRow, 'site_id' | 'lock_owner' | 'lock_until' | 'created_utc' | 'credential_key'>
>;

const UPDATABLE = new Set<string>([
  'url',
  'api_root',
  'login',
  'remote_user_id',
  'mode',
  'first_sync_done',
  'remote_timezone',
  'remote_gmt_offset',
  'remote_currency_symbol',
  'paused_reason',
  'events_cursor',
  'venues_cursor',
  'organizers_cursor',
  'last_sweep_utc',
  'last_sync_utc',
  'last_attempt_utc',
  'last_summary',
  'last_error',
  'failed_attempts',
]);

export interface QueuedChange {
  kind: QueuedKind;
  local_id: number;
  version: number;
}

export function websiteConnectionsRepository(db: Db) {
  const get = db.prepare('SELECT * FROM website_connections WHERE site_id = ?');
  const list = db.prepare('SELECT * FROM website_connections ORDER BY site_id');
  const insert = db.prepare(
    `INSERT INTO website_connections (site_id, url, api_root, login, remote_user_id, credential_key, mode,
       remote_timezone, remote_gmt_offset, created_utc)
     VALUES (@site_id, @url, @api_root, @login, @remote_user_id, @credential_key, @mode,
       @remote_timezone, @remote_gmt_offset, @created_utc)`,
  );
  const remove = db.prepare('DELETE FROM website_connections WHERE site_id = ?');
  // The lease is taken only when free or expired; a process holding it renews it as it works.
  const acquire = db.prepare(
    `UPDATE website_connections SET lock_owner = ?, lock_until = ?
     WHERE site_id = ? AND (lock_owner IS NULL OR lock_until < ?)`,
  );
  const renew = db.prepare('UPDATE website_connections SET lock_until = ? WHERE site_id = ? AND lock_owner = ?');
  const release = db.prepare(
    'UPDATE website_connections SET lock_owner = NULL, lock_until = NULL WHERE site_id = ? AND lock_owner = ?',
  );
  const queued = db.prepare(
    'SELECT kind, local_id, version FROM website_outbox WHERE site_id = ? ORDER BY queued_utc, local_id',
  );
  const queuedCount = db.prepare('SELECT COUNT(*) FROM website_outbox WHERE site_id = ?').pluck();
  const enqueue = db.prepare(
    `INSERT INTO website_outbox (site_id, kind, local_id) VALUES (?, ?, ?)
     ON CONFLICT (site_id, kind, local_id) DO UPDATE SET version = version + 1`,
  );
  // Sent: the row goes, unless the object changed again while it was being sent (a newer version).
  const dequeue = db.prepare(
    'DELETE FROM website_outbox WHERE site_id = ? AND kind = ? AND local_id = ? AND version <= ?',
  );
  const dropQueue = db.prepare('DELETE FROM website_outbox WHERE site_id = ?');
  const quiet = db.prepare('INSERT OR IGNORE INTO website_quiet (site_id) VALUES (?)');
  const unquiet = db.prepare('DELETE FROM website_quiet WHERE site_id = ?');

  return {
    get: (siteId: number) => get.get(siteId) as ConnectionRow | undefined,
    list: () => list.all() as ConnectionRow[],
    insert(
      row: Pick<
        ConnectionRow,
        | 'site_id'
        | 'url'
        | 'api_root'
        | 'login'
        | 'remote_user_id'
        | 'credential_key'
        | 'mode'
        | 'remote_timezone'
        | 'remote_gmt_offset'
        | 'created_utc'
      >,
    ): void {
      insert.run(row);
    },
    update(siteId: number, columns: ConnectionUpdate): void {
      const names = Object.keys(columns).filter((name) => UPDATABLE.has(name));
      if (names.length === 0) return;
      const values = Object.assign(Object.fromEntries(names.map((n) => [n, (columns as Record<string, unknown>)[n]])), {
        site_id: siteId,
      });
      prepareCached(
        db,
        `UPDATE website_connections SET ${names.map((n) => `${n} = @${n}`).join(', ')} WHERE site_id = @site_id`,
      ).run(values);
    },
    remove: (siteId: number) => void remove.run(siteId),

    /** Takes the site's sync lease until `until` (ISO) if nobody holds an unexpired one. */
    acquire: (siteId: number, owner: string, now: string, until: string) =>
      acquire.run(owner, until, siteId, now).changes === 1,
    /** Moves the lease on; false when it was lost (expired and taken by another). */
    renew: (siteId: number, owner: string, until: string) => renew.run(until, siteId, owner).changes === 1,
    release: (siteId: number, owner: string) => void release.run(siteId, owner),

    /** The outgoing queue, oldest first. */
    queued: (siteId: number) => queued.all(siteId) as QueuedChange[],
    queuedCount: (siteId: number) => queuedCount.get(siteId) as number,
    enqueue: (siteId: number, kind: QueuedKind, localId: number) => void enqueue.run(siteId, kind, localId),
    /** Takes the object off the queue unless it changed again after `version` was read. */
    dequeue: (siteId: number, kind: QueuedKind, localId: number, version: number) =>
      void dequeue.run(siteId, kind, localId, version),
    dropQueue: (siteId: number) => void dropQueue.run(siteId),
    /** Writes in this transaction after `quiet` are not queued (see migration 0020); `unquiet` before it ends. */
    quiet: (siteId: number) => void quiet.run(siteId),
    unquiet: (siteId: number) => void unquiet.run(siteId),
  };
}
