// A tiny HTTP client for the stand-in TEC site's own tests: real requests over 127.0.0.1.
// Every assert.ok() in these tests carries a message: without one, a failing assert.ok() makes Node re-read
// the test source to word the message, which spins for minutes under tsx.
import { DateTime } from 'luxon';
import { DEFAULT_APP_PASSWORD, type TecSite } from '../support/tec-site/index.ts';

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface CallOptions {
  json?: unknown;
  query?: Record<string, string | number | boolean>;
  /** `false` for anonymous, a `[login, password]` pair, or (default) the admin's application password. */
  auth?: false | [string, string];
  headers?: Record<string, string>;
  body?: Uint8Array | string;
}

export function basic(login: string, password: string): string {
  return `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
}

export async function call(site: TecSite, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const url = new URL(
    path.startsWith('/wp-json') || path.startsWith('/wp-') || path === '/' || path.startsWith('/?')
      ? path
      : `/wp-json${path}`,
    site.url,
  );
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = Object.assign({}, options.headers);
  const auth = options.auth === undefined ? (['admin', DEFAULT_APP_PASSWORD] as [string, string]) : options.auth;
  if (auth) headers.Authorization = basic(auth[0], auth[1]);
  let body: string | Uint8Array | undefined = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(url, { method, headers, body: body as BodyInit | undefined, redirect: 'manual' });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** `Y-m-d H:i:s` in New York (the stand-in's default zone), `days` from now. */
export function inDays(days: number, time = '10:00:00', zone = 'America/New_York'): string {
  return `${DateTime.now().setZone(zone).plus({ days }).toFormat('yyyy-MM-dd')} ${time}`;
}

/** A minimal valid event body for v1, `days` ahead. */
export function eventBody(title: string, days = 10, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.assign({ title, start_date: inDays(days, '10:00:00'), end_date: inDays(days, '12:00:00') }, extra);
}

/** A settable clock for tests that move the site's time. */
export class TestClock {
  constructor(private ms: number) {}
  readonly now = (): Date => new Date(this.ms);
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
}
