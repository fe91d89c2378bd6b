// GET /svc/events/v1/doc — an OpenAPI 3.1 document generated from the route table: the same
// TypeBox schemas that validate requests describe every parameter, body and response.
import type { TSchema } from '@sinclair/typebox';
import type { RequestContext } from '../../http/context.ts';
import type { Endpoint, Method, RouteSpec } from '../../http/route.ts';
import { COMPONENTS } from '../../../contract/representations.ts';
import { plain } from './schema-tools.ts';
import type { Describe } from './descriptions.ts';
import type { Namespace } from '../../http/namespaces.ts';

const BODY_METHODS = new Set<Method>(['POST', 'PUT', 'PATCH']);

function operationId(method: Method, path: string): string {
  const words = path
    .split(/[/{}-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return method.toLowerCase() + (words.join('') || 'Namespace');
}

function operation(route: RouteSpec, endpoint: Endpoint, method: Method, describe: Describe) {
  const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const required = new Set(endpoint.args.required ?? []);
  const parameters: unknown[] = [];
  const bodyProperties: Record<string, unknown> = {};
  const bodyRequired: string[] = [];
  for (const [name, schema] of Object.entries(endpoint.args.properties) as [string, TSchema][]) {
    const description = describe(route, name, schema);
    const json = { ...(plain(schema) as Record<string, unknown>), description };
    if (pathNames.includes(name)) {
      parameters.push({ name, in: 'path', required: true, description, schema: json });
    } else if (BODY_METHODS.has(method)) {
      bodyProperties[name] = json;
      if (required.has(name)) bodyRequired.push(name);
    } else {
      const param: Record<string, unknown> = {
        name,
        in: 'query',
        required: required.has(name),
        description,
        schema: json,
      };
      if (schema.type === 'array') Object.assign(param, { style: 'form', explode: false });
      parameters.push(param);
    }
  }
  const op: Record<string, unknown> = {
    operationId: operationId(method, route.path) + (endpoint.methods.length > 1 ? '' : ''),
    summary: endpoint.summary,
    tags: [route.tag],
    parameters,
  };
  if (BODY_METHODS.has(method)) {
    const schema = {
      type: 'object',
      properties: bodyProperties,
      ...(bodyRequired.length ? { required: bodyRequired } : {}),
    };
    op.requestBody = {
      required: bodyRequired.length > 0,
      content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } },
    };
  }
  op.responses = Object.fromEntries(
    Object.entries(endpoint.responses).map(([status, response]) => [
      status,
      {
        description: response.description,
        ...(response.schema ? { content: { 'application/json': { schema: plain(response.schema) } } } : {}),
      },
    ]),
  );
  return op;
}

export function openApiDocument(ctx: RequestContext, namespace: Namespace, routes: RouteSpec[], describe: Describe) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const item: Record<string, unknown> = {};
    for (const endpoint of route.endpoints) {
      for (const method of endpoint.methods) item[method.toLowerCase()] = operation(route, endpoint, method, describe);
    }
    paths[route.path === '' ? '/' : route.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${ctx.site.title} — ${namespace.title}`,
      version: '1.0.0',
      description: namespace.description,
    },
    servers: [{ url: `${ctx.baseUrl}/${namespace.name}` }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: Object.fromEntries(COMPONENTS.map((schema) => [schema.$id!, plain(schema)])),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API token created with `almanac token create`.' },
        basic: {
          type: 'http',
          scheme: 'basic',
          description: 'user name and API token, as WordPress application passwords.',
        },
      },
    },
    security: [{}, { bearer: [] }, { basic: [] }],
  };
}
