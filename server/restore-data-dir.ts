// Putting a backup in place of a data dir's calendar: the one way the CLI (`almanac restore`), the
// desktop app's Settings → Backups → Restore and its start-up recovery ("Restore Latest Backup") do
// it. Under the data dir's lock, so it is refused while a server runs on the folder and no server
// can start before the new file is in place; restoreFrom validates the backup, keeps the current
// database as a backup of its own and swaps the file in one rename.
import { databaseFile } from './data-dir.ts';
import { withDataDirLock } from './data-dir-lock.ts';
import { restoreFrom } from './db/backup.ts';

/** Restores `backupFile` into `dataDir`; `safetyCopy` is where the replaced database was kept. */
export function restoreDataDir(dataDir: string, backupFile: string): { safetyCopy: string | undefined } {
  return withDataDirLock(dataDir, () => restoreFrom(databaseFile(dataDir), backupFile));
}
