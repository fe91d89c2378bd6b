// Settings → Backups → Restore, in the desktop app: the data file is never replaced under a
// running server, so after the user confirms, the service stops (in-flight requests finish, the
// lock is released), the backup is restored under the data-dir lock (the current calendar is
// backed up first, restoreDataDir), and the app restarts on the restored data. Electron-free: main.ts
// passes the dialog and the relaunch in.
import { databaseFile } from '../server/data-dir.ts';
import { backupNamed, validateBackup, type BackupFile } from '../server/db/backup.ts';
import { restoreDataDir } from '../server/restore-data-dir.ts';

export interface RestoreDeps {
  /** Asks the user; true to go ahead. */
  confirm(backup: BackupFile): Promise<boolean>;
  /** Stops the service (it releases the data dir). */
  stopService(): Promise<void>;
  /** Tells the user what went wrong (the app then restarts on the data it had). */
  showError(message: string, detail: string): Promise<void>;
  /** Starts the app again (app.relaunch + app.exit). */
  relaunch(): void;
}

export type RestoreOutcome = 'cancelled' | 'restarting';

export async function restartIntoBackup(dataDir: string, name: string, deps: RestoreDeps): Promise<RestoreOutcome> {
  const backup = backupNamed(databaseFile(dataDir), name);
  if (!backup) throw new Error(`There is no backup named ${name} in this data folder.`);
  // A backup that cannot be restored is said so now, before anything stops.
  validateBackup(backup.path);
  if (!(await deps.confirm(backup))) return 'cancelled';
  await deps.stopService();
  try {
    restoreDataDir(dataDir, backup.path);
  } catch (error) {
    // restoreFrom swaps the file in one rename: on failure the calendar is as it was.
    await deps.showError('The backup could not be restored.', (error as Error).message);
  }
  deps.relaunch();
  return 'restarting';
}
