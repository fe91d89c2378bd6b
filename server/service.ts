// The one way to run the Almanac service, used by `almanac serve` and by the desktop app's main
// process alike: take the data dir's lock, open (and migrate) the database, listen on 127.0.0.1,
// write the run file, schedule daily backups and planner upkeep — and undo all of it, in order, on
// stop. Nothing here exits the process or reads the command line.
import { writeGateOf } from './http/write-gate.ts';
import { existsSync } from 'node:fs';
import { scheduleSeriesUpkeep } from './operations/series/series-horizon.ts';
import { scheduleSearchIndexBuild } from './operations/search-index-upkeep.ts';
import { fileURLToPath } from 'node:url';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { databaseFile, openDataDir } from './data-dir.ts';
import { rotatingBackupInWorker, startDailyBackups } from './db/backup.ts';
import { scheduleOptimize } from './db/open.ts';
import type { Store } from './db/store.ts';
import { tuneHeapForServing } from './heap-tuning.ts';
import { DesktopSessions } from './http/desktop-sessions.ts';
import { EVENTS_NAMESPACE } from './http/namespaces.ts';
import { loadUiAssets } from './http/ui.ts';
import { DEFAULT_PORT, listen, type Listening } from './listen.ts';
import { clearRunFile, writeRunFile, type RunInfo } from './run-file.ts';
import { explainDataDirFailure, explainListenFailure } from './startup-errors.ts';
import { reportEventLoopDelay } from './event-loop-stats.ts';
import { NetworkSharing } from './caldav/network/sharing.ts';
import { BackgroundProblems } from './background-problems.ts';
import type { CliCommand } from './cli-command.ts';
import { FileCredentialStore, type CredentialStore } from './website-sync/credentials.ts';
import { setWebsiteScheduler, WebsiteScheduler } from './website-sync/scheduler.ts';

export interface ServiceOptions {
  dataDir: string;
  /** Preferred port (default 8940); when taken, any free one. 0: any free one. */
  port?: number;
  /** Extra browser origins allowed to call the API (CORS). */
  allowedOrigins?: string[];
  /** Settings of the default site when the data dir is new. */
  timezone?: string;
  language?: string;
  /** Which program runs the service (written to the run file). */
  app?: RunInfo['app'];
  /** Where progress lines go (backups). Default: nowhere. */
  log?: (line: string) => void;
  /** The built UI (Vite's output). Default: found next to this module or its bundle. */
  uiDir?: string;
  /** Daily backups while running (default true; ALMANAC_DAILY_BACKUP=0 turns them off). */
  dailyBackups?: boolean;
  /** V8 settings for a long-running server process (default true; see heap-tuning.ts). */
  tuneHeap?: boolean;
  /** Benchmarks only (see app.ts). */
  benchRoute?: boolean;
  /** How to run the command line where this runs (the desktop app's own; default: cli-command.ts finds it). */
  cliCommand?: CliCommand;
  /**
   * Where website passwords are kept (website sync): the desktop app passes the operating
   * system's keychain (electron/website-credentials.ts); default, a file only the user may read
   * in the data dir.
   */
  credentials?: CredentialStore;
  /** Sync connected websites in the background (default true; ALMANAC_WEBSITE_SYNC=0 turns it off). */
  websiteSync?: boolean;
}

export interface RunningService {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** The default site's svc/events/v1 root. */
  apiRoot: string;
  dataDir: string;
  store: Store;
  listening: Listening;
  /** A fresh one-time sign-in URL for the install's administrator (single use, ten minutes). */
  signInUrl(): string;
  /** A per-launch bearer token for the install's administrator, kept in memory only. */
  createDesktopSession(): string;
  /** A backup now, written by a worker thread; resolves to the file. */
  backupNow(): Promise<string>;
  /** Failures out of sight of any request (backups, the read worker), as the UI shows them. */
  problems: BackgroundProblems;
  /**
   * Stops: no new requests, in-flight ones finish (forced after `graceMs`), the WAL is
   * checkpointed into the database, the database closed, the run file removed, the lock released.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

/** The built renderer: `renderer/` next to a bundle (dist/cli.mjs, the app's main.mjs), or dist/renderer from the sources. */
function defaultUiDir(): string | undefined {
  for (const candidate of ['./renderer/', '../dist/renderer/']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${dir}index.html`)) return dir;
  }
  return undefined;
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { dataDir } = options;
  let lock: DataDirLock | undefined;
  let store: Store | undefined;
  try {
    lock = acquireDataDirLock(dataDir);
    store = openDataDir(dataDir, { timezone: options.timezone, language: options.language });
  } catch (error) {
    lock?.release();
    throw explainDataDirFailure(error, dataDir);
  }
  const log = options.log ?? (() => {});
  const problems = new BackgroundProblems((problem) => log(`background failure (${problem.kind}): ${problem.message}`));
  // Backups under way (a worker each); stop() waits for them.
  const backups = new Set<Promise<string>>();
  const backup = (reason: string) => {
    const written = rotatingBackupInWorker(databaseFile(dataDir), reason);
    backups.add(written);
    const forget = () => backups.delete(written);
    written.then(forget, forget);
    return written;
  };
  const desktopSessions = new DesktopSessions();
  // CalDAV on the network (Settings → Share on my network), serving what the loopback app serves.
  let app: Listening['app'] | undefined;
  const networkSharing = new NetworkSharing(dataDir, () => app!.calDavOptions);
  let listening: Listening;
  try {
    listening = await listen({
      store,
      port: options.port ?? DEFAULT_PORT,
      allowedOrigins: options.allowedOrigins,
      benchRoute: options.benchRoute,
      desktopSessions,
      backupNow: backup,
      problems,
      ui: loadUiAssets(options.uiDir ?? defaultUiDir()),
      networkSharing,
      log,
      cliCommand: options.cliCommand,
    });
    app = listening.app;
  } catch (error) {
    store.close();
    lock.release();
    throw explainListenFailure(error, dataDir);
  }

  const { url, port } = listening;
  // The read worker starts now rather than with the first slow read: the window's first month
  // view is such a read, and would otherwise wait for the thread to boot (it still stops after a
  // minute idle, and the next slow read starts it again).
  listening.app.readWorker?.start();
  // CalDAV's worker too (its warm-up, and a calendar app's first sync or PUT, would otherwise pay
  // for its boot: 5.9 s for the first PUT of the hostile-load run, from the sources under load).
  listening.app.davWorker?.prepare();
  const apiRoot = `${url}/${EVENTS_NAMESPACE.name}`;
  const openStore = store;
  const heldLock = lock;
  writeRunFile(dataDir, {
    pid: process.pid,
    port,
    url,
    api_root: apiRoot,
    app: options.app ?? 'serve',
    started: new Date().toISOString(),
  });
  // Sharing left on by the user starts again; a failure (the port, the network) is said, not fatal.
  await networkSharing
    .resume()
    .catch((error: Error) => log(`CalDAV could not be shared on the network: ${error.message}`));
  const backupsOn = (options.dailyBackups ?? true) && process.env.ALMANAC_DAILY_BACKUP !== '0';
  const stopBackups = backupsOn
    ? startDailyBackups(databaseFile(dataDir), () => listening.app.backupNow('daily'), log)
    : () => {};
  const stopOptimize = scheduleOptimize(store.db);
  const stopSeriesUpkeep = scheduleSeriesUpkeep(
    store,
    log,
    () => listening.app.wroteInProcess(),
    () => writeGateOf(store).whenOpen(),
  );
  // A calendar from before the search index (migration 0019) gets it now, in steps.
  const stopSearchIndexBuild = scheduleSearchIndexBuild(store, log, () => writeGateOf(store).whenOpen());
  const stopHeapTuning = (options.tuneHeap ?? true) ? tuneHeapForServing() : () => {};
  // Website sync: soon after local changes and every few minutes; the app API's "sync now" and
  // the routes' state go through the same scheduler (and its credential store).
  const websiteScheduler = new WebsiteScheduler({
    store,
    credentials: options.credentials ?? new FileCredentialStore(dataDir),
    wrote: () => listening.app.wroteInProcess(),
    whenWritable: () => writeGateOf(openStore).whenOpen(),
    log,
  });
  setWebsiteScheduler(store, websiteScheduler);
  if ((options.websiteSync ?? true) && process.env.ALMANAC_WEBSITE_SYNC !== '0') websiteScheduler.start();
  // Benchmarks (npm run soak -- --event-loop) ask for the event loop's delay every N ms.
  const loopStatsMs = Number(process.env.ALMANAC_EVENT_LOOP_STATS_MS ?? 0);
  const stopLoopStats = loopStatsMs > 0 ? reportEventLoopDelay(loopStatsMs, log) : () => {};

  const administrator = () => {
    const admin = openStore.users.installAdministrator();
    if (!admin) throw new Error('this data dir has no install administrator');
    return admin;
  };

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    apiRoot,
    dataDir,
    store,
    listening,
    signInUrl() {
      const code = openStore.writing(() => openStore.sessions.createSignInCode(administrator().id));
      return `${url}/?login=${code}`;
    },
    createDesktopSession: () => desktopSessions.create(administrator().id),
    backupNow: () => listening.app.backupNow('manual'),
    problems,
    stop({ graceMs = 5000 } = {}) {
      stopping ??= (async () => {
        stopBackups();
        stopOptimize();
        stopSeriesUpkeep();
        stopSearchIndexBuild();
        stopHeapTuning();
        stopLoopStats();
        // A sync under way is cut off (what it did not send stays queued) before the database closes.
        await websiteScheduler.stop();
        // In-flight requests finish; connections still busy after the grace period are cut (their
        // transactions either committed before or roll back: SQLite never keeps half a write).
        const force = setTimeout(() => listening.app.server.closeAllConnections(), graceMs);
        try {
          await Promise.all([listening.close(), networkSharing.stop()]);
        } finally {
          clearTimeout(force);
        }
        await Promise.allSettled(backups);
        try {
          // Fold the WAL into the database file, so the data dir is one self-contained file.
          openStore.db.pragma('wal_checkpoint(TRUNCATE)');
        } catch (error) {
          log(`checkpoint at stop failed: ${(error as Error).message}`);
        }
        openStore.close();
        clearRunFile(dataDir);
        heldLock.release();
      })();
      return stopping;
    },
  };
}
