// `npm start` runs the server with the flags of server/runtime-flags.ts (the bench uses the same
// constant), and the server starts and answers with them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../server/runtime-flags.ts';
import { REPO_ROOT, startChildServer } from './child-server.ts';

const startScript = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start;

test('npm start passes every server runtime flag to node', () => {
  const words = startScript.split(/\s+/);
  assert.equal(words[0], 'node');
  for (const flag of SERVER_NODE_FLAGS) assert.ok(words.includes(flag), `${flag} missing from "${startScript}"`);
});

test('the server starts and answers with the start script node flags', async () => {
  const words = startScript.split(/\s+/);
  const nodeArgs = words.slice(1, words.indexOf('server/cli.ts'));
  const dir = mkdtempSync(join(tmpdir(), 'almanac-flags-'));
  const server = await startChildServer(dir, { nodeArgs });
  try {
    const response = await fetch(`${server.apiRoot}/events`);
    assert.equal(response.status, 200);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
