#!/usr/bin/env node
// Bundles the command line (server/almanac.ts) into dist/cli.mjs: one file that starts fast under
// plain Node (no TypeScript transpiling at start-up). better-sqlite3 stays external (a native
// addon); the read worker is a second bundle beside it, and the SQL migrations and the worker
// boot files are copied next to them.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';

// Only this script's own files: dist/ also holds the UI (dist/renderer) and the app (dist/app).
for (const file of [
  'cli.mjs',
  'read-worker.mjs',
  'read-worker-boot.mjs',
  'import-worker.mjs',
  'import-worker-boot.mjs',
  'backup-worker.mjs',
  'migrations',
])
  rmSync(`dist/${file}`, { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
await build({
  entryPoints: {
    cli: 'server/almanac.ts',
    'read-worker': 'server/read-worker/read-worker.ts',
    'import-worker': 'server/import-jobs/import-worker.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
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
cpSync('server/read-worker/read-worker-boot.mjs', 'dist/read-worker-boot.mjs');
cpSync('server/import-jobs/import-worker-boot.mjs', 'dist/import-worker-boot.mjs');
console.log('built dist/cli.mjs');
