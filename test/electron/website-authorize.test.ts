// WordPress's authorize-application page returned to Almanac (electron/website-authorize-link.ts,
// wired in electron/desktop.ts): the almanac:// link is read strictly (a bad, incomplete or foreign
// one is refused and nothing is sent), it is taken only when it answers an authorization this app
// started (one-time state, same site and mode), and then — arriving by macOS's open-url or as a
// second instance's argument on Windows and Linux — it connects the site through the real service
// (a temp data dir, 127.0.0.1:0) to the stand-in TEC website, whose authorize page made the password.
// The first start's argument is read too. The password never reaches the log.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDesktop, type ElectronApi } from '../../electron/desktop.ts';
import { IPC } from '../../electron/ipc-channels.ts';
import {
  LinkRefused,
  parseAuthorizeLink,
  PendingAuthorizations,
  PENDING_FOR_MS,
} from '../../electron/website-authorize-link.ts';
import { registerLinkScheme } from '../../electron/link-scheme.ts';
import { startTecSite, type TecSite } from '../support/tec-site/index.ts';
import { answerAuthorizePage } from '../support/tec-site/authorize-answer.ts';
import { FakeEvent, fakeElectron } from './fakes.ts';

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const STATE = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const base = `almanac://website-authorized?site=default&mode=merge&state=${STATE}`;
const approved = `${base}&site_url=https%3A%2F%2Fexample.org&user_login=admin&password=abcd%20efgh%20ijkl%20mnop%20qrst%20uvwx`;

test('a link WordPress sends back is read: approved (user and password) or refused (success=false)', () => {
  assert.deepEqual(parseAuthorizeLink(approved), {
    kind: 'approved',
    state: STATE,
    site: 'default',
    mode: 'merge',
    user: 'admin',
    password: 'abcd efgh ijkl mnop qrst uvwx',
  });
  // macOS may add a slash after the host.
  assert.equal(parseAuthorizeLink(approved.replace('authorized?', 'authorized/?')).kind, 'approved');
  assert.deepEqual(parseAuthorizeLink(`${base}&success=false`), {
    kind: 'rejected',
    state: STATE,
    site: 'default',
    mode: 'merge',
  });
});

test('a bad, incomplete or foreign link is refused, in words that never carry the password', () => {
  const refused: [string, string][] = [
    ['not a link', 'almanac website'],
    ['another scheme', approved.replace('almanac:', 'https:')],
    ['another action', approved.replace('website-authorized', 'website-removed')],
    ['a path', approved.replace('authorized?', 'authorized/x?')],
    ['a foreign parameter', `${approved}&redirect=https%3A%2F%2Fevil.example`],
    ['a parameter twice', `${approved}&password=other`],
    ['no state', approved.replace(`&state=${STATE}`, '')],
    ['a short state', approved.replace(STATE, 'abc')],
    ['no site', approved.replace('site=default&', '')],
    ['a site that is no code', approved.replace('site=default', 'site=..%2Fx')],
    ['no mode', approved.replace('mode=merge&', '')],
    ['another mode', approved.replace('mode=merge', 'mode=mirror')],
    ['no password', approved.replace(/&password=[^&]*/, '')],
    ['an empty password', approved.replace(/&password=[^&]*/, '&password=')],
    ['no user', approved.replace('&user_login=admin', '')],
    ['a user with a line break', approved.replace('user_login=admin', 'user_login=ad%0Amin')],
    ['no site_url', approved.replace(/&site_url=[^&]*/, '')],
    ['a site_url that is no web address', approved.replace(/site_url=[^&]*/, 'site_url=javascript%3Aalert(1)')],
    ['a refusal with a password', `${approved}&success=false`],
    ['success other than false', `${base}&success=true`],
    ['too long', `${approved}&x=${'a'.repeat(9000)}`],
  ];
  for (const [what, link] of refused) {
    assert.throws(
      () => parseAuthorizeLink(link),
      (error: unknown) => error instanceof LinkRefused && !error.message.includes('efgh'),
      what,
    );
  }
});

test('a link is taken only for an authorization this app started: once, for the same site and mode, within the hour', () => {
  let now = 1_000;
  const pending = new PendingAuthorizations(() => now);
  const successUrl = pending.begin({ site: 'default', mode: 'publish', url: 'https://example.org' });
  assert.match(successUrl, /^almanac:\/\/website-authorized\?site=default&mode=publish&state=[A-Za-z0-9_-]{32}$/);
  // WordPress appends its answer to our success_url.
  const answer = (url: string) => `${url}&site_url=https%3A%2F%2Fexample.org&user_login=ann&password=pw`;
  const link = parseAuthorizeLink(answer(successUrl));
  assert.equal(pending.take({ ...link, site: 'other' }), undefined, 'another site');
  // A mismatch used it up: it cannot be retried with the right site.
  assert.equal(pending.take(link), undefined);

  const second = parseAuthorizeLink(
    answer(pending.begin({ site: 'default', mode: 'publish', url: 'https://example.org' })),
  );
  assert.equal(pending.take({ ...second, mode: 'import' }), undefined, 'another mode');

  const third = parseAuthorizeLink(answer(pending.begin({ site: 'default', mode: 'merge', url: 'https://a.example' })));
  assert.deepEqual(pending.take(third), {
    site: 'default',
    mode: 'merge',
    url: 'https://a.example',
    expires: now + PENDING_FOR_MS,
  });
  assert.equal(pending.take(third), undefined, 'once');

  const late = parseAuthorizeLink(answer(pending.begin({ site: 'default', mode: 'merge', url: 'https://a.example' })));
  now += PENDING_FOR_MS;
  assert.equal(pending.take(late), undefined, 'expired');

  assert.throws(() => pending.begin({ site: '../x', mode: 'merge', url: 'https://a.example' }));
  assert.throws(() => pending.begin({ site: 'default', mode: 'mirror', url: 'https://a.example' }));
});

test('the scheme is registered with the system; started as `electron <folder>`, with the folder', () => {
  const calls: unknown[][] = [];
  const app = { setAsDefaultProtocolClient: (...args: unknown[]) => (calls.push(args), true) };
  registerLinkScheme(app, { argv: ['/opt/Almanac/almanac'], execPath: '/opt/Almanac/almanac' }, () => {});
  registerLinkScheme(
    app,
    { argv: ['/usr/bin/electron', '/src/almanac/dist/app'], execPath: '/usr/bin/electron', defaultApp: true },
    () => {},
  );
  assert.deepEqual(calls, [['almanac'], ['almanac', '/usr/bin/electron', ['/src/almanac/dist/app']]]);
});

class FakeProcess extends EventEmitter {
  platform: NodeJS.Platform;
  versions = { ...process.versions, electron: '45.5.0' } as NodeJS.ProcessVersions;
  constructor(
    readonly env: NodeJS.ProcessEnv,
    readonly argv: string[],
    platform: NodeJS.Platform,
  ) {
    super();
    this.platform = platform;
  }
}

async function launch(options: { platform?: NodeJS.Platform; argv?: string[] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-authorize-'));
  dirs.push(dir);
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  const fakes = fakeElectron(join(dir, 'user-data'));
  const argv = ['/opt/Almanac/almanac', ...(options.argv ?? [])];
  const desktop = startDesktop({
    electron: fakes.electron as unknown as ElectronApi,
    updater: undefined,
    process: new FakeProcess({ ALMANAC_DATA_DIR: dataDir, ALMANAC_PORT: '0' }, argv, options.platform ?? 'linux'),
    files: { preload: join(dir, 'preload.cjs'), renderer: join(dir, 'no-ui') },
    serviceOptions: { tuneHeap: false, dailyBackups: false },
    mirrorLog: () => {},
  });
  await desktop.ready;
  const service = desktop.service()!;
  const origin = `${service.url}/`;
  const token = (await fakes.ipcMain.invoke(IPC.getSession, origin)) as string;
  const api = async (path: string, query: Record<string, string> = {}) => {
    const url = new URL(`/almanac/v1/sites/default${path}`, service.url);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return {
    ...fakes,
    desktop,
    api,
    log: () => readFileSync(join(dataDir, 'logs', 'almanac.log'), 'utf8'),
    /** What the window does on "Get a password from WordPress": the success_url from main, then the page. */
    async getPassword(website: TecSite, mode = 'publish') {
      const successUrl = (await fakes.ipcMain.invoke(
        IPC.beginWebsiteAuthorization,
        origin,
        'default',
        mode,
        website.url,
      )) as string;
      const page = await api('/website/authorize', { url: website.url, success_url: successUrl });
      assert.equal(page.status, 200, JSON.stringify(page.body));
      return new URL(page.body.authorize_url as string);
    },
    async close() {
      fakes.app.quit();
      await service.stop();
    },
  };
}

test('macOS: the link WordPress returns (open-url) connects the site with the chosen mode and the window comes forward', async () => {
  const website = await startTecSite();
  const app = await launch({ platform: 'darwin' });
  try {
    assert.deepEqual(app.app.protocols, [['almanac']]);
    const link = await answerAuthorizePage(await app.getPassword(website, 'publish'), 'approve');
    const password = new URL(link).searchParams.get('password')!;
    const shownBefore = app.windows[0]!.shown;
    const event = new FakeEvent();
    app.app.emit('open-url', event, link);
    assert.equal(event.defaultPrevented, true);
    await app.desktop.linksSettled();

    const state = await app.api('/website');
    assert.equal(state.body.connected, true, JSON.stringify(state.body));
    assert.equal(state.body.login, 'admin');
    assert.equal(state.body.url, website.url);
    assert.equal(state.body.mode, 'publish');
    assert.ok(app.windows[0]!.shown > shownBefore, 'the window comes forward');
    assert.equal(app.dialog.shown.length, 0);
    assert.ok(
      !app.log().includes(password) && !app.log().includes(password.replaceAll(' ', '')),
      'no password in the log',
    );

    // The same link again (the browser's history): used up, said so (the first sync, under way, is
    // why the website's requests are not counted here: the forged-link test counts them).
    app.app.emit('open-url', new FakeEvent(), link);
    await app.desktop.linksSettled();
    assert.equal(app.dialog.shown.length, 1);
    assert.match(String(app.dialog.shown.at(-1)?.message), /did not use this WordPress link/);
  } finally {
    await app.close();
    await website.close();
  }
});

test('Windows and Linux: the link comes as a second instance’s argument and connects the site', async () => {
  const website = await startTecSite();
  const app = await launch({ platform: 'win32' });
  try {
    const link = await answerAuthorizePage(await app.getPassword(website, 'merge'), 'approve');
    app.app.emit(
      'second-instance',
      new FakeEvent(),
      ['C:\\Almanac\\Almanac.exe', '--allow-file-access-from-files', link],
      'C:\\',
    );
    await app.desktop.linksSettled();
    const state = await app.api('/website');
    assert.equal(state.body.connected, true, JSON.stringify(state.body));
    assert.equal(state.body.mode, 'merge');
    assert.ok(!app.log().includes(new URL(link).searchParams.get('password')!));
  } finally {
    await app.close();
    await website.close();
  }
});

test('refused on WordPress’s page: the user is told in words, nothing is connected', async () => {
  const website = await startTecSite();
  const app = await launch();
  try {
    const link = await answerAuthorizePage(await app.getPassword(website), 'reject');
    assert.match(link, /success=false/);
    app.app.emit('second-instance', new FakeEvent(), ['/opt/Almanac/almanac', link], '/');
    await app.desktop.linksSettled();
    assert.equal((await app.api('/website')).body.connected, false);
    assert.equal(app.dialog.shown.length, 1);
    assert.match(String(app.dialog.shown[0]!.message), /WordPress did not give Almanac a password/);
  } finally {
    await app.close();
    await website.close();
  }
});

test('a link this app did not ask for (forged, another site, or a bad one; at the first start too) connects nothing and sends nothing', async () => {
  const website = await startTecSite();
  const forged = `almanac://website-authorized?site=default&mode=merge&state=${STATE}&site_url=${encodeURIComponent(website.url)}&user_login=admin&password=abcd%20efgh%20ijkl%20mnop%20qrst%20uvwx`;
  // The first start's argument is read (and refused: no authorization of this run asked for it).
  const app = await launch({ argv: [forged] });
  try {
    await app.desktop.linksSettled();
    assert.equal(app.dialog.shown.length, 1, 'the first start’s link was read');
    assert.match(String(app.dialog.shown[0]!.message), /did not use this WordPress link/);

    // Begun for the default site, answered for another one.
    const link = await answerAuthorizePage(await app.getPassword(website), 'approve');
    app.app.emit('open-url', new FakeEvent(), link.replace('site=default', 'site=other'));
    // Malformed: a foreign parameter (a password in it stays out of the log).
    app.app.emit('open-url', new FakeEvent(), `${link}&next=https%3A%2F%2Fevil.example`);
    await app.desktop.linksSettled();
    assert.equal((await app.api('/website')).body.connected, false);
    assert.equal(
      website.requests.filter((r) => r.path.startsWith('/wp-json')).length,
      1, // the authorize page's own discovery (GET /wp-json/), nothing signed in
    );
    assert.ok(!app.log().includes('efgh') && !app.log().includes(new URL(link).searchParams.get('password')!));
    assert.match(app.log(), /not used: an unexpected parameter "next"/);
  } finally {
    await app.close();
    await website.close();
  }
});
