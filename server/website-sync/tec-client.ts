// The HTTP client of a The Events Calendar website: WordPress application passwords (HTTP Basic),
// at most two requests in flight, retries with backoff where a retry is safe, and a count of every
// request (the issue's budgets are counted, not timed). It knows HTTP and WordPress's error shape;
// what the routes mean is the callers' (remote-read.ts, remote-write.ts, pull.ts, push.ts).
import http from 'node:http';
import https from 'node:https';
import { Limiter } from './limiter.ts';

export type Query = Record<string, string | number | boolean | (string | number)[] | undefined>;

/**
 * Why a request failed, in the sync's terms:
 * - `unreachable`: nothing reached the website (refused, no such host): safe to send again;
 * - `lost`: sent, but no answer came (the connection broke, a timeout): a write may have happened;
 * - `auth`: 401 — the password was refused or is not honoured;
 * - `answered`: any other error answer (status and WordPress code kept).
 */
export type FailureReason = 'unreachable' | 'lost' | 'auth' | 'answered';

export class WebsiteError extends Error {
  constructor(
    readonly reason: FailureReason,
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly data?: unknown,
  ) {
    super(message);
  }

  /** The website itself failed (5xx) or could not be reached: the sync stops and tries later. */
  get transient(): boolean {
    return (
      this.reason === 'unreachable' ||
      this.reason === 'lost' ||
      (this.status !== undefined && (this.status >= 500 || this.status === 429))
    );
  }
}

export interface WebsiteAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestRecord {
  method: string;
  route: string;
  status: number | string;
}

export interface TecClientOptions {
  /** The REST root: `https://example.org/wp-json/` (or `…/?rest_route=/` on sites without pretty links). */
  apiRoot: string;
  login: string;
  password: string;
  /** Requests in flight at most (default 2). */
  maxInFlight?: number;
  /** Attempts after the first, where a retry is safe (default 3). */
  retries?: number;
  /** The first backoff (ms), doubled each time (default 500; tests pass less). */
  backoffMs?: number;
  /** One request's longest wait (default 30 s). */
  timeoutMs?: number;
  /** Cancels every request under way and to come (the service is stopping). */
  signal?: AbortSignal;
}

// Errors of the network layer that mean the request never left: sending again cannot duplicate.
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE', 'HEAD']);

/** The URL of a REST route under the root (both of WordPress's forms). */
export function routeUrl(apiRoot: string, route: string, query: Query = {}): URL {
  const root = new URL(apiRoot);
  let url: URL;
  if (root.searchParams.has('rest_route')) {
    url = new URL(root);
    url.searchParams.set('rest_route', `/${route.replace(/^\//, '')}`);
  } else {
    url = new URL(route.replace(/^\//, ''), root.href.endsWith('/') ? root : new URL(`${root.href}/`));
  }
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

function networkCode(error: unknown): string | undefined {
  const direct = error as { code?: string; errors?: { code?: string }[] };
  return direct?.code ?? direct?.errors?.[0]?.code;
}

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

export class TecClient {
  private readonly limiter: Limiter;
  /** No credentials (an anonymous read of the site's public index): no Authorization header. */
  private readonly authorization: string | undefined;
  /** Every request made, in order (status, or the failure's reason). */
  readonly log: RequestRecord[] = [];

  /**
   * node:http with keep-alive rather than fetch: a request through fetch (undici's web streams)
   * cost this process about 0.3 ms of CPU, a third of a synced event's own time (bench-website-sync).
   */
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 4 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 4 }),
  };

  constructor(private readonly options: TecClientOptions) {
    this.limiter = new Limiter(options.maxInFlight ?? 2);
    this.authorization = options.login
      ? `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`
      : undefined;
  }

  /** Closes the kept-alive connections (the sync is over). */
  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }

  private exchange(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined) {
    const secure = url.protocol === 'https:';
    const lib = secure ? https : http;
    return new Promise<RawResponse>((resolve, reject) => {
      const request = lib.request(
        url,
        { method, headers, agent: this.agents[secure ? 'https:' : 'http:'], signal: this.options.signal },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const out = new Headers();
            for (const [name, value] of Object.entries(response.headers))
              if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value);
            resolve({ status: response.statusCode ?? 0, headers: out, text: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      request.on('error', reject);
      request.setTimeout(this.options.timeoutMs ?? 30_000, () =>
        request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
      );
      request.end(body);
    });
  }

  get requests(): number {
    return this.log.length;
  }

  get(route: string, query: Query = {}) {
    return this.request('GET', route, { query });
  }

  send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', route: string, body?: unknown, query: Query = {}) {
    return this.request(method, route, { query, json: body });
  }

  /** Uploads bytes (the media library): never retried once sent. */
  upload(route: string, bytes: Uint8Array, type: string, fileName: string) {
    return this.request('POST', route, {
      raw: bytes,
      headers: {
        'content-type': type,
        'content-disposition': `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`,
      },
    });
  }

  async request<T = unknown>(
    method: string,
    route: string,
    options: { query?: Query; json?: unknown; raw?: Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<WebsiteAnswer<T>> {
    const retries = this.options.retries ?? 3;
    const backoff = this.options.backoffMs ?? 500;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.limiter.run(() => this.once<T>(method, route, options));
      } catch (error) {
        if (!(error instanceof WebsiteError)) throw error;
        const safe = IDEMPOTENT.has(method) || error.reason === 'unreachable';
        const worthRetrying =
          error.reason === 'unreachable' ||
          error.reason === 'lost' ||
          error.status === 429 ||
          (error.status ?? 0) >= 500;
        if (!safe || !worthRetrying || attempt >= retries) throw error;
        const retryAfter = Number((error.data as { retryAfter?: number } | undefined)?.retryAfter ?? 0);
        const wait = Math.min(
          Math.max(backoff * 2 ** attempt * (0.75 + Math.random() * 0.5), retryAfter * 1000),
          60_000,
        );
        await sleep(wait, this.options.signal);
      }
    }
  }

  private async once<T>(
    method: string,
    route: string,
    options: { query?: Query; json?: unknown; raw?: Uint8Array; headers?: Record<string, string> },
  ): Promise<WebsiteAnswer<T>> {
    const url = routeUrl(this.options.apiRoot, route, options.query);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.authorization) headers.authorization = this.authorization;
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.raw) body = options.raw;
    // A length, not chunks: not every PHP host reads a chunked request body.
    if (body !== undefined)
      headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
    const record: RequestRecord = { method, route, status: 'lost' };
    this.log.push(record);
    let response: RawResponse;
    try {
      response = await this.exchange(url, method, headers, body);
    } catch (error) {
      if (this.options.signal?.aborted) throw this.options.signal.reason as Error;
      const code = networkCode(error);
      if (code && NOT_SENT.has(code)) {
        record.status = 'unreachable';
        throw new WebsiteError('unreachable', `The website cannot be reached (${code}).`);
      }
      const what = code === 'ETIMEDOUT' ? 'did not answer in time' : 'broke the connection';
      throw new WebsiteError('lost', `The website ${what} before answering (${code ?? (error as Error).message}).`);
    }
    const { text } = response;
    record.status = response.status;
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // Not JSON: PHP's fatal error page, a proxy's HTML. Kept as text for the message.
    }
    if (response.status >= 200 && response.status < 300) {
      if (typeof parsed === 'string' && text !== '')
        throw new WebsiteError(
          'answered',
          'The website answered with something that is not JSON.',
          response.status,
          'almanac_not_json',
        );
      return { status: response.status, body: parsed as T, headers: response.headers };
    }
    const error = parsed as { code?: string; message?: string; data?: unknown } | string | null;
    const code = typeof error === 'object' && error !== null ? error.code : undefined;
    const message =
      typeof error === 'object' && error !== null && typeof error.message === 'string'
        ? decodeMessage(error.message)
        : `The website answered ${response.status}.`;
    if (response.status >= 300 && response.status < 400)
      throw new WebsiteError(
        'answered',
        `The website sent us elsewhere (${response.headers.get('location') ?? 'no address'}).`,
        response.status,
        'almanac_redirect',
      );
    const retryAfter = Number(response.headers.get('retry-after') ?? 0);
    const data =
      typeof error === 'object' && error !== null ? { ...(error.data as object), retryAfter } : { retryAfter };
    throw new WebsiteError(response.status === 401 ? 'auth' : 'answered', message, response.status, code, data);
  }
}

/** WordPress messages may carry HTML entities and tags; said in words, they carry neither. */
function decodeMessage(message: string): string {
  return message
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
}
