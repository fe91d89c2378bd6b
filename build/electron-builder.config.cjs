// electron-builder: installers for Windows (NSIS, per-user), macOS (dmg + zip, hardened runtime,
// notarized when the credentials are in the environment) and Linux (AppImage), from dist/app
// (scripts/build-app.mjs). `npm run dist` builds the current platform's.
// CommonJS because electron-builder loads its config with require().
const { version: electronVersion } = require('../node_modules/electron/package.json');

/** Notarization needs Apple credentials (APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID, or
 * APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_KEYCHAIN_PROFILE); without them the
 * build is still made, unsigned for distribution outside a test machine. */
const canNotarize = Boolean(
  (process.env.APPLE_ID && process.env.APPLE_APP_SPECIFIC_PASSWORD && process.env.APPLE_TEAM_ID) ||
  (process.env.APPLE_API_KEY && process.env.APPLE_API_KEY_ID && process.env.APPLE_API_ISSUER) ||
  process.env.APPLE_KEYCHAIN_PROFILE,
);

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'org.almanac.desktop',
  productName: 'Almanac',
  copyright: 'Copyright © Almanac',
  electronVersion,
  directories: {
    app: 'dist/app',
    output: 'dist/installers',
    buildResources: 'build',
  },
  files: ['**/*', '!**/*.map'],
  asar: true,
  // The native addon cannot be loaded from inside an asar archive, nor can a worker thread's entry
  // file (server/worker-url.ts starts workers from the unpacked copies).
  asarUnpack: ['**/*.node', 'node_modules/better-sqlite3/**', '*-worker.mjs', '*-worker-boot.mjs'],
  // better-sqlite3 is rebuilt for this Electron's ABI when packaging (npm's copy is built for Node).
  npmRebuild: true,
  buildDependenciesFromSource: true,
  nodeGypRebuild: false,
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  },
  icon: 'build/icon.png',
  win: {
    target: [{ target: 'nsis', arch: ['x64', 'arm64'] }],
    // Signed when CSC_LINK / CSC_KEY_PASSWORD (or WIN_CSC_LINK) are set; unsigned otherwise.
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
    createStartMenuShortcut: true,
    shortcutName: 'Almanac',
    // The calendar lives in %APPDATA%\Almanac, not in the install folder: uninstalling keeps it.
    deleteAppDataOnUninstall: false,
  },
  mac: {
    target: [
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ],
    category: 'public.app-category.productivity',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    notarize: canNotarize,
  },
  dmg: {
    title: 'Almanac ${version}',
  },
  linux: {
    target: ['AppImage'],
    category: 'Office',
    synopsis: 'Offline calendar manager for event organizers',
  },
};
