// almanac/v1/preferences: the UI's preferences kept by the service, per user — so they survive the
// window's origin changing with the port (8940 only when free; localStorage is per origin).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../support/server.ts';
import { startService } from '../../server/service.ts';

const server = await startServer();
after(() => server.close());
const prefs = (method: string, token: string | undefined, json?: unknown) =>
  server.request(method, '/almanac/v1/preferences', { token, json });

test('each signed-in user reads and replaces their own preferences; anonymous callers have none', async () => {
  assert.equal((await prefs('GET', undefined)).status, 401);
  assert.equal((await prefs('PUT', undefined, { preferences: { theme: 'dark' } })).status, 401);
  const empty = await prefs('GET', server.tokens.editor);
  assert.equal(empty.status, 200, empty.text);
  assert.deepEqual(empty.body, { preferences: {} });
  const saved = { theme: 'dark', firstDay: 1, timeDisplay: 'event', language: 'es', contentVariant: '', compact: true };
  const put = await prefs('PUT', server.tokens.editor, { preferences: saved });
  assert.equal(put.status, 200, put.text);
  assert.deepEqual(put.body.preferences, saved);
  assert.deepEqual((await prefs('GET', server.tokens.editor)).body.preferences, saved);
  assert.deepEqual((await prefs('GET', server.tokens.author)).body.preferences, {}, 'not another user’s');
  // A PUT replaces the whole object.
  await prefs('PUT', server.tokens.editor, { preferences: { theme: 'light' } });
  assert.deepEqual((await prefs('GET', server.tokens.editor)).body.preferences, { theme: 'light' });
});

test('anything but a small flat object is a 400 naming preferences, and changes nothing', async () => {
  const tooMany = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`key${i}`, i]));
  for (const bad of [{ preferences: 'dark' }, { preferences: { nested: { a: 1 } } }, { preferences: tooMany }, {}]) {
    const answer = await prefs('PUT', server.tokens.editor, bad);
    assert.equal(answer.status, 400, JSON.stringify(bad));
    // WordPress's codes: a wrong value, or a missing one.
    assert.ok(['rest_invalid_param', 'rest_missing_callback_param'].includes(answer.body.code), answer.text);
    assert.match(answer.body.message, /preferences/, answer.text);
  }
  assert.deepEqual((await prefs('GET', server.tokens.editor)).body.preferences, { theme: 'light' });
});

test('the preferences survive a restart on another port (the desktop window’s origin changes with it)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'almanac-prefs-'));
  try {
    const first = await startService({ dataDir, port: 0, app: 'desktop', tuneHeap: false, dailyBackups: false });
    const firstToken = first.createDesktopSession();
    const put = await fetch(`${first.url}/almanac/v1/preferences`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${firstToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferences: { theme: 'dark', firstDay: 1 } }),
    });
    assert.equal(put.status, 200);
    await first.stop();
    const second = await startService({ dataDir, port: 0, app: 'desktop', tuneHeap: false, dailyBackups: false });
    try {
      assert.notEqual(second.url, first.url, 'another origin');
      const got = await fetch(`${second.url}/almanac/v1/preferences`, {
        headers: { authorization: `Bearer ${second.createDesktopSession()}` },
      });
      assert.deepEqual(await got.json(), { preferences: { theme: 'dark', firstDay: 1 } });
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
