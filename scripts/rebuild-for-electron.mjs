#!/usr/bin/env node
// Rebuilds dist/app's better-sqlite3 for the installed Electron's ABI (npm built the repository's
// copy for Node's), for running the app in development (`npm start`). Packaging does the same
// itself (npmRebuild). Needs Electron's headers, downloaded from electronjs.org.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { app: { type: 'string', default: 'dist/app' } } });
const require = createRequire(import.meta.url);
const { rebuild } = require('@electron/rebuild');
const { version } = require('electron/package.json');
// An npmrc `nodedir` would make node-gyp use Node's headers instead of Electron's.
delete process.env.npm_config_nodedir;
delete process.env.NPM_CONFIG_NODEDIR;
await rebuild({
  buildPath: values.app,
  electronVersion: version,
  force: true,
  buildFromSource: true,
  onlyModules: ['better-sqlite3'],
});
console.log(`better-sqlite3 rebuilt for Electron ${version} in ${values.app}`);
