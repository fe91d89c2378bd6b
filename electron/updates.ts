// Updates for an installed app, from the project's GitHub Releases through electron-updater
// (the feed electron-builder writes into the package as app-update.yml; the release workflow
// publishes latest.yml / latest-mac.yml beside the installers). What the user sees:
// - Almanac checks a minute after it starts and every six hours (quietly: a failed check, say
//   offline, is only logged), and Help → Check for Updates checks now and says what it found;
// - a newer version downloads in the background (electron-updater checks its SHA-512 against the
//   feed), then Almanac asks: Restart and Install, or Later. Nothing is installed without that
//   answer — not even on quit (autoInstallOnAppQuit is off); "Later" asks again at the next check;
// - installing never starts during a write: it waits until no write request is under way, stops
//   the service (requests finish, the WAL is checkpointed, the lock released), then hands over to
//   the installer, which restarts Almanac.
// Electron-free: main.ts passes electron-updater's updater and Electron's dialog in.
import type { Dialog, MessageBoxOptions } from 'electron';
import type { AppLog } from '../server/app-log.ts';

/** What of electron-updater's AppUpdater this module uses. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: { info(message?: unknown): void; warn(message?: unknown): void; error(message?: unknown): void } | null;
  checkForUpdates(): Promise<{
    isUpdateAvailable?: boolean;
    updateInfo: { version: string };
    /** The background download (autoDownload), when one started. */
    downloadPromise?: Promise<unknown> | null;
  } | null>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdateDeps {
  updater: Updater;
  currentVersion: string;
  dialog: Pick<Dialog, 'showMessageBox'>;
  /** Resolves once no write is under way on the service (write-activity.ts). */
  whenNoWrites(): Promise<void>;
  /** Stops the service gracefully (before the installer takes over). */
  stopService(): Promise<void>;
  log: Pick<AppLog, 'write' | 'error'>;
}

export const FIRST_CHECK_MS = 60_000;
export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

export const RESTART_AND_INSTALL = 'Restart and Install';

export class UpdateController {
  private downloaded: string | undefined;
  private asking = false;
  private installing = false;
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly deps: UpdateDeps) {
    deps.updater.autoDownload = true;
    deps.updater.autoInstallOnAppQuit = false; // never without the user's answer
    // electron-updater's own account of checks and downloads goes to the app's log.
    const line = (message: unknown) => deps.log.write(`updater: ${String(message)}`);
    deps.updater.logger = { info: line, warn: line, error: line };
    deps.updater.on('update-downloaded', (info) => {
      this.downloaded = info.version;
      deps.log.write(`update ${info.version} downloaded`);
      void this.offerInstall();
    });
    deps.updater.on('error', (error) => deps.log.error('update', error));
  }

  /** A quiet check a minute after start, then every six hours. */
  scheduleChecks(firstMs = FIRST_CHECK_MS, everyMs = CHECK_EVERY_MS): void {
    const check = () => void this.check(false);
    const first = setTimeout(check, firstMs);
    const repeat = setInterval(check, everyMs);
    first.unref();
    repeat.unref();
    this.timers.push(first, repeat);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /** Help → Check for Updates: checks now and says what it found. */
  checkNow(): Promise<void> {
    return this.check(true);
  }

  private async check(manual: boolean): Promise<void> {
    if (this.downloaded) {
      // Already here: "Later" was the answer; the next check asks again.
      return this.offerInstall();
    }
    let result: Awaited<ReturnType<Updater['checkForUpdates']>>;
    try {
      result = await this.deps.updater.checkForUpdates();
    } catch (error) {
      this.deps.log.error('update check failed', error);
      if (manual)
        await this.tell({
          type: 'warning',
          message: 'Almanac could not check for updates.',
          detail: `${(error as Error).message}\n\nAre you connected to the internet? You can try again from Help → Check for Updates.`,
        });
      return;
    }
    // A failed download (offline, or a file that does not match the feed's SHA-512) is also
    // reported as an 'error' event, logged above; unhandled here, it would end the app.
    result?.downloadPromise?.catch(() => {});
    const available = result?.isUpdateAvailable === true ? result.updateInfo.version : undefined;
    this.deps.log.write(available ? `update ${available} available; downloading` : 'no update available');
    if (!manual) return;
    await this.tell(
      available
        ? {
            type: 'info',
            message: `Almanac ${available} is available.`,
            detail: `You have ${this.deps.currentVersion}. It is downloading now; Almanac asks before installing it.`,
          }
        : {
            type: 'info',
            message: 'Almanac is up to date.',
            detail: `You have the newest version, ${this.deps.currentVersion}.`,
          },
    );
  }

  private async offerInstall(): Promise<void> {
    const version = this.downloaded;
    if (!version || this.asking || this.installing) return;
    this.asking = true;
    try {
      const { response } = await this.deps.dialog.showMessageBox({
        type: 'info',
        title: 'Almanac',
        message: `Almanac ${version} is ready to install.`,
        detail:
          `You have ${this.deps.currentVersion}. Installing restarts Almanac; it waits until no change is being saved, ` +
          'and your calendars stay as they are.',
        buttons: [RESTART_AND_INSTALL, 'Later'],
        defaultId: 0,
        cancelId: 1,
        noLink: true,
      });
      if (response === 0) await this.install();
    } finally {
      this.asking = false;
    }
  }

  private async install(): Promise<void> {
    this.installing = true;
    this.stop();
    this.deps.log.write('installing the update: waiting until no write is under way');
    await this.deps.whenNoWrites();
    await this.deps.stopService();
    this.deps.log.write('service stopped; handing over to the installer');
    // Silent (the per-user installer needs no answers) and Almanac started again afterwards.
    this.deps.updater.quitAndInstall(true, true);
  }

  private async tell(box: Pick<MessageBoxOptions, 'type' | 'message' | 'detail'>): Promise<void> {
    await this.deps.dialog.showMessageBox({ ...box, title: 'Almanac', buttons: ['OK'], noLink: true });
  }
}
