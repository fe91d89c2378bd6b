// `npm start` (scripts/start.mjs) where Electron's binary exists: it lays out dist/app, rebuilds
// better-sqlite3 there for Electron's ABI (scripts/rebuild-for-electron.mjs, @electron/rebuild,
// the same rebuild `npm run dist` does), and starts the binary on dist/app. The binary here is a
// stand-in that records how it was started (ELECTRON_OVERRIDE_DIST_PATH, Electron's own variable,
// points `npm start` at it), and the rebuild finds Node's headers standing in for Electron's
// (test/packaging/package-app.ts: Electron's cannot be downloaded here), so the addon it builds is
// one this Node loads — the build steps are Electron's, the ABI is not.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../reliability/child-server.ts';
import { ELECTRON_VERSION, homeWithStandInHeaders, rebuildEnv } from '../packaging/package-app.ts';

const work = mkdtempSync(join(tmpdir(), 'almanac-start-'));
after(() => rmSync(work, { recursive: true, force: true }));

const skip =
  process.platform === 'win32'
    ? 'the stand-in Electron binary is a shell script (the Windows start path differs only in the executable)'
    : false;

test(
  'npm start reaches the Electron binary: dist/app laid out, better-sqlite3 rebuilt for Electron, the binary started on it',
  { skip, timeout: 1_500_000 },
  () => {
    const dist = join(work, 'electron-dist');
    mkdirSync(dist);
    const record = join(work, 'started.json');
    writeFileSync(
      join(dist, 'electron'),
      `#!/bin/sh\nnode -e 'require("fs").writeFileSync(process.argv[1], JSON.stringify({ args: process.argv.slice(2), cwd: process.cwd() }))' "${record}" "$@"\n`,
    );
    chmodSync(join(dist, 'electron'), 0o755);
    const home = homeWithStandInHeaders(join(work, 'home'));
    const began = Date.now();
    const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 1_490_000, // a guard against a hang: compiling better-sqlite3 for Electron took ~10 min at load 16
      env: { ...rebuildEnv(home), ELECTRON_OVERRIDE_DIST_PATH: dist, DISPLAY: process.env.DISPLAY || ':0' },
    });
    assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
    assert.doesNotMatch(result.stdout, /can't open here/, 'the desktop path, not the browser fallback');
    assert.match(
      result.stdout,
      new RegExp(`better-sqlite3 rebuilt for Electron ${ELECTRON_VERSION.replace(/\./g, '\\.')}`),
    );

    const started = JSON.parse(readFileSync(record, 'utf8'));
    assert.deepEqual(started.args, ['dist/app'], 'Electron is started on the laid-out app');
    assert.equal(started.cwd, REPO_ROOT.replace(/\/$/, ''));
    const addon = join(REPO_ROOT, 'dist/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    assert.ok(statSync(addon).mtimeMs >= began, 'the addon was rebuilt just now');
    assert.match(
      readFileSync(join(REPO_ROOT, 'dist/app/node_modules/better-sqlite3/build/Release/.forge-meta'), 'utf8'),
      /--/,
    );
    const Database = createRequire(join(REPO_ROOT, 'dist/app/main.mjs'))('better-sqlite3');
    const db = new Database(':memory:');
    assert.equal(db.prepare('SELECT 1 + 1 AS two').get().two, 2, 'the rebuilt addon loads (Node headers stood in)');
    db.close();
  },
);
