// The log file of the desktop app and `almanac serve` (server/app-log.ts): timestamped lines written at once, errors with
// their stacks and causes, rotation past a size with the oldest dropped, and a folder that cannot
// be written never stopping anything.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeError, openAppLog } from '../../server/app-log.ts';

const dir = mkdtempSync(join(tmpdir(), 'almanac-log-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('lines are timestamped and on disk at once; errors carry their stack and cause', () => {
  const mirrored: string[] = [];
  const log = openAppLog(join(dir, 'a', 'logs'), { mirror: (line) => mirrored.push(line) });
  log.write('service started');
  log.error('fatal error', new Error('outer', { cause: new Error('inner') }));
  const text = readFileSync(log.file, 'utf8');
  assert.match(text, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z service started\n/);
  assert.match(text, /fatal error: Error: outer\n\s+at /);
  assert.match(text, /caused by: Error: inner/);
  assert.equal(mirrored.length, 2);
  assert.equal(describeError('a string'), 'non-error thrown: a string');
});

test('past its size the log rotates: almanac.log → almanac.1.log → …, the oldest dropped', () => {
  const logs = join(dir, 'b');
  const log = openAppLog(logs, { maxBytes: 200, keep: 2, mirror: () => {} });
  for (let i = 0; i < 40; i++) log.write(`line ${i} ${'x'.repeat(40)}`);
  assert.deepEqual(readdirSync(logs).sort(), ['almanac.1.log', 'almanac.2.log', 'almanac.log']);
  assert.match(readFileSync(log.file, 'utf8'), /line 39 /, 'the newest line is in the current file');
  assert.ok(readFileSync(join(logs, 'almanac.1.log'), 'utf8').length >= 200);
  assert.doesNotMatch(
    readdirSync(logs)
      .map((name) => readFileSync(join(logs, name), 'utf8'))
      .join(''),
    /line 0 /,
    'the oldest lines are gone',
  );
});

test('a log folder that cannot be written: the lines still reach the console, nothing throws', () => {
  const blocked = join(dir, 'blocked');
  writeFileSync(blocked, 'a file where the folder should be');
  const mirrored: string[] = [];
  const log = openAppLog(join(blocked, 'logs'), { mirror: (line) => mirrored.push(line) });
  log.write('one');
  log.write('two');
  assert.deepEqual(mirrored, ['one', 'two']);
  assert.equal(existsSync(log.file), false);
});
