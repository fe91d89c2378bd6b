// The main window (electron/window.ts, window-state.ts): locked-down options, the app's page,
// remembered size and position, and a renderer crash answered by a reload and a notice.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mainWindowOptions, openMainWindow, type MainWindow } from '../../electron/window.ts';
import { DEFAULT_WINDOW_STATE, loadWindowState, saveWindowState } from '../../electron/window-state.ts';
import { FakeDialog, FakeWindow } from './fakes.ts';

const dir = mkdtempSync(join(tmpdir(), 'almanac-window-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const SCREEN = [{ x: 0, y: 0, width: 1920, height: 1040 }];

function open(stateFile: string, dialog = new FakeDialog()) {
  let created: FakeWindow | undefined;
  let quits = 0;
  const window = openMainWindow(
    {
      createWindow: (options) => (created = new FakeWindow(options)) as unknown as MainWindow,
      dialog,
      quit: () => quits++,
    },
    {
      appUrl: 'http://127.0.0.1:8940/',
      preloadPath: '/app/preload.cjs',
      stateFile,
      workAreas: SCREEN,
    },
  );
  assert.equal(window, created);
  return { window: created!, dialog, quits: () => quits };
}

test('the window is sandboxed and isolated, with no Node, no webviews and web security on', () => {
  const prefs = mainWindowOptions(DEFAULT_WINDOW_STATE, '/app/preload.cjs').webPreferences!;
  assert.equal(prefs.contextIsolation, true);
  assert.equal(prefs.sandbox, true);
  assert.equal(prefs.nodeIntegration, false);
  assert.equal(prefs.nodeIntegrationInWorker, false);
  assert.equal(prefs.nodeIntegrationInSubFrames, false);
  assert.equal(prefs.webSecurity, true);
  assert.equal(prefs.webviewTag, false);
  assert.equal(prefs.allowRunningInsecureContent, false);
  assert.equal(prefs.preload, '/app/preload.cjs');
});

test('opens the app page and shows the window once painted; its navigation rules are left to the app-wide guard', () => {
  const { window } = open(join(dir, 'none.json'));
  assert.deepEqual(window.loaded, ['http://127.0.0.1:8940/']);
  assert.equal(window.options.show, false);
  assert.equal(window.shown, 0);
  window.emit('ready-to-show');
  assert.equal(window.shown, 1);
  // desktop.ts guards every web contents the app creates, this one included (desktop.test.ts):
  // guarded here too, each external link opened twice.
  assert.equal(window.webContents.listenerCount('will-navigate'), 0);
  assert.equal(window.webContents.openHandler, undefined);
});

test('size, position and maximized state are remembered; a position off every screen is dropped', () => {
  const file = join(dir, 'state.json');
  const first = open(file).window;
  first.bounds = { x: 200, y: 100, width: 1000, height: 700 };
  first.maximized = true;
  first.emit('close');
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), {
    x: 200,
    y: 100,
    width: 1000,
    height: 700,
    maximized: true,
  });
  const second = open(file).window;
  assert.deepEqual(
    [second.options.x, second.options.y, second.options.width, second.options.height],
    [200, 100, 1000, 700],
  );
  second.emit('ready-to-show');
  assert.equal(second.maximized, true);

  writeFileSync(file, JSON.stringify({ x: 5000, y: 3000, width: 900, height: 600, maximized: false }));
  const state = loadWindowState(file, SCREEN);
  assert.equal(state.x, undefined, 'an unplugged monitor: the OS places the window');
  assert.equal(state.width, 900);
  writeFileSync(file, '{ not json');
  assert.deepEqual(loadWindowState(file, SCREEN), DEFAULT_WINDOW_STATE);
  writeFileSync(file, JSON.stringify({ width: 10, height: 99999, maximized: false }));
  const clamped = loadWindowState(file, SCREEN);
  assert.deepEqual([clamped.width, clamped.height], [720, 1920]);
  saveWindowState(join(dir, 'no-such-dir', 'x.json'), second); // never throws
});

test('a renderer crash reloads the window and says so; repeated crashes ask before reloading again', async () => {
  const dialog = new FakeDialog([0, 0, 0, 1]);
  const { window, quits } = open(join(dir, 'crash.json'), dialog);
  window.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
  assert.equal(window.webContents.reloads, 0, 'a clean exit is not a crash');
  for (let i = 0; i < 3; i++) window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
  assert.equal(window.webContents.reloads, 3);
  assert.equal(dialog.shown.length, 3);
  assert.match(String(dialog.shown[0]!.message), /stopped unexpectedly and was reloaded/);
  window.webContents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 });
  await new Promise((resolve) => setImmediate(resolve));
  assert.match(String(dialog.shown[3]!.message), /keeps stopping/);
  assert.deepEqual(dialog.shown[3]!.buttons, ['Reload', 'Quit Almanac']);
  assert.equal(quits(), 1, 'the user chose Quit');
  assert.equal(window.webContents.reloads, 3);
});
