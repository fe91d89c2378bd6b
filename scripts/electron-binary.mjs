// Where Electron's binary is, without downloading it. Since Electron 42 the `electron` package has
// no install script: it downloads the binary on the first `require('electron')` (or
// `npx install-electron`), and throws when that fails. `npm start` and the desktop test suite ask
// here instead, and download once, on purpose, when they want to (downloadElectron).
// ELECTRON_OVERRIDE_DIST_PATH (Electron's own variable) points at another Electron folder: a
// local build, or the stand-in test/electron/start-script.test.ts uses.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('electron/package.json'));

/** The Electron executable's path, when it is there. */
export function electronBinary() {
  const pathFile = join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const path = override ? join(override, executable || 'electron') : executable && join(packageDir, 'dist', executable);
  return path && existsSync(path) ? path : undefined;
}

/** Downloads Electron's binary (electron's own install script); true when it is there afterwards. */
export function downloadElectron() {
  spawnSync(process.execPath, [join(packageDir, 'install.js')], { stdio: 'ignore', timeout: 300_000 });
  return electronBinary() !== undefined;
}
