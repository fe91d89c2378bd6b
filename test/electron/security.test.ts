// The window's navigation, new-window, webview and permission rules (electron/security.ts) and the
// IPC sender check (electron/ipc.ts), driven through small fakes of Electron's objects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GuardedContents, GuardedSession } from '../../electron/security.ts';
import { guardSession, guardWebContents, isAppUrl, isExternalWebUrl } from '../../electron/security.ts';
import { isTrustedSender, registerIpc } from '../../electron/ipc.ts';
import { IPC } from '../../electron/ipc-channels.ts';
import { FakeEvent, FakeIpcMain, FakeSession, FakeShell, FakeWebContents } from './fakes.ts';

const ORIGIN = 'http://127.0.0.1:8940';

function guarded() {
  const contents = new FakeWebContents();
  const shell = new FakeShell();
  guardWebContents(contents as unknown as GuardedContents, ORIGIN, shell);
  return { contents, shell };
}

test('only the exact app origin counts as the app', () => {
  assert.equal(isAppUrl(`${ORIGIN}/`, ORIGIN), true);
  assert.equal(isAppUrl(`${ORIGIN}/mx/#/events`, ORIGIN), true);
  for (const other of [
    'http://127.0.0.1:8941/',
    'http://localhost:8940/',
    'https://127.0.0.1:8940/',
    'http://127.0.0.1:8940.evil.example/',
    'file:///etc/passwd',
    'not a url',
  ])
    assert.equal(isAppUrl(other, ORIGIN), false, other);
  assert.equal(isExternalWebUrl('https://example.org/a'), true);
  for (const url of ['file:///C:/Windows/system32/calc.exe', 'smb://host/share', 'javascript:alert(1)', 'mailto:a@b'])
    assert.equal(isExternalWebUrl(url), false, url);
});

test('navigation stays on the app; an external web link opens in the OS browser instead', () => {
  const { contents, shell } = guarded();
  assert.equal(contents.navigate('will-navigate', `${ORIGIN}/#/events`), false, 'own origin allowed');
  assert.equal(contents.navigate('will-navigate', 'https://example.org/docs'), true, 'another site is blocked');
  assert.equal(contents.navigate('will-redirect', 'http://evil.example/'), true, 'redirects too');
  assert.deepEqual(shell.opened, ['https://example.org/docs', 'http://evil.example/']);
  assert.equal(contents.navigate('will-navigate', 'file:///etc/passwd'), true);
  assert.equal(contents.navigate('will-navigate', 'ms-settings:privacy'), true);
  assert.deepEqual(shell.opened.length, 2, 'nothing but http(s) reaches shell.openExternal');
  assert.equal(contents.navigate('will-frame-navigate', 'https://example.org/', false), true, 'no subframe elsewhere');
  assert.equal(shell.opened.length, 2, 'a subframe never opens anything');
});

test('new windows are always denied; http(s) ones open in the OS browser', () => {
  const { contents, shell } = guarded();
  const open = (url: string) => contents.openHandler!({ url } as never).action;
  assert.equal(open('https://example.org/'), 'deny');
  assert.equal(open(`${ORIGIN}/popup`), 'deny');
  assert.equal(open('file:///tmp/x'), 'deny');
  assert.deepEqual(shell.opened, ['https://example.org/', `${ORIGIN}/popup`]);
});

test('webviews are never attached', () => {
  const { contents } = guarded();
  const event = new FakeEvent();
  contents.emit('will-attach-webview', event);
  assert.equal(event.defaultPrevented, true);
});

test('every permission request and check is denied, but the clipboard write of the app page (its Copy buttons)', () => {
  const session = new FakeSession();
  guardSession(session as unknown as GuardedSession, ORIGIN);
  const request = (permission: string, requestingUrl: string, isMainFrame = true) => {
    let granted: boolean | undefined;
    session.requestHandler!(null, permission, (value) => (granted = value), { requestingUrl, isMainFrame });
    return granted;
  };
  for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
    assert.equal(request(permission, `${ORIGIN}/`), false, permission);
  assert.equal(request('clipboard-sanitized-write', `${ORIGIN}/#/settings`), true, "the app's page may copy");
  for (const other of ['https://example.org/', 'http://127.0.0.1:9999/', 'file:///x.html'])
    assert.equal(request('clipboard-sanitized-write', other), false, other);
  assert.equal(request('clipboard-sanitized-write', `${ORIGIN}/`, false), false, 'not from a subframe');
  const check = (permission: string, requestingOrigin: string, details: Record<string, unknown> = {}) =>
    session.checkHandler!(null, permission, requestingOrigin, { isMainFrame: true, ...details });
  assert.equal(check('media', ORIGIN), false);
  assert.equal(check('clipboard-read', ORIGIN), false);
  assert.equal(check('clipboard-sanitized-write', ORIGIN), true);
  assert.equal(check('clipboard-sanitized-write', ORIGIN, { requestingUrl: `${ORIGIN}/` }), true);
  assert.equal(check('clipboard-sanitized-write', 'https://example.org'), false);
  assert.equal(check('clipboard-sanitized-write', ORIGIN, { isMainFrame: false }), false);
});

test('IPC handlers answer only the app page; every channel is checked', async () => {
  const ipc = new FakeIpcMain();
  const calls: string[] = [];
  registerIpc(ipc as unknown as Parameters<typeof registerIpc>[0], ORIGIN, {
    [IPC.getSession]: () => 'alms_secret',
    [IPC.openExternal]: (url) => {
      calls.push(url);
      return true;
    },
    [IPC.revealDataFolder]: () => void calls.push('reveal'),
    [IPC.beginWebsiteAuthorization]: () => {
      calls.push('authorize');
      return 'almanac://website-authorized';
    },
    [IPC.appInfo]: () => ({ version: '1', dataDir: '/d', apiRoot: `${ORIGIN}/svc/events/v1`, platform: 'linux' }),
    [IPC.restoreBackup]: () => {
      calls.push('restore');
      return 'cancelled';
    },
    [IPC.exportPdf]: () => 'cancelled',
  });
  assert.deepEqual(
    [...ipc.handlers.keys()].sort(),
    [
      IPC.appInfo,
      IPC.getSession,
      IPC.openExternal,
      IPC.beginWebsiteAuthorization,
      IPC.revealDataFolder,
      IPC.restoreBackup,
      IPC.exportPdf,
    ].sort(),
  );
  assert.equal(await ipc.invoke(IPC.getSession, `${ORIGIN}/`), 'alms_secret');
  for (const channel of ipc.handlers.keys()) {
    for (const sender of ['https://evil.example/', 'http://127.0.0.1:9999/', 'file:///x.html', null]) {
      await assert.rejects(ipc.invoke(channel, sender, 'https://example.org'), /refused/, `${channel} from ${sender}`);
    }
  }
  assert.deepEqual(calls, [], 'no handler ran for a foreign sender');
  assert.equal(isTrustedSender({ senderFrame: null }, ORIGIN), false);
});
