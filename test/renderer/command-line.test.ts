// The commands the UI gives (renderer/src/features/session/command-line.ts): written with the
// command line the service says runs here (almanac/v1/session `command_line`), never a bare
// `almanac`; they name the data folder, so a restore goes into the folder the app uses even when
// that is not the default; paths are quoted for the server's system, the program's words as needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinPath, restoreCommand, signInCommand } from '../../renderer/src/features/session/command-line.ts';
import type { CommandLine } from '../../renderer/src/api/types.ts';

const checkout = (root: string, data: string): CommandLine => ({
  command: ['npm', '--prefix', root, 'run', 'almanac', '--'],
  shell: 'posix',
  data_dir: data,
});

test('from a source checkout: npm run almanac in that checkout, from any folder, with --data-dir', () => {
  assert.equal(
    restoreCommand(checkout('/home/ana/almanac', '/srv/my data'), '/srv/my data/backups/almanac-2026.sqlite'),
    `npm --prefix /home/ana/almanac run almanac -- restore '/srv/my data/backups/almanac-2026.sqlite' --data-dir '/srv/my data'`,
  );
  assert.equal(
    signInCommand(checkout('/home/o neil/src/almanac', "/home/o'neil")),
    `npm --prefix '/home/o neil/src/almanac' run almanac -- sign-in --data-dir '/home/o'\\''neil'`,
  );
});

test("installed: the app's own executable, quoted for Windows where it must be", () => {
  const windows: CommandLine = {
    command: ['C:\\Users\\Ana\\AppData\\Local\\Programs\\Almanac\\Almanac.exe'],
    shell: 'windows',
    data_dir: 'C:\\Users\\Ana\\AppData\\Roaming\\Almanac',
  };
  assert.equal(
    restoreCommand(windows, 'C:\\Users\\Ana\\AppData\\Roaming\\Almanac\\backups\\a.sqlite'),
    'C:\\Users\\Ana\\AppData\\Local\\Programs\\Almanac\\Almanac.exe restore "C:\\Users\\Ana\\AppData\\Roaming\\Almanac\\backups\\a.sqlite" --data-dir "C:\\Users\\Ana\\AppData\\Roaming\\Almanac"',
  );
  assert.equal(
    signInCommand({ ...windows, command: ['C:\\Program Files\\Almanac\\Almanac.exe'] }),
    '"C:\\Program Files\\Almanac\\Almanac.exe" sign-in --data-dir "C:\\Users\\Ana\\AppData\\Roaming\\Almanac"',
  );
  assert.equal(
    signInCommand({
      command: ['/Applications/Almanac.app/Contents/MacOS/Almanac'],
      shell: 'posix',
      data_dir: '/Users/ana/Library/Application Support/Almanac',
    }),
    `/Applications/Almanac.app/Contents/MacOS/Almanac sign-in --data-dir '/Users/ana/Library/Application Support/Almanac'`,
  );
});

test('a backup file is joined to its folder with the folder’s own separator', () => {
  assert.equal(joinPath('/srv/almanac/backups/', 'a.sqlite'), '/srv/almanac/backups/a.sqlite');
  assert.equal(joinPath('C:\\Almanac\\backups', 'a.sqlite'), 'C:\\Almanac\\backups\\a.sqlite');
});
