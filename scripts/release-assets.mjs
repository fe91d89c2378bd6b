#!/usr/bin/env node
// Gathers what the release workflow's build jobs produced into the files of one GitHub Release:
//   node scripts/release-assets.mjs <jobs folder> <release folder>
// The jobs folder holds one folder per build job (Windows x64, Windows arm64, macOS arm64, macOS
// x64), each with its installers and the update feed electron-builder wrote for it. Each job
// builds one architecture, so each wrote its own latest.yml (Windows) or latest-mac.yml (macOS)
// naming only its own files; the release needs one of each naming all of them — electron-updater
// picks the file for the machine's architecture from that list. So the feeds are merged (all
// jobs must have built the same version), the installers copied beside them, and SHA256SUMS.txt
// lists the checksum of every file published.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import yaml from 'js-yaml';

/** What goes into a release: installers, macOS update zips, the blockmaps for differential updates. */
const PUBLISHED = /\.(exe|dmg|zip|blockmap)$/;
const FEED = /^latest(-mac)?\.yml$/;

/** Merges the feeds of one platform written by several jobs: every job's files, one version. */
export function mergeFeeds(feeds) {
  const versions = [...new Set(feeds.map((feed) => feed.version))];
  if (versions.length !== 1) throw new Error(`the jobs built different versions: ${versions.join(', ')}`);
  const files = [];
  for (const feed of feeds)
    for (const file of feed.files ?? []) if (!files.some((known) => known.url === file.url)) files.push(file);
  // The top-level path/sha512 are for old updaters that read no `files`: the x64 build's.
  const main = files.find((file) => /x64/.test(file.url)) ?? files[0];
  const releaseDate = feeds
    .map((feed) => feed.releaseDate)
    .filter(Boolean)
    .sort()
    .at(-1);
  return { version: versions[0], files, path: main.url, sha512: main.sha512, releaseDate };
}

export function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

export function gatherRelease(jobsDir, releaseDir) {
  mkdirSync(releaseDir, { recursive: true });
  const feeds = new Map();
  const published = [];
  for (const job of readdirSync(jobsDir)) {
    const dir = join(jobsDir, job);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (FEED.test(name)) {
        if (!feeds.has(name)) feeds.set(name, []);
        feeds.get(name).push(yaml.load(readFileSync(file, 'utf8')));
      } else if (PUBLISHED.test(name)) {
        if (published.includes(name)) throw new Error(`two jobs produced ${name}`);
        copyFileSync(file, join(releaseDir, name));
        published.push(name);
      }
    }
  }
  if (published.length === 0) throw new Error(`no installers in ${jobsDir}`);
  for (const [name, list] of feeds) {
    const merged = mergeFeeds(list);
    for (const file of merged.files)
      if (!published.includes(file.url)) throw new Error(`${name} names ${file.url}, which no job produced`);
    writeFileSync(join(releaseDir, name), yaml.dump(merged, { lineWidth: -1 }));
    published.push(name);
  }
  const sums = published
    .sort()
    .map((name) => `${sha256(join(releaseDir, name))}  ${name}`)
    .join('\n');
  writeFileSync(join(releaseDir, 'SHA256SUMS.txt'), `${sums}\n`);
  return [...published, 'SHA256SUMS.txt'];
}

if (process.argv[1] && basename(process.argv[1]) === 'release-assets.mjs') {
  const [jobsDir, releaseDir] = process.argv.slice(2);
  if (!jobsDir || !releaseDir) {
    console.error('usage: node scripts/release-assets.mjs <jobs folder> <release folder>');
    process.exit(2);
  }
  const files = gatherRelease(jobsDir, releaseDir);
  console.log(`release files in ${releaseDir}:\n${files.map((name) => `  ${name}`).join('\n')}`);
}
