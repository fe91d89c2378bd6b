// The operations behind both the app API (almanac/v1/sites/{code}/website…) and the command line
// (`almanac website …`): connect, status, resolve a conflict, retry a failure, disconnect. A sync
// itself is sync-run.ts (the scheduler and both front ends call it).
import type { Store } from '../db/store.ts';
import type { Site } from '../db/repositories/sites.ts';
import { websiteRepositories } from '../db/repositories/website-sync.ts';
import type { SyncMode } from '../db/repositories/website-connections.ts';
import type { ConflictRow, FailureRow } from '../db/repositories/website-problems.ts';
import { newCredentialKey, type CredentialStore, type PasswordPlace } from './credentials.ts';
import { checkWebsite, type CheckedWebsite } from './check-website.ts';
import type { TecClientOptions } from './tec-client.ts';
import { resolvedBase, type ConflictField } from './merge.ts';
import { parseFields } from './pairings.ts';
import { readLocal } from './local-read.ts';
import { utcWallNow } from './site-clock.ts';
import { failureReason, readStoredError } from './problems.ts';
import type { Fields, SyncKind } from './fields.ts';

export const SYNC_MODES: readonly SyncMode[] = ['publish', 'import', 'merge'];

export class WebsiteOperationError extends Error {
  constructor(
    readonly code: 'not_connected' | 'already_connected' | 'no_conflict' | 'no_failure' | 'bad_mode',
    message: string,
  ) {
    super(message);
  }
}

export interface ConnectInput {
  url: string;
  login: string;
  password: string;
  mode: SyncMode;
}

/**
 * Checks the website (check-website.ts: refuses what cannot be trusted, in words) and keeps the
 * connection, the password going to the credential store. Connecting a connected site again
 * (a new password, say) keeps its pairings when it is the same website and user; the mode then
 * no longer matters (the first sync is behind it).
 */
export async function connectWebsite(
  store: Store,
  credentials: CredentialStore,
  site: Site,
  input: ConnectInput,
  tuning: Pick<TecClientOptions, 'retries' | 'backoffMs' | 'timeoutMs'> = {},
): Promise<CheckedWebsite> {
  if (!SYNC_MODES.includes(input.mode))
    throw new WebsiteOperationError('bad_mode', `mode must be one of ${SYNC_MODES.join(', ')}.`);
  const checked = await checkWebsite(input, tuning);
  const repos = websiteRepositories(store.db);
  const existing = repos.connections.get(site.id);
  const sameWebsite = existing && existing.url === checked.url && existing.remote_user_id === checked.user.id;
  const key = sameWebsite ? existing.credential_key : newCredentialKey();
  await credentials.set(key, { login: input.login, password: input.password });
  store.writing(() => {
    if (existing && sameWebsite) {
      repos.connections.update(site.id, {
        api_root: checked.apiRoot,
        login: input.login,
        remote_timezone: checked.timezoneString,
        remote_gmt_offset: checked.gmtOffset,
        paused_reason: null,
        last_error: null,
        failed_attempts: 0,
      });
      return;
    }
    if (existing) forget(store, site.id);
    repos.connections.insert({
      site_id: site.id,
      url: checked.url,
      api_root: checked.apiRoot,
      login: input.login,
      remote_user_id: checked.user.id,
      credential_key: key,
      mode: input.mode,
      remote_timezone: checked.timezoneString,
      remote_gmt_offset: checked.gmtOffset,
      created_utc: utcWallNow(),
    });
  });
  if (existing && !sameWebsite) await credentials.delete(existing.credential_key);
  return checked;
}

function forget(store: Store, siteId: number): void {
  const repos = websiteRepositories(store.db);
  repos.items.forgetSite(siteId);
  repos.problems.forgetSite(siteId);
  repos.connections.dropQueue(siteId);
  repos.connections.remove(siteId);
}

/** Forgets the website: the connection, its pairings, its queue, its password. Nothing is deleted on either side. */
export async function disconnectWebsite(store: Store, credentials: CredentialStore, site: Site): Promise<void> {
  const conn = websiteRepositories(store.db).connections.get(site.id);
  if (!conn) throw new WebsiteOperationError('not_connected', `Site ${site.code} is not connected to a website.`);
  store.writing(() => forget(store, site.id));
  await credentials.delete(conn.credential_key);
}

export interface ConflictView {
  id: number;
  kind: string;
  local_id: number | null;
  remote_id: number | null;
  type: ConflictRow['conflict_type'];
  title: string;
  fields: ConflictField[];
  created: string;
}

export interface FailureView {
  id: number;
  kind: string;
  local_id: number | null;
  remote_id: number | null;
  direction: FailureRow['direction'];
  title: string;
  code: string;
  /** Why, as a stable code the UI translates (failureReason). */
  reason: string;
  /** The website's (or Almanac's check's) own words, shown beside the translated reason. */
  detail: string | null;
  message: string;
  status: number | null;
  attempts: number;
  updated: string;
}

const iso = (wall: string | null) => (wall ? `${wall.replace(' ', 'T').slice(0, 19)}Z` : null);

export function conflictView(row: ConflictRow): ConflictView {
  return {
    id: row.id,
    kind: row.kind,
    local_id: row.local_id,
    remote_id: row.remote_id,
    type: row.conflict_type,
    title: row.title,
    fields: JSON.parse(row.fields) as ConflictField[],
    created: iso(row.created_utc)!,
  };
}

export function failureView(row: FailureRow): FailureView {
  return {
    id: row.id,
    kind: row.kind,
    local_id: row.local_id,
    remote_id: row.remote_id,
    direction: row.direction,
    title: row.title,
    code: row.code,
    ...failureReason(row),
    status: row.status,
    attempts: row.attempts,
    updated: iso(row.updated_utc)!,
  };
}

export interface WebsiteStatus {
  connected: boolean;
  url: string | null;
  login: string | null;
  mode: SyncMode | null;
  first_sync_done: boolean;
  /** Where the password is kept, in words. */
  password_kept: string;
  password_place: PasswordPlace;
  syncing: boolean;
  paused_reason: string | null;
  last_sync: string | null;
  last_attempt: string | null;
  last_error: string | null;
  last_error_code: string | null;
  last_summary: {
    sent: number;
    received: number;
    conflicts: number;
    failures: number;
    requests: number;
    sweep: boolean;
  } | null;
  changes_waiting: number;
  conflicts: ConflictView[];
  failures: FailureView[];
}

export function websiteStatus(store: Store, site: Site, credentials: CredentialStore): WebsiteStatus {
  const repos = websiteRepositories(store.db);
  const conn = repos.connections.get(site.id);
  if (!conn)
    return {
      connected: false,
      url: null,
      login: null,
      mode: null,
      first_sync_done: false,
      password_kept: credentials.where,
      password_place: credentials.place,
      syncing: false,
      paused_reason: null,
      last_sync: null,
      last_attempt: null,
      last_error: null,
      last_error_code: null,
      last_summary: null,
      changes_waiting: 0,
      conflicts: [],
      failures: [],
    };
  const leased = conn.lock_owner !== null && conn.lock_until !== null && conn.lock_until > new Date().toISOString();
  return {
    connected: true,
    url: conn.url,
    login: conn.login,
    mode: conn.mode,
    first_sync_done: conn.first_sync_done === 1,
    password_kept: credentials.where,
    password_place: credentials.place,
    syncing: leased,
    paused_reason: conn.paused_reason,
    last_sync: iso(conn.last_sync_utc),
    last_attempt: iso(conn.last_attempt_utc),
    last_error: readStoredError(conn.last_error)?.message ?? null,
    last_error_code: readStoredError(conn.last_error)?.code ?? null,
    last_summary: conn.last_summary ? (JSON.parse(conn.last_summary) as WebsiteStatus['last_summary']) : null,
    changes_waiting: repos.connections.queuedCount(site.id),
    conflicts: repos.problems.conflicts(site.id).map(conflictView),
    failures: repos.problems.failures(site.id).map(failureView),
  };
}

/**
 * Records the user's choice for a conflict; the next sync carries it out. The choice is written as
 * the state both sides "agreed" on, so the next merge sees only the chosen side as changed
 * (merge.ts resolvedBase): keep mine sends ours, take theirs writes theirs here.
 */
export function resolveConflict(store: Store, site: Site, conflictId: number, keep: 'mine' | 'theirs'): ConflictView {
  const repos = websiteRepositories(store.db);
  return store.writing(() => {
    const row = repos.problems.conflict(site.id, conflictId);
    if (!row)
      throw new WebsiteOperationError('no_conflict', `There is no conflict ${conflictId} on site ${site.code}.`);
    const view = conflictView(row);
    const item =
      (row.local_id !== null ? repos.items.byLocal(site.id, row.kind, row.local_id) : undefined) ??
      (row.remote_id !== null ? repos.items.byRemote(site.id, row.kind, row.remote_id) : undefined);
    if (item) {
      const base = parseFields(item.base);
      if (row.conflict_type === 'fields')
        repos.items.update(item.id, { base: JSON.stringify(resolvedBase(base, view.fields, keep)) });
      else {
        // deleted_here keep mine / deleted_there take theirs: the surviving side counts as unchanged
        // (its changes are let go, the delete goes through); the other two: both count as trashed,
        // so the side that has it brings it back on the other.
        const letDeleteThrough = (row.conflict_type === 'deleted_here') === (keep === 'mine');
        if (letDeleteThrough) {
          const survivor =
            row.conflict_type === 'deleted_here'
              ? parseFields(item.remote_fields)
              : currentFields(store, site, row.kind, item.local_id);
          repos.items.update(item.id, { base: JSON.stringify(survivor ?? base ?? {}) });
        } else repos.items.update(item.id, { agreed_trashed: 1 });
      }
      if (item.local_id !== null && item.kind !== 'image') repos.connections.enqueue(site.id, item.kind, item.local_id);
    }
    repos.problems.removeConflict(row.id);
    return view;
  });
}

function currentFields(store: Store, site: Site, kind: string, localId: number | null): Fields | undefined {
  if (localId === null) return undefined;
  return readLocal(store, site, kind as SyncKind, [localId]).get(localId)?.fields;
}

/** Sends (or reads) the object again at the next sync. */
export function retryFailure(store: Store, site: Site, failureId: number): FailureView {
  const repos = websiteRepositories(store.db);
  return store.writing(() => {
    const row = repos.problems.failure(site.id, failureId);
    if (!row) throw new WebsiteOperationError('no_failure', `There is no failure ${failureId} on site ${site.code}.`);
    if (row.local_id !== null && row.kind !== 'image') repos.connections.enqueue(site.id, row.kind, row.local_id);
    if (row.direction === 'receive') {
      // Read it again: forget when it was last read, and sweep (the feed is past it).
      const item = row.remote_id !== null ? repos.items.byRemote(site.id, row.kind, row.remote_id) : undefined;
      if (item) repos.items.update(item.id, { remote_modified: null });
      repos.connections.update(site.id, { last_sweep_utc: null });
    }
    repos.problems.removeFailure(row.id);
    return failureView(row);
  });
}
