// WordPress's REST plumbing as a client meets it: routes matched case-insensitively under /wp-json/
// (or ?rest_route=), parameters merged from the JSON body, the form body, the query string and the path
// (in that order of priority), errors as `{code, message, data: {status}}`, and JSON encoded the way
// PHP's wp_json_encode() does it (`\/` and `\uXXXX`).
import type { IncomingHttpHeaders } from 'node:http';
import type { Caller } from './auth.ts';

export class WpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { code: this.code, message: this.message, data: Object.assign({ status: this.status }, this.data) };
  }
}

/** 400 `rest_invalid_param` naming each bad parameter, as WordPress's argument validation answers. */
export function invalidParams(params: Record<string, string>): WpError {
  const names = Object.keys(params).join(', ');
  return new WpError(400, 'rest_invalid_param', `Invalid parameter(s): ${names}`, { params, details: [] });
}

export function missingParams(names: string[]): WpError {
  return new WpError(400, 'rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, {
    params: names,
  });
}

export type Params = Record<string, unknown>;

export interface RestRequest {
  method: string;
  /** The REST route, e.g. `/tribe/events/v1/events/12` (no trailing slash). */
  route: string;
  query: Params;
  params: Params;
  /** The JSON body when one was sent as application/json (core routes read `meta` from it). */
  json: Params | null;
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  caller: Caller;
}

export interface RestResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function ok(body: unknown, status = 200, headers?: Record<string, string>): RestResponse {
  return { status, body, headers };
}

export type Handler = (request: RestRequest, match: RegExpExecArray) => RestResponse | Promise<RestResponse>;

export interface Route {
  pattern: RegExp;
  methods: string[];
  handler: Handler;
}

export class Router {
  readonly routes: Route[] = [];

  add(path: string, methods: string[], handler: Handler): void {
    this.routes.push({ pattern: new RegExp(`^${path}$`, 'i'), methods, handler });
  }

  /** The handler for a route and method, or WordPress's 404 `rest_no_route` (also for a wrong method). */
  find(method: string, route: string): { handler: Handler; match: RegExpExecArray; allow: string[] } {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const matching = this.routes
      .map((r) => ({ r, match: r.pattern.exec(route) }))
      .filter((x): x is { r: Route; match: RegExpExecArray } => x.match !== null);
    if (method === 'OPTIONS' && matching.length > 0) {
      // WordPress describes the route (its methods; the arguments are not reproduced here).
      const methods = [...new Set(matching.flatMap((m) => m.r.methods))];
      const describe: Handler = () =>
        ok({
          namespace: route.split('/').slice(1, 4).join('/'),
          methods,
          endpoints: matching.map((m) => ({ methods: m.r.methods, args: {} })),
        });
      return { handler: describe, match: matching[0]!.match, allow: methods };
    }
    for (const { r, match } of matching) {
      if (r.methods.includes(wanted)) {
        return { handler: r.handler, match, allow: matching.flatMap((m) => m.r.methods) };
      }
    }
    throw new WpError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }
}

/** `a[]=1&a[]=2`, `meta[_EventURL]=x`: PHP's reading of a query string or a form body. */
export function parsePhpQuery(search: URLSearchParams): Params {
  const out: Params = {};
  for (const [key, value] of search) {
    const segments = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(key);
    if (!segments) {
      out[key] = value;
      continue;
    }
    const path = [...segments[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
    let target: Params = out;
    let name = segments[1]!;
    for (const part of path) {
      const existing = target[name];
      const container = (
        typeof existing === 'object' && existing !== null ? existing : part === '' ? [] : {}
      ) as Params;
      target[name] = container;
      target = container;
      name = part === '' ? String((container as unknown as unknown[]).length ?? Object.keys(container).length) : part;
    }
    target[name] = value;
  }
  return out;
}

/** Parameters as WordPress merges them: JSON body, then form body, then query string, then path. */
export function mergeParams(
  headers: IncomingHttpHeaders,
  rawBody: Buffer,
  query: Params,
  path: Params,
): { params: Params; json: Params | null } {
  const type = String(headers['content-type'] ?? '').toLowerCase();
  let json: Params | null = null;
  let form: Params = {};
  if (type.startsWith('application/json') && rawBody.length > 0) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch (error) {
      throw new WpError(400, 'rest_invalid_json', 'Invalid JSON body passed.', {
        json_error_code: 4,
        json_error_message: (error as Error).message,
      });
    }
    json = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Params) : {};
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    form = parsePhpQuery(new URLSearchParams(rawBody.toString('utf8')));
  }
  return { params: Object.assign({}, path, query, form, json ?? {}), json };
}

/** JSON as PHP's wp_json_encode() writes it: slashes and non-ASCII characters escaped. */
export function wpJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('/', '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A parameter's presence as WordPress sees it: sent, and not null. */
export function has(params: Params, name: string): boolean {
  return params[name] !== undefined && params[name] !== null;
}

export function str(value: unknown): string {
  return value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** WordPress's boolean arguments accept true/false/1/0 (strings or not); anything else is invalid. */
export function parseBool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = str(value).toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0' || text === '') return false;
  return null;
}

/** tribe_is_truthy(): TEC's own looser reading (`yes`, `on`, `true`, `1`). */
export function truthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return ['1', 'yes', 'true', 'on'].includes(str(value).trim().toLowerCase());
}

/** A list parameter: a JSON array, `a[]=` values, or a comma-separated string. */
export function listParam(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map((v) => str(v).trim()).filter((v) => v !== '');
  if (typeof value === 'object') return Object.values(value as Params).map((v) => str(v).trim());
  return str(value)
    .split(',')
    .map((v) => decodeURIComponent(v.trim()))
    .filter((v) => v !== '');
}

export function positiveInt(value: unknown): number | null {
  const text = str(value).trim();
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}
