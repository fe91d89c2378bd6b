// `almanac serve` stops gracefully when its parent asks over the IPC channel — the way tests (and
// any parent) stop it on Windows, where SIGTERM cannot be sent (a kill there ends the process at
// once, and a test that expects a graceful stop would see the run file left behind). Checked here
// on any system: the 'stop' message runs the same stop as SIGTERM.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFile } from '../../server/run-file.ts';
import { isDataDirLocked } from '../../server/data-dir-lock.ts';
import { startChildServer } from './child-server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'almanac-stop-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

test("the 'stop' message stops serve gracefully: exit 0, run file removed, lock released", async () => {
  const server = await startChildServer(dataDir);
  assert.ok(existsSync(runFile(dataDir)));
  server.child.send('stop');
  assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output());
  assert.equal(existsSync(runFile(dataDir)), false);
  assert.equal(isDataDirLocked(dataDir), false);
});
