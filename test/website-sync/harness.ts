// The website-sync tests' setting: the real Almanac server (real SQLite file, real HTTP) and the
// stand-in TEC website (test/support/tec-site), connected through the real operations, with the
// password in the data folder's credential file. Syncs run with a short backoff (never timed).
import { DateTime } from 'luxon';
import { startServer, type TestServer } from '../support/server.ts';
import { DEFAULT_APP_PASSWORD, startTecSite, type TecSite, type TecSiteOptions } from '../support/tec-site/index.ts';
import { FileCredentialStore } from '../../server/website-sync/credentials.ts';
import { connectWebsite } from '../../server/website-sync/website-service.ts';
import { syncSite, type SyncResult } from '../../server/website-sync/sync-run.ts';
import type { SyncMode } from '../../server/db/repositories/website-connections.ts';
import { websiteRepositories } from '../../server/db/repositories/website-sync.ts';

export const TUNING = { retries: 2, backoffMs: 5, timeoutMs: 10_000 };

export interface Pair {
  almanac: TestServer;
  website: TecSite;
  credentials: FileCredentialStore;
  /** One sync of the default site; `sweep` forces a full sweep. */
  sync(options?: { sweep?: boolean }): Promise<SyncResult>;
  /** Requests the website logged since the last reset, optionally of one method. */
  requests(method?: string): number;
  close(): Promise<void>;
}

export async function startPair(
  options: { mode?: SyncMode; website?: TecSiteOptions; timezone?: string; connect?: boolean } = {},
): Promise<Pair> {
  const almanac = await startServer({ timezone: options.timezone ?? 'America/New_York' });
  const website = await startTecSite(options.website ?? {});
  const credentials = new FileCredentialStore(almanac.dataDir);
  const site = almanac.store.sites.byCode('default')!;
  if (options.connect !== false)
    await connectWebsite(
      almanac.store,
      credentials,
      site,
      { url: website.url, login: 'admin', password: DEFAULT_APP_PASSWORD, mode: options.mode ?? 'merge' },
      TUNING,
    );
  return {
    almanac,
    website,
    credentials,
    sync: (sync = {}) =>
      syncSite({
        store: almanac.store,
        siteId: site.id,
        credentials,
        client: TUNING,
        sweep: sync.sweep,
        wrote: () => almanac.listening.app.wroteInProcess(),
      }),
    requests: (method) => website.requests.filter((r) => method === undefined || r.method === method).length,
    async close() {
      await website.close();
      await almanac.close();
    },
  };
}

/** `YYYY-MM-DD HH:MM:SS` in New York, `days` from now. */
export function inDays(days: number, time = '10:00:00', zone = 'America/New_York'): string {
  return `${DateTime.now().setZone(zone).plus({ days }).toFormat('yyyy-MM-dd')} ${time}`;
}

export function queued(pair: Pair): number {
  return websiteRepositories(pair.almanac.store.db).connections.queuedCount(1);
}
