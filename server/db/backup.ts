// Backups of the one SQLite file that holds a user's calendars. `VACUUM INTO` writes a consistent,
// compacted copy while the database stays online (readers and the writer keep going). The CLI runs
// it in one synchronous call; a running server runs it on a worker thread. Backups go to
// `<data dir>/backups/`; the newest 7 are kept.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadMigrations } from './migrate.ts';
import { workerUrl } from '../worker-url.ts';

export const KEEP_BACKUPS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const backupsDir = (databaseFile: string) => join(dirname(databaseFile), 'backups');

function stamp(): string {
  return new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** Writes a consistent copy of `db` to `file` (through a temp name, so a crash leaves no half file). */
export function backupTo(db: Database.Database, file: string): string {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.partial`;
  rmSync(temp, { force: true });
  db.prepare('VACUUM INTO ?').run(temp);
  renameSync(temp, file);
  return file;
}

/** Keeps the backup just written and the newest others (by time, not name: two can share a second). */
function rotate(dir: string, keepFile: string): void {
  const others = readdirSync(dir)
    .filter((name) => /^almanac-\d{8}T\d{6}Z-[a-z0-9-]+\.sqlite$/.test(name) && join(dir, name) !== keepFile)
    .map((name) => ({ name, time: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time || b.name.localeCompare(a.name));
  for (const old of others.slice(KEEP_BACKUPS - 1)) rmSync(join(dir, old.name), { force: true });
}

export interface BackupFile {
  /** The file name in the backups folder (what a restore names). */
  name: string;
  path: string;
  /** When it was written (ISO 8601, UTC). */
  created: string;
  bytes: number;
  /** Why: daily, manual, before-restore, before-migration… */
  reason: string;
}

const BACKUP_NAME = /^almanac-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-([a-z0-9-]+)\.sqlite$/;

/** The backups in the data dir's backups folder, newest first. */
export function listBackups(databaseFile: string): BackupFile[] {
  const dir = backupsDir(databaseFile);
  if (!existsSync(dir)) return [];
  const found: BackupFile[] = [];
  for (const name of readdirSync(dir)) {
    const match = BACKUP_NAME.exec(name);
    if (!match) continue;
    const [, year, month, day, hour, minute, second, reason] = match;
    const path = join(dir, name);
    found.push({
      name,
      path,
      created: `${year}-${month}-${day}T${hour}:${minute}:${second}Z`,
      bytes: statSync(path).size,
      reason: reason!,
    });
  }
  return found.sort((a, b) => b.created.localeCompare(a.created) || b.name.localeCompare(a.name));
}

/** The backup of that name in the backups folder (a bare name: never a path elsewhere), if any. */
export function backupNamed(databaseFile: string, name: string): BackupFile | undefined {
  return listBackups(databaseFile).find((backup) => backup.name === name);
}

/** A process killed while writing a backup leaves `*.partial` files; any older than a few minutes are debris. */
function removeStalePartials(dir: string): void {
  if (!existsSync(dir)) return;
  const cutoff = Date.now() - 5 * 60 * 1000;
  for (const name of readdirSync(dir)) {
    if (!name.includes('.partial')) continue;
    const path = join(dir, name);
    if (statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
  }
}

/** A backup in the data dir's backups folder, then rotation to the newest KEEP_BACKUPS. */
export function rotatingBackup(db: Database.Database, databaseFile: string, reason: string): string {
  const dir = backupsDir(databaseFile);
  removeStalePartials(dir);
  const file = backupTo(db, join(dir, `almanac-${stamp()}-${reason}.sqlite`));
  rotate(dir, file);
  return file;
}

/** The newest backup in the data dir's backups folder that is a sound database this version can open. */
export function latestValidBackup(databaseFile: string): string | undefined {
  const dir = backupsDir(databaseFile);
  if (!existsSync(dir)) return undefined;
  const candidates = readdirSync(dir)
    .filter((name) => name.endsWith('.sqlite'))
    .map((name) => ({ file: join(dir, name), time: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { file } of candidates) {
    try {
      validateBackup(file);
      return file;
    } catch {
      // damaged, or from a newer version: try the next older one
    }
  }
  return undefined;
}

function newestBackupAge(databaseFile: string): number {
  const dir = backupsDir(databaseFile);
  if (!existsSync(dir)) return Infinity;
  const times = readdirSync(dir)
    .filter((name) => name.endsWith('.sqlite'))
    .map((name) => statSync(join(dir, name)).mtimeMs);
  return times.length === 0 ? Infinity : Date.now() - Math.max(...times);
}

/** A consistent copy of `databaseFile` in `target`, written by a worker thread (backup-worker.mjs). */
function backupInWorker(databaseFile: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl('./backup-worker.mjs', import.meta.url), {
      workerData: { databaseFile, target },
    });
    let done = false;
    worker.once('message', () => (done = true));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      done ? resolve() : reject(new Error(`the backup worker stopped (exit code ${code})`)),
    );
  });
}

/**
 * The same rotating backup, written while the server serves: the copy is made on a worker thread
 * with its own connection (the event loop keeps answering requests; measured in
 * docs/PERFORMANCE.md), then renamed into place and rotated here.
 */
export async function rotatingBackupInWorker(databaseFile: string, reason: string): Promise<string> {
  const dir = backupsDir(databaseFile);
  removeStalePartials(dir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `almanac-${stamp()}-${reason}.sqlite`);
  const temp = `${file}.partial`;
  await backupInWorker(databaseFile, temp);
  renameSync(temp, file);
  rotate(dir, file);
  return file;
}

/**
 * While the server runs: at most one backup a day, checked hourly. The first check waits a
 * minute, so start-up (and the first answered request) never waits for a backup; the timers
 * never keep the process alive.
 */
export function startDailyBackups(
  databaseFile: string,
  backup: () => Promise<string>,
  log: (line: string) => void,
): () => void {
  let running = false;
  let stopped = false;
  const check = async () => {
    if (running || stopped || newestBackupAge(databaseFile) < DAY_MS) return;
    running = true;
    try {
      log(`backup written: ${await backup()}`);
    } catch (error) {
      log(`daily backup failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void check(), 60 * 1000);
  const timer = setInterval(() => void check(), 60 * 60 * 1000);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}

class InvalidBackupError extends Error {}

/**
 * Checks that `file` is a sound Almanac database: SQLite, integrity ok, our migrations table with
 * only migrations this version knows (and unedited), and the core tables.
 */
export function validateBackup(file: string): void {
  if (!existsSync(file)) throw new InvalidBackupError(`${file} does not exist`);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new InvalidBackupError(`${basename(file)} is damaged: ${String(integrity)}`);
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (t) => t.name,
      ),
    );
    for (const table of ['schema_migrations', 'sites', 'posts', 'terms']) {
      if (!tables.has(table))
        throw new InvalidBackupError(`${basename(file)} is not an Almanac database (no ${table} table)`);
    }
    const known = new Map(loadMigrations().map((m) => [m.version, m.sha256]));
    for (const applied of db.prepare('SELECT version, sha256 FROM schema_migrations').all() as {
      version: number;
      sha256: string;
    }[]) {
      if (known.get(applied.version) !== applied.sha256) {
        throw new InvalidBackupError(
          `${basename(file)} has migration ${applied.version}, which this version of Almanac does not know`,
        );
      }
    }
  } catch (error) {
    if (error instanceof InvalidBackupError) throw error;
    throw new InvalidBackupError(`${basename(file)} is not a valid Almanac database: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

/**
 * Replaces the database with a backup, all or nothing: the backup is validated, the current
 * database is itself backed up, a clean copy of the backup is written next to the database, the
 * current WAL is checkpointed away (a stale WAL must never meet the new file), and one atomic
 * rename puts the copy in place. A crash at any point leaves either the old or the new database.
 */
/** Copies a database that cannot be opened (and its WAL) as they are, next to the backups. */
function keepDamaged(databaseFile: string): string {
  const dir = backupsDir(databaseFile);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `almanac-${stamp()}-damaged.sqlite.kept`);
  copyFileSync(databaseFile, file);
  if (existsSync(`${databaseFile}-wal`)) copyFileSync(`${databaseFile}-wal`, `${file}-wal`);
  return file;
}

export function restoreFrom(databaseFile: string, backupFile: string): { safetyCopy: string | undefined } {
  validateBackup(backupFile);
  let safetyCopy: string | undefined;
  if (existsSync(databaseFile)) {
    let current: Database.Database | undefined;
    try {
      current = new Database(databaseFile);
      safetyCopy = rotatingBackup(current, databaseFile, 'before-restore');
      current.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // The current file cannot be read as a database (that is often why one restores): keep it
      // byte for byte, out of the rotation, in case something in it can still be rescued.
      safetyCopy = keepDamaged(databaseFile);
    } finally {
      current?.close();
    }
  }
  const source = new Database(backupFile, { readonly: true });
  const staged = `${databaseFile}.restoring`;
  try {
    rmSync(staged, { force: true });
    source.prepare('VACUUM INTO ?').run(staged);
  } finally {
    source.close();
  }
  rmSync(`${databaseFile}-wal`, { force: true });
  rmSync(`${databaseFile}-shm`, { force: true });
  renameSync(staged, databaseFile);
  return { safetyCopy };
}
