// The desktop app hosts the service in its main process (the product's design: one program serves
// the window and the user's scripts). Same data dir, run file and port rules as `almanac serve`,
// so the CLI and the app share one calendar; start-up failures go through the recovery dialogs;
// quitting stops the service gracefully before the process ends.
import { databaseFile, defaultDataDir } from '../server/data-dir.ts';
import { latestValidBackup } from '../server/db/backup.ts';
import { restoreDataDir } from '../server/restore-data-dir.ts';
import { DEFAULT_PORT } from '../server/listen.ts';
import { startService, type RunningService, type ServiceOptions } from '../server/service.ts';
import { startWithRecovery, type RecoveryDeps } from './startup-dialogs.ts';

/** The desktop service's options: the CLI's data dir (ALMANAC_DATA_DIR overrides) and port (8940, else free). */
export function desktopServiceOptions(env: NodeJS.ProcessEnv, uiDir: string | undefined): ServiceOptions {
  const port = Number(env.ALMANAC_PORT ?? DEFAULT_PORT);
  return {
    dataDir: env.ALMANAC_DATA_DIR || defaultDataDir(),
    port: Number.isInteger(port) && port >= 0 && port <= 65535 ? port : DEFAULT_PORT,
    app: 'desktop',
    uiDir,
    log: (line) => console.log(line),
  };
}

export type HostDialogs = Pick<RecoveryDeps, 'showMessageBox' | 'openFolder'>;

/** Starts the service, with the recovery dialogs on failure; undefined when the user chose to quit. */
export function hostService(options: ServiceOptions, dialogs: HostDialogs): Promise<RunningService | undefined> {
  return startWithRecovery({
    start: () => startService(options),
    showMessageBox: dialogs.showMessageBox,
    openFolder: dialogs.openFolder,
    latestBackup: (dataDir) => latestValidBackup(databaseFile(dataDir)),
    restoreBackup: (dataDir, file) => void restoreDataDir(dataDir, file),
  });
}

/** The part of Electron's `app` that quitting uses. */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

/** How long in-flight requests may take to finish when the user quits. */
export const QUIT_GRACE_MS = 4000;

/**
 * On quit: hold the quit, stop the service (in-flight requests finish, the WAL is checkpointed,
 * the run file removed, the lock released), then quit for real. Nothing acknowledged is lost.
 */
export function stopServiceOnQuit(
  app: QuittingApp,
  service: RunningService,
  {
    graceMs = QUIT_GRACE_MS,
    onStopped = () => {},
    log = (line: string) => console.error(line),
  }: { graceMs?: number; onStopped?: () => void; log?: (line: string) => void } = {},
): void {
  let stopped = false;
  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    if (stopping) return;
    stopping = true;
    void service
      .stop({ graceMs })
      .catch((error: unknown) => log(`stopping the service failed: ${(error as Error).message}`))
      .finally(() => {
        stopped = true;
        onStopped();
        app.quit();
      });
  });
}
