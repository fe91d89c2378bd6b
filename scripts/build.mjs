#!/usr/bin/env node
// Bundles the service (server/cli.ts) into dist/cli.mjs: one file that starts fast under plain
// Node (no TypeScript transpiling at start-up), as the desktop app will ship it. better-sqlite3
// stays external (a native addon); the SQL migrations are copied next to the bundle.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
await build({
  entryPoints: ['server/cli.ts'],
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
console.log('built dist/cli.mjs');
