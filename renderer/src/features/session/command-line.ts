// The commands the UI tells a user to run — a restore from a browser (Settings → Backups), a new
// sign-in link — written for where Almanac runs: the service says how its command line is run there
// (almanac/v1/session `command_line`: `npm --prefix <checkout> run almanac --` from the sources, the
// app's own executable when installed), on which system, and for which data folder. There is no
// `almanac` on anyone's PATH. Each command names the data folder: without --data-dir it would act
// on the default folder, which is not this one when Almanac runs with another (ALMANAC_DATA_DIR,
// --data-dir). Paths are always quoted for the system's shell (double quotes on Windows, single
// elsewhere); the program's words only where they need it. Pure: unit-tested in test/renderer/.
import type { CommandLine } from '../../api/types.ts';

type Shell = CommandLine['shell'];

function quote(word: string, shell: Shell): string {
  if (shell === 'windows') return `"${word.replace(/"/g, '""')}"`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Words a shell reads as themselves (a backslash is one only on Windows). */
const PLAIN: Record<Shell, RegExp> = { posix: /^[\w@%+=:,./-]+$/, windows: /^[\w@%+=:,./\\-]+$/ };

/** A word of the command, or a path (always quoted). */
export type Arg = string | { path: string };

export function commandText(cli: CommandLine, args: Arg[]): string {
  const word = (arg: Arg) =>
    typeof arg === 'string' ? (PLAIN[cli.shell].test(arg) ? arg : quote(arg, cli.shell)) : quote(arg.path, cli.shell);
  return [...cli.command, ...args].map(word).join(' ');
}

/** Restores `backupFile` into the data folder of the server (run while Almanac is stopped). */
export const restoreCommand = (cli: CommandLine, backupFile: string) =>
  commandText(cli, ['restore', { path: backupFile }, '--data-dir', { path: cli.data_dir }]);

/** Prints a new one-time sign-in link of the running server. */
export const signInCommand = (cli: CommandLine) => commandText(cli, ['sign-in', '--data-dir', { path: cli.data_dir }]);

/** A file in a folder, with the folder's own separator (a Windows path keeps its backslashes). */
export function joinPath(folder: string, name: string): string {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  return `${folder.replace(/[\\/]+$/, '')}${separator}${name}`;
}
