// Issue 36: "Commands the UI gives do not exist here" — the UI told users to run `almanac …`, which
// is on no one's PATH. The service says how its command line runs where it runs (almanac/v1/session
// `command_line`, server/cli-command.ts), and that command works as given: here `almanac serve` runs
// from this checkout, as `npm start` runs it, and the command it names — run from another folder,
// with the data folder it names — prints a sign-in link of this very server, which signs in.
// (The installed app's own executable as the command: test/packaging/packaged-app.test.ts.)
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startChildServer } from './child-server.ts';
import type { Session } from '../../contract/app/session.ts';

const work = mkdtempSync(join(tmpdir(), 'almanac-cli-command-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('the session names the command line that runs here, and that command, run from elsewhere, works on this server', async () => {
  const dataDir = join(work, 'data');
  const server = await startChildServer(dataDir);
  try {
    const origin = new URL(server.apiRoot).origin;
    // Asked signed out: an expired sign-in link's page is signed out.
    const session = (await (await fetch(`${origin}/almanac/v1/session`)).json()) as Session;
    assert.equal(session.signed_in, false);
    assert.deepEqual(session.command_line, {
      command: ['npm', '--prefix', REPO_ROOT.replace(/[\\/]$/, ''), 'run', 'almanac', '--'],
      shell: process.platform === 'win32' ? 'windows' : 'posix',
      data_dir: dataDir,
    });

    const [program, ...words] = session.command_line.command;
    const elsewhere = mkdtempSync(join(work, 'cwd-'));
    const run = spawnSync(program!, [...words, 'sign-in', '--data-dir', session.command_line.data_dir], {
      cwd: elsewhere,
      encoding: 'utf8',
      shell: process.platform === 'win32', // npm is npm.cmd there
      timeout: 120_000,
    });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    const link = /Almanac UI: (http:\/\/127\.0\.0\.1:\d+\/\?login=\S+)/.exec(run.stdout)?.[1];
    assert.ok(link?.startsWith(`${origin}/`), `a link of this server: ${run.stdout}`);
    const signedIn = await fetch(link!, { redirect: 'manual', headers: { accept: 'text/html' } });
    assert.match(String(signedIn.headers.get('set-cookie')), /almanac_session/, 'the link signs in');
  } finally {
    await server.stop();
  }
});
