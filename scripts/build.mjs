#!/usr/bin/env node
// Bundles the command line (server/almanac.ts) into dist/cli.mjs: one file that starts fast under
// plain Node (no TypeScript transpiling at start-up). better-sqlite3 stays external (a native
// addon); the SQL migrations and the backup worker are copied next to the bundle.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
await build({
  entryPoints: ['server/almanac.ts'],
  outfile: 'dist/cli.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['better-sqlite3'],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
cpSync('server/db/migrations', 'dist/migrations', { recursive: true });
cpSync('server/db/backup-worker.mjs', 'dist/backup-worker.mjs');
console.log('built dist/cli.mjs');
