// electron-builder: installers for Windows (NSIS, one-click, per-user), macOS (dmg + zip for
// updates, hardened runtime, notarized when the credentials are in the environment) and Linux
// (AppImage), with the update feed when built by the release workflow, from the prepared
// app folder dist/app (scripts/build-app.mjs). Run with `--projectDir dist/app` (npm run dist):
// packaging from dist/app keeps the native rebuild for Electron inside dist/app — with
// `directories.app` it also rebuilt the root node_modules/better-sqlite3 for Electron, which broke
// the tests under Node. Paths here are absolute for that reason (the project dir is dist/app).
// CommonJS because electron-builder loads its config with require().
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const here = (file) => path.join(__dirname, file);
const { version: electronVersion } = require(path.join(root, 'node_modules/electron/package.json'));

// An npmrc `nodedir` (this project's machines set one for Node's own addons) would make node-gyp
// build better-sqlite3 against Node's headers instead of Electron's: a module Electron cannot load.
delete process.env.npm_config_nodedir;
delete process.env.NPM_CONFIG_NODEDIR;

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'org.almanac.desktop',
  productName: 'Almanac',
  copyright: 'Copyright © Almanac',
  electronVersion,
  directories: {
    buildResources: __dirname,
    output: path.join(root, 'dist/installers'),
  },
  // better-sqlite3's sources and build leftovers are needed to rebuild it, not to run it.
  files: [
    '**/*',
    '!**/*.map',
    '!node_modules/better-sqlite3/{binding.gyp,src,deps}',
    '!node_modules/better-sqlite3/build/{Makefile,config.gypi,*.mk,deps}',
    '!node_modules/better-sqlite3/build/Release/{obj,obj.target,.deps,test_extension.node,*.a,.forge-meta}',
    '!node_modules/file-uri-to-path/{test,.travis.yml,.npmignore,History.md,index.d.ts}',
  ],
  // almanac:// links: WordPress's authorize-application page returns a new password to
  // almanac://website-authorized (electron/website-authorize-link.ts). The installers register the
  // scheme — the Windows registry (NSIS), CFBundleURLTypes in macOS's Info.plist, MimeType
  // x-scheme-handler/almanac in the Linux .desktop file — and the app registers it again at each
  // start (electron/link-scheme.ts).
  protocols: [{ name: 'Almanac link', schemes: ['almanac'] }],
  asar: true,
  // The native addon cannot be loaded from inside an asar archive, nor can a worker thread's entry
  // file (server/worker-url.ts starts workers from the unpacked copies). A worker loads
  // better-sqlite3 from app.asar.unpacked/, and module resolution from there never looks inside
  // the archive: so everything better-sqlite3 requires (bindings, file-uri-to-path) is unpacked
  // too — the whole of node_modules, which holds nothing else (scripts/build-app.mjs).
  asarUnpack: ['node_modules/**', '*-worker.mjs', '*-worker-boot.mjs'],
  // better-sqlite3 is rebuilt from source for this Electron's ABI (npm built it for Node's).
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
    resetAdHocDarwinSignature: true,
  },
  win: {
    icon: here('icon.ico'),
    target: [{ target: 'nsis', arch: ['x64', 'arm64'] }],
    // Signed when CSC_LINK / CSC_KEY_PASSWORD are set (.github/workflows/release.yml); unsigned otherwise.
  },
  nsis: {
    // One-click and per-user: installs into the user's own programs folder
    // (%LOCALAPPDATA%\Programs\Almanac) without a single question and without administrator rights.
    // An assisted installer (oneClick: false) shows a "just me / all users" page whose second
    // choice asks for administrator rights; this one never does.
    oneClick: true,
    perMachine: false,
    runAfterFinish: true,
    createDesktopShortcut: true,
    createStartMenuShortcut: true,
    shortcutName: 'Almanac',
    buildUniversalInstaller: false, // one installer per architecture
    // The calendar lives in %APPDATA%\Almanac, not in the install folder: uninstalling keeps it
    // (a one-click installer honours this setting), and installer.nsh says so when uninstalling.
    deleteAppDataOnUninstall: false,
    include: here('installer.nsh'),
    artifactName: '${productName}-Setup-${version}-${arch}.${ext}',
  },
  mac: {
    icon: here('icon.icns'),
    target: [
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ],
    category: 'public.app-category.productivity',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: here('entitlements.mac.plist'),
    entitlementsInherit: here('entitlements.mac.plist'),
    // Runs after real signing, with APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or
    // APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID; skipped (and said so) without them.
    notarize: true,
    artifactName: '${productName}-${version}-${arch}-mac.${ext}',
  },
  dmg: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  linux: {
    icon: here('icons'),
    target: [{ target: 'AppImage', arch: ['x64'] }],
    category: 'Office',
    synopsis: 'Offline calendar manager for event organizers',
  },
  // The update feed: this repository's GitHub Releases. The release workflow runs with
  // GITHUB_REPOSITORY (owner/name) set; electron-builder then writes app-update.yml into the app
  // (where electron-updater looks, electron/main.ts) and latest.yml / latest-mac.yml beside the
  // installers (.github/workflows/release.yml publishes them). A local build has no feed and does
  // not update itself.
  publish: updateFeed(process.env.GITHUB_REPOSITORY),
};

function updateFeed(repository) {
  const [owner, repo] = (repository ?? '').split('/');
  return owner && repo ? [{ provider: 'github', owner, repo, releaseType: 'draft' }] : null;
}
