// Settings → Backups → Restore… in a browser gives a command to run with Almanac stopped
// (renderer/src/features/settings/restore-command.ts): it names the data folder, so a restore goes
// into the folder the app uses even when that is not the default, quoted for the system's shell.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinPath, restoreCommand } from '../../renderer/src/features/settings/restore-command.ts';

test('the restore command always carries --data-dir, quoted for the shell', () => {
  assert.equal(
    restoreCommand('/srv/my data/backups/almanac-2026.sqlite', '/srv/my data', 'posix'),
    `almanac restore '/srv/my data/backups/almanac-2026.sqlite' --data-dir '/srv/my data'`,
  );
  assert.equal(
    restoreCommand("/home/o'neil/a.sqlite", "/home/o'neil", 'posix'),
    `almanac restore '/home/o'\\''neil/a.sqlite' --data-dir '/home/o'\\''neil'`,
  );
  assert.equal(
    restoreCommand('C:\\Users\\Ana\\Almanac\\backups\\a.sqlite', 'C:\\Users\\Ana\\Almanac', 'windows'),
    'almanac restore "C:\\Users\\Ana\\Almanac\\backups\\a.sqlite" --data-dir "C:\\Users\\Ana\\Almanac"',
  );
});

test('a backup file is joined to its folder with the folder’s own separator', () => {
  assert.equal(joinPath('/srv/almanac/backups/', 'a.sqlite'), '/srv/almanac/backups/a.sqlite');
  assert.equal(joinPath('C:\\Almanac\\backups', 'a.sqlite'), 'C:\\Almanac\\backups\\a.sqlite');
});
