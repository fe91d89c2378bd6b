// Test harness: a real data dir in a temp folder, the real server on 127.0.0.1:0, real HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { openDataDir } from '../../server/data-dir.ts';
import { listen, type Listening } from '../../server/listen.ts';
import type { Store } from '../../server/db/store.ts';
import type { Role } from '../../server/domain/roles.ts';
import type { AppOptions } from '../../server/app.ts';

export const API = '/svc/events/v1';

export interface Response<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | (string | number)[]>;
  json?: unknown;
  form?: Record<string, string>;
  raw?: { body: string; contentType: string };
  token?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  port: number;
  store: Store;
  dataDir: string;
  listening: Listening;
  /** Tokens of users with each role (user logins: the role name), plus `author2`. */
  tokens: Record<Role | 'author2', string>;
  userIds: Record<Role | 'author2', number>;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<Response<T>>;
  /** Shorthand with the administrator's token. */
  admin<T = any>(method: string, path: string, options?: Omit<RequestOptions, 'token'>): Promise<Response<T>>;
  close(): Promise<void>;
}

export async function startServer(
  settings: {
    timezone?: string;
    language?: string;
    allowedOrigins?: string[];
    /** Options of the app beyond these (a log to read, limits made small). */
    app?: Partial<AppOptions>;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'almanac-test-'));
  const store = openDataDir(dataDir, {
    timezone: settings.timezone ?? 'America/New_York',
    language: settings.language,
  });
  const site = store.sites.byCode('default')!;
  const tokens = {} as TestServer['tokens'];
  const userIds = {} as TestServer['userIds'];
  for (const [login, role] of [
    ['administrator', 'administrator'],
    ['editor', 'editor'],
    ['author', 'author'],
    ['author2', 'author'],
    ['contributor', 'contributor'],
    ['subscriber', 'subscriber'],
  ] as const) {
    const user = store.users.create(login);
    store.users.setRole(site.id, user.id, role);
    tokens[login] = store.users.createToken(user.id, 'tests');
    userIds[login] = user.id;
  }
  const listening = await listen({ ...settings.app, store, port: 0, allowedOrigins: settings.allowedOrigins });
  const url = listening.url;

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Response<T>> {
    const target = new URL(path.startsWith('/') ? url + path : `${url}${API}/${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (Array.isArray(value)) value.forEach((v) => target.searchParams.append(`${key}[]`, String(v)));
      else target.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      body = options.raw.body;
    }
    const response = await fetch(target, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (HTML pages): keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  return {
    url,
    port: listening.port,
    store,
    dataDir,
    listening,
    tokens,
    userIds,
    request,
    admin: (method, path, options = {}) => request(method, path, { ...options, token: tokens.administrator }),
    async close() {
      await listening.close();
      store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A raw HTTP request, for headers fetch() will not let us set (Host) or malformed requests. */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        setHost: !options.headers?.host && !options.headers?.Host,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

/** Creates an event as the administrator and returns its body (asserting 201). */
export async function createEvent(server: TestServer, fields: Record<string, unknown>, token?: string): Promise<any> {
  const response = await server.request('POST', 'events', {
    json: fields,
    token: token ?? server.tokens.administrator,
  });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body;
}
