#!/usr/bin/env node
// Lays out the desktop app in dist/app/ (or --out DIR), the folder Electron runs (`npm start`) and
// electron-builder packages (`npm run dist`, build/electron-builder.config.cjs):
//   package.json        name, version, main: main.mjs, and one dependency: better-sqlite3
//   main.mjs            electron/main.ts with the whole service bundled in (esbuild)
//   preload.cjs         electron/preload.ts (a sandboxed preload is one CommonJS file)
//   read-worker.mjs     the read worker's bundle, next to its boot file and the backup worker
//   import-worker.mjs   the import jobs' worker bundle, next to its boot file
//   migrations/         the SQL migrations (server/db/migrate.ts finds them next to main.mjs)
//   renderer/           the built UI (Vite's dist/renderer)
//   node_modules/       better-sqlite3 and what it needs at run time, copied from node_modules:
//                       the packager rebuilds it for Electron and keeps it out of the asar.
// Everything else the app uses is bundled, so the package holds no other node_modules.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist/app' } } });
const out = values.out;
const root = JSON.parse(readFileSync('package.json', 'utf8'));
if (!existsSync('dist/renderer/index.html')) {
  console.error('build-app: dist/renderer is missing; run `npm run build:ui` first');
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const common = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning', legalComments: 'none' };
const esmBanner = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";
await build({
  ...common,
  entryPoints: {
    main: 'electron/main.ts',
    'read-worker': 'server/read-worker/read-worker.ts',
    'import-worker': 'server/import-jobs/import-worker.ts',
  },
  outdir: out,
  format: 'esm',
  outExtension: { '.js': '.mjs' },
  external: ['electron', 'better-sqlite3'],
  banner: { js: esmBanner },
});
await build({
  ...common,
  entryPoints: ['electron/preload.ts'],
  outfile: join(out, 'preload.cjs'),
  format: 'cjs',
  platform: 'browser',
  external: ['electron'],
});
cpSync('server/db/migrations', join(out, 'migrations'), { recursive: true });
cpSync('server/db/backup-worker.mjs', join(out, 'backup-worker.mjs'));
cpSync('server/read-worker/read-worker-boot.mjs', join(out, 'read-worker-boot.mjs'));
cpSync('server/import-jobs/import-worker-boot.mjs', join(out, 'import-worker-boot.mjs'));
cpSync('dist/renderer', join(out, 'renderer'), { recursive: true });

// better-sqlite3 and its run-time dependencies (as resolved here, so the versions match the lock file).
const require = createRequire(import.meta.url);
const runtime = ['better-sqlite3', 'bindings', 'file-uri-to-path'];
for (const name of runtime) {
  const dir = dirname(require.resolve(`${name}/package.json`));
  cpSync(dir, join(out, 'node_modules', name), {
    recursive: true,
    // Not the build's intermediates (26 MB of objects and a static library) nor the test addon
    // Node built: the addon itself, and the sources the packager rebuilds it from for Electron —
    // all of them: binding.gyp also builds `test_extension` from deps/test_extension.c, so a
    // rebuild without that file fails at link time.
    filter: (path) =>
      !/[\\/](test|benchmark|docs|obj|obj\.target|\.deps)([\\/]|$)|\.a$|test_extension\.node$/.test(
        path.slice(dir.length),
      ),
  });
}
// better-sqlite3 declares prebuild-install (its install-time downloader) as a dependency; the app
// never runs it, and the packager would warn that it is missing.
const sqlitePackageFile = join(out, 'node_modules/better-sqlite3/package.json');
const sqlitePackage = JSON.parse(readFileSync(sqlitePackageFile, 'utf8'));
delete sqlitePackage.dependencies?.['prebuild-install'];
writeFileSync(sqlitePackageFile, `${JSON.stringify(sqlitePackage, null, 2)}\n`);
const sqliteVersion = sqlitePackage.version;
writeFileSync(
  join(out, 'package.json'),
  `${JSON.stringify(
    {
      name: 'almanac',
      productName: 'Almanac',
      version: root.version,
      description: 'Almanac: an offline calendar manager for event organizers',
      author: 'Almanac',
      license: 'UNLICENSED',
      type: 'module',
      main: 'main.mjs',
      dependencies: { 'better-sqlite3': sqliteVersion },
    },
    null,
    2,
  )}\n`,
);
console.log(`built ${out}/ (main.mjs, preload.cjs, renderer/, migrations/, better-sqlite3 ${sqliteVersion})`);
