// almanac — command line: serve, token, site. The desktop app calls the same functions.
import { parseArgs } from 'node:util';
import { databaseFile, defaultDataDir, openDataDir, validateSiteSettings } from './data-dir.ts';
import { backupTo, restoreFrom, rotatingBackup, startDailyBackups } from './db/backup.ts';
import { clearRunFile, runningServer, writeRunFile } from './run-file.ts';
import { scheduleOptimize } from './db/open.ts';
import { DEFAULT_PORT, listen } from './listen.ts';
import { NAMESPACE } from './http/context.ts';
import { isRole, ROLES } from './domain/roles.ts';
import type { Store } from './db/store.ts';
import { tuneHeapForServing } from './heap-tuning.ts';

const USAGE = `Usage:
  almanac serve [--port N] [--data-dir DIR] [--timezone TZ] [--language L]
  almanac token create --user NAME --name LABEL [--role ROLE] [--data-dir DIR]
  almanac token revoke TOKEN [--data-dir DIR]
  almanac site create CODE --language L --timezone TZ [--title T] [--per-page N] [--data-dir DIR]
  almanac site list [--data-dir DIR]
  almanac backup [--to FILE] [--data-dir DIR]
  almanac restore FILE [--data-dir DIR]        (stop the app first)

Environment: ALMANAC_DATA_DIR (default data dir), ALMANAC_PORT (default port, ${DEFAULT_PORT}).`;

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
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function required(values: Values, name: keyof Values): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

async function serve(values: Values): Promise<void> {
  const portText = values.port ?? process.env.ALMANAC_PORT;
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`invalid port: ${portText}`);
  const stopHeapTuning = tuneHeapForServing();
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const store = openDataDir(dataDir, { timezone: values.timezone, language: values.language });
  const server = await listen({ store, port, logger: false, benchRoute: values['bench-route'] === true });
  writeRunFile(dataDir, { pid: process.pid, port: server.port });
  // ALMANAC_DAILY_BACKUP=0 is for benchmarks: a backup starting mid-measurement skews one scenario.
  const stopBackups =
    process.env.ALMANAC_DAILY_BACKUP === '0'
      ? () => {}
      : startDailyBackups(store.db, databaseFile(dataDir), (line) => console.log(line));
  const stopOptimize = scheduleOptimize(store.db);
  console.log(`Almanac data dir: ${dataDir}`);
  console.log(`Almanac API root: ${server.url}/${NAMESPACE}`);
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    stopBackups();
    stopOptimize();
    stopHeapTuning();
    await server.close();
    store.close();
    clearRunFile(dataDir);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function withStore<T>(values: Values, fn: (store: Store) => T): T {
  const store = openDataDir(values['data-dir'] ?? defaultDataDir());
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

function siteList(values: Values): void {
  withStore(values, (store) => {
    for (const site of store.sites.list()) {
      const path = site.code === 'default' ? '' : `/${site.code}`;
      console.log(`${site.code}\t${site.language}\t${site.timezone}\t${site.title}\t${path}/${NAMESPACE}`);
    }
  });
}

function backup(values: Values): void {
  const dataDir = values['data-dir'] ?? defaultDataDir();
  withStore(values, (store) => {
    const file = values.to ? backupTo(store.db, values.to) : rotatingBackup(store.db, databaseFile(dataDir), 'manual');
    console.log(`Backup written: ${file}`);
  });
}

function restore(file: string | undefined, values: Values): void {
  if (!file) throw new UsageError('restore needs the backup file');
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const running = runningServer(dataDir);
  if (running)
    throw new Error(`Almanac is running on this data dir (pid ${running.pid}, port ${running.port}); stop it first`);
  const { safetyCopy } = restoreFrom(databaseFile(dataDir), file);
  if (safetyCopy) console.log(`The previous database was saved as ${safetyCopy}`);
  console.log(`Restored ${file}`);
}

export async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  const [command, sub, arg] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (command === 'serve') return serve(values);
  if (command === 'token' && sub === 'create') return tokenCreate(values);
  if (command === 'token' && sub === 'revoke') {
    if (!arg) throw new UsageError('token revoke needs the token');
    return withStore(values, (store) =>
      console.log(store.users.revokeToken(arg) ? 'Revoked.' : 'No such active token.'),
    );
  }
  if (command === 'site' && sub === 'create') return siteCreate(arg, values);
  if (command === 'site' && sub === 'list') return siteList(values);
  if (command === 'backup') return backup(values);
  if (command === 'restore') return restore(sub, values);
  throw new UsageError(`unknown command: ${positionals.join(' ')}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`almanac: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof UsageError) console.error(USAGE);
  process.exit(error instanceof UsageError ? 2 : 1);
});
