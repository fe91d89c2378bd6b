// A stand-in for a WordPress 6.8 + The Events Calendar 6.17.2 website, for the website-sync tests: an
// in-memory site on 127.0.0.1 that behaves as /work/shared/notes/tec-website.md says a real one does,
// traps included. It can be stopped and started on the same port, made to fail, and it logs every
// request so tests can count them. See README.md beside this file for what is and is not reproduced.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { adminApi, type AdminApi } from './admin.ts';
import { authenticate, type Caller } from './auth.ts';
import { registerBlogPosts } from './blog-posts.ts';
import { registerCorePosts } from './core-posts.ts';
import { registerCoreSite } from './core-site.ts';
import { registerCoreMedia } from './core-media.ts';
import { registerCoreTerms } from './core-terms.ts';
import { Failures, failureBody, type RequestMatch } from './failures.ts';
import { mergeParams, parsePhpQuery, Router, wpJson, WpError, type RestResponse } from './http.ts';
import { serveSitePage } from './site-pages.ts';
import {
  SiteStore,
  type RawEvent,
  type RawMedia,
  type RawOrganizer,
  type RawTerm,
  type RawVenue,
  type Role,
} from './store.ts';
import { registerV1Events } from './v1-events.ts';
import { registerV1Linked } from './v1-linked.ts';
import { registerV1Terms } from './v1-terms.ts';

export type { RequestMatch } from './failures.ts';
export type { RawEvent, RawMedia, RawOrganizer, RawTerm, RawVenue } from './store.ts';
export type { AdminEventFields } from './admin.ts';

export interface TecUser {
  login: string;
  role: Role;
  appPasswords?: string[];
  /** The account password for WordPress's sign-in page (authorize-application flow); default 'password'. */
  password?: string;
}

export interface TecSiteOptions {
  /** wp_get_environment_type(): application passwords work over plain HTTP only on a `local` site. */
  environment?: 'local' | 'production';
  /** The site's zone name (default 'America/New_York'); '' to use gmtOffset, as WordPress does. */
  timezoneString?: string;
  gmtOffset?: number;
  /** Default: one administrator 'admin' with the application password 'abcd efgh ijkl mnop qrst uvwx'. */
  users?: TecUser[];
  /** The site's clock (tests move it); default real time. */
  now?: () => Date;
  /** To restart on the same port. */
  port?: number;
  /**
   * Delay before each answer, to make PHP's slowness (and a client's concurrency) observable: a number,
   * or a function of the request (e.g. the note's figures: create 122 ms, full PUT 88 ms, list 138 ms).
   */
  latencyMs?: number | ((request: { method: string; path: string }) => number);
  /** Called as each request arrives; the answer waits for the promise (tests hold requests to overlap them). */
  hold?: (request: { method: string; path: string }) => Promise<void> | void;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  user?: string;
  /** `fail` for an injected failure, `lost` when the answer was dropped after the save. */
  injected?: 'fail' | 'lost';
}

export interface TecSite {
  url: string;
  close(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  failNext(match: RequestMatch, status?: number, times?: number): void;
  loseResponseAfterSave(match: RequestMatch, times?: number): void;
  revokePasswords(login: string): void;
  /** A new application password for a user (as the Application Passwords screen makes one). */
  addAppPassword(login: string, password?: string): string;
  readonly requests: LoggedRequest[];
  resetRequestLog(): void;
  /** The most requests the site ever answered at the same time. */
  readonly peakConcurrency: number;
  admin: AdminApi;
  snapshot(): {
    events: RawEvent[];
    venues: RawVenue[];
    organizers: RawOrganizer[];
    categories: RawTerm[];
    tags: RawTerm[];
    media: RawMedia[];
  };
  /** The store itself, for tests of the stand-in. */
  readonly store: SiteStore;
}

export const DEFAULT_APP_PASSWORD = 'abcd efgh ijkl mnop qrst uvwx';

function normalizePassword(password: string): string {
  return password.replace(/[^a-z\d]/gi, '');
}

function randomPassword(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const chars = Array.from({ length: 24 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]);
  return chars.join('').replace(/(.{4})(?!$)/g, '$1 ');
}

export async function startTecSite(options: TecSiteOptions = {}): Promise<TecSite> {
  const store = new SiteStore(
    {
      environment: options.environment ?? 'local',
      timezoneString: options.timezoneString ?? 'America/New_York',
      gmtOffset: options.gmtOffset ?? 0,
      defaultCurrencySymbol: '$',
      name: 'TEC stand-in',
    },
    options.now ?? (() => new Date()),
  );
  const users = options.users ?? [{ login: 'admin', role: 'administrator', appPasswords: [DEFAULT_APP_PASSWORD] }];
  users.forEach((user, i) => {
    store.users.push({
      id: i + 1,
      login: user.login,
      email: `${user.login}@example.com`,
      displayName: user.login,
      role: user.role,
      password: user.password ?? 'password',
      appPasswords: (user.appPasswords ?? []).map((password, n) => ({
        uuid: `00000000-0000-4000-8000-${String(i * 100 + n).padStart(12, '0')}`,
        name: `app ${n + 1}`,
        password: normalizePassword(password),
        appId: '',
      })),
    });
  });

  const router = new Router();
  registerCoreSite(router, store);
  registerV1Events(router, store);
  registerV1Linked(router, store);
  registerV1Terms(router, store);
  registerCorePosts(router, store);
  registerBlogPosts(router, store);
  registerCoreTerms(router, store);
  registerCoreMedia(router, store);

  const failures = new Failures();
  const requests: LoggedRequest[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let peak = 0;

  async function respond(req: http.IncomingMessage, res: http.ServerResponse, rawBody: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', store.url);
    const query = Object.fromEntries(url.searchParams);
    let method = (req.method ?? 'GET').toUpperCase();
    const override = String(
      req.headers['x-http-method-override'] ?? url.searchParams.get('_method') ?? '',
    ).toUpperCase();
    if (method === 'POST' && override) method = override;
    const entry: LoggedRequest = { method, path: url.pathname, query, status: 0 };
    requests.push(entry);
    const latency =
      typeof options.latencyMs === 'function' ? options.latencyMs({ method, path: url.pathname }) : options.latencyMs;
    if (latency) await new Promise((r) => setTimeout(r, latency));
    if (options.hold) await options.hold({ method, path: url.pathname });

    const failStatus = failures.takeFail(method, url.pathname);
    if (failStatus !== null) {
      const failure = failureBody(failStatus);
      entry.status = failStatus;
      entry.injected = 'fail';
      res.writeHead(failStatus, Object.assign({ 'Content-Type': failure.contentType }, failure.headers));
      res.end(failure.body);
      return;
    }

    const restRoute = url.pathname.match(/^\/wp-json(\/.*)?$/i)
      ? decodeURIComponent(url.pathname.slice('/wp-json'.length))
      : url.pathname === '/' && url.searchParams.has('rest_route')
        ? url.searchParams.get('rest_route')!
        : null;
    if (restRoute === null) {
      const page = await serveSitePage(store, req, url, rawBody);
      entry.status = page.status;
      res.writeHead(page.status, page.headers);
      res.end(method === 'HEAD' ? undefined : page.body);
      return;
    }

    let response: RestResponse;
    let caller: Caller = { user: null, credentials: 'none' };
    let allow: string[] = [];
    try {
      caller = authenticate(store, req.headers.authorization);
      const route = restRoute.length > 1 ? restRoute.replace(/\/+$/, '') : '/';
      const found = router.find(method, route);
      allow = [...new Set(found.allow)];
      const query = parsePhpQuery(url.searchParams);
      const { params, json } = mergeParams(req.headers, rawBody, query, {});
      response = await found.handler(
        { method, route, query, params, json, rawBody, headers: req.headers, caller },
        found.match,
      );
    } catch (error) {
      if (!(error instanceof WpError)) throw error;
      response = { status: error.status, body: error.body() };
    }
    entry.status = response.status;
    if (caller.user) entry.user = caller.user.login;
    if (failures.takeLoss(method, url.pathname)) {
      entry.injected = 'lost';
      req.socket.destroy();
      return;
    }
    const headers: Record<string, string> = {
      'Content-Type': 'application/json; charset=UTF-8',
      Link: `<${store.url}/wp-json/>; rel="https://api.w.org/"`,
      'X-Robots-Tag': 'noindex',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
      'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    };
    if (allow.length) headers.Allow = allow.join(', ');
    Object.assign(headers, response.headers ?? {});
    res.writeHead(response.status, headers);
    res.end(method === 'HEAD' ? undefined : wpJson(response.body));
  }

  const server = http.createServer((req, res) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      respond(req, res, Buffer.concat(chunks))
        .catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(`tec-site: ${(error as Error).stack ?? String(error)}`);
        })
        .finally(() => inFlight--);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  let port = options.port ?? 0;
  let listening = false;
  async function start(): Promise<void> {
    if (listening) return;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    port = (server.address() as AddressInfo).port;
    store.url = `http://127.0.0.1:${port}`;
    listening = true;
  }
  async function stop(): Promise<void> {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  }
  await start();

  const site: TecSite = {
    get url() {
      return store.url;
    },
    close: stop,
    stop,
    start,
    failNext(match, status = 500, times = 1) {
      failures.failNext(match, status, times);
    },
    loseResponseAfterSave(match, times = 1) {
      failures.loseResponseAfterSave(match, times);
    },
    revokePasswords(login) {
      const user = store.userByLogin(login);
      if (user) user.appPasswords = [];
    },
    addAppPassword(login, password = randomPassword()) {
      const user = store.userByLogin(login);
      if (!user) throw new Error(`tec-site: no user ${login}`);
      user.appPasswords.push({
        uuid: crypto.randomUUID(),
        name: 'added',
        password: normalizePassword(password),
        appId: '',
      });
      return password;
    },
    requests,
    resetRequestLog() {
      requests.length = 0;
    },
    get peakConcurrency() {
      return peak;
    },
    admin: adminApi(store),
    snapshot() {
      const clone = <T>(items: T[]): T[] => items.map((item) => structuredClone(item));
      return {
        events: clone(store.events()),
        venues: clone(store.venues()),
        organizers: clone(store.organizers()),
        categories: clone(store.termsOf('tribe_events_cat')),
        tags: clone(store.termsOf('post_tag')),
        media: clone([...store.posts.values()].filter((p): p is RawMedia => p.type === 'attachment')),
      };
    },
    store,
  };
  return site;
}
