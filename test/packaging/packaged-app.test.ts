// The app as organizers install it, run from its package. package-app.ts builds the package as
// `npm run dist` does (electron-builder, its native rebuild included, for Linux `--dir`), lays
// app.asar out the way Electron reads it, and this file runs the packaged main bundle from there
// under Node, with a stand-in for Electron's API (electron-stand-in.cjs) playing the window and
// the user. What runs is what ships: main.mjs from the asar, its migrations and UI files, the read
// and backup workers from app.asar.unpacked, and better-sqlite3 as the packager rebuilt it.
//
// Checked here: the asar's contents and the fuses; the service starts and serves the UI to the
// window; an older calendar is backed up and migrated; a slow list is answered by the read worker;
// Back Up Now writes a sound backup through the backup worker; quitting stops the service
// cleanly; an uncaught exception in the main process stops the service, writes the log and asks
// the user (Restart / Quit).
//
// What this cannot prove without a real Electron (its binary cannot be downloaded here; the
// desktop suite, test/electron/desktop-app.test.ts, covers these where it can run): that Electron
// itself loads main.mjs from the archive (its asar fs, the fuses' asar integrity check) and the
// addon built against Electron's real headers (ours stand in with Node's); the real window, preload
// and sandbox; native dialogs and menus; a native crash of the main process.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { REPO_ROOT } from '../reliability/child-server.ts';
import { loadMigrations, migrate } from '../../server/db/migrate.ts';
import { buildPackage, layOutAsElectronReads, type BuiltPackage } from './package-app.ts';

const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as { listPackage(archive: string): string[] };
const fuses = require('@electron/fuses') as {
  getCurrentFuseWire(path: string): Promise<Record<string, number | string>>;
  FuseV1Options: Record<string, number>;
};
const [DISABLED, ENABLED] = [48, 49];

const skip = !existsSync(join(REPO_ROOT, 'dist/renderer/index.html'))
  ? 'the UI is not built (npm test builds it first)'
  : process.platform !== 'linux'
    ? 'the package built here is the Linux --dir one, whose native rebuild compiles for Linux: it runs on Linux (our CI); the Windows and macOS installers are built by the release workflow'
    : false;

let work: string;
let pkg: BuiltPackage;
let asarFiles: Set<string>;
before(
  async () => {
    if (skip) return;
    work = mkdtempSync(join(tmpdir(), 'almanac-packaged-'));
    pkg = buildPackage(work);
    asarFiles = new Set(
      asar.listPackage(join(pkg.resources, 'app.asar')).map((file: string) => file.replace(/\\/g, '/')),
    );
    layOutAsElectronReads(pkg.resources);
  },
  { timeout: 1_500_000 },
);
after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test(
  'the asar holds the main bundle, the preload, the UI and every migration; the addon and workers are unpacked',
  { skip },
  () => {
    for (const file of [
      '/package.json',
      '/main.mjs',
      '/preload.cjs',
      '/renderer/index.html',
      '/renderer/pressable.css',
    ])
      assert.ok(asarFiles.has(file), `${file} is in the asar`);
    assert.ok(
      [...asarFiles].some((file) => /^\/renderer\/assets\/index-.*\.js$/.test(file)),
      'the UI bundle',
    );
    for (const migration of readdirSync(join(REPO_ROOT, 'server/db/migrations')))
      assert.ok(asarFiles.has(`/migrations/${migration}`), `migration ${migration}`);
    const modules = [...asarFiles].filter((file) => /^\/node_modules\/[^/]+$/.test(file)).sort();
    assert.deepEqual(
      modules,
      ['/node_modules/better-sqlite3', '/node_modules/bindings', '/node_modules/file-uri-to-path'],
      'only the native addon and what it loads',
    );
    const unpacked = join(pkg.resources, 'app.asar.unpacked');
    for (const file of [
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/better-sqlite3/lib/index.js',
      // What better-sqlite3 requires when a worker loads it from here: module resolution from
      // app.asar.unpacked never looks inside the archive.
      'node_modules/bindings/bindings.js',
      'node_modules/file-uri-to-path/index.js',
      'read-worker-boot.mjs',
      'read-worker.mjs',
      'import-worker-boot.mjs',
      'import-worker.mjs',
      'backup-worker.mjs',
    ])
      assert.ok(existsSync(join(unpacked, file)), `${file} unpacked`);
    // The update feed electron-updater reads in the installed app: the repository's GitHub Releases.
    const feed = readFileSync(join(pkg.resources, 'app-update.yml'), 'utf8');
    assert.match(feed, /^provider: github$/m);
    assert.match(feed, /^owner: almanac-tests$/m);
    assert.match(feed, /^repo: almanac$/m);
    assert.match(pkg.log, /executing @electron\/rebuild/, 'the packager rebuilt the addon (npmRebuild)');
  },
);

test('the fuses are as the config says', { skip }, async () => {
  const wire = await fuses.getCurrentFuseWire(pkg.executable);
  const fuse = (name: string) => wire[String(fuses.FuseV1Options[name])];
  assert.equal(fuse('RunAsNode'), DISABLED);
  assert.equal(fuse('EnableNodeOptionsEnvironmentVariable'), DISABLED);
  assert.equal(fuse('EnableNodeCliInspectArguments'), DISABLED);
  assert.equal(fuse('OnlyLoadAppFromAsar'), ENABLED);
  assert.equal(fuse('EnableEmbeddedAsarIntegrityValidation'), ENABLED);
  assert.equal(fuse('EnableCookieEncryption'), ENABLED);
});

interface Transcript {
  event: string;
  [key: string]: unknown;
}

/** The packaged main bundle, run by Node from the package's own folder, as Electron would run it. */
class PackagedApp {
  readonly child: ChildProcess;
  output = '';
  readonly exited: Promise<number | null>;
  constructor(
    readonly dataDir: string,
    readonly transcriptFile: string,
    env: Record<string, string> = {},
  ) {
    this.child = spawn(process.execPath, [join(pkg.resources, 'app.asar', 'main.mjs')], {
      cwd: pkg.dir,
      // Nothing of the test's own environment that could find modules for it (NODE_PATH,
      // NODE_OPTIONS with a loader): what the package holds must be enough.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: join(dataDir, '..', 'home'),
        TMPDIR: tmpdir(),
        ALMANAC_DATA_DIR: dataDir,
        ALMANAC_PORT: '0',
        ALMANAC_STANDIN_TRANSCRIPT: transcriptFile,
        ALMANAC_STANDIN_USER_DATA: join(dataDir, '..', 'user-data'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const append = (chunk: Buffer) => (this.output = (this.output + chunk.toString('utf8')).slice(-64_000));
    this.child.stdout!.on('data', append);
    this.child.stderr!.on('data', append);
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }
  transcript(): Transcript[] {
    if (!existsSync(this.transcriptFile)) return [];
    return readFileSync(this.transcriptFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Transcript);
  }
  /** Waits for a transcript entry (the app's exit fails the wait at once, with its output). */
  async waitFor(event: string, timeoutMs = 60_000): Promise<Transcript> {
    const until = Date.now() + timeoutMs;
    let gone = false;
    void this.exited.then(() => (gone = true));
    for (;;) {
      const found = this.transcript().find((entry) => entry.event === event);
      if (found) return found;
      if (gone || Date.now() > until)
        assert.fail(`no "${event}" from the packaged app (${gone ? 'it exited' : 'timed out'}):\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function freshDirs() {
  const base = mkdtempSync(join(work, 'run-'));
  const dataDir = join(base, 'data');
  mkdirSync(dataDir);
  return { dataDir, transcriptFile: join(base, 'transcript.jsonl') };
}

/** A calendar saved by an older Almanac: only the first migrations applied. */
function olderCalendar(dataDir: string, migrations: number): void {
  const db = new Database(join(dataDir, 'almanac.sqlite'));
  migrate(db, loadMigrations().slice(0, migrations));
  db.close();
}

test(
  'packaged: the service starts and serves the window, migrates an older calendar, reads through the read worker, backs up through the backup worker, and quits cleanly',
  { skip, timeout: 180_000 },
  async () => {
    const { dataDir, transcriptFile } = freshDirs();
    olderCalendar(dataDir, 8);
    const app = new PackagedApp(dataDir, transcriptFile);
    try {
      const page = await app.waitFor('load-url');
      assert.equal(page.status, 200, 'the window gets the UI from the asar');
      assert.match(String(page.type), /text\/html/);
      const { token } = await app.waitFor('session');
      const runFile = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8'));
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${runFile.url}/${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });

      // Migrations: the older calendar was backed up first, then brought up to date.
      const db = new Database(join(dataDir, 'almanac.sqlite'), { readonly: true });
      const applied = db.prepare('SELECT count(*) FROM schema_migrations').pluck().get();
      db.close();
      assert.equal(applied, loadMigrations().length, 'every migration applied, from the asar');
      const backups = readdirSync(join(dataDir, 'backups'));
      assert.ok(
        backups.some((name) => name.includes('before-migration')),
        backups.join(', '),
      );

      // A slow list (a search) goes to the read worker, which loads SQLite from app.asar.unpacked.
      for (const title of ['Jazz night', 'Jazz brunch'])
        assert.equal(
          (
            await call('POST', 'svc/events/v1/events', {
              title,
              status: 'publish',
              start_date: '2030-03-05 19:30',
              end_date: '2030-03-05 22:00',
            })
          ).status,
          201,
        );
      const search = await call('GET', 'svc/events/v1/events?search=jazz&start_date=2030-01-01&end_date=2030-12-31');
      assert.equal(search.status, 200, app.output);
      const found = (await search.json()) as { total: number };
      assert.equal(found.total, 2, JSON.stringify(found).slice(0, 500));
      const health = (await (await call('GET', 'almanac/v1/health')).json()) as {
        problems: unknown[];
        read_worker: { served_by_worker: number; served_locally: number };
      };
      assert.deepEqual(health.problems, [], `no background failure:\n${app.output}`);
      assert.ok(health.read_worker.served_by_worker >= 1, JSON.stringify(health));
      assert.equal(health.read_worker.served_locally, 0, JSON.stringify(health));

      // Back Up Now: written by the backup worker, a sound copy of the calendar.
      const backup = await call('POST', 'almanac/v1/backups');
      assert.equal(backup.status, 201, `${await backup.clone().text()}\n${app.output}`);
      const { name } = (await backup.json()) as { name: string };
      const copy = new Database(join(dataDir, 'backups', name), { readonly: true });
      assert.equal(copy.pragma('integrity_check', { simple: true }), 'ok');
      assert.equal(copy.prepare("SELECT count(*) FROM posts WHERE type = 'event'").pluck().get(), 2);
      copy.close();

      // The UI is told that the app's own executable is the command line here (no `almanac` on PATH).
      const session = (await (await call('GET', 'almanac/v1/session')).json()) as {
        command_line: { command: string[]; data_dir: string };
      };
      assert.deepEqual(session.command_line.command, [process.execPath], 'the executable that runs the app');
      assert.equal(session.command_line.data_dir, dataDir);

      // Quitting (Electron quits on SIGTERM, here twice: a process group's signal and npm start's
      // launcher passing it on): the service stops once, the run file goes, the exit is clean.
      app.child.kill('SIGTERM');
      app.child.kill('SIGTERM');
      assert.equal(await app.exited, 0, app.output);
      assert.equal(existsSync(join(dataDir, 'server.json')), false, 'the run file is removed');
    } finally {
      app.child.kill('SIGKILL');
    }
  },
);
test(
  'packaged: an uncaught exception in the main process stops the service, writes the log and asks Restart or Quit',
  { skip, timeout: 120_000 },
  async () => {
    const { dataDir, transcriptFile } = freshDirs();
    const app = new PackagedApp(dataDir, transcriptFile, {
      ALMANAC_STANDIN_THROW_AFTER_MS: '200',
      ALMANAC_STANDIN_ANSWERS: JSON.stringify(['Quit']),
    });
    try {
      await app.waitFor('load-url');
      const asked = await app.waitFor('dialog');
      assert.deepEqual(asked.buttons, ['Restart Almanac', 'Quit']);
      assert.match(String(asked.message), /problem/i);
      const logFile = join(dataDir, 'logs', 'almanac.log');
      assert.ok(String(asked.detail).includes(logFile), `the dialog says where the log is: ${String(asked.detail)}`);
      // The service was stopped before the user was asked.
      assert.equal(await app.exited, 1, app.output);
      assert.equal(existsSync(join(dataDir, 'server.json')), false, 'the run file is removed');
      const log = readFileSync(logFile, 'utf8');
      assert.match(log, /injected by the stand-in/);
      assert.match(log, /service stopped/);
      assert.ok(
        app.transcript().some((entry) => entry.event === 'exit' && entry.code === 1),
        'Quit exits',
      );
    } finally {
      app.child.kill('SIGKILL');
    }
  },
);

test(
  "packaged: started with a command, the app is Almanac's command line — it runs it (a backup, then the Restore dialog's restore) and exits, no window",
  { skip, timeout: 120_000 },
  async () => {
    const { dataDir, transcriptFile } = freshDirs();
    const run = (args: string[]) =>
      spawnSync(process.execPath, [join(pkg.resources, 'app.asar', 'main.mjs'), ...args], {
        cwd: pkg.dir,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: join(dataDir, '..', 'home'),
          TMPDIR: tmpdir(),
          ALMANAC_STANDIN_TRANSCRIPT: transcriptFile,
        },
      });
    const backup = run(['backup', '--data-dir', dataDir]);
    assert.equal(backup.status, 0, `${backup.stdout}\n${backup.stderr}`);
    const file = /Backup written: (.+)/.exec(backup.stdout)?.[1];
    assert.ok(file && existsSync(file), backup.stdout);
    const restore = run(['restore', file, '--data-dir', dataDir]);
    assert.equal(restore.status, 0, `${restore.stdout}\n${restore.stderr}`);
    assert.match(restore.stdout, /Restored /);
    const transcript = existsSync(transcriptFile) ? readFileSync(transcriptFile, 'utf8') : '';
    assert.doesNotMatch(transcript, /"event":"window"/, 'no window opened');
    assert.match(transcript, /"event":"exit","code":0/);
    const usage = run(['restore']);
    assert.equal(usage.status, 2, 'a wrong command line is said as the CLI says it');
    assert.match(usage.stderr, /restore needs the backup file/);
  },
);
