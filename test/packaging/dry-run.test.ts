// The packaging configuration, checked for real where no Electron binary can be downloaded:
// electron-builder packages dist/app for Linux (`--dir`) with a stand-in Electron distribution —
// a placeholder executable that carries Electron's fuse wire, so the fuse settings are really
// flipped — and native rebuild off. Then: the asar holds the main bundle, the preload, the UI and
// every migration; better-sqlite3's addon and the worker entries sit unpacked beside it; and the
// fuses are as build/electron-builder.config.cjs says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../reliability/child-server.ts';

const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as { listPackage(archive: string): string[] };
const fuses = require('@electron/fuses') as {
  getCurrentFuseWire(path: string): Promise<Record<string, number | string>>;
  FuseV1Options: Record<string, number>;
};
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const [DISABLED, ENABLED] = [48, 49];

/** A placeholder `electron` executable with a v1 fuse wire of 8 fuses, in Electron's defaults. */
function standInElectron(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'electron');
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "a stand-in for the Electron binary, for packaging tests" >&2\nexit 1\n# '),
      Buffer.from(SENTINEL),
      Buffer.from([1, 8]),
      Buffer.from('10110001'),
      Buffer.from('\n'),
    ]),
  );
  chmodSync(file, 0o755);
}

test(
  'electron-builder --dir packages the app: asar contents, unpacked native addon and workers, fuses',
  { timeout: 180_000 },
  async (t) => {
    if (!existsSync(join(REPO_ROOT, 'dist/renderer/index.html')))
      return t.skip('the UI is not built (npm test builds it first)');
    const work = mkdtempSync(join(tmpdir(), 'almanac-package-'));
    t.after(() => rmSync(work, { recursive: true, force: true }));
    const run = (command: string, args: string[]) => {
      const result = spawnSync(command, args, { cwd: REPO_ROOT, encoding: 'utf8', timeout: 170_000 });
      assert.equal(result.status, 0, `${command} ${args.join(' ')}\n${result.stdout}\n${result.stderr}`);
    };
    const app = join(work, 'app');
    const output = join(work, 'out');
    standInElectron(join(work, 'electron'));
    run(process.execPath, ['scripts/build-app.mjs', '--out', app]);
    run(process.execPath, [
      'node_modules/electron-builder/cli.js',
      '--linux',
      'dir',
      '--config',
      'build/electron-builder.config.cjs',
      `-c.directories.app=${app}`,
      `-c.directories.output=${output}`,
      `-c.electronDist=${join(work, 'electron')}`,
      '-c.npmRebuild=false',
    ]);

    const resources = join(output, 'linux-unpacked', 'resources');
    const files = new Set(asar.listPackage(join(resources, 'app.asar')).map((file) => file.replace(/\\/g, '/')));
    for (const file of [
      '/package.json',
      '/main.mjs',
      '/preload.cjs',
      '/renderer/index.html',
      '/renderer/pressable.css',
    ])
      assert.ok(files.has(file), `${file} is in the asar`);
    assert.ok(
      [...files].some((file) => /^\/renderer\/assets\/index-.*\.js$/.test(file)),
      'the UI bundle',
    );
    for (const migration of readdirSync(join(REPO_ROOT, 'server/db/migrations')))
      assert.ok(files.has(`/migrations/${migration}`), `migration ${migration}`);
    const modules = [...files].filter((file) => /^\/node_modules\/[^/]+$/.test(file)).sort();
    assert.deepEqual(
      modules,
      ['/node_modules/better-sqlite3', '/node_modules/bindings', '/node_modules/file-uri-to-path'],
      'only the native addon and what it loads',
    );

    const unpacked = join(resources, 'app.asar.unpacked');
    assert.ok(
      existsSync(join(unpacked, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')),
      'better-sqlite3 unpacked',
    );
    for (const worker of ['read-worker-boot.mjs', 'read-worker.mjs', 'backup-worker.mjs'])
      assert.ok(existsSync(join(unpacked, worker)), `${worker} unpacked (workers cannot start from an asar)`);

    const wire = await fuses.getCurrentFuseWire(join(output, 'linux-unpacked', 'almanac'));
    const fuse = (name: string) => wire[String(fuses.FuseV1Options[name])];
    assert.equal(fuse('RunAsNode'), DISABLED);
    assert.equal(fuse('EnableNodeOptionsEnvironmentVariable'), DISABLED);
    assert.equal(fuse('EnableNodeCliInspectArguments'), DISABLED);
    assert.equal(fuse('OnlyLoadAppFromAsar'), ENABLED);
    assert.equal(fuse('EnableEmbeddedAsarIntegrityValidation'), ENABLED);
    assert.equal(fuse('EnableCookieEncryption'), ENABLED);
  },
);
