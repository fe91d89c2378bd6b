// Before a connection is trusted (and at each sync's first answer): the address is a WordPress
// site serving The Events Calendar's REST API, the user is really signed in with the rights to
// edit events, and the password travels safely. WordPress silently ignores an application
// password over plain HTTP (unless the site is a `local` environment): its GETs then answer 200
// with public data only, and a sync would take every draft for deleted. Such a site is refused,
// in words that say why (tec-website.md, "Signing in").
import { TecClient, WebsiteError, type TecClientOptions } from './tec-client.ts';
import type { SiteZone } from './site-clock.ts';

export type CheckFailure =
  | 'bad_address'
  | 'unreachable'
  | 'untrusted_certificate'
  | 'not_wordpress'
  | 'not_tec'
  | 'password_ignored'
  | 'wrong_password'
  | 'not_signed_in'
  | 'cannot_edit_events';

export class WebsiteCheckError extends Error {
  constructor(
    readonly failure: CheckFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface CheckedWebsite {
  /** The site's address, normalized (scheme, host, path; no trailing slash). */
  url: string;
  apiRoot: string;
  name: string;
  timezoneString: string;
  gmtOffset: number;
  user: { id: number; login: string; name: string };
  /** What the user may not do there (said in Settings and `website status`; the sync goes on). */
  limits: string[];
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname) || /^127\./.test(hostname) || hostname.endsWith('.localhost');
}

/** `example.org/events/` → `https://example.org/events`; null when it is not a web address. */
export function normalizeWebsiteUrl(input: string): string | null {
  const text = input.trim();
  if (text === '' || text.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  // The REST root is found from the site's address: an address already inside it is taken back.
  const path = url.pathname.replace(/\/wp-json(\/.*)?$/, '').replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/;
const WRONG_CREDENTIALS = new Set([
  'incorrect_password',
  'invalid_username',
  'invalid_email',
  'application_passwords_disabled',
]);
const wrongPassword = (url: string, code: string) =>
  `${url} refused the user name or the application password (${code}): check both, or make a new application password in WordPress (Users → Profile → Application Passwords).`;

type ClientTuning = Pick<TecClientOptions, 'retries' | 'backoffMs' | 'timeoutMs' | 'signal'>;

interface WpIndex {
  name?: string;
  namespaces?: string[];
  timezone_string?: string;
  gmt_offset?: number | string;
}

async function readIndex(url: string, login: string, password: string, tuning: ClientTuning) {
  let lastError: unknown;
  for (const apiRoot of [`${url}/wp-json/`, `${url}/?rest_route=/`]) {
    const client = new TecClient({ apiRoot, login, password, ...tuning, retries: tuning.retries ?? 1 });
    try {
      const answer = await client.get('');
      const body = answer.body as WpIndex | null;
      if (body && typeof body === 'object' && Array.isArray(body.namespaces)) return { apiRoot, index: body };
      lastError = new WebsiteCheckError(
        'not_wordpress',
        `${url} does not look like a WordPress site (no REST API index).`,
      );
    } catch (error) {
      if (error instanceof WebsiteError && (error.reason === 'unreachable' || error.reason === 'lost')) {
        if (TLS_CODES.test(error.message))
          throw new WebsiteCheckError(
            'untrusted_certificate',
            `The certificate of ${url} is not trusted by this computer, so the password cannot be sent to it safely.`,
          );
        throw new WebsiteCheckError('unreachable', `${url} cannot be reached: ${error.message}`);
      }
      // A wrong password is refused even on WordPress's public index.
      if (error instanceof WebsiteError && error.status === 401 && error.code && WRONG_CREDENTIALS.has(error.code))
        throw new WebsiteCheckError('wrong_password', wrongPassword(url, error.code));
      lastError = error;
    } finally {
      client.close();
    }
  }
  if (lastError instanceof WebsiteCheckError) throw lastError;
  throw new WebsiteCheckError(
    'not_wordpress',
    `${url} does not look like a WordPress site (no REST API at /wp-json/).`,
  );
}

/** The site's zone as its index says: `timezone_string` ('' with a bare offset) and `gmt_offset` (hours). */
function zoneOfIndex(index: WpIndex): SiteZone {
  const offset = Number(index.gmt_offset ?? 0);
  return {
    timezoneString: typeof index.timezone_string === 'string' ? index.timezone_string : '',
    gmtOffset: Number.isFinite(offset) ? offset : 0,
  };
}

/**
 * The site's zone as it is now (its owner may change it in Settings → General at any time): the
 * index's two fields only (`_fields`: a real index lists every route, hundreds of kilobytes).
 * Undefined when the index does not say (a plugin hiding it, or an answer that is not an index):
 * the zone known so far is kept. A website that cannot be reached or refuses the password fails
 * as any other read of the sync does.
 */
export async function readSiteZone(client: TecClient): Promise<SiteZone | undefined> {
  let body: unknown;
  try {
    body = (await client.get('', { _fields: 'timezone_string,gmt_offset' })).body;
  } catch (error) {
    if (error instanceof WebsiteError && error.reason === 'answered' && !error.transient) return undefined;
    throw error;
  }
  if (!body || typeof body !== 'object') return undefined;
  const index = body as WpIndex;
  if (typeof index.timezone_string !== 'string' || index.gmt_offset === undefined) return undefined;
  return zoneOfIndex(index);
}

interface WpUser {
  id?: number;
  slug?: string;
  username?: string;
  name?: string;
  capabilities?: Record<string, boolean>;
}

export async function checkWebsite(
  input: { url: string; login: string; password: string },
  tuning: ClientTuning = {},
): Promise<CheckedWebsite> {
  const url = normalizeWebsiteUrl(input.url);
  if (!url) throw new WebsiteCheckError('bad_address', `"${input.url}" is not a web address (https://…).`);
  const plainHttp = url.startsWith('http:');
  const { apiRoot, index } = await readIndex(url, input.login, input.password, tuning);
  const namespaces = index.namespaces ?? [];
  if (!namespaces.includes('tribe/events/v1'))
    throw new WebsiteCheckError(
      'not_tec',
      `${url} is a WordPress site, but it does not serve The Events Calendar's REST API (tribe/events/v1): is the plugin active, and its REST API on?`,
    );
  if (!namespaces.includes('wp/v2'))
    throw new WebsiteCheckError('not_wordpress', `${url} does not serve WordPress's own REST API (wp/v2).`);

  const client = new TecClient({ apiRoot, login: input.login, password: input.password, ...tuning });
  let user: WpUser;
  try {
    user = (await client.get('wp/v2/users/me', { context: 'edit' })).body as WpUser;
  } catch (error) {
    if (!(error instanceof WebsiteError) || error.status !== 401) throw error;
    // WordPress answers rest_not_logged_in when no credentials reached it at all: over plain HTTP
    // that is the password being ignored; a wrong one is incorrect_password / invalid_username.
    if (error.code === 'rest_not_logged_in' || error.code === undefined) {
      if (plainHttp)
        throw new WebsiteCheckError(
          'password_ignored',
          `${url} ignored the password: WordPress accepts application passwords only over HTTPS (or on a site set up as a local environment). Connect to its https:// address instead.`,
        );
      throw new WebsiteCheckError(
        'not_signed_in',
        `${url} did not sign us in although the password was sent: application passwords may be turned off there (by a security plugin, or by the host).`,
      );
    }
    throw new WebsiteCheckError('wrong_password', wrongPassword(url, error.code));
  } finally {
    client.close();
  }
  const caps = user.capabilities ?? {};
  if (!caps.edit_tribe_events)
    throw new WebsiteCheckError(
      'cannot_edit_events',
      `The WordPress user ${input.login} may not edit events on ${url}: sign in as a user who can (an editor or administrator).`,
    );
  const limits: string[] = [];
  if (!caps.edit_others_tribe_events) limits.push('may edit only their own events on the website');
  if (!caps.publish_tribe_events) limits.push('may not publish events (they stay pending review)');
  if (!caps.upload_files) limits.push('may not upload images');
  return {
    url,
    apiRoot,
    name: index.name ?? url,
    ...zoneOfIndex(index),
    user: {
      id: Number(user.id ?? 0),
      login: user.username ?? user.slug ?? input.login,
      name: user.name ?? input.login,
    },
    limits,
  };
}

/**
 * WordPress's authorize-application page for Almanac: the user signs in there, approves, and
 * WordPress sends the user name and a new application password to `successUrl` (an https address,
 * a custom scheme, or http only for a local site). Its address is the one the site's index names,
 * else WordPress's default.
 */
export async function authorizationUrl(
  input: { url: string; successUrl?: string; appId: string },
  tuning: ClientTuning = {},
): Promise<string> {
  const url = normalizeWebsiteUrl(input.url);
  if (!url) throw new WebsiteCheckError('bad_address', `"${input.url}" is not a web address (https://…).`);
  let endpoint = `${url}/wp-admin/authorize-application.php`;
  try {
    const { index } = await readIndex(url, '', '', tuning);
    const named = (index as { authentication?: Record<string, { endpoints?: { authorization?: string } }> })
      .authentication?.['application-passwords']?.endpoints?.authorization;
    if (named) endpoint = named;
  } catch (error) {
    if (error instanceof WebsiteCheckError && error.failure !== 'not_wordpress') throw error;
  }
  const target = new URL(endpoint);
  target.searchParams.set('app_name', 'Almanac');
  target.searchParams.set('app_id', input.appId);
  // Without one, WordPress shows the new password on its page for the user to copy.
  if (input.successUrl) target.searchParams.set('success_url', input.successUrl);
  return target.toString();
}
