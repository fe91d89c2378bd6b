// One sync of a site with its website, start to end: take the site's lease (one sync at a time,
// across the app and the command line), read what changed on the website (or sweep it all), pair
// first if this is the first sync, bring in the linked objects the website's events name, then
// terms, venues, organizers and events each through sync-objects.ts, and record where the feeds
// stopped and what the sync did. A password that stops working pauses the site's sync until the
// user connects again; a website that cannot be reached leaves everything queued for next time.
import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Store } from '../db/store.ts';
import { websiteRepositories } from '../db/repositories/website-sync.ts';
import type { QueuedKind } from '../db/repositories/website-connections.ts';
import { administratorContext } from '../operations/context.ts';
import type { CredentialStore } from './credentials.ts';
import { TecClient, WebsiteError, type TecClientOptions } from './tec-client.ts';
import { Pairings } from './pairings.ts';
import { write, type RunContext, type SyncCounts } from './run-context.ts';
import {
  readChanges,
  readEndedBeforeSending,
  readEverything,
  readMissingLinked,
  type RemoteSnapshot,
} from './read-remote.ts';
import { prepareFirstSync } from './first-sync.ts';
import { adoptLostCreates } from './lost-creates.ts';
import { syncKind } from './sync-objects.ts';
import type { EventFields, SyncKind, TermFields } from './fields.ts';
import type { Missing } from './translate.ts';
import { localImageFor } from './local-write.ts';
import { utcWallNow } from './site-clock.ts';
import { reportNotEditable, storedError } from './problems.ts';
import { readSiteZone } from './check-website.ts';
import { TEC_DEFAULT_SYMBOL } from './cost.ts';

/** A full sweep at most this often (and at every first sync). */
export const SWEEP_EVERY_MS = 2 * 60 * 60 * 1000;
/** The lease is taken for this long and renewed while the sync runs. */
const LEASE_MS = 2 * 60 * 1000;

export interface SyncOptions {
  store: Store;
  siteId: number;
  credentials: CredentialStore;
  /** Tuning of the website client (tests make backoff short). */
  client?: Pick<TecClientOptions, 'retries' | 'backoffMs' | 'timeoutMs' | 'maxInFlight'>;
  whenWritable?: () => Promise<void>;
  wrote?: () => void;
  log?: (line: string) => void;
  signal?: AbortSignal;
  now?: () => DateTime<true>;
  /** Sweep everything now, whatever the time since the last sweep. */
  sweep?: boolean;
  /** Wait for another sync of the site to end instead of answering `busy` (the command line does). */
  waitForLock?: boolean;
}

/** Why a whole sync stopped: a stable code (the UI says it in its language, the CLI in the message). */
export const SYNC_FAILURES = [
  'busy',
  'paused',
  'auth',
  'unreachable',
  'website_error',
  'not_connected',
  'no_password',
  'error',
] as const;
export type SyncFailure = (typeof SYNC_FAILURES)[number];

export interface SyncResult {
  ok: boolean;
  counts: SyncCounts;
  sweep: boolean;
  failure?: { code: SyncFailure; message: string };
}

const processOwner = `${process.pid}-${randomBytes(6).toString('hex')}`;

const zeroCounts = (): SyncCounts => ({ sent: 0, received: 0, conflicts: 0, failures: 0, requests: 0 });

const KIND_ORDER: SyncKind[] = ['category', 'tag', 'venue', 'organizer', 'event'];

async function takeLease(options: SyncOptions, owner: string): Promise<boolean> {
  const repos = websiteRepositories(options.store.db);
  for (;;) {
    const now = DateTime.utc();
    const taken = options.store.writing(() =>
      repos.connections.acquire(options.siteId, owner, now.toISO(), now.plus({ milliseconds: LEASE_MS }).toISO()),
    );
    if (taken || !options.waitForLock) return taken;
    if (options.signal?.aborted) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function syncSite(options: SyncOptions): Promise<SyncResult> {
  const { store } = options;
  const repos = websiteRepositories(store.db);
  const counts = zeroCounts();
  const fail = (code: SyncFailure, message: string, sweep = false): SyncResult => ({
    ok: false,
    counts,
    sweep,
    failure: { code, message },
  });
  const conn = repos.connections.get(options.siteId);
  const site = store.sites.list().find((each) => each.id === options.siteId);
  if (!conn || !site) return fail('not_connected', 'This site is not connected to a website.');
  if (conn.paused_reason) return fail('paused', conn.paused_reason);
  const credential = await options.credentials.get(conn.credential_key);
  if (!credential)
    return fail(
      'no_password',
      `The password for ${conn.url} is not where it was kept (${options.credentials.where}): connect again.`,
    );
  const owner = `${processOwner}-${randomBytes(3).toString('hex')}`;
  if (!(await takeLease(options, owner)))
    return fail(
      'busy',
      'Another sync of this site is running (in the app or at the command line); it will finish on its own.',
    );
  const renew = setInterval(() => {
    const until = DateTime.utc().plus({ milliseconds: LEASE_MS }).toISO();
    try {
      store.writing(() => repos.connections.renew(options.siteId, owner, until));
    } catch {
      // the database is busy or closing: the next renewal tries again, the lease is long
    }
  }, LEASE_MS / 4);
  renew.unref();
  const now = options.now ?? (() => DateTime.utc());
  const client = new TecClient({
    apiRoot: conn.api_root,
    login: credential.login,
    password: credential.password,
    signal: options.signal,
    ...options.client,
  });
  const run: RunContext = {
    store,
    site,
    conn,
    repos,
    client,
    op: administratorContext(store, site.code),
    pairs: new Pairings(repos, site.id),
    counts,
    zone: { timezoneString: conn.remote_timezone, gmtOffset: conn.remote_gmt_offset },
    websiteSymbol: conn.remote_currency_symbol ?? TEC_DEFAULT_SYMBOL,
    now,
    whenWritable: options.whenWritable ?? (() => Promise.resolve()),
    wrote: options.wrote ?? (() => {}),
    log: options.log ?? (() => {}),
    creating: new Map(),
    claimed: new Set(),
    markedNow: new Set(),
    notEditable: new Map(),
  };
  const first = conn.first_sync_done === 0;
  const sweep =
    first ||
    options.sweep === true ||
    !conn.last_sweep_utc ||
    Date.now() - Date.parse(`${conn.last_sweep_utc.replace(' ', 'T')}Z`) > SWEEP_EVERY_MS;
  const attempt = utcWallNow(now());
  try {
    store.writing(() => repos.connections.update(site.id, { last_attempt_utc: attempt }));
    const snapshot = sweep ? await readEverything(run) : await readChanges(run);
    // After the sweep's first read (a signed-in one: nothing goes on as an anonymous visitor).
    if (sweep) await refreshZone(run);
    // Both write (pairs) right away: after the write gate opens.
    await run.whenWritable();
    adoptLostCreates(run, snapshot);
    await run.whenWritable();
    const allLocal = first ? await prepareFirstSync(run, snapshot) : undefined;
    const queued = queuedByKind(run);
    if (!sweep) await readEndedBeforeSending(run, snapshot, [...(queued.get('event')?.keys() ?? [])]);
    await write(run, () => reportNotEditable(run, sweep));
    const needed = await neededLinked(run, snapshot);
    await pairImages(run, snapshot);
    for (const kind of KIND_ORDER) {
      // Events are queued again at their turn: a term kept on the website queues those that carry
      // it, a venue or organizer back on the website those that name it (trashed-links.ts). Those
      // that already ended are read first too, as the ones queued before (no feed shows them).
      const eventQueue = kind === 'event' ? queuedByKind(run).get('event') : undefined;
      if (eventQueue && !sweep) {
        const before = queued.get('event');
        const added = [...eventQueue.keys()].filter((id) => !before?.has(id));
        if (added.length > 0) await readEndedBeforeSending(run, snapshot, added);
      }
      await syncKind(run, {
        kind,
        remote: kind === 'event' ? snapshot.events : orderParentsFirst(kind, snapshot[kind]),
        queued: (kind === 'event' ? eventQueue : queued.get(kind)) ?? new Map(),
        allLocal: kind === 'event' ? allLocal : undefined,
        needed: kind === 'event' ? undefined : needed[kind],
      });
    }
    finish(run, snapshot, sweep, first, attempt);
    return { ok: counts.conflicts === 0 && counts.failures === 0, counts, sweep };
  } catch (error) {
    const cause = await signedOutCause(run, error);
    counts.requests = client.requests;
    return failed(run, cause, sweep);
  } finally {
    clearInterval(renew);
    client.close();
    try {
      store.writing(() => repos.connections.release(site.id, owner));
    } catch {
      // closing: the lease expires by itself
    }
    run.wrote();
  }
}

/**
 * The website's zone, read again at each sweep (its owner may change it in WordPress's settings
 * after we connected): the feeds' `modified_after` is a local time there (site-clock.ts), and a
 * zone moved to a smaller offset would send it hours too late — edits in that gap unseen until
 * the next sweep. One small request every sweep (two hours) bounds how long a stale zone lasts:
 * the sweep itself reads everything (no `modified_after`: the zone plays no part in its reads), and
 * the rest of this run and every later sync use the new zone.
 */
async function refreshZone(run: RunContext): Promise<void> {
  const zone = await readSiteZone(run.client);
  if (!zone) return;
  if (zone.timezoneString === run.zone.timezoneString && zone.gmtOffset === run.zone.gmtOffset) return;
  run.log(
    `website sync of ${run.site.code}: the website's time zone is now ${zone.timezoneString || `UTC${zone.gmtOffset >= 0 ? '+' : ''}${zone.gmtOffset}`}`,
  );
  run.zone = zone;
  run.conn = { ...run.conn, remote_timezone: zone.timezoneString, remote_gmt_offset: zone.gmtOffset };
  await write(run, () =>
    run.repos.connections.update(run.site.id, {
      remote_timezone: zone.timezoneString,
      remote_gmt_offset: zone.gmtOffset,
    }),
  );
}

function queuedByKind(run: RunContext): Map<QueuedKind, Map<number, number>> {
  const queued = new Map<QueuedKind, Map<number, number>>();
  for (const change of run.repos.connections.queued(run.site.id)) {
    if (!queued.has(change.kind)) queued.set(change.kind, new Map());
    queued.get(change.kind)!.set(change.local_id, change.version);
  }
  return queued;
}

/** The venues, organizers and terms the website's changed events name that are not paired yet (read now if unseen). */
async function neededLinked(
  run: RunContext,
  snapshot: RemoteSnapshot,
): Promise<Record<'venue' | 'organizer' | 'category' | 'tag', Set<number>>> {
  const missing: Missing = {};
  const add = (kind: 'venue' | 'organizer' | 'category' | 'tag', id: number) => {
    if (run.pairs.localId(kind, id) === undefined) (missing[kind] ??= []).push(id);
  };
  for (const event of snapshot.events.values()) {
    const fields = event.fields as EventFields | undefined;
    if (!fields || event.trashed || run.pairs.ofRemote('event', event.id)?.local_id === null) continue;
    if (fields.venue !== null) add('venue', fields.venue);
    for (const id of fields.organizers) add('organizer', id);
    for (const id of fields.categories) add('category', id);
    for (const id of fields.tags) add('tag', id);
  }
  await readMissingLinked(run, snapshot, missing);
  const needed = {
    venue: new Set(missing.venue),
    organizer: new Set(missing.organizer),
    category: new Set(missing.category),
    tag: new Set(missing.tag),
  };
  // A needed category's parents are needed too.
  for (const id of [...needed.category]) {
    let parent = (snapshot.category.get(id)?.fields as TermFields | undefined)?.parent ?? 0;
    while (parent > 0 && run.pairs.localId('category', parent) === undefined && !needed.category.has(parent)) {
      needed.category.add(parent);
      parent = (snapshot.category.get(parent)?.fields as TermFields | undefined)?.parent ?? 0;
    }
  }
  return needed;
}

/** Almanac's image records for the website's images the events show (by address), paired with the attachments. */
async function pairImages(run: RunContext, snapshot: RemoteSnapshot): Promise<void> {
  const images = new Map<number, string>();
  for (const event of snapshot.events.values())
    if (event.image && event.image.url && run.pairs.localId('image', event.image.id) === undefined)
      images.set(event.image.id, event.image.url);
  if (images.size === 0) return;
  await run.whenWritable();
  run.store.writing(() => {
    run.repos.connections.quiet(run.site.id);
    for (const [remoteId, url] of images) run.pairs.add('image', localImageFor(run.op, url), remoteId);
    run.repos.connections.unquiet(run.site.id);
  });
}

/** Categories whose parent is among them come after it (a parent is made here before its children). */
function orderParentsFirst<T extends { id: number; fields?: unknown }>(
  kind: SyncKind,
  objects: Map<number, T>,
): Map<number, T> {
  if (kind !== 'category') return objects;
  const depth = (object: T, seen = new Set<number>()): number => {
    const parent = (object.fields as TermFields | undefined)?.parent ?? 0;
    const above = objects.get(parent);
    if (!above || seen.has(parent)) return 0;
    seen.add(parent);
    return 1 + depth(above, seen);
  };
  return new Map([...objects.entries()].sort(([, a], [, b]) => depth(a) - depth(b)));
}

function finish(run: RunContext, snapshot: RemoteSnapshot, sweep: boolean, first: boolean, attempt: string): void {
  const { repos, site, counts } = run;
  counts.conflicts = repos.problems.conflictCount(site.id);
  counts.failures = repos.problems.failureCount(site.id);
  counts.requests = run.client.requests;
  run.store.writing(() =>
    repos.connections.update(site.id, {
      events_cursor: snapshot.cursors.events,
      venues_cursor: snapshot.cursors.venues,
      organizers_cursor: snapshot.cursors.organizers,
      ...(sweep ? { last_sweep_utc: attempt } : {}),
      ...(first ? { first_sync_done: 1 } : {}),
      ...(run.websiteSymbol !== run.conn.remote_currency_symbol ? { remote_currency_symbol: run.websiteSymbol } : {}),
      last_sync_utc: utcWallNow(run.now()),
      last_summary: JSON.stringify({ ...counts, sweep }),
      last_error: null,
      failed_attempts: 0,
    }),
  );
}

/**
 * A read refused as an invalid request (400) may be the website answering an anonymous visitor: over
 * plain HTTP a real WordPress silently ignores the password, and a list of every status (the trash
 * included) is then refused as a bad `status` (tec-website.md) — not a 401. users/me says who the
 * website thinks is asking: a 401 there is the password ignored (or refused), and the sync pauses
 * with that reason instead of retrying a request that can never work.
 */
async function signedOutCause(run: RunContext, error: unknown): Promise<unknown> {
  if (!(error instanceof WebsiteError) || (error.status !== 400 && error.status !== 403)) return error;
  try {
    await run.client.get('wp/v2/users/me', { context: 'edit', _fields: 'id' });
    return error;
  } catch (me) {
    return me instanceof WebsiteError && me.reason === 'auth' ? me : error;
  }
}

function failed(run: RunContext, error: unknown, sweep: boolean): SyncResult {
  const { repos, site, counts } = run;
  let code: SyncFailure = 'error';
  let message = (error as Error)?.message ?? String(error);
  if (error instanceof WebsiteError) {
    if (error.reason === 'auth') {
      code = 'auth';
      const ignored = error.code === 'rest_forbidden_context' || error.code === 'rest_not_logged_in';
      message = ignored
        ? `${run.conn.url} answers as if no password had been sent (it ignores it: WordPress accepts application passwords only over HTTPS or on a local environment): the site's sync is paused until you connect again.`
        : `${run.conn.url} no longer accepts the password of ${run.conn.login} (${error.code ?? error.status}): the site's sync is paused until you connect again with a working application password.`;
    } else if (error.reason === 'unreachable' || error.reason === 'lost') code = 'unreachable';
    else code = 'website_error';
  }
  // An unexpected failure is a bug: its stack goes to the log (it holds no event's content).
  run.log(`website sync of ${site.code} failed: ${code === 'error' ? ((error as Error)?.stack ?? message) : message}`);
  counts.conflicts = repos.problems.conflictCount(site.id);
  counts.failures = repos.problems.failureCount(site.id);
  try {
    run.store.writing(() =>
      repos.connections.update(site.id, {
        last_error: storedError(code, message),
        failed_attempts: run.conn.failed_attempts + 1,
        ...(code === 'auth' ? { paused_reason: message } : {}),
      }),
    );
  } catch {
    // the database is closing: the next start tries again
  }
  return { ok: false, counts, sweep, failure: { code, message } };
}
