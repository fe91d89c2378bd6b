#!/usr/bin/env node
// npm start: the desktop app where Electron can run; where it can't (its binary is missing and
// cannot be downloaded, or there is no display) it says why in one line and serves the same UI in
// the browser, printing the one-time sign-in URL. `--headless` first (npm run serve) always serves
// in the browser. Other arguments go to `almanac serve`. Either runs as this launcher's child
// (run-child.mjs): however this launcher is stopped, the app or the server stops with it, cleanly.
import { spawnSync } from 'node:child_process';
import { downloadElectron, electronBinary } from './electron-binary.mjs';
import { runChild } from './run-child.mjs';
import { ensureUiBuilt } from './ui-build.mjs';

const headless = process.argv[2] === '--headless';
const args = process.argv.slice(headless ? 3 : 2);

/** Why the desktop window cannot open here, or undefined when it can. */
function desktopUnavailable() {
  if (process.env.ALMANAC_HEADLESS === '1') return 'ALMANAC_HEADLESS=1 is set';
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return 'there is no display to open a window on';
  // npm ci never downloads Electron's binary (its package fetches it on first use): fetch it now, once.
  if (!electronBinary() && !downloadElectron())
    return "Electron's binary is not installed and could not be downloaded (offline?)";
  return undefined;
}

ensureUiBuilt();
const reason = headless ? undefined : desktopUnavailable();
if (headless || reason) {
  if (reason)
    console.log(
      `Almanac: the desktop window can't open here (${reason}); serving the same UI in your browser instead.`,
    );
  runChild(process.execPath, ['--import', 'tsx', 'server/almanac.ts', 'serve', ...args], { ipc: true });
} else {
  const build = spawnSync(process.execPath, ['scripts/build-app.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // better-sqlite3 as built by npm is for Node; the app needs it built for Electron's ABI.
  const rebuild = spawnSync(process.execPath, ['scripts/rebuild-for-electron.mjs'], { stdio: 'inherit' });
  if (rebuild.status !== 0) process.exit(rebuild.status ?? 1);
  runChild(electronBinary(), ['dist/app']);
}
