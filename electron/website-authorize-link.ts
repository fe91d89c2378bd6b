// WordPress's authorize-application page, returned to Almanac: "Get a password from WordPress" opens
// the page with success_url=almanac://website-authorized?site=…&mode=…&state=…, and once the user
// approves, WordPress sends the browser there with `site_url`, `user_login` and `password` appended
// (or `success=false` when the user refused). The operating system hands the link to Almanac (macOS:
// `open-url`; Windows and Linux: the argv of the first start or of a second instance), and this
// module turns it into the same connection as typing the password (PUT almanac/v1/sites/{code}/website).
//
// Any program or web page can open an almanac:// link, so a link is taken only when it answers an
// authorization this app started: `state` is a random one-time value the window asked for (IPC
// beginWebsiteAuthorization) and the link must bring it back with the same site and mode. The
// website's address is the one the user typed then, never the link's: a forged link cannot connect
// the calendar to another website. The password is never logged, nor the link itself.
import { randomBytes } from 'node:crypto';

export const LINK_SCHEME = 'almanac';
const AUTHORIZED = 'website-authorized';
const MODES = ['merge', 'publish', 'import'] as const;
export type AuthorizeMode = (typeof MODES)[number];
/** Longer than any link WordPress makes from ours; a longer one is not read. */
const MAX_LINK = 8192;
/** How long an opened authorize page may take to come back (signing in to WordPress included). */
export const PENDING_FOR_MS = 60 * 60 * 1000;

export type AuthorizeLink =
  | { kind: 'approved'; state: string; site: string; mode: AuthorizeMode; user: string; password: string }
  | { kind: 'rejected'; state: string; site: string; mode: AuthorizeMode };

/** A link that is not one of ours, said without its values (the password may be among them). */
export class LinkRefused extends Error {}

const ALLOWED = new Set(['site', 'mode', 'state', 'site_url', 'user_login', 'password', 'success']);
const SITE_CODE = /^[a-z0-9][a-z0-9_-]{0,63}$/i;
const STATE = /^[A-Za-z0-9_-]{22,64}$/;

const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** Whether an argument (argv, open-url) is an almanac:// link at all. */
export function isAlmanacLink(value: unknown): value is string {
  return typeof value === 'string' && value.toLowerCase().startsWith(`${LINK_SCHEME}:`);
}

/** The almanac:// link among a process's arguments (Windows and Linux pass it as one), if any. */
export function linkInArgv(argv: readonly string[]): string | undefined {
  return argv.find(isAlmanacLink);
}

export function parseAuthorizeLink(raw: string): AuthorizeLink {
  if (raw.length > MAX_LINK) throw new LinkRefused('the link is too long');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new LinkRefused('not a link');
  }
  if (url.protocol !== `${LINK_SCHEME}:`) throw new LinkRefused('not an almanac:// link');
  // macOS may hand the link back with a slash after the host.
  if (url.hostname.toLowerCase() !== AUTHORIZED || !['', '/'].includes(url.pathname) || url.username || url.port)
    throw new LinkRefused('not a website authorization link');
  const values = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    if (!ALLOWED.has(key)) throw new LinkRefused(`an unexpected parameter "${key.slice(0, 40)}"`);
    if (values.has(key)) throw new LinkRefused(`"${key}" twice`);
    values.set(key, value);
  }
  const state = values.get('state') ?? '';
  const site = values.get('site') ?? '';
  const mode = values.get('mode') ?? '';
  if (!STATE.test(state)) throw new LinkRefused('no state, or not one Almanac makes');
  if (!SITE_CODE.test(site)) throw new LinkRefused('no site, or not a site code');
  if (!(MODES as readonly string[]).includes(mode)) throw new LinkRefused('no mode, or not merge, publish or import');
  const success = values.get('success');
  const answer = ['site_url', 'user_login', 'password'].filter((key) => values.has(key));
  if (success !== undefined) {
    if (success !== 'false' || answer.length) throw new LinkRefused('a refusal that also carries a password');
    return { kind: 'rejected', state, site, mode: mode as AuthorizeMode };
  }
  const siteUrl = values.get('site_url') ?? '';
  const user = values.get('user_login') ?? '';
  const password = values.get('password') ?? '';
  if (!/^https?:\/\/[^\s]+$/i.test(siteUrl)) throw new LinkRefused('no site_url, or not a web address');
  if (!user || user.length > 250 || hasControl(user)) throw new LinkRefused('no user_login');
  if (!password || password.length > 256 || hasControl(password)) throw new LinkRefused('no password');
  return { kind: 'approved', state, site, mode: mode as AuthorizeMode, user, password };
}

export interface PendingAuthorization {
  site: string;
  mode: AuthorizeMode;
  /** The website's address as the user typed it (the connection uses this one). */
  url: string;
  expires: number;
}

/** The authorize pages this app opened and waits for, each by its one-time `state`. */
export class PendingAuthorizations {
  private readonly pending = new Map<string, PendingAuthorization>();
  constructor(private readonly now: () => number = Date.now) {}

  /** Records one and returns the success_url to give WordPress. */
  begin(input: { site: string; mode: string; url: string }): string {
    if (!SITE_CODE.test(input.site)) throw new Error('not a site code');
    if (!(MODES as readonly string[]).includes(input.mode)) throw new Error('not merge, publish or import');
    // An empty or bad address is the service's to refuse, at its field (the page is then never opened).
    if (input.url.length > 2048) throw new Error('not a web address');
    for (const [state, entry] of this.pending) if (entry.expires <= this.now()) this.pending.delete(state);
    const state = randomBytes(24).toString('base64url');
    const mode = input.mode as AuthorizeMode;
    this.pending.set(state, { site: input.site, mode, url: input.url, expires: this.now() + PENDING_FOR_MS });
    const query = new URLSearchParams({ site: input.site, mode, state });
    return `${LINK_SCHEME}://${AUTHORIZED}?${query}`;
  }

  /** The authorization a link answers (used up), or undefined when the app never started it. */
  take(link: AuthorizeLink): PendingAuthorization | undefined {
    const entry = this.pending.get(link.state);
    if (!entry) return undefined;
    this.pending.delete(link.state);
    if (entry.expires <= this.now() || entry.site !== link.site || entry.mode !== link.mode) return undefined;
    return entry;
  }
}

export interface ConnectBody {
  url: string;
  user: string;
  password: string;
  mode: AuthorizeMode;
}

export interface LinkDeps {
  pending: PendingAuthorizations;
  /** Connects the site (the service's PUT …/website); resolves to the refusal's words, or null when connected. */
  connect(site: string, body: ConnectBody): Promise<string | null>;
  /** Brings the window to the front (opening it when closed). */
  focus(): void;
  tell(box: { type: 'info' | 'warning' | 'error'; message: string; detail?: string }): void;
  log(line: string): void;
}

/**
 * Takes almanac:// links, one at a time in their order, and says when the last one is done
 * (`settled`, for the tests and for quitting cleanly).
 */
export function websiteAuthorizeLinks(deps: LinkDeps) {
  let queue: Promise<void> = Promise.resolve();
  const handle = async (raw: string): Promise<void> => {
    let link: AuthorizeLink;
    try {
      link = parseAuthorizeLink(raw);
    } catch (refused) {
      if (!(refused instanceof LinkRefused)) throw refused;
      deps.log(`an almanac:// link was not used: ${refused.message}`);
      return;
    }
    const pending = deps.pending.take(link);
    if (!pending) {
      deps.log(
        `a website authorization link for site ${link.site} was not used: Almanac did not ask for it (or it was used already)`,
      );
      deps.focus();
      deps.tell({
        type: 'warning',
        message: 'Almanac did not use this WordPress link.',
        detail:
          'It does not answer a "Get a password from WordPress" that this Almanac opened, or it was used already. Open it again from Settings → Website.',
      });
      return;
    }
    deps.focus();
    if (link.kind === 'rejected') {
      deps.log(`website authorization for site ${link.site}: refused on the website`);
      deps.tell({
        type: 'info',
        message: 'WordPress did not give Almanac a password.',
        detail:
          'The connection was refused on the website’s page, so the site is not connected. To connect it, choose "Get a password from WordPress" again and approve, or type an application password.',
      });
      return;
    }
    deps.log(`website authorization for site ${link.site}: connecting as ${link.user}`);
    const refusal = await deps.connect(link.site, {
      url: pending.url,
      user: link.user,
      password: link.password,
      mode: link.mode,
    });
    if (refusal === null) {
      deps.log(`website authorization for site ${link.site}: connected`);
      return;
    }
    deps.log(`website authorization for site ${link.site}: not connected (${refusal})`);
    deps.tell({ type: 'error', message: 'The website could not be connected.', detail: refusal });
  };
  return {
    take(raw: string): void {
      queue = queue.then(() =>
        handle(raw).catch((error: unknown) => {
          deps.log(`a website authorization link failed: ${(error as Error).message}`);
          deps.tell({
            type: 'error',
            message: 'The website could not be connected.',
            detail: (error as Error).message,
          });
        }),
      );
    },
    settled: () => queue,
  };
}
