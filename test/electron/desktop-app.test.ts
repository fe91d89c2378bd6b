// The desktop app itself, driven through Playwright's Electron support: the window opens on the
// calendar, an external tool's HTTP write shows in it, navigation elsewhere is blocked, a second
// launch focuses the first, and quitting mid-write loses nothing acknowledged.
// It needs Electron's binary. Where there is none (npm ci never downloads it: Electron's package
// fetches it on first use), every test here is skipped with that reason — never passed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { REPO_ROOT } from '../reliability/child-server.ts';
import { electronBinary } from '../../scripts/electron-binary.mjs';

function unavailable(): string | undefined {
  if (!electronBinary())
    return "Electron's binary is not installed here (npm ci never downloads it; `npm start` does, where it can)";
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return 'no display for a window';
  if (!existsSync(join(REPO_ROOT, 'dist/renderer/index.html'))) return 'the UI is not built';
  return undefined;
}

interface Launched {
  app: ElectronApplication;
  window: Page;
  dataDir: string;
  runFile(): { port: number; api_root: string; pid: number };
}

async function launch(dataDir: string): Promise<Launched> {
  const built = spawnSync(process.execPath, ['scripts/build-app.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  // better-sqlite3 built for Electron's ABI (npm built it for Node's), as `npm start` does.
  const rebuilt = spawnSync(process.execPath, ['scripts/rebuild-for-electron.mjs'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  assert.equal(rebuilt.status, 0, rebuilt.stderr);
  const app = await electron.launch({
    executablePath: electronBinary(),
    args: [join(REPO_ROOT, 'dist/app')],
    env: { ...process.env, ALMANAC_DATA_DIR: dataDir, ALMANAC_PORT: '0', ALMANAC_DAILY_BACKUP: '0' },
  });
  const window = await app.firstWindow();
  return {
    app,
    window,
    dataDir,
    runFile: () => JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')),
  };
}

/** A token for "an external tool", made with the CLI as a user would. */
function cliToken(dataDir: string): string {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/almanac.ts',
      'token',
      'create',
      '--user',
      'admin',
      '--name',
      'tool',
      '--data-dir',
      dataDir,
    ],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim().split('\n').at(-1)!;
}

const skip = unavailable();

test('the window opens on the calendar, signed in; an external HTTP write shows in it', { skip }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'almanac-desktop-'));
  const desktop = await launch(dataDir);
  try {
    await desktop.window.getByRole('button', { name: 'New event' }).waitFor();
    assert.equal(await desktop.window.getByRole('link', { name: 'Calendar' }).getAttribute('aria-current'), 'page');
    const token = cliToken(dataDir);
    const today = new Date().toISOString().slice(0, 10);
    const created = await fetch(`${desktop.runFile().api_root}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'From a script', start_date: `${today} 12:00`, end_date: `${today} 13:00` }),
    });
    assert.equal(created.status, 201);
    await desktop.window.evaluate(() => window.dispatchEvent(new Event('focus')));
    await desktop.window.getByText('From a script').waitFor();
  } finally {
    await desktop.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('navigation to another site is blocked; the window stays on the app', { skip }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'almanac-desktop-'));
  const desktop = await launch(dataDir);
  try {
    const origin = new URL(desktop.window.url()).origin;
    await desktop.window.evaluate(() => {
      window.location.href = 'https://example.org/';
    });
    await desktop.window.waitForTimeout(500);
    assert.equal(new URL(desktop.window.url()).origin, origin);
    assert.equal(await desktop.window.evaluate(() => window.open('https://example.org/')), null, 'no new window');
  } finally {
    await desktop.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a second launch focuses the first window and exits', { skip }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'almanac-desktop-'));
  const desktop = await launch(dataDir);
  try {
    const second = spawn(electronBinary()!, [join(REPO_ROOT, 'dist/app')], {
      env: { ...process.env, ALMANAC_DATA_DIR: dataDir, ALMANAC_PORT: '0' },
    });
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    assert.equal(code, 0, 'the second instance quits at once');
    assert.equal(desktop.app.windows().length, 1);
    assert.equal(await desktop.window.evaluate(() => document.hasFocus()), true);
  } finally {
    await desktop.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('quitting while writes are in flight loses nothing acknowledged', { skip }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'almanac-desktop-'));
  const desktop = await launch(dataDir);
  const token = cliToken(dataDir);
  const apiRoot = desktop.runFile().api_root;
  const acknowledged: string[] = [];
  let stop = false;
  const writer = (async () => {
    for (let i = 0; !stop && i < 500; i++) {
      const title = `Quit test ${i}`;
      try {
        const response = await fetch(`${apiRoot}/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title, start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' }),
        });
        if (response.status === 201) acknowledged.push(title);
      } catch {
        return; // the app is gone
      }
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await desktop.app.close(); // the app's quit: the service stops gracefully first
  stop = true;
  await writer;
  const db = new Database(join(dataDir, 'almanac.sqlite'), { readonly: true });
  const titles = new Set(db.prepare("SELECT title FROM posts WHERE type = 'event'").pluck().all() as string[]);
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
  assert.ok(acknowledged.length > 0);
  for (const title of acknowledged) assert.ok(titles.has(title), `${title} was acknowledged`);
});
