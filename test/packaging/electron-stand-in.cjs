// A minimal stand-in for Electron's main-process API, for running the packaged app's main bundle
// under plain Node (test/packaging/packaged-app.test.ts puts this file at
// resources/node_modules/electron/index.cjs, where both `import … from 'electron'` and `require('electron')`
// in resources/app.asar/main.mjs find it). Electron's binary cannot be downloaded on our machines:
// this is the smallest thing that lets what ships run — the bundle, its workers, its SQLite addon,
// its migrations and UI files, in the package's own layout.
//
// It plays the user: every message box is answered with the next label of
// ALMANAC_STANDIN_ANSWERS (a JSON array), else with its cancel button. What the app does with it is
// written as JSON lines to ALMANAC_STANDIN_TRANSCRIPT: windows and the pages they load (fetched
// over HTTP, as the window would), dialogs, the menu, exits. A window that loads the app asks for
// its session over IPC as the preload script does, and the token goes to the transcript, so the
// test can call the API as the window would. ALMANAC_STANDIN_THROW_AFTER_MS throws an error from a
// timer once the page has loaded: an uncaught exception in the main process.
// Plain CommonJS, like the `electron` module itself.
'use strict';
const { EventEmitter } = require('node:events');
const { appendFileSync, mkdirSync } = require('node:fs');
const http = require('node:http');
const { join } = require('node:path');

const transcriptFile = process.env.ALMANAC_STANDIN_TRANSCRIPT;
const answers = JSON.parse(process.env.ALMANAC_STANDIN_ANSWERS ?? '[]');
const record = (event, details = {}) => {
  if (transcriptFile) appendFileSync(transcriptFile, `${JSON.stringify({ event, ...details })}\n`);
};

// Electron sets this: where app.asar and app-update.yml are.
process.resourcesPath = join(__dirname, '..', '..');
// Node runs the bundle as `node main.mjs …`: the app's own arguments come after its path, as when
// Electron runs an app folder (`electron <folder> …`), which Electron says with process.defaultApp.
process.defaultApp = true;

const handlers = new Map();
const ipcMain = {
  handle(channel, handler) {
    handlers.set(channel, handler);
  },
  removeHandler(channel) {
    handlers.delete(channel);
  },
  on() {},
};

class App extends EventEmitter {
  constructor() {
    super();
    this.isPackaged = true;
    this.paths = {
      userData: process.env.ALMANAC_STANDIN_USER_DATA ?? join(process.resourcesPath, '..', 'user-data'),
    };
    this.name = 'Electron';
    this.ready = new Promise((resolve) => setImmediate(resolve)).then(() => record('ready'));
    this.quitting = false;
  }
  whenReady() {
    return this.ready;
  }
  isReady() {
    return true;
  }
  setName(name) {
    this.name = name;
  }
  getName() {
    return this.name;
  }
  getVersion() {
    return require(join(process.resourcesPath, 'app.asar', 'package.json')).version;
  }
  getPath(name) {
    const path = this.paths[name] ?? join(this.paths.userData, name);
    mkdirSync(path, { recursive: true });
    return path;
  }
  setPath(name, path) {
    this.paths[name] = path;
    record('set-path', { name, path });
  }
  getLocale() {
    return 'en-US';
  }
  requestSingleInstanceLock() {
    return true;
  }
  setAsDefaultProtocolClient(scheme) {
    record('protocol-client', { scheme });
    return true;
  }
  setAboutPanelOptions() {}
  relaunch() {
    record('relaunch');
  }
  exit(code = 0) {
    record('exit', { code });
    process.exit(code);
  }
  quit() {
    const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
    this.emit('before-quit', event);
    if (event.defaultPrevented) return;
    const willQuit = { defaultPrevented: false, preventDefault: () => (willQuit.defaultPrevented = true) };
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) return;
    this.emit('quit', {}, 0);
    record('exit', { code: 0, quit: true });
    setImmediate(() => process.exit(0));
  }
}
const app = new App();
// Electron quits gracefully on SIGTERM and SIGINT; so does its stand-in (the test stops it so).
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.quit());

class WebContents extends EventEmitter {
  setWindowOpenHandler(handler) {
    this.openHandler = handler;
  }
  reload() {}
  send(channel, ...args) {
    record('send', { channel, args });
  }
}

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { accept: 'text/html' } }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode, type: response.headers['content-type'] }));
      })
      .on('error', reject);
  });
}

const windows = [];
class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    this.destroyed = false;
    windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
    record('window', { title: options.title, webPreferences: options.webPreferences });
  }
  static getAllWindows() {
    return windows.filter((window) => !window.destroyed);
  }
  async loadURL(url) {
    const page = await get(url);
    record('load-url', { url, ...page });
    // What the preload script does first: ask for the window's session, from the page's frame.
    const getSession = handlers.get('almanac:get-session');
    if (getSession) record('session', { token: await getSession({ senderFrame: { url } }) });
    this.emit('ready-to-show');
    const throwAfter = Number(process.env.ALMANAC_STANDIN_THROW_AFTER_MS ?? -1);
    if (throwAfter >= 0)
      setTimeout(() => {
        throw new Error('injected by the stand-in: an uncaught exception in the main process');
      }, throwAfter);
  }
  show() {}
  hide() {}
  focus() {}
  maximize() {}
  restore() {}
  close() {
    this.destroyed = true;
  }
  destroy() {
    this.destroyed = true;
  }
  isDestroyed() {
    return this.destroyed;
  }
  isMaximized() {
    return false;
  }
  isMinimized() {
    return false;
  }
  getNormalBounds() {
    return { x: 0, y: 0, width: this.options.width ?? 800, height: this.options.height ?? 600 };
  }
}

const dialog = {
  async showMessageBox(...args) {
    const options = args.length > 1 ? args[1] : args[0];
    const buttons = options.buttons ?? ['OK'];
    const wanted = answers.shift();
    const index = wanted === undefined ? -1 : buttons.indexOf(wanted);
    const response = index >= 0 ? index : (options.cancelId ?? buttons.length - 1);
    record('dialog', {
      type: options.type,
      message: options.message,
      detail: options.detail,
      buttons,
      pressed: buttons[response],
    });
    return { response, checkboxChecked: false };
  },
  showErrorBox(title, content) {
    record('error-box', { title, content });
  },
};

const labels = (items) =>
  items.flatMap((item) => [
    item.label ?? item.role ?? item.type,
    ...(Array.isArray(item.submenu) ? labels(item.submenu).map((sub) => `${item.label ?? item.role} > ${sub}`) : []),
  ]);
const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu(menu) {
    record('menu', { items: labels(menu.template) });
  },
};

const session = {
  defaultSession: { setPermissionRequestHandler() {}, setPermissionCheckHandler() {} },
  fromPartition: () => ({}),
};

// electron-updater downloads through `net.request`; Node's http.request takes the same options.
const net = { request: (options) => http.request(options) };

exports.app = app;
exports.BrowserWindow = BrowserWindow;
exports.dialog = dialog;
exports.ipcMain = ipcMain;
exports.Menu = Menu;
exports.screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };
exports.session = session;
exports.shell = {
  openPath: async (path) => void record('open-path', { path }),
  openExternal: async (url) => void record('open-external', { url }),
};
// Like Linux without a keyring: no encryption, so the website passwords go to the user-only file.
exports.safeStorage = {
  isEncryptionAvailable: () => false,
  encryptString: () => {
    throw new Error('Encryption is not available.');
  },
  decryptString: () => {
    throw new Error('Encryption is not available.');
  },
};
exports.crashReporter = { start: (options) => record('crash-reporter', options) };
exports.net = net;
exports.autoUpdater = new EventEmitter();
exports.Notification = class {
  show() {}
};
