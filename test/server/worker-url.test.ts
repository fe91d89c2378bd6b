// Worker entry files: from an asar archive (the packaged app), the unpacked copy; elsewhere, as is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { workerUrl } from '../../server/worker-url.ts';

test('inside app.asar a worker starts from app.asar.unpacked', () => {
  const base = pathToFileURL('/opt/Almanac/resources/app.asar/main.mjs').href;
  assert.equal(
    workerUrl('./read-worker-boot.mjs', base).href,
    pathToFileURL('/opt/Almanac/resources/app.asar.unpacked/read-worker-boot.mjs').href,
  );
});

test('outside an archive the file is where it is', () => {
  const base = pathToFileURL('/work/almanac/dist/cli.mjs').href;
  assert.equal(workerUrl('./backup-worker.mjs', base).href, pathToFileURL('/work/almanac/dist/backup-worker.mjs').href);
  const named = pathToFileURL('/home/me/app.asarx/cli.mjs').href;
  assert.equal(workerUrl('./x.mjs', named).href, pathToFileURL('/home/me/app.asarx/x.mjs').href);
});
