// Registers Almanac as the handler of almanac:// links (WordPress's authorize-application page
// returns the new password to almanac://website-authorized, website-authorize-link.ts). An installed
// build is registered by its installer too (build/electron-builder.config.cjs `protocols`: the
// Windows registry, macOS's Info.plist, the Linux .desktop file); this call keeps the registration
// pointing at the running copy. Started as `electron <app folder>` (npm start), the OS must start
// Electron with that folder, or the link would open a bare Electron.
import { resolve } from 'node:path';
import { LINK_SCHEME } from './website-authorize-link.ts';

export interface SchemeApp {
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
}

export function registerLinkScheme(
  app: SchemeApp,
  proc: { argv?: string[]; execPath?: string; defaultApp?: boolean },
  log: (line: string) => void,
): boolean {
  const appFolder = proc.argv?.[1];
  const registered =
    proc.defaultApp && proc.execPath && appFolder
      ? app.setAsDefaultProtocolClient(LINK_SCHEME, proc.execPath, [resolve(appFolder)])
      : app.setAsDefaultProtocolClient(LINK_SCHEME);
  if (!registered)
    log(
      `${LINK_SCHEME}:// links could not be registered with the system (WordPress's password will have to be copied)`,
    );
  return registered;
}
