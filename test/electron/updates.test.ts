// Updates (electron/updates.ts) with the real electron-updater against an update feed served by
// this test: a release folder as the release workflow makes it (scripts/release-assets.mjs merges
// the Windows x64 and arm64 jobs' feeds into one latest.yml) holding fake installers, and the
// package's app-update.yml pointing at it. No real release exists yet, and an installer cannot run
// here: the installer's hand-over (quitAndInstall) is recorded, not run.
// Checked: a newer version is found, downloaded (the right architecture's file, its SHA-512
// checked against the feed) and offered; "Later" installs nothing; "Restart and Install" waits
// until no write is under way, stops the service, then hands over; a package that does not match
// the feed is refused; "up to date" and "could not check" are said in words.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import type * as ElectronUpdater from 'electron-updater';
import { UpdateController, type Updater } from '../../electron/updates.ts';
import { WriteActivity } from '../../electron/write-activity.ts';
import { gatherRelease } from '../../scripts/release-assets.mjs';
import { FakeDialog } from './fakes.ts';

// electron-updater downloads through Electron's `net` module: under Node, Node's http stands in
// for it (same request options, same response stream).
const electronStandIn = {
  net: { request: (options: Parameters<typeof request>[0]) => request(options) },
  session: { fromPartition: () => ({}) },
  autoUpdater: new EventEmitter(),
};
const moduleWithLoad = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
const load = moduleWithLoad._load;
moduleWithLoad._load = (requested: string, ...rest: unknown[]) =>
  requested === 'electron' ? electronStandIn : load(requested, ...rest);
const requireHere = Module.createRequire(import.meta.url);
const { NsisUpdater } = requireHere('electron-updater') as typeof ElectronUpdater;
const { ElectronHttpExecutor } = requireHere('electron-updater/out/electronHttpExecutor.js') as {
  ElectronHttpExecutor: new () => unknown;
};

const base = mkdtempSync(join(tmpdir(), 'almanac-updates-'));
after(() => rmSync(base, { recursive: true, force: true }));

const CURRENT = '0.1.0';
const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('base64');

/** A release folder with fake Windows installers for both architectures, as the workflow gathers it. */
function release(version: string, tamper = false): { dir: string; packages: Record<string, Buffer> } {
  const jobs = join(base, `jobs-${version}-${tamper}`);
  const packages: Record<string, Buffer> = {};
  for (const arch of ['x64', 'arm64']) {
    const job = join(jobs, `almanac-windows-${arch}`);
    mkdirSync(job, { recursive: true });
    const name = `Almanac-Setup-${version}-${arch}.exe`;
    const bytes = randomBytes(200_000);
    packages[arch] = bytes;
    writeFileSync(join(job, name), bytes);
    const feed = {
      version,
      files: [{ url: name, sha512: sha512(tamper ? Buffer.from('something else') : bytes), size: bytes.length }],
      path: name,
      sha512: sha512(bytes),
      releaseDate: '2030-01-01T00:00:00.000Z',
    };
    writeFileSync(join(job, 'latest.yml'), yaml.dump(feed));
  }
  const dir = join(base, `release-${version}-${tamper}`);
  gatherRelease(jobs, dir);
  return { dir, packages };
}

/** Serves a release folder over HTTP, as GitHub Releases serves its assets. */
async function serve(dir: string): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url!);
    try {
      const body = readFileSync(join(dir, decodeURIComponent(new URL(req.url!, 'http://x').pathname.slice(1))));
      res.writeHead(200, { 'content-length': body.length }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}/`, requests };
}

/** electron-updater's Windows updater for an installed Almanac 0.1.0 whose app-update.yml points at `feedUrl`. */
function installedUpdater(feedUrl: string): Updater & { installs: unknown[][]; cacheDir: string } {
  const home = mkdtempSync(join(base, 'installed-'));
  const resources = join(home, 'resources');
  mkdirSync(resources);
  writeFileSync(
    join(resources, 'app-update.yml'),
    yaml.dump({ provider: 'generic', url: feedUrl, updaterCacheDirName: 'almanac-updater' }),
  );
  const updater = new NsisUpdater(undefined, {
    version: CURRENT,
    name: 'Almanac',
    isPackaged: true,
    appUpdateConfigPath: join(resources, 'app-update.yml'),
    userDataPath: join(home, 'user-data'),
    baseCachePath: join(home, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  });
  // Given an app adapter, electron-updater leaves the HTTP executor to the caller (its own tests
  // do the same): the one it makes in an app, which downloads through `net` (the stand-in above).
  // And its test switch: read the Windows feed (latest.yml) whatever this OS is, and download
  // whole files (no blockmaps in this feed).
  Object.assign(updater, {
    httpExecutor: new ElectronHttpExecutor(),
    _testOnlyOptions: { platform: 'win32', isUseDifferentialDownload: false },
  });
  const installs: unknown[][] = [];
  // The hand-over to the installer: recorded (an .exe cannot run here).
  updater.quitAndInstall = (...args: unknown[]) => void installs.push(args);
  return Object.assign(updater as unknown as Updater, { installs, cacheDir: join(home, 'cache', 'almanac-updater') });
}

async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A stand-in for the service's HTTP server with one write that stays under way until released. */
async function serviceWithAWrite() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((req, res) => {
    if (req.method === 'POST') void released.then(() => res.end('{}'));
    else res.end('{}');
  });
  const writes = new WriteActivity(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const write = fetch(`http://127.0.0.1:${port}/svc/events/v1/events`, { method: 'POST', body: '{}' });
  await until(() => writes.busy === 1, 'the write to arrive');
  return { server, writes, release, write, url: `http://127.0.0.1:${port}` };
}

test('a newer release: found, downloaded for this architecture and checked, offered; Later installs nothing; Restart and Install waits for the write under way, stops the service, hands over', async () => {
  const { dir, packages } = release('9.9.0');
  const feed = await serve(dir);
  const service = await serviceWithAWrite();
  const updater = installedUpdater(feed.url);
  const dialog = new FakeDialog([0, 1, 0]); // OK ("available"), Later, Restart and Install
  const steps: string[] = [];
  const lines: string[] = [];
  const controller = new UpdateController({
    updater,
    currentVersion: CURRENT,
    dialog,
    whenNoWrites: () => service.writes.whenIdle(),
    stopService: async () => void steps.push(`service stopped with ${service.writes.busy} writes under way`),
    log: { write: (line) => lines.push(line), error: (heading, error) => lines.push(`${heading}: ${String(error)}`) },
  });
  try {
    await controller.checkNow();
    assert.equal(dialog.shown[0]!.message, 'Almanac 9.9.0 is available.');
    await until(() => dialog.shown.length === 2, 'the offer to install');
    assert.equal(dialog.shown[1]!.message, 'Almanac 9.9.0 is ready to install.');
    assert.deepEqual(dialog.shown[1]!.buttons, ['Restart and Install', 'Later']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(updater.installs, [], 'Later: nothing installed');
    assert.equal(updater.autoInstallOnAppQuit, false, 'not on quit either');

    // The downloaded file is this machine's architecture's, byte for byte what the feed lists.
    const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
    assert.ok(
      feed.requests.some((url) => url.startsWith('/latest.yml')),
      feed.requests.join(' '),
    );
    assert.ok(feed.requests.includes(`/Almanac-Setup-9.9.0-${arch}.exe`), feed.requests.join(' '));
    const downloaded = readFileSync(join(updater.cacheDir, 'pending', `Almanac-Setup-9.9.0-${arch}.exe`));
    assert.ok(downloaded.equals(packages[arch]!));

    // The next check offers it again; this time: Restart and Install, while a write is under way.
    void controller.checkNow();
    await until(() => dialog.shown.length === 3, 'the second offer');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(steps, [], 'nothing stops while the write is under way');
    assert.deepEqual(updater.installs, []);
    service.release();
    assert.equal((await service.write).status, 200, 'the write finished');
    await until(() => updater.installs.length === 1, 'the hand-over');
    assert.deepEqual(steps, ['service stopped with 0 writes under way']);
    assert.deepEqual(updater.installs, [[true, true]], 'silent, and Almanac started again afterwards');
    assert.ok(
      lines.some((line) => line.startsWith('updater: ')),
      'electron-updater logs to the app log',
    );
  } finally {
    controller.stop();
    feed.server.close();
    service.server.close();
  }
});

test('a package that does not match the feed is refused: no offer, the failure logged', async () => {
  const { dir } = release('9.9.1', true);
  const feed = await serve(dir);
  const updater = installedUpdater(feed.url);
  const dialog = new FakeDialog([0]);
  const lines: string[] = [];
  const errors: Error[] = [];
  updater.on('error', (error) => errors.push(error));
  const controller = new UpdateController({
    updater,
    currentVersion: CURRENT,
    dialog,
    whenNoWrites: async () => {},
    stopService: async () => {},
    log: { write: (line) => lines.push(line), error: (heading, error) => lines.push(`${heading}: ${String(error)}`) },
  });
  try {
    await controller.checkNow();
    await until(() => errors.length > 0, 'the download to fail');
    assert.match(errors[0]!.message, /sha512 checksum mismatch/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(
      dialog.shown.map((box) => box.message),
      ['Almanac 9.9.1 is available.'],
      'never offered',
    );
    assert.deepEqual(updater.installs, []);
    assert.ok(
      lines.some((line) => /^update: .*sha512 checksum mismatch/.test(line)),
      lines.join('\n'),
    );
  } finally {
    controller.stop();
    feed.server.close();
  }
});

test('Help → Check for Updates says "up to date", or that it could not check (offline)', async () => {
  const { dir } = release(CURRENT);
  const feed = await serve(dir);
  const dialog = new FakeDialog();
  const quiet = { write: () => {}, error: () => {} };
  const controller = new UpdateController({
    updater: installedUpdater(feed.url),
    currentVersion: CURRENT,
    dialog,
    whenNoWrites: async () => {},
    stopService: async () => {},
    log: quiet,
  });
  await controller.checkNow();
  assert.equal(dialog.shown[0]!.message, 'Almanac is up to date.');
  assert.match(String(dialog.shown[0]!.detail), /0\.1\.0/);
  await new Promise<void>((resolve) => feed.server.close(() => resolve()));

  const offline = new UpdateController({
    updater: installedUpdater(feed.url), // nothing listens there any more
    currentVersion: CURRENT,
    dialog,
    whenNoWrites: async () => {},
    stopService: async () => {},
    log: quiet,
  });
  await offline.checkNow();
  assert.equal(dialog.shown[1]!.message, 'Almanac could not check for updates.');
  assert.match(String(dialog.shown[1]!.detail), /ECONNREFUSED/);
});
