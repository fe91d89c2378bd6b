// tec-website.md, "Signing in": a connection is checked before it is trusted, a site that silently
// drops the password is refused in words that say why, a sync never goes on as an anonymous
// visitor, and the password is kept outside the calendar file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, statSync } from 'node:fs';
import { inDays, startPair } from './harness.ts';
import { create } from './fixtures.ts';
import { connectWebsite } from '../../server/website-sync/website-service.ts';
import { WebsiteCheckError, normalizeWebsiteUrl } from '../../server/website-sync/check-website.ts';
import { CREDENTIALS_FILE } from '../../server/website-sync/credentials.ts';
import { databaseFile } from '../../server/data-dir.ts';
import { DEFAULT_APP_PASSWORD } from '../support/tec-site/index.ts';

async function refused(promise: Promise<unknown>, failure: string, words: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof WebsiteCheckError, String(error));
    assert.equal(error.failure, failure);
    assert.match(error.message, words);
    return true;
  });
}

test("addresses: a bare host is https, the REST root is found from the site's address, other schemes are refused", () => {
  assert.equal(normalizeWebsiteUrl('example.org/events/'), 'https://example.org/events');
  assert.equal(normalizeWebsiteUrl('https://example.org/wp-json/'), 'https://example.org');
  assert.equal(normalizeWebsiteUrl('ftp://example.org'), null);
  assert.equal(normalizeWebsiteUrl('https://user:pw@example.org'), null);
});

test('a site that ignores the password over plain HTTP (not a local environment) is refused, saying why', async () => {
  const pair = await startPair({ connect: false, website: { environment: 'production' } });
  try {
    const site = pair.almanac.store.sites.byCode('default')!;
    await refused(
      connectWebsite(pair.almanac.store, pair.credentials, site, {
        url: pair.website.url,
        login: 'admin',
        password: DEFAULT_APP_PASSWORD,
        mode: 'merge',
      }),
      'password_ignored',
      /ignored the password: WordPress accepts application passwords only over HTTPS/,
    );
  } finally {
    await pair.close();
  }
});

test('a wrong password, and a user who may not edit events, are refused before anything is kept', async () => {
  const pair = await startPair({
    connect: false,
    website: {
      users: [
        { login: 'admin', role: 'administrator', appPasswords: [DEFAULT_APP_PASSWORD] },
        { login: 'reader', role: 'subscriber', appPasswords: ['read read read read'] },
      ],
    },
  });
  try {
    const site = pair.almanac.store.sites.byCode('default')!;
    const connect = (login: string, password: string) =>
      connectWebsite(pair.almanac.store, pair.credentials, site, {
        url: pair.website.url,
        login,
        password,
        mode: 'merge',
      });
    await refused(
      connect('admin', 'wrong wrong wrong'),
      'wrong_password',
      /refused the user name or the application password/,
    );
    await refused(connect('reader', 'read read read read'), 'cannot_edit_events', /may not edit events/);
    assert.equal(pair.almanac.store.db.prepare('SELECT COUNT(*) FROM website_connections').pluck().get(), 0);
  } finally {
    await pair.close();
  }
});

test("a WordPress site without The Events Calendar's API is refused", async () => {
  const pair = await startPair({ connect: false });
  const wordpress = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ name: 'Blog', namespaces: ['oembed/1.0', 'wp/v2'], timezone_string: 'UTC', gmt_offset: 0 }),
    );
  });
  await new Promise<void>((resolve) => wordpress.listen(0, '127.0.0.1', resolve));
  try {
    const site = pair.almanac.store.sites.byCode('default')!;
    const url = `http://127.0.0.1:${(wordpress.address() as AddressInfo).port}`;
    await refused(
      connectWebsite(pair.almanac.store, pair.credentials, site, { url, login: 'admin', password: 'x', mode: 'merge' }),
      'not_tec',
      /does not serve The Events Calendar's REST API/,
    );
  } finally {
    await new Promise((resolve) => wordpress.close(resolve));
    await pair.close();
  }
});

test('the password is kept outside the calendar file, in a file only the user may read', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    await create(pair.almanac, 'events', {
      title: 'Anything',
      start_date: inDays(3, '10:00'),
      end_date: inDays(3, '11:00'),
    });
    assert.equal((await pair.sync()).ok, true);
    pair.almanac.store.db.pragma('wal_checkpoint(TRUNCATE)');
    const database = readFileSync(databaseFile(pair.almanac.dataDir));
    assert.equal(database.includes(Buffer.from(DEFAULT_APP_PASSWORD)), false, 'not in the database');
    assert.equal(database.includes(Buffer.from(DEFAULT_APP_PASSWORD.replace(/ /g, ''))), false);
    const file = `${pair.almanac.dataDir}/${CREDENTIALS_FILE}`;
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.match(readFileSync(file, 'utf8'), /abcd efgh/);
  } finally {
    await pair.close();
  }
});

test('a sync never goes on as an anonymous visitor: a site that starts ignoring the password pauses the sync, nothing is taken for deleted', async () => {
  const pair = await startPair({ mode: 'publish' });
  try {
    const draft = await create(pair.almanac, 'events', {
      title: 'A draft',
      status: 'draft',
      start_date: inDays(3, '10:00'),
      end_date: inDays(3, '11:00'),
    });
    assert.equal((await pair.sync()).ok, true);
    pair.website.store.settings.environment = 'production';
    pair.website.resetRequestLog();
    const sync = await pair.sync({ sweep: true });
    assert.equal(sync.failure?.code, 'auth');
    assert.equal(
      pair.almanac.store.posts.get(1, draft)!.status,
      'draft',
      'the draft a visitor cannot see is still here',
    );
    assert.match(sync.failure!.message, /answers as if no password had been sent/);
    // A real site answers the first read (every status, the trash included) with a 400, not a 401:
    // users/me then tells that the password was ignored.
    assert.deepEqual(
      pair.website.requests.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')} ${r.status}`),
      ['GET /wp-json/wp/v2/tribe_events 400', 'GET /wp-json/wp/v2/users/me 401'],
      'stopped at the first answer, once users/me said who was asking',
    );
    assert.ok(pair.almanac.store.db.prepare('SELECT paused_reason FROM website_connections').pluck().get(), 'paused');
    // Paused: the next sync does not ask the website again until the user connects again.
    pair.website.resetRequestLog();
    assert.equal((await pair.sync()).failure?.code, 'paused');
    assert.equal(pair.website.requests.length, 0);
  } finally {
    await pair.close();
  }
});
