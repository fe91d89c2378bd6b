#!/usr/bin/env node
// npm run almanac -- …: the `almanac` command from the sources (server/almanac.ts through tsx), as
// this launcher's child (run-child.mjs), so that `npm run almanac -- serve` stops with npm however
// npm is stopped, as `npm start` does.
import { runChild } from './run-child.mjs';

runChild(process.execPath, ['--import', 'tsx', 'server/almanac.ts', ...process.argv.slice(2)], { ipc: true });
