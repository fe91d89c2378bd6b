// A data dir holds one SQLite database. A new one gets the default site and the
// administrator `admin` (the desktop owner).
import { homedir, platform } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from './db/store.ts';
import { isValidTimezone } from './domain/dates.ts';
import { SITE_LANGUAGES } from '../contract/constants.ts';

export function defaultDataDir(): string {
  if (process.env.ALMANAC_DATA_DIR) return process.env.ALMANAC_DATA_DIR;
  const home = homedir();
  if (platform() === 'win32') return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Almanac');
  if (platform() === 'darwin') return join(home, 'Library', 'Application Support', 'Almanac');
  return join(process.env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'almanac');
}

export const databaseFile = (dataDir: string) => join(dataDir, 'almanac.sqlite');

interface SiteSettings {
  timezone?: string;
  language?: string;
  title?: string;
}

export function validateSiteSettings(settings: SiteSettings): void {
  if (settings.timezone !== undefined && !isValidTimezone(settings.timezone)) {
    throw new Error(`unknown time zone: ${settings.timezone}`);
  }
  if (settings.language !== undefined && !(SITE_LANGUAGES as readonly string[]).includes(settings.language)) {
    throw new Error(`language must be one of ${SITE_LANGUAGES.join(', ')}`);
  }
}

function systemTimezone(): string {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return tz && isValidTimezone(tz) ? tz : 'UTC';
}

/** Opens (and on first use initialises) the data dir. Settings apply only to a new data dir. */
export function openDataDir(dataDir: string, settings: SiteSettings = {}): Store {
  validateSiteSettings(settings);
  const store = openStore(databaseFile(dataDir));
  store.transaction(() => {
    if (!store.sites.byCode('default')) {
      const site = store.sites.create({
        code: 'default',
        title: settings.title ?? 'Almanac',
        timezone: settings.timezone ?? systemTimezone(),
        language: settings.language ?? 'en',
      });
      const admin = store.users.byLogin('admin') ?? store.users.create('admin', { superAdmin: true });
      store.users.setRole(site.id, admin.id, 'administrator');
    }
  });
  return store;
}
