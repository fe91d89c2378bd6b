#!/usr/bin/env node
// Makes `npm start` and `npm test` work on a fresh clone: when node_modules is missing or older
// than package-lock.json, runs `npm ci` (which also builds better-sqlite3 from source).
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('Installing dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], {
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: process.env.ELECTRON_SKIP_BINARY_DOWNLOAD ?? '1' },
    shell: process.platform === 'win32',
  });
  process.exit(result.status ?? 1);
}
