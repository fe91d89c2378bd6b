// The command that runs Almanac's command line where this server runs — what the UI tells a user
// to type (the Restore dialog in a browser, an expired sign-in link, signing in with a token):
// there is no `almanac` on anyone's PATH. From a source checkout it is `npm --prefix <checkout>
// run almanac --` (the checkout named, so it works from any folder); for the bundled command line
// `node <dist/cli.mjs>`; in the installed desktop app the app's own executable (electron/main.ts
// runs a command given on its command line instead of opening the window). The desktop app says
// which (electron/desktop.ts); `almanac serve` and tests take what this module finds.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CliCommand {
  /** The program and its first arguments; a command and its arguments follow (`sign-in`, `restore FILE`). */
  command: string[];
  /** How its words are quoted: the shell of the system the server runs on. */
  shell: 'windows' | 'posix';
}

export const shellOf = (platform: NodeJS.Platform): CliCommand['shell'] => (platform === 'win32' ? 'windows' : 'posix');

/** `npm run almanac` in the checkout at `root`, from any folder. */
export const checkoutCommand = (root: string): string[] => ['npm', '--prefix', root, 'run', 'almanac', '--'];

/** The source checkout `folder` is part of (it or one of the two above holds server/almanac.ts), if any. */
export function checkoutAround(folder: string): string | undefined {
  for (let dir = folder, up = 0; up <= 2; up++, dir = dirname(dir))
    if (existsSync(join(dir, 'server', 'almanac.ts')) && existsSync(join(dir, 'package.json'))) return dir;
  return undefined;
}

/**
 * The command line of the program this module runs in: run from the sources (this file is a .ts
 * of a checkout), `npm run almanac` there; bundled (dist/cli.mjs), Node on that bundle.
 */
export function cliCommandHere(moduleUrl = import.meta.url): CliCommand {
  const file = fileURLToPath(moduleUrl);
  const checkout = file.endsWith('.ts') ? checkoutAround(dirname(file)) : undefined;
  return {
    command: checkout ? checkoutCommand(checkout) : [process.execPath, file],
    shell: shellOf(process.platform),
  };
}
