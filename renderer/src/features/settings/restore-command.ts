// The command that restores a backup from a terminal (a browser cannot stop the server it talks
// to). It always names the data folder: without --data-dir, `almanac restore` would restore into
// the default folder, which is not this one when the app runs with another (ALMANAC_DATA_DIR,
// --data-dir). Paths are quoted for the shell of the system: double quotes on Windows (cmd and
// PowerShell), single quotes elsewhere. Pure: unit-tested in test/renderer/.

export type Shell = 'windows' | 'posix';

function quote(path: string, shell: Shell): string {
  if (shell === 'windows') return `"${path.replace(/"/g, '""')}"`;
  return `'${path.replace(/'/g, `'\\''`)}'`;
}

export function restoreCommand(backupFile: string, dataDir: string, shell: Shell): string {
  return `almanac restore ${quote(backupFile, shell)} --data-dir ${quote(dataDir, shell)}`;
}

/** A file in a folder, with the folder's own separator (a Windows path keeps its backslashes). */
export function joinPath(folder: string, name: string): string {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  return `${folder.replace(/[\\/]+$/, '')}${separator}${name}`;
}

/** The shell of the system this page runs on. */
export const currentShell = (): Shell => (/Windows/i.test(navigator.userAgent) ? 'windows' : 'posix');
