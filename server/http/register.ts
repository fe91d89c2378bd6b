// Registers a route table on Fastify. Each request goes: arguments merged and coerced →
// schema validation + the route's own checks (one 400 naming every bad parameter) →
// permission (401/403) → handler — the order WordPress uses, which clients observe.
// Collection reads marked `offThread` run that same sequence on the read worker
// (read-worker.ts), so a long list never holds up the event loop.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, HandlerInput, RouteSpec } from './route.ts';
import { toFastifyPath } from './route.ts';
import { mergeSources, parseArgs } from './args.ts';
import type { RequestContext } from './context.ts';
import { ApiError, noRoute } from './errors.ts';
import { overriddenMethod } from './method-override.ts';
import { serializerFor, type Components } from './serializers.ts';
import { PreSerialized } from './pre-serialized.ts';
import { ReplyLater } from './reply-later.ts';
import { shapeResponse } from './response-shaping.ts';
import type { Store } from '../db/store.ts';
import type { ResponseCache } from './response-cache.ts';
import type { ReadWorker } from '../read-worker/read-worker-client.ts';
import { writeGateOf } from './write-gate.ts';

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
function checkIfMatch(header: string | undefined, current: string | undefined): void {
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

interface RegisterOptions {
  store: Store;
  cache: ResponseCache;
  /** The namespace of the table (`svc/events/v1`, `almanac/v1`): part of each endpoint's key. */
  namespace: string;
  /**
   * The request's site and caller (404, 401 or 429 when they fail). Called first thing inside the
   * request's transaction, so the site and token reads share its snapshot and its lock.
   */
  context: (request: FastifyRequest) => RequestContext;
  /** Serialize with the compiled response schemas (default true; tests compare with JSON.stringify). */
  schemaSerialization?: boolean;
  /** The component schemas the response schemas reference (serializers.ts componentsOf). */
  components: Components;
  /** A CORS preflight (OPTIONS with Origin and Access-Control-Request-Method): app.ts's rules. */
  preflight?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** What OPTIONS on a route answers otherwise: its description (namespace, methods, endpoints). */
  describeRoute?: (ctx: RequestContext, route: RouteSpec) => unknown;
  /** Called after every write request (the change hub looks at the log at once). */
  afterWrite?: () => void;
  /** Where `offThread` reads run; without one they run on the event loop like the rest. */
  readWorker?: ReadWorker;
}

/** Route config of the routes registered here: they resolve their context themselves (app.ts). */
export interface OwnContextConfig {
  ownContext?: boolean;
}

/** What one endpoint call produced, before serialization. */
interface EndpointResult {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The same key on the event loop and in the read worker: namespace, methods and path. */
export const endpointKey = (namespace: string, route: RouteSpec, endpoint: Endpoint) =>
  `${namespace} ${endpoint.methods.join(',')} ${route.path}`;

export const serializerOf =
  (endpoint: Endpoint, components: Components, schemaSerialization = true) =>
  (status: number): ((body: unknown) => string) => {
    const serialize = schemaSerialization ? serializerFor(endpoint, status, components) : JSON.stringify;
    return (body) => (body instanceof PreSerialized ? body.json : serialize(body));
  };

/**
 * One call of an endpoint, inside the caller's transaction: validation, permission, If-Match,
 * handler. Independent of Fastify, so that the read worker runs exactly this code; `request` and
 * `reply` are only read by the app routes that need them (never by an `offThread` one).
 */
export function callEndpoint(
  endpoint: Endpoint,
  call: {
    ctx: RequestContext;
    raw: Record<string, unknown>;
    write: boolean;
    ifMatch: string | undefined;
    request: FastifyRequest;
    reply: FastifyReply;
  },
): EndpointResult {
  const { args, errors } = parseArgs<Record<string, unknown>>(endpoint.args, call.raw);
  const input: HandlerInput<Record<string, unknown>> = {
    ctx: call.ctx,
    args,
    request: call.request,
    reply: call.reply,
    prepared: undefined,
    memo: new Map(),
  };
  if (endpoint.validate) {
    // The route's own checks only see values that passed the schema: a param already named in
    // the 400 is left out, so a check never runs on a wrong type (`title: 5` reached `.trim()`,
    // `geoloc_lat=91` reached boundingBox(), `status[]=x` reached `.split()`: each a 500).
    const checked = errors.size === 0 ? args : Object.fromEntries(Object.entries(args).filter(([k]) => !errors.has(k)));
    try {
      input.prepared = endpoint.validate(Object.assign({}, input, { args: checked }), errors);
    } catch (error) {
      // A lookup that fails (unknown id or slug) still reports together with the schema errors.
      if (!errors.absorb(error)) throw error;
    }
  }
  errors.throwIfAny();
  endpoint.permission?.(input);
  if (endpoint.etag && call.write) checkIfMatch(call.ifMatch, endpoint.etag(input));
  const result = endpoint.handler(input);
  input.memo.clear(); // what the checks read may have changed
  const headers: Record<string, string> = {};
  const etag = result.etag ?? endpoint.etag?.(input);
  if (etag) headers.etag = etag;
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  return { status: result.status ?? 200, headers, body: result.body };
}

/** The headers a cached response must replay. */
const CACHED_HEADERS = ['etag', 'x-tec-total', 'x-tec-totalpages'];
function cachedHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of CACHED_HEADERS) if (headers[name] !== undefined) kept[name] = headers[name];
  return kept;
}

function handle(key: string, endpoint: Endpoint, options: RegisterOptions) {
  const { store, cache, context, readWorker } = options;
  const gate = writeGateOf(store);
  const serialize = serializerOf(endpoint, options.components, options.schemaSerialization);
  const call = (request: FastifyRequest, reply: FastifyReply, write: boolean) => {
    const raw = mergeSources(pathParams(request), request.query as Record<string, unknown>, request.body);
    const ifMatch = request.headers['if-match'];
    return callEndpoint(endpoint, { ctx: request.ctx, raw, write, ifMatch, request, reply });
  };
  const send = (reply: FastifyReply, status: number, headers: Record<string, string>, body: string) => {
    const shaped = shapeResponse(reply.request, { status, headers, body }); // _fields, _envelope
    return reply.code(shaped.status).headers(shaped.headers).type(JSON_TYPE).send(shaped.body);
  };

  /** A slow read: site, caller and cache on the event loop (a few point reads), the rest on the worker. */
  const offThread = async (
    worker: ReadWorker,
    request: FastifyRequest,
    reply: FastifyReply,
    raw: Record<string, unknown>,
  ) => {
    const { ctx, cacheKey, hit, epoch } = store.snapshot(() => {
      const ctx = (request.ctx = context(request));
      const cacheKey = `${ctx.site.id}|${ctx.actor?.userId ?? 0}|${request.headers.host}|${request.url}`;
      return { ctx, cacheKey, hit: cache.get(cacheKey), epoch: cache.epoch() };
    });
    if (hit) return send(reply, hit.status, hit.headers, hit.body);
    const answer = await worker.run({
      key,
      siteCode: ctx.site.code,
      actor: ctx.actor,
      host: request.headers.host ?? '127.0.0.1',
      raw,
      schemaSerialization: options.schemaSerialization ?? true,
    });
    // Cached only when nothing was written (here or by another process) since the dispatch: the
    // worker may have read a newer snapshot than the one the cache is filed under.
    if (answer.status === 200)
      cache.setIfUnchanged(cacheKey, { status: 200, body: answer.body, headers: cachedHeaders(answer.headers) }, epoch);
    return send(reply, answer.status, answer.headers, answer.body);
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // An import holds the write lock on its worker: wait for it here, not in SQLite (write-gate.ts).
      if (!endpoint.writesOffLoop) while (gate.closed) await gate.whenOpen();
      const transaction = endpoint.writesOffLoop ? store.snapshot : store.writing;
      let resolved = false;
      try {
        const result = transaction(() => {
          request.ctx = context(request);
          resolved = true;
          return call(request, reply, true);
        });
        if (result.body instanceof ReplyLater) return await result.body.send(request, reply);
        return send(reply, result.status, result.headers, serialize(result.status)(result.body));
      } finally {
        // Whatever the outcome (once past authentication): a write may have changed any representation.
        if (resolved) {
          cache.invalidate();
          options.afterWrite?.();
        }
      }
    }
    if (endpoint.cacheable === false) {
      const [result, body] = store.snapshot(() => {
        request.ctx = context(request);
        const result = call(request, reply, false);
        if (result.body instanceof ReplyLater) return [result, ''] as const;
        return [result, serialize(result.status)(result.body)] as const;
      });
      if (result.body instanceof ReplyLater) return result.body.send(request, reply);
      return send(reply, result.status, result.headers, body);
    }
    if (readWorker && endpoint.offThread) {
      const raw = mergeSources(pathParams(request), request.query as Record<string, unknown>, undefined);
      if (endpoint.offThread(raw)) return offThread(readWorker, request, reply, raw);
    }
    const response = store.snapshot(() => {
      const ctx = (request.ctx = context(request));
      // Responses depend on the site, the caller, the host name in URLs and every parameter.
      const cacheKey = `${ctx.site.id}|${ctx.actor?.userId ?? 0}|${request.headers.host}|${request.url}`;
      const hit = cache.get(cacheKey);
      if (hit) return hit;
      const result = call(request, reply, false);
      const body = serialize(result.status)(result.body);
      const answer = { status: result.status, headers: result.headers, body };
      // Stored inside the snapshot, so the entry is filed under the data version it was built
      // from: a commit by another process during the request empties the cache at the next one.
      if (result.status === 200) cache.set(cacheKey, { status: 200, body, headers: cachedHeaders(result.headers) });
      return answer;
    });
    return send(reply, response.status, response.headers, response.body);
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
    type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    const byMethod = new Map<string, Handler>();
    for (const endpoint of route.endpoints) {
      const handler = handle(endpointKey(options.namespace, route, endpoint), endpoint, options);
      for (const method of endpoint.methods) byMethod.set(method, handler);
    }
    if (options.describeRoute) registerOptions(app, url, route, options);
    for (const endpoint of route.endpoints) {
      const handler = byMethod.get(endpoint.methods[0]!)!;
      app.route({
        method: endpoint.methods,
        url: url === '' ? '/' : url,
        config,
        // A POST may stand for DELETE, PUT or PATCH (method-override.ts): the route's endpoint for
        // that method answers it, or none does (404, as for any method the route lacks).
        handler: endpoint.methods.includes('POST')
          ? async (request, reply) => {
              const override = overriddenMethod(request);
              if (override === undefined) return handler(request, reply);
              const target = override === 'unknown' ? undefined : byMethod.get(override);
              if (!target) throw noRoute();
              return target(request, reply);
            }
          : handler,
      });
    }
  }
}

/**
 * OPTIONS on a route: a CORS preflight keeps app.ts's rules; any other OPTIONS answers 200 with the
 * route's description and an Allow header, as WordPress does (its clients read the arguments).
 */
function registerOptions(app: FastifyInstance, url: string, route: RouteSpec, options: RegisterOptions): void {
  const methods = [...new Set(route.endpoints.flatMap((endpoint) => endpoint.methods))];
  app.route({
    method: 'OPTIONS',
    url: url === '' ? '/' : url,
    config: { ownContext: true } satisfies OwnContextConfig,
    handler: async (request, reply) => {
      if (request.headers.origin && request.headers['access-control-request-method'] && options.preflight)
        return options.preflight(request, reply);
      const body = options.store.snapshot(() => {
        request.ctx = options.context(request);
        return JSON.stringify(options.describeRoute!(request.ctx, route));
      });
      return reply.code(200).header('allow', methods.join(', ')).type(JSON_TYPE).send(body);
    },
  });
}
