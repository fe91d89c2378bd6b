#!/usr/bin/env node
// Rebuilds dist/app's better-sqlite3 (or --app DIR's) for the installed Electron's ABI: npm built
// the repository's copy for Node's, and Electron refuses an addon built for another ABI. `npm
// start` runs this; packaging does the same itself (electron-builder's npmRebuild calls the same
// @electron/rebuild). node-gyp fetches Electron's headers from electronjs.org into
// ~/.electron-gyp/<version> once, and uses that copy from then on.
// test/packaging/native-rebuild.test.ts runs it with Node's own headers standing in there, since
// Electron's cannot be downloaded on our machines.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { app: { type: 'string', default: 'dist/app' } } });
const require = createRequire(import.meta.url);
const { rebuild } = require('@electron/rebuild');
const { version } = require('electron/package.json');
// An npmrc `nodedir` (our machines set one for Node's own addons) would make node-gyp build
// against Node's headers instead of Electron's: a module Electron cannot load.
delete process.env.npm_config_nodedir;
delete process.env.NPM_CONFIG_NODEDIR;
const buildPath = resolve(values.app); // @electron/rebuild refuses a relative one
await rebuild({
  buildPath,
  electronVersion: version,
  force: true,
  buildFromSource: true,
  onlyModules: ['better-sqlite3'],
  // One build at a time, in ~/.electron-gyp: the layout electron-builder's rebuild uses too.
  mode: 'sequential',
});
console.log(`better-sqlite3 rebuilt for Electron ${version} in ${buildPath}`);
