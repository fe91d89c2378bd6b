// Builds the UI (dist/renderer) when it is missing or older than any of its sources, so `npm start`
// and `npm run serve` always serve the current UI without a separate step.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function ensureUiBuilt() {
  const built = 'dist/renderer/index.html';
  // The server's schemas type the UI, but only its own sources change the built files.
  const sources = Math.max(newest('renderer'), statSync('package-lock.json').mtimeMs);
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('Building the UI (vite)…');
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureUiBuilt();
