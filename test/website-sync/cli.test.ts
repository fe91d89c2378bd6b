// `almanac website …` end to end: the real command in child processes, the password on standard
// input, the exit codes the issue asks for — against the stand-in website and a data dir the
// Almanac server is using at the same time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { API } from '../support/server.ts';
import { inDays, startPair, type Pair } from './harness.ts';
import { create } from './fixtures.ts';
import { DEFAULT_APP_PASSWORD } from '../support/tec-site/index.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function almanac(pair: Pair, args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/almanac.ts', ...args, '--data-dir', pair.almanac.dataDir],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

test('website connect (password on stdin), sync, status, resolve, disconnect — with their exit codes', async () => {
  const pair = await startPair({ connect: false });
  try {
    // Wrong usage: 2. A refused connection: 1, saying why. The password never as an argument.
    const usage = await almanac(pair, ['website', 'connect', '--site', 'default', '--url', pair.website.url]);
    assert.equal(usage.code, 2, usage.stderr);
    assert.match(usage.stderr, /--user/);
    const wrong = await almanac(
      pair,
      ['website', 'connect', '--site', 'default', '--url', pair.website.url, '--user', 'admin'],
      'nope nope nope\n',
    );
    assert.equal(wrong.code, 1);
    assert.match(wrong.stdout, /Not connected: .*refused the user name or the application password/);

    const connected = await almanac(
      pair,
      ['website', 'connect', '--site', 'default', '--url', pair.website.url, '--user', 'admin', '--mode', 'publish'],
      `${DEFAULT_APP_PASSWORD}\n`,
    );
    assert.equal(connected.code, 0, connected.stdout + connected.stderr);
    assert.match(connected.stdout, /Connected site default to http:\/\/127\.0\.0\.1:\d+/);
    assert.match(connected.stdout, /Password kept in .*website-passwords\.json \(readable by you only\)/);
    assert.doesNotMatch(connected.stdout + connected.stderr, /abcd/);

    const id = await create(pair.almanac, 'events', {
      title: 'From the command line',
      start_date: inDays(4, '10:00'),
      end_date: inDays(4, '11:00'),
    });
    const synced = await almanac(pair, ['website', 'sync', '--site', 'default']);
    assert.equal(synced.code, 0, synced.stdout + synced.stderr);
    assert.match(synced.stdout, /^Sent 1, received 0, conflicts 0, failures 0 \(\d+ requests to the website\)\.$/m);
    assert.equal(pair.website.snapshot().events[0]!.title, 'From the command line');

    // A conflict: sync exits 1 while it waits; status names it with its id; resolve settles it.
    const remoteId = pair.website.snapshot().events[0]!.id;
    await pair.almanac.admin('PATCH', `${API}/events/${id}`, { json: { title: 'Mine' } });
    await pair.website.admin.updateEvent(remoteId, { title: 'Theirs' });
    const conflicted = await almanac(pair, ['website', 'sync', '--site', 'default']);
    assert.equal(conflicted.code, 1);
    assert.match(conflicted.stdout, /conflicts 1/);
    const status = await almanac(pair, ['website', 'status', '--site', 'default', '--json']);
    assert.equal(status.code, 1);
    const parsed = JSON.parse(status.stdout);
    assert.equal(parsed.conflicts.length, 1);
    assert.deepEqual(parsed.conflicts[0].fields[0], {
      field: 'title',
      base: 'From the command line',
      mine: 'Mine',
      theirs: 'Theirs',
    });
    const text = await almanac(pair, ['website', 'status', '--site', 'default']);
    assert.match(text.stdout, new RegExp(`Conflict ${parsed.conflicts[0].id}: event "Mine" — title`));
    const resolved = await almanac(pair, [
      'website',
      'resolve',
      '--site',
      'default',
      '--conflict',
      String(parsed.conflicts[0].id),
      '--keep',
      'theirs',
    ]);
    assert.equal(resolved.code, 0, resolved.stdout + resolved.stderr);
    assert.equal(pair.almanac.store.posts.get(1, id)!.title, 'Theirs');
    const clean = await almanac(pair, ['website', 'status', '--site', 'default']);
    assert.equal(clean.code, 0, clean.stdout);

    // The website stopped: sync says why and exits 1; nothing is lost.
    await pair.website.stop();
    await pair.almanac.admin('PATCH', `${API}/events/${id}`, { json: { title: 'Offline edit' } });
    const offline = await almanac(pair, ['website', 'sync', '--site', 'default']);
    assert.equal(offline.code, 1);
    assert.match(offline.stdout, /Stopped: .*cannot be reached/);
    await pair.website.start();
    assert.equal((await almanac(pair, ['website', 'sync', '--site', 'default'])).code, 0);
    assert.equal(pair.website.store.event(remoteId)!.title, 'Offline edit');

    const gone = await almanac(pair, ['website', 'disconnect', '--site', 'default']);
    assert.equal(gone.code, 0);
    assert.match(gone.stdout, /no longer connected/);
    assert.equal((await almanac(pair, ['website', 'status', '--site', 'default'])).code, 1);
    assert.equal(pair.website.snapshot().events.length, 1, 'nothing deleted on the website');
  } finally {
    await pair.close();
  }
});
