// GET /svc/events/v1 — the WordPress namespace index (tec-reference §9.1), from the route table
// (and the same for the app's own namespace, almanac/v1).
import type { RequestContext } from '../../http/context.ts';
import type { Namespace } from '../../http/namespaces.ts';
import type { RouteSpec } from '../../http/route.ts';
import { toWpPattern } from '../../http/route.ts';
import { indexArg } from './schema-tools.ts';
import type { Describe } from './descriptions.ts';

export function namespaceIndex(ctx: RequestContext, namespace: Namespace, routes: RouteSpec[], describe: Describe) {
  const entries: Record<string, unknown> = {};
  for (const route of routes)
    entries[`/${namespace.name}${toWpPattern(route.path)}`] = routeEntry(ctx, namespace, route, describe);
  return { namespace: namespace.name, routes: entries, _links: { up: [{ href: `${ctx.baseUrl}/` }] } };
}

/**
 * One route as WordPress describes it — its entry in the namespace index, and what OPTIONS on the
 * route answers: the namespace, the methods, and each endpoint's arguments.
 */
export function routeEntry(ctx: RequestContext, namespace: Namespace, route: RouteSpec, describe: Describe) {
  const entry: Record<string, unknown> = {
    namespace: namespace.name,
    methods: route.endpoints.flatMap((e) => e.methods),
    endpoints: route.endpoints.map((e) => ({
      methods: e.methods,
      args: Object.fromEntries(
        Object.entries(e.args.properties).map(([name, schema]) => [
          name,
          { ...indexArg(schema, (e.args.required ?? []).includes(name)), description: describe(route, name, schema) },
        ]),
      ),
    })),
  };
  if (!route.path.includes('{')) entry._links = { self: [{ href: `${ctx.baseUrl}/${namespace.name}${route.path}` }] };
  return entry;
}
