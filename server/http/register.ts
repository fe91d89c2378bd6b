// Registers a route table on Fastify. Each request goes: arguments merged and coerced →
// schema validation + the route's own checks (one 400 naming every bad parameter) →
// permission (401/403) → handler — the order WordPress uses, which clients observe.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, RouteSpec } from './route.ts';
import { toFastifyPath } from './route.ts';
import { mergeSources, parseArgs } from './args.ts';
import type { RequestContext } from './context.ts';
import { ApiError } from './errors.ts';
import { serializerFor } from './serializers.ts';
import type { Store } from '../db/store.ts';
import type { ResponseCache } from './response-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

function pathParams(request: FastifyRequest): Record<string, unknown> {
  const params = { ...(request.params as Record<string, string>) };
  delete params.site; // the site prefix is routing, not an argument
  return params;
}

/**
 * Optimistic concurrency: a write that names the version it read (If-Match) fails with 412 when
 * the item changed since. Writes without If-Match keep working as before. The check runs right
 * before the handler, in the same write transaction (see handle()), so no write of this process or
 * another can slip in between.
 */
function checkIfMatch(request: FastifyRequest, current: string | undefined): void {
  const header = request.headers['if-match'];
  if (header === undefined || current === undefined) return;
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (tags.includes('*') || tags.includes(current)) return;
  throw new ApiError(
    412,
    'rest_precondition_failed',
    'The item was changed since you read it (If-Match does not match its ETag).',
    {
      etag: current,
    },
  );
}

const JSON_TYPE = 'application/json; charset=utf-8';

export interface RegisterOptions {
  store: Store;
  cache: ResponseCache;
  /**
   * The request's site and caller (404, 401 or 429 when they fail). Called first thing inside the
   * request's transaction, so the site and token reads share its snapshot and its lock.
   */
  context: (request: FastifyRequest) => RequestContext;
  /** Serialize with the compiled response schemas (default true; tests compare with JSON.stringify). */
  schemaSerialization?: boolean;
}

/** Route config of the routes registered here: they resolve their context themselves (app.ts). */
export interface OwnContextConfig {
  ownContext?: boolean;
}

function handle(endpoint: Endpoint, options: RegisterOptions) {
  const { store, cache, context } = options;
  const serialize = (status: number) =>
    (options.schemaSerialization ?? true) ? serializerFor(endpoint, status) : JSON.stringify;
  const run = execute(endpoint);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      let resolved = false;
      try {
        const body = store.writing(() => {
          request.ctx = context(request);
          resolved = true;
          return run(request, reply);
        });
        return reply.type(JSON_TYPE).send(serialize(reply.statusCode)(body));
      } finally {
        // Whatever the outcome (once past authentication): a write may have changed any representation.
        if (resolved) cache.invalidate();
      }
    }
    if (endpoint.cacheable === false) {
      const body = store.snapshot(() => {
        request.ctx = context(request);
        const result = run(request, reply);
        return serialize(reply.statusCode)(result);
      });
      return reply.type(JSON_TYPE).send(body);
    }
    const response = store.snapshot(() => {
      const ctx = (request.ctx = context(request));
      // Responses depend on the site, the caller, the host name in URLs and every parameter.
      const key = `${ctx.site.id}|${ctx.actor?.userId ?? 0}|${request.headers.host}|${request.url}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const body = serialize(reply.statusCode)(run(request, reply));
      // Stored inside the snapshot, so the entry is filed under the data version it was built
      // from: a commit by another process during the request empties the cache at the next one.
      if (reply.statusCode === 200) cache.set(key, { status: 200, body, headers: cachedHeaders(reply) });
      return body; // its status and headers are already on the reply
    });
    if (typeof response === 'string') return reply.type(JSON_TYPE).send(response);
    return reply.code(response.status).headers(response.headers).type(JSON_TYPE).send(response.body);
  };
}

function cachedHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['etag', 'x-tec-total', 'x-tec-totalpages']) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/** The request's whole database work, synchronous so that it fits in one transaction. */
function execute(endpoint: Endpoint) {
  return (request: FastifyRequest, reply: FastifyReply): unknown => {
    const raw = mergeSources(pathParams(request), request.query as Record<string, unknown>, request.body);
    const { args, errors } = parseArgs<Record<string, unknown>>(endpoint.args, raw);
    const input = { ctx: request.ctx, args, request, reply, prepared: undefined as unknown, memo: new Map() };
    if (endpoint.validate) {
      // The route's own checks only see values that passed the schema: a param already named in
      // the 400 is left out, so a check never runs on a wrong type (`title: 5` reached `.trim()`,
      // `geoloc_lat=91` reached boundingBox(), `status[]=x` reached `.split()`: each a 500).
      const checked =
        errors.size === 0 ? args : Object.fromEntries(Object.entries(args).filter(([k]) => !errors.has(k)));
      try {
        input.prepared = endpoint.validate(Object.assign({}, input, { args: checked }), errors);
      } catch (error) {
        // A lookup that fails (unknown id or slug) still reports together with the schema errors.
        if (!errors.absorb(error)) throw error;
      }
    }
    errors.throwIfAny();
    endpoint.permission?.(input);
    if (endpoint.etag && request.method !== 'GET' && request.method !== 'HEAD')
      checkIfMatch(request, endpoint.etag(input));
    const result = endpoint.handler(input);
    input.memo.clear(); // what the checks read may have changed
    const etag = result.etag ?? endpoint.etag?.(input);
    if (etag) reply.header('ETag', etag);
    reply.code(result.status ?? 200);
    for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, String(value));
    return result.body;
  };
}

export function registerRoutes(
  app: FastifyInstance,
  prefix: string,
  routes: RouteSpec[],
  options: RegisterOptions,
): void {
  const config: OwnContextConfig = { ownContext: true };
  for (const route of routes) {
    const url = prefix + toFastifyPath(route.path);
    for (const endpoint of route.endpoints) {
      app.route({
        method: endpoint.methods,
        url: url === '' ? '/' : url,
        config,
        handler: handle(endpoint, options),
      });
    }
  }
}
