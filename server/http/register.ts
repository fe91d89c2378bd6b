// Registers a route table on Fastify. Each request goes: arguments merged and coerced →
// schema validation + the route's own checks (one 400 naming every bad parameter) →
// permission (401/403) → handler — the order WordPress uses, which clients observe.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, RouteSpec } from './route.ts';
import { toFastifyPath } from './route.ts';
import { mergeSources, parseArgs } from './args.ts';
import type { RequestContext } from './context.ts';

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

function handle(endpoint: Endpoint) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = mergeSources(pathParams(request), request.query as Record<string, unknown>, request.body);
    const { args, errors } = parseArgs<Record<string, unknown>>(endpoint.args, raw);
    const input = { ctx: request.ctx, args, request, reply, prepared: undefined as unknown };
    if (endpoint.validate) input.prepared = endpoint.validate(input, errors);
    errors.throwIfAny();
    endpoint.permission?.(input);
    const result = await endpoint.handler(input);
    reply.code(result.status ?? 200);
    for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, String(value));
    return result.body;
  };
}

export function registerRoutes(app: FastifyInstance, prefix: string, routes: RouteSpec[]): void {
  for (const route of routes) {
    const url = prefix + toFastifyPath(route.path);
    for (const endpoint of route.endpoints) {
      app.route({ method: endpoint.methods, url: url === '' ? '/' : url, handler: handle(endpoint) });
    }
  }
}
