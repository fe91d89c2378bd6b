#!/usr/bin/env node
// Runs every test/**/*.test.ts with Node's own test runner (through tsx).
// Node 20's `node --test` neither expands globs nor finds .ts files by itself,
// so this script lists the files; extra arguments narrow the run to matching paths.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const filters = process.argv.slice(2);
const files = walk('test')
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
  stdio: 'inherit',
  // The file reader's clock backstops stretched, so its work counts decide under a loaded
  // machine too (server/calendar-files/backstop.ts).
  env: { ...process.env, ALMANAC_BACKSTOP_SCALE: process.env.ALMANAC_BACKSTOP_SCALE ?? '10' },
});
process.exit(result.status ?? 1);
