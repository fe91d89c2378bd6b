// The installers' settings (build/electron-builder.config.cjs), as far as they can be checked
// without building a Windows or macOS installer (NSIS and dmg builds need their tools, which are
// downloaded from GitHub; the release workflow builds them): per-user installs that never ask for
// administrator rights, an uninstall that keeps the data folder and says so, both architectures
// of both systems, macOS's update zips, and an update feed only where the release workflow builds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPO_ROOT } from '../reliability/child-server.ts';

const require = createRequire(import.meta.url);
const CONFIG = join(REPO_ROOT, 'build/electron-builder.config.cjs');

function config(repository?: string) {
  const saved = process.env.GITHUB_REPOSITORY;
  if (repository === undefined) delete process.env.GITHUB_REPOSITORY;
  else process.env.GITHUB_REPOSITORY = repository;
  try {
    delete require.cache[CONFIG];
    return require(CONFIG);
  } finally {
    if (saved === undefined) delete process.env.GITHUB_REPOSITORY;
    else process.env.GITHUB_REPOSITORY = saved;
  }
}

test('Windows: a one-click, per-user installer (no "all users" page, no administrator prompt); uninstalling keeps the data and says so', () => {
  const { nsis, win } = config();
  assert.equal(nsis.oneClick, true, 'no pages: the assisted installer asks "just me / all users"');
  assert.equal(nsis.perMachine, false);
  assert.equal(nsis.allowElevation, undefined);
  assert.equal(nsis.deleteAppDataOnUninstall, false);
  assert.deepEqual(win.target, [{ target: 'nsis', arch: ['x64', 'arm64'] }]);
  const script = readFileSync(nsis.include, 'utf8');
  assert.match(script, /!macro customUnInstall/);
  assert.match(script, /\$\{ifNot\} \$\{isUpdated\}/, 'not when an update replaces the old version');
  assert.match(script, /stay in \$APPDATA\\Almanac/);
  assert.match(script, /\/SD IDOK/, 'no window when silent');
});

test('the installers register almanac:// links (WordPress returns an application password there)', () => {
  const { protocols } = config();
  assert.deepEqual(
    protocols.flatMap((protocol: { schemes: string[] }) => protocol.schemes),
    ['almanac'],
  );
});

test('macOS: dmg for people, zip for updates, both architectures; hardened runtime', () => {
  const { mac } = config();
  assert.deepEqual(mac.target, [
    { target: 'dmg', arch: ['x64', 'arm64'] },
    { target: 'zip', arch: ['x64', 'arm64'] },
  ]);
  assert.equal(mac.hardenedRuntime, true);
});

test('the update feed is the repository’s GitHub Releases when the release workflow builds; none otherwise', () => {
  assert.equal(config().publish, null);
  assert.deepEqual(config('someone/almanac').publish, [
    { provider: 'github', owner: 'someone', repo: 'almanac', releaseType: 'draft' },
  ]);
});
