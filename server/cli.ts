// almanac — the command line: parses arguments and calls the service (service.ts) or the
// repositories. It never exits the process itself: `main` returns the exit code (almanac.ts, the
// entry point, sets it), so it can also be called from tests and scripts.
import { parseArgs } from 'node:util';
import { databaseFile, defaultDataDir, openDataDir, validateSiteSettings } from './data-dir.ts';
import { backupTo, rotatingBackup } from './db/backup.ts';
import { readRunFile } from './run-file.ts';
import { isDataDirLocked } from './data-dir-lock.ts';
import { restoreDataDir } from './restore-data-dir.ts';
import { DEFAULT_PORT } from './listen.ts';
import { NAMESPACE } from './http/context.ts';
import { isRole } from './domain/roles.ts';
import { ROLES } from '../contract/constants.ts';
import type { Store } from './db/store.ts';
import { serveUntilStopped } from './cli-serve.ts';

import { normalizeOrigin } from './domain/origins.ts';
import { ORIGIN_HELP } from '../contract/app/origins.ts';
import { describeImport, exportCommand, importCommand } from './cli-calendar-files.ts';
import type { ImportKind } from '../contract/app/import-summary.ts';
import { readPasswordFromStdin, websiteCommand, WebsiteUsageError } from './cli-website.ts';
const USAGE = `Usage:
  almanac serve [--port N] [--data-dir DIR] [--timezone TZ] [--language L]
  almanac sign-in [--data-dir DIR]             (a new one-time UI sign-in link for the running server)
  almanac token create --user NAME --name LABEL [--role ROLE] [--data-dir DIR]
  almanac token revoke TOKEN [--data-dir DIR]
  almanac site create CODE --language L --timezone TZ [--title T] [--per-page N] [--data-dir DIR]
  almanac site list [--data-dir DIR]
  almanac origins list|add ORIGIN|remove ORIGIN [--data-dir DIR]
                                               (web pages allowed to call the API from a browser)
  almanac export [--site S] [--format ics|csv] [--filter KEY=VALUE]… [--data-dir DIR] > FILE
                                               (filters: GET /events parameters, e.g. categories=music;
                                               without dates, every event)
  almanac import FILE [--site S] [--format ics|csv] [--kind events|venues|organizers] [--dry-run] [--data-dir DIR]
                                               (.ics or CSV; --dry-run shows what would change)
  almanac backup [--to FILE] [--data-dir DIR]
  almanac restore FILE [--data-dir DIR]        (stop the app first)
  almanac website connect --site S --url URL --user NAME [--mode publish|import|merge] [--data-dir DIR]
                                               (the application password is read from standard input)
  almanac website sync|status [--json]|disconnect --site S [--data-dir DIR]
  almanac website resolve --site S --conflict ID --keep mine|theirs [--data-dir DIR]
                                               (a The Events Calendar website; see docs/website-sync.md)

Environment: ALMANAC_DATA_DIR (default data dir), ALMANAC_PORT (default port, ${DEFAULT_PORT}).`;

/** The commands, as the first word of the command line (the desktop app runs one it is given: electron/cli-mode.ts). */
export const COMMANDS = [
  'serve',
  'sign-in',
  'token',
  'site',
  'origins',
  'export',
  'import',
  'backup',
  'restore',
] as const;

class UsageError extends Error {}

const OPTIONS = {
  port: { type: 'string' },
  'data-dir': { type: 'string' },
  timezone: { type: 'string' },
  language: { type: 'string' },
  title: { type: 'string' },
  user: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
  site: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  'bench-route': { type: 'boolean' },
  to: { type: 'string' },
  'per-page': { type: 'string' },
  format: { type: 'string' },
  filter: { type: 'string', multiple: true },
  'dry-run': { type: 'boolean' },
  kind: { type: 'string' },
  url: { type: 'string' },
  mode: { type: 'string' },
  conflict: { type: 'string' },
  keep: { type: 'string' },
  json: { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function required(values: Values, name: keyof Values): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** Runs the service until it is asked to stop (cli-serve.ts); resolves once it has stopped. */
async function serve(values: Values): Promise<void> {
  const portText = values.port ?? process.env.ALMANAC_PORT;
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`invalid port: ${portText}`);
  await serveUntilStopped({
    dataDir: values['data-dir'] ?? defaultDataDir(),
    port,
    timezone: values.timezone,
    language: values.language,
    benchRoute: values['bench-route'] === true,
  });
}

const dataDirOf = (values: Values) => values['data-dir'] ?? defaultDataDir();

/** The run file of the server holding the data dir's lock, if one does. */
function runningServerInfo(values: Values) {
  return isDataDirLocked(dataDirOf(values)) ? readRunFile(dataDirOf(values)) : undefined;
}

function withStore<T>(values: Values, fn: (store: Store) => T): T {
  const store = openDataDir(dataDirOf(values));
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

function tokenCreate(values: Values): void {
  const login = required(values, 'user');
  const label = required(values, 'name');
  const role = values.role ?? 'administrator';
  if (!isRole(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  withStore(values, (store) => {
    const token = store.transaction(() => {
      const site = store.sites.byCode(values.site ?? 'default');
      if (!site) throw new UsageError(`no site ${values.site}`);
      let user = store.users.byLogin(login);
      if (!user) {
        user = store.users.create(login);
        store.users.setRole(site.id, user.id, role);
        console.log(`Created user ${login} (${role}) on site ${site.code}.`);
      } else if (values.role !== undefined) {
        store.users.setRole(site.id, user.id, role);
      }
      return store.users.createToken(user.id, label);
    });
    const running = runningServerInfo(values);
    console.log(`Data dir: ${dataDirOf(values)}`);
    if (running) console.log(`Serving there: ${running.api_root} (pid ${running.pid})`);
    else console.log('No Almanac is serving that data dir right now; the token works once one does.');
    console.log(`Token "${label}" for ${login} (shown once; use it as "Authorization: Bearer <token>"):`);
    console.log(token);
  });
}

function siteCreate(code: string | undefined, values: Values): void {
  if (!code || !/^[a-z0-9-]+$/.test(code) || code === 'svc' || code === 'default') {
    throw new UsageError('site code: lowercase letters, digits and "-", not "svc" or "default"');
  }
  const settings = {
    language: required(values, 'language'),
    timezone: required(values, 'timezone'),
    title: values.title,
  };
  validateSiteSettings(settings);
  // The site's default page size (the reference's posts_per_page); requests may still ask up to 50.
  const perPage = values['per-page'] === undefined ? 10 : Number(values['per-page']);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 50) {
    throw new UsageError('--per-page must be a whole number from 1 to 50');
  }
  withStore(values, (store) => {
    if (store.sites.byCode(code)) throw new UsageError(`site ${code} exists already`);
    store.transaction(() => {
      store.sites.create({
        code,
        title: settings.title ?? code,
        timezone: settings.timezone,
        language: settings.language,
        perPage,
      });
    });
    console.log(`Created site ${code}: /${code}/${NAMESPACE}`);
  });
}

/**
 * The web origins allowed to call the API from a browser (CORS), besides the app's own: for
 * someone previewing their own widget against their calendar. A running server applies a change
 * at once (it reads the list on each cross-origin request).
 */
function origins(sub: string | undefined, arg: string | undefined, values: Values): void {
  if (sub === 'list' || sub === undefined) {
    return withStore(values, (store) => {
      const rows = store.origins.list();
      if (rows.length === 0)
        console.log('No web origins allowed (only the app itself may call the API from a browser).');
      for (const row of rows) console.log(`${row.origin}\tadded ${row.added_utc}`);
    });
  }
  if (sub !== 'add' && sub !== 'remove') throw new UsageError(`origins: list, add or remove, not ${sub}`);
  if (!arg) throw new UsageError(`origins ${sub} needs ${ORIGIN_HELP}`);
  const origin = normalizeOrigin(arg);
  if (!origin) throw new UsageError(`"${arg}" is not ${ORIGIN_HELP}`);
  withStore(values, (store) => {
    const changed = store.writing(() => (sub === 'add' ? store.origins.add(origin) : store.origins.remove(origin)));
    if (sub === 'add') console.log(changed ? `Allowed ${origin}.` : `${origin} was allowed already.`);
    else console.log(changed ? `Removed ${origin}.` : `${origin} was not allowed.`);
  });
}

function siteList(values: Values): void {
  withStore(values, (store) => {
    for (const site of store.sites.list()) {
      const path = site.code === 'default' ? '' : `/${site.code}`;
      console.log(`${site.code}\t${site.language}\t${site.timezone}\t${site.title}\t${path}/${NAMESPACE}`);
    }
  });
}

function backup(values: Values): void {
  const dataDir = dataDirOf(values);
  withStore(values, (store) => {
    const file = values.to ? backupTo(store.db, values.to) : rotatingBackup(store.db, databaseFile(dataDir), 'manual');
    console.log(`Backup written: ${file}`);
  });
}

function restore(file: string | undefined, values: Values): void {
  if (!file) throw new UsageError('restore needs the backup file');
  const dataDir = dataDirOf(values);
  // Refused while a server runs (DataDirLockedError names it); see restore-data-dir.ts.
  const { safetyCopy } = restoreDataDir(dataDir, file);
  if (safetyCopy) console.log(`The previous database was saved as ${safetyCopy}`);
  console.log(`Restored ${file}`);
}

function signIn(values: Values): void {
  const running = runningServerInfo(values);
  if (!running) throw new Error(`no Almanac is serving ${dataDirOf(values)}; start it with \`almanac serve\``);
  withStore(values, (store) => {
    const admin = store.users.installAdministrator();
    if (!admin) throw new Error('this data dir has no install administrator');
    const code = store.writing(() => store.sessions.createSignInCode(admin.id));
    console.log(`Almanac UI: ${running.url}/?login=${code}`);
  });
}

/** The running server's address (event page URLs in exports), else the default port's. */
const hostOf = (values: Values) => new URL(runningServerInfo(values)?.url ?? `http://127.0.0.1:${DEFAULT_PORT}`).host;

async function exportEvents(values: Values): Promise<void> {
  const store = openDataDir(dataDirOf(values));
  try {
    await exportCommand(
      store,
      { site: values.site, format: values.format, filter: values.filter, host: hostOf(values) },
      process.stdout,
    );
  } finally {
    store.close();
  }
}

function kindOf(kind: string | undefined): ImportKind | undefined {
  if (kind === undefined || kind === 'events' || kind === 'venues' || kind === 'organizers') return kind;
  throw new UsageError(`--kind must be events, venues or organizers, not "${kind}"`);
}

async function importFile(file: string | undefined, values: Values): Promise<void> {
  if (!file) throw new UsageError('import needs the file (.ics or .csv)');
  const store = openDataDir(dataDirOf(values));
  try {
    const summary = await importCommand(store, file, {
      site: values.site,
      format: values.format,
      dryRun: values['dry-run'],
      kind: kindOf(values.kind),
      host: hostOf(values),
    });
    console.log(describeImport(summary));
  } finally {
    store.close();
  }
}

/** `almanac website …`: its own exit code (1 while conflicts or failures wait). */
async function website(sub: string | undefined, values: Values): Promise<number> {
  const store = openDataDir(dataDirOf(values));
  try {
    return await websiteCommand(sub, store, values, {
      dataDir: dataDirOf(values),
      out: (line) => console.log(line),
      readPassword: readPasswordFromStdin,
    });
  } catch (error) {
    if (error instanceof WebsiteUsageError) throw new UsageError(error.message);
    throw error;
  } finally {
    store.close();
  }
}

async function run(argv: string[]): Promise<void | number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, sub, arg] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (command === 'serve') return serve(values);
  if (command === 'sign-in') return signIn(values);
  if (command === 'token' && sub === 'create') return tokenCreate(values);
  if (command === 'token' && sub === 'revoke') {
    if (!arg) throw new UsageError('token revoke needs the token');
    return withStore(values, (store) =>
      console.log(store.users.revokeToken(arg) ? 'Revoked.' : 'No such active token.'),
    );
  }
  if (command === 'site' && sub === 'create') return siteCreate(arg, values);
  if (command === 'site' && sub === 'list') return siteList(values);
  if (command === 'origins') return origins(sub, arg, values);
  if (command === 'export') return exportEvents(values);
  if (command === 'import') return importFile(sub, values);
  if (command === 'backup') return backup(values);
  if (command === 'restore') return restore(sub, values);
  if (command === 'website') return website(sub, values);
  throw new UsageError(`unknown command: ${positionals.join(' ')}`);
}

/** Runs one command; resolves to the process exit code (0 ok, 1 failed, 2 wrong usage). */
export async function main(argv: string[]): Promise<number> {
  try {
    return (await run(argv)) ?? 0;
  } catch (error) {
    console.error(`almanac: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof UsageError) console.error(USAGE);
    return error instanceof UsageError ? 2 : 1;
  }
}
