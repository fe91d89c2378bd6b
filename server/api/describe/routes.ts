// The routes that describe the service itself: the namespace index and /doc (spec §4.1).
import { Type } from '@sinclair/typebox';
import type { RequestContext } from '../../http/context.ts';
import type { Namespace } from '../../http/namespaces.ts';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { translationLanguage } from '../../../contract/args.ts';
import { namespaceIndex } from './namespace-index.ts';
import { openApiDocument } from './openapi.ts';
import { describerFor } from './descriptions.ts';

const indexArgs = (namespace: Namespace) =>
  Type.Object({
    namespace: Type.Optional(Type.String({ default: namespace.name, description: 'The namespace to describe.' })),
    context: Type.Optional(Type.String({ default: 'view', description: 'The request context.' })),
    translation_language: Type.Optional(translationLanguage),
  });
const DocArgs = Type.Object({ translation_language: Type.Optional(translationLanguage) });

/**
 * Both documents depend only on the route table (fixed at start) and on the site's language,
 * title and base URL, so each is built once per such combination and then reused.
 */
const built = new Map<string, unknown>();
function memo(key: string, build: () => unknown): unknown {
  let document = built.get(key);
  if (document === undefined) {
    document = build();
    if (built.size > 200) built.clear(); // bounded: sites × host spellings
    built.set(key, document);
  }
  return document;
}
const docKey = (kind: string, namespace: Namespace, ctx: RequestContext) =>
  `${kind}|${namespace.name}|${ctx.site.id}|${ctx.site.language}|${ctx.site.title}|${ctx.baseUrl}`;

/** The index and /doc of `namespace`; `all` is its full route table, including these two routes. */
export function serviceRoutes(namespace: Namespace, all: () => RouteSpec[]): RouteSpec[] {
  return [
    {
      path: '',
      tag: 'service',
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: indexArgs(namespace),
          summary: 'The namespace index: every route with its methods and arguments',
          responses: { 200: { description: 'The namespace index.' } },
          handler: ({ ctx }) => ({
            body: memo(docKey('index', namespace, ctx), () =>
              namespaceIndex(ctx, namespace, all(), describerFor(ctx.site.language)),
            ),
          }),
        }),
      ],
    },
    {
      path: '/doc',
      tag: 'service',
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: DocArgs,
          summary: 'This OpenAPI 3.1 document',
          responses: { 200: { description: 'The OpenAPI document.' } },
          handler: ({ ctx }) => ({
            body: memo(docKey('doc', namespace, ctx), () =>
              openApiDocument(ctx, namespace, all(), describerFor(ctx.site.language)),
            ),
          }),
        }),
      ],
    },
  ];
}
