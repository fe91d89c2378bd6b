// The desktop app as the command line. An installed Almanac has no `almanac` on the PATH, so its
// own executable is the command: `Almanac restore FILE --data-dir DIR`, `Almanac sign-in`, any
// command of server/cli.ts. main.ts runs one when the app is started with it (no window, no
// single-instance lock: a command may run beside the app, as `almanac` does), and the service
// tells the UI this is the command to show (desktopCliCommand, almanac/v1/session).
import { checkoutAround, checkoutCommand, shellOf, type CliCommand } from '../server/cli-command.ts';
import { COMMANDS, main } from '../server/cli.ts';

/**
 * The command-line arguments when the app was started with a command, else undefined (the app).
 * `defaultApp`: started as `electron <app folder> …` (process.defaultApp), where the arguments
 * come after the app's folder; an installed app's come right after its executable. Chromium's
 * switches, and macOS's `-psn_…` from Finder, begin with "-": never a command.
 */
export function commandLineArguments(argv: string[], defaultApp: boolean): string[] | undefined {
  const args = argv.slice(defaultApp ? 2 : 1);
  return (COMMANDS as readonly string[]).includes(args[0] ?? '') ? args : undefined;
}

/**
 * How to run the command line where this app runs: installed, its executable; from a checkout
 * (npm start), `npm run almanac` there; else Electron on the app's folder (`appDir`).
 */
export function desktopCliCommand(
  packaged: boolean,
  proc: { execPath: string; platform: NodeJS.Platform },
  appDir: string,
): CliCommand {
  const checkout = packaged ? undefined : checkoutAround(appDir);
  return {
    command: packaged ? [proc.execPath] : checkout ? checkoutCommand(checkout) : [proc.execPath, appDir],
    shell: shellOf(proc.platform),
  };
}

/** Runs the command and exits with its code (main.ts, when commandLineArguments found one). */
export async function runCommandLine(args: string[], exit: (code: number) => void): Promise<void> {
  exit(await main(args));
}
