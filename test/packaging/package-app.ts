// Builds the desktop package the way `npm run dist` does, on a machine where Electron's binary and
// headers cannot be downloaded: scripts/build-app.mjs lays out the app, then electron-builder
// packages it for Linux as a folder (`--dir`), run from the app folder (`--projectDir`) with the
// repository's build/electron-builder.config.cjs. Two things stand in for downloads:
// - Electron's distribution: a placeholder `electron` executable carrying Electron's fuse wire
//   (so the fuse settings are really flipped), given as `electronDist`;
// - Electron's headers for the native rebuild (the config's npmRebuild): the headers of the Node
//   running the tests, put where node-gyp keeps downloaded headers (`~/.electron-gyp/<version>`, with
//   HOME pointed at a temp folder). The rebuild then runs exactly as in a release build, and its
//   addon is one this Node can load (it is not one Electron could: that needs Electron's headers).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPO_ROOT } from '../reliability/child-server.ts';

const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as { extractAll(archive: string, dest: string): void };
export const ELECTRON_VERSION = (require('electron/package.json') as { version: string }).version;

/** Electron's fuse sentinel: the fuse wire follows it in the binary. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/** A placeholder `electron` executable with a v1 fuse wire of 8 fuses, in Electron's defaults. */
export function standInElectron(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'electron');
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "a stand-in for the Electron binary, for packaging tests" >&2\nexit 1\n# '),
      Buffer.from(FUSE_SENTINEL),
      Buffer.from([1, 8]),
      Buffer.from('10110001'),
      Buffer.from('\n'),
    ]),
  );
  chmodSync(file, 0o755);
}

/** Where Node's own headers are, to stand in for Electron's (an npmrc `nodedir`, else beside the node binary). */
function nodeHeaders(): string {
  const candidates = [
    process.env.npm_config_nodedir && join(process.env.npm_config_nodedir, 'include', 'node'),
    '/usr/include/node',
    join(process.execPath, '..', '..', 'include', 'node'),
  ].filter((path): path is string => Boolean(path));
  const found = candidates.find((dir) => existsSync(join(dir, 'node_version.h')));
  if (found) return found;
  throw new Error(`no Node headers found (looked in ${candidates.join(', ')})`);
}

/**
 * A home folder whose node-gyp header cache holds Node's headers under Electron's version, so a
 * rebuild "for Electron" finds them instead of downloading (what `installVersion` node-gyp 9
 * expects is 11).
 */
export function homeWithStandInHeaders(home: string): string {
  const version = join(home, '.electron-gyp', ELECTRON_VERSION);
  mkdirSync(join(version, 'include'), { recursive: true });
  cpSync(nodeHeaders(), join(version, 'include', 'node'), { recursive: true });
  writeFileSync(join(version, 'installVersion'), '11\n');
  return home;
}

/** The environment a rebuild runs in here: the temp home, and no npmrc nodedir (the scripts drop it too). */
export function rebuildEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, USERPROFILE: home };
  delete env.npm_config_nodedir;
  delete env.NPM_CONFIG_NODEDIR;
  return env;
}

export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: options.env ?? process.env,
    encoding: 'utf8',
    timeout: 1_500_000, // a guard against a hang: the native rebuild took ~10 min at load 16
  });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}\n${result.stdout}\n${result.stderr}`);
  return result;
}

export interface BuiltPackage {
  /** linux-unpacked/ */
  dir: string;
  /** linux-unpacked/resources/ (app.asar, app.asar.unpacked) */
  resources: string;
  /** The packaged executable (the stand-in, fuses flipped). */
  executable: string;
  /** electron-builder's output. */
  log: string;
}

/** `npm run dist`'s steps for `--linux dir`, into `work`. */
export function buildPackage(work: string): BuiltPackage {
  const app = join(work, 'app');
  const output = join(work, 'out');
  standInElectron(join(work, 'electron'));
  const home = homeWithStandInHeaders(join(work, 'home'));
  run(process.execPath, ['scripts/build-app.mjs', '--out', app]);
  const built = run(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/electron-builder/cli.js'),
      '--projectDir',
      app,
      '--config',
      join(REPO_ROOT, 'build/electron-builder.config.cjs'),
      '--linux',
      'dir',
      '--publish',
      'never',
      `-c.directories.output=${output}`,
      `-c.electronDist=${join(work, 'electron')}`,
    ],
    // As in the release workflow: the update feed names a GitHub repository (app-update.yml).
    { env: { ...rebuildEnv(home), GITHUB_REPOSITORY: 'almanac-tests/almanac' } },
  );
  const dir = join(output, 'linux-unpacked');
  return {
    dir,
    resources: join(dir, 'resources'),
    executable: join(dir, 'almanac'),
    log: `${built.stdout}\n${built.stderr}`,
  };
}

/**
 * Lays the package out the way Electron reads it, for Node: app.asar extracted into a folder of
 * the same name (Electron's fs reads inside the archive; Node reads the folder), app.asar.unpacked
 * beside it as the packager left it, and the stand-in for Electron's API at
 * resources/node_modules/electron (Electron's own module is built in; nothing in the package
 * provides it). Module resolution from app.asar.unpacked/ then walks the same folders as in Electron:
 * it never looks inside app.asar.
 */
export function layOutAsElectronReads(resources: string): void {
  const archive = join(resources, 'app.asar');
  const extracted = join(resources, 'app.asar.extracted');
  asar.extractAll(archive, extracted); // unpacked files are copied in from app.asar.unpacked
  rmSync(archive);
  renameSync(extracted, archive);
  const electron = join(resources, 'node_modules', 'electron');
  mkdirSync(electron, { recursive: true });
  cpSync(join(REPO_ROOT, 'test/packaging/electron-stand-in.cjs'), join(electron, 'index.cjs'));
  writeFileSync(join(electron, 'package.json'), JSON.stringify({ name: 'electron', main: 'index.cjs' }));
}
