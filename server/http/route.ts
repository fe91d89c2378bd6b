// The route table type. One RouteSpec per path, with one endpoint per method set — the same
// structure the WordPress namespace index exposes. The table drives three things, so they
// can never disagree: Fastify registration, the namespace index and the OpenAPI document.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ParamErrors } from '../operations/errors.ts';
import type { RequestContext } from './context.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const EDITABLE: Method[] = ['POST', 'PUT', 'PATCH'];

export interface ApiResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string | number>;
  /** The item's ETag after the request, when the handler has it at hand (else `etag` computes it). */
  etag?: string;
}

export interface HandlerInput<A> {
  ctx: RequestContext;
  args: A;
  /** What `validate` returned: values it already parsed, so the handler does not parse twice. */
  prepared?: unknown;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Reads that validation, permission and the If-Match check share (a PATCH read the same event
   * row five times). Emptied once the handler has run: it may have changed what they read.
   */
  memo: Map<string, unknown>;
}

/** `compute()` once per request and key, until the handler runs (see HandlerInput.memo). */
export function memoized<T>(input: { memo: Map<string, unknown> }, key: string, compute: () => T): T {
  if (input.memo.has(key)) return input.memo.get(key) as T;
  const value = compute();
  input.memo.set(key, value);
  return value;
}

export interface Endpoint<A extends TObject = TObject> {
  methods: Method[];
  /** Every parameter (path, query and body) as WordPress route args: the one source of truth. */
  args: A;
  summary: string;
  /** Status → response schema (for /doc and the response-validity tests). */
  responses: Record<number, { description: string; schema?: TSchema }>;
  /** Checks that need the database (linked ids exist, dates parse…); add to `errors`. Runs before permission. */
  validate?: (input: HandlerInput<Static<A>>, errors: ParamErrors) => unknown;
  /** Throws rest_forbidden (401/403) when the caller may not do this. Runs after validation, as in WordPress. */
  permission?: (input: HandlerInput<Static<A>>) => void;
  /**
   * The current ETag of the item the request names (undefined when it does not exist). Writes
   * check If-Match against it before the handler (412 when stale); every 2xx answer carries the
   * ETag the item has afterwards.
   */
  etag?: (input: HandlerInput<Static<A>>) => string | undefined;
  /**
   * false: a GET whose answer depends on more than the site, the caller and the URL (the session
   * route reads the cookie itself), so it must never come from the response cache.
   */
  cacheable?: false;
  /**
   * Whether this read (given its raw parameters) may take many milliseconds — a search, a
   * distance filter, every event of a busy venue — and should be served by the read worker, off
   * the event loop. Such a handler must not touch `request` or `reply` (they are not there).
   */
  offThread?: (raw: Record<string, unknown>) => boolean;
  /**
   * A POST, PUT or DELETE that writes nothing on the event loop (an import job: its worker writes):
   * it runs in a read transaction and does not wait at the write gate (write-gate.ts), so it
   * answers while an import holds the write lock — a Cancel must not wait for what it cancels.
   */
  writesOffLoop?: true;
  /** Synchronous: the request's statements run in one transaction (register.ts). */
  handler: (input: HandlerInput<Static<A>>) => ApiResult;
}

export interface RouteSpec {
  /** Path relative to the namespace, OpenAPI style: '/events/{id}'. '' is the namespace root. */
  path: string;
  /** Reference-style tag for grouping in /doc. */
  tag: string;
  endpoints: Endpoint<TObject>[];
}

/** Keeps the generic args type of each endpoint while storing them in one array. */
export function endpoint<A extends TObject>(spec: Endpoint<A>): Endpoint<TObject> {
  return spec as unknown as Endpoint<TObject>;
}

/** Path parameter patterns: `{id}` is digits only, `{slug}` anything but '/'. */
const PATH_PARAM_PATTERNS: Record<string, { fastify: string; wp: string }> = {
  id: { fastify: '(^\\d+)', wp: '(?P<id>\\d+)' },
  slug: { fastify: '', wp: '(?P<slug>[^/]+)' },
};

export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => `:${name}${PATH_PARAM_PATTERNS[name]?.fastify ?? ''}`);
}

export function toWpPattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => PATH_PARAM_PATTERNS[name]?.wp ?? `(?P<${name}>[^/]+)`);
}
