// scripts/release-assets.mjs, which the release workflow runs to turn its four build jobs' output
// into one GitHub Release: each platform's feed merged from its jobs' (so electron-updater finds
// every architecture's file), the installers beside them, and SHA256SUMS.txt checked here with an
// independent sha256 of each file.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { gatherRelease, type Feed } from '../../scripts/release-assets.mjs';

const base = mkdtempSync(join(tmpdir(), 'almanac-release-'));
after(() => rmSync(base, { recursive: true, force: true }));

const b64 = (text: string) => createHash('sha512').update(text).digest('base64');

/** One build job's output: its files and its feed. */
function job(jobs: string, name: string, feedName: string, version: string, files: string[]): void {
  const dir = join(jobs, name);
  mkdirSync(dir, { recursive: true });
  for (const file of files) {
    writeFileSync(join(dir, file), `contents of ${file}`);
    writeFileSync(join(dir, `${file}.blockmap`), `blockmap of ${file}`);
  }
  writeFileSync(join(dir, 'builder-debug.yml'), 'not published');
  const entries = files.map((url) => ({ url, sha512: b64(`contents of ${url}`), size: 10 }));
  const feed: Feed = {
    version,
    files: entries,
    path: files[0]!,
    sha512: entries[0]!.sha512,
    releaseDate: `2030-01-0${files.length}T00:00:00.000Z`,
  };
  writeFileSync(join(dir, feedName), yaml.dump(feed));
}

function fourJobs(jobs: string, macX64Version = '1.2.0'): void {
  job(jobs, 'almanac-windows-x64', 'latest.yml', '1.2.0', ['Almanac-Setup-1.2.0-x64.exe']);
  job(jobs, 'almanac-windows-arm64', 'latest.yml', '1.2.0', ['Almanac-Setup-1.2.0-arm64.exe']);
  job(jobs, 'almanac-macos-arm64', 'latest-mac.yml', '1.2.0', [
    'Almanac-1.2.0-arm64-mac.zip',
    'Almanac-1.2.0-arm64.dmg',
  ]);
  job(jobs, 'almanac-macos-x64', 'latest-mac.yml', macX64Version, [
    'Almanac-1.2.0-x64-mac.zip',
    'Almanac-1.2.0-x64.dmg',
  ]);
}

test('four jobs become one release: merged feeds naming every architecture, the installers, checksums of everything', () => {
  const jobs = join(base, 'jobs');
  const out = join(base, 'release');
  fourJobs(jobs);
  const files = gatherRelease(jobs, out);
  assert.deepEqual(files.sort(), readdirSync(out).sort());
  assert.ok(!files.includes('builder-debug.yml'), 'build leftovers stay out');

  const windows = yaml.load(readFileSync(join(out, 'latest.yml'), 'utf8')) as Feed;
  assert.equal(windows.version, '1.2.0');
  assert.deepEqual(windows.files.map((file) => file.url).sort(), [
    'Almanac-Setup-1.2.0-arm64.exe',
    'Almanac-Setup-1.2.0-x64.exe',
  ]);
  assert.equal(windows.path, 'Almanac-Setup-1.2.0-x64.exe', 'old updaters get the x64 installer');
  const mac = yaml.load(readFileSync(join(out, 'latest-mac.yml'), 'utf8')) as Feed;
  assert.deepEqual(mac.files.map((file) => file.url).sort(), [
    'Almanac-1.2.0-arm64-mac.zip',
    'Almanac-1.2.0-arm64.dmg',
    'Almanac-1.2.0-x64-mac.zip',
    'Almanac-1.2.0-x64.dmg',
  ]);
  assert.equal(mac.path, 'Almanac-1.2.0-x64-mac.zip');
  for (const file of [...windows.files, ...mac.files])
    assert.equal(file.sha512, b64(readFileSync(join(out, file.url), 'utf8')), `${file.url} matches its feed`);

  const sums = readFileSync(join(out, 'SHA256SUMS.txt'), 'utf8').trim().split('\n');
  assert.equal(sums.length, files.length - 1, 'every file but the sums themselves');
  for (const line of sums) {
    const [sum, name] = line.split('  ');
    assert.equal(
      sum,
      createHash('sha256')
        .update(readFileSync(join(out, name!)))
        .digest('hex'),
      name,
    );
  }
  assert.ok(
    sums.some((line) => line.endsWith('  latest.yml')),
    'the feeds are checksummed too',
  );
});

test('jobs that built different versions, or a feed naming a file no job produced, stop the release', () => {
  const mixed = join(base, 'mixed');
  fourJobs(mixed, '1.1.9');
  assert.throws(() => gatherRelease(mixed, join(base, 'mixed-out')), /different versions: 1\.2\.0, 1\.1\.9/);

  const missing = join(base, 'missing');
  fourJobs(missing);
  rmSync(join(missing, 'almanac-windows-arm64', 'Almanac-Setup-1.2.0-arm64.exe'));
  assert.throws(
    () => gatherRelease(missing, join(base, 'missing-out')),
    /names Almanac-Setup-1\.2\.0-arm64\.exe, which no job produced/,
  );
});
