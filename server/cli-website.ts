// `almanac website connect|sync|status|resolve|disconnect`: the website sync from the command line,
// through the same operations as the app's almanac/v1/sites/{code}/website routes, on the data dir
// directly (while the app runs too: one sync at a time per site, whoever asks — a lease in the
// database). The password is read from standard input, never taken as an argument (other users
// see a process's arguments); it is kept in `<data dir>/website-passwords.json`, readable by the
// user only. Exit codes: 0 done (both sides agree), 1 refused or failed, or conflicts or failures
// waiting; 2 wrong usage (cli.ts).
import type { Store } from './db/store.ts';
import type { Site } from './db/repositories/sites.ts';
import type { SyncMode } from './db/repositories/website-connections.ts';
import { FileCredentialStore } from './website-sync/credentials.ts';
import {
  connectWebsite,
  disconnectWebsite,
  resolveConflict,
  SYNC_MODES,
  websiteStatus,
  type WebsiteStatus,
} from './website-sync/website-service.ts';
import { syncSite, type SyncResult } from './website-sync/sync-run.ts';
import { WebsiteCheckError } from './website-sync/check-website.ts';

export class WebsiteUsageError extends Error {}

export interface WebsiteCommandOptions {
  site?: string;
  url?: string;
  user?: string;
  mode?: string;
  conflict?: string;
  keep?: string;
  json?: boolean;
}

interface Io {
  dataDir: string;
  out: (line: string) => void;
  /** The password, read from standard input. */
  readPassword: () => Promise<string>;
}

function siteOf(store: Store, code: string | undefined): Site {
  const site = store.sites.byCode(code ?? 'default');
  if (!site) throw new WebsiteUsageError(`no site "${code}" (see \`almanac site list\`)`);
  return site;
}

/** One line of what a sync did. */
export function summaryLine(result: SyncResult): string {
  const { sent, received, conflicts, failures, requests } = result.counts;
  const line = `Sent ${sent}, received ${received}, conflicts ${conflicts}, failures ${failures} (${requests} requests to the website).`;
  return result.failure ? `${line} Stopped: ${result.failure.message}` : line;
}

function statusText(status: WebsiteStatus, site: Site): string[] {
  if (!status.connected) return [`Site ${site.code} is not connected to a website.`];
  const lines = [
    `Site ${site.code} ↔ ${status.url} as ${status.login} (first sync: ${status.first_sync_done ? 'done' : `to do, mode ${status.mode}`}).`,
    `Password kept in ${status.password_kept}.`,
    `Last sync: ${status.last_sync ?? 'never'}${status.syncing ? ' (a sync is running now)' : ''}.`,
    `Changes waiting to be sent: ${status.changes_waiting}.`,
  ];
  if (status.paused_reason) lines.push(`PAUSED: ${status.paused_reason}`);
  else if (status.last_error) lines.push(`Last attempt failed: ${status.last_error}`);
  for (const conflict of status.conflicts) {
    const what =
      conflict.type === 'fields' ? conflict.fields.map((f) => f.field).join(', ') : conflict.type.replace('_', ' ');
    lines.push(`Conflict ${conflict.id}: ${conflict.kind} "${conflict.title}" — ${what}`);
    for (const field of conflict.fields)
      lines.push(`  ${field.field}: mine ${JSON.stringify(field.mine)} · theirs ${JSON.stringify(field.theirs)}`);
  }
  for (const failure of status.failures)
    lines.push(`Failure ${failure.id}: ${failure.direction} ${failure.kind} "${failure.title}" — ${failure.message}`);
  if (status.conflicts.length > 0)
    lines.push(`Resolve with: almanac website resolve --site ${site.code} --conflict ID --keep mine|theirs`);
  return lines;
}

async function runSync(store: Store, site: Site, io: Io): Promise<number> {
  const result = await syncSite({
    store,
    siteId: site.id,
    credentials: new FileCredentialStore(io.dataDir),
    waitForLock: true,
    log: () => {},
  });
  io.out(summaryLine(result));
  return result.ok ? 0 : 1;
}

export async function websiteCommand(
  sub: string | undefined,
  store: Store,
  options: WebsiteCommandOptions,
  io: Io,
): Promise<number> {
  const site = siteOf(store, options.site);
  const credentials = new FileCredentialStore(io.dataDir);
  switch (sub) {
    case 'connect': {
      if (!options.url) throw new WebsiteUsageError('website connect needs --url');
      if (!options.user) throw new WebsiteUsageError('website connect needs --user (the WordPress user name)');
      const mode = (options.mode ?? 'merge') as SyncMode;
      if (!SYNC_MODES.includes(mode)) throw new WebsiteUsageError(`--mode must be one of ${SYNC_MODES.join(', ')}`);
      const password = (await io.readPassword()).trim();
      if (password === '')
        throw new WebsiteUsageError('the application password is read from standard input (it was empty)');
      try {
        const checked = await connectWebsite(store, credentials, site, {
          url: options.url,
          login: options.user,
          password,
          mode,
        });
        io.out(`Connected site ${site.code} to ${checked.url} ("${checked.name}") as ${checked.user.login}.`);
        for (const limit of checked.limits) io.out(`Note: ${checked.user.login} ${limit}.`);
        io.out(`Password kept in ${credentials.where}.`);
        io.out(`Run \`almanac website sync --site ${site.code}\` to sync now (first sync: ${mode}).`);
        return 0;
      } catch (error) {
        if (error instanceof WebsiteCheckError) {
          io.out(`Not connected: ${error.message}`);
          return 1;
        }
        throw error;
      }
    }
    case 'sync':
      return runSync(store, site, io);
    case 'status': {
      const status = websiteStatus(store, site, credentials);
      if (options.json) io.out(JSON.stringify(status, null, 2));
      else for (const line of statusText(status, site)) io.out(line);
      return status.connected && !status.paused_reason && status.conflicts.length === 0 && status.failures.length === 0
        ? 0
        : 1;
    }
    case 'resolve': {
      const id = Number(options.conflict);
      if (!Number.isSafeInteger(id) || id <= 0)
        throw new WebsiteUsageError('website resolve needs --conflict ID (see `website status`)');
      if (options.keep !== 'mine' && options.keep !== 'theirs')
        throw new WebsiteUsageError('--keep must be mine or theirs');
      const conflict = resolveConflict(store, site, id, options.keep);
      io.out(`Conflict ${conflict.id} (${conflict.title}): keeping ${options.keep}.`);
      return runSync(store, site, io);
    }
    case 'disconnect':
      await disconnectWebsite(store, credentials, site);
      io.out(
        `Site ${site.code} is no longer connected (nothing was deleted on either side; the password was removed).`,
      );
      return 0;
    default:
      throw new WebsiteUsageError('website: connect, sync, status, resolve or disconnect');
  }
}

/** Standard input, whole (piped), or typed at a terminal without echo. */
export async function readPasswordFromStdin(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  process.stderr.write('Application password (not shown): ');
  stdin.setRawMode(true);
  stdin.resume();
  let typed = '';
  try {
    for await (const chunk of stdin) {
      for (const char of (chunk as Buffer).toString('utf8')) {
        if (char === '\r' || char === '\n') return typed;
        if (char === '\u0003') throw new WebsiteUsageError('cancelled');
        if (char === '\u007f') typed = typed.slice(0, -1);
        else typed += char;
      }
    }
    return typed;
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    process.stderr.write('\n');
  }
}
