// /categories and /tags: the term engine's route table. Categories and tags are the same engine
// with their own settings (resource.ts); categories/routes.ts and tags/routes.ts name which.
import { Type } from '@sinclair/typebox';
import { EDITABLE, endpoint, type HandlerInput, type RouteSpec } from '../../http/route.ts';
import type { Taxonomy } from '../../db/repositories/terms.ts';
import { ErrorBody, Term } from '../../../contract/representations.ts';
import { termEtag } from '../shared/etag.ts';
import { presentSingle } from './present-term.ts';
import { listTerms, validateTermList } from './list.ts';
import { restUrl } from '../shared/urls.ts';
import { findTerm } from '../../operations/terms/access.ts';
import {
  authorizeTermWrite,
  createTerm,
  deleteTerm,
  prepareTermWrite,
  updateTerm,
  type PreparedTermWrite,
} from '../../operations/terms/writes.ts';
import { TAXONOMIES } from '../../operations/terms/taxonomies.ts';
import { CategoryArgs, TagArgs } from '../../../contract/terms.ts';

const O = Type.Optional;

export function termRoutes(taxonomy: Taxonomy): RouteSpec[] {
  const r = TAXONOMIES[taxonomy];
  const args = taxonomy === 'category' ? CategoryArgs : TagArgs;
  const translationOf = (a: Record<string, unknown>) => a.translation_language as string | undefined;
  const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });
  const item = { description: `The ${r.noun}.`, schema: Type.Ref(Term) };
  const permit = ({ ctx }: HandlerInput<Record<string, unknown>>) => authorizeTermWrite(ctx, r);
  const etag = ({ ctx, args: a }: HandlerInput<Record<string, unknown>>) => {
    const term = typeof a.id === 'number' ? ctx.store.terms.get(ctx.site.id, a.id) : undefined;
    return term?.taxonomy === taxonomy ? termEtag(term) : undefined;
  };
  const validateTarget = ({ ctx, args: a }: HandlerInput<Record<string, unknown>>) => {
    findTerm(ctx, r, a.id);
  };

  return [
    {
      path: `/${r.collection}`,
      tag: r.collection,
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: args.list,
          summary: `List ${r.collection}`,
          responses: {
            200: {
              description: `A page of ${r.collection}.`,
              schema: Type.Object({
                rest_url: Type.String(),
                total: Type.Integer(),
                total_pages: Type.Integer(),
                [r.collection]: Type.Array(Type.Ref(Term)),
                next_rest_url: O(Type.String()),
                previous_rest_url: O(Type.String()),
              }),
            },
            400: error('Invalid parameters.'),
          },
          validate: (input, errors) => validateTermList(r, input, errors),
          handler: (input) => listTerms(r, input),
        }),
        endpoint({
          methods: ['POST'],
          args: args.create,
          summary: `Create a ${r.noun}`,
          responses: {
            201: item,
            400: error('Invalid parameters, or the name exists (term_exists).'),
            401: error('No credentials.'),
            403: error('Not allowed.'),
          },
          validate: ({ ctx, args: a }, errors) => prepareTermWrite(ctx, r, a, errors),
          permission: permit,
          handler: ({ ctx, args: a, prepared }) => {
            const term = ctx.store.transaction(() =>
              createTerm(ctx, r, prepared as PreparedTermWrite, translationOf(a)),
            );
            return {
              status: 201,
              body: presentSingle(ctx, r, term, translationOf(a)),
              headers: { Location: restUrl(ctx, r.collection, term.id) },
              etag: termEtag(term),
            };
          },
        }),
      ],
    },
    {
      path: `/${r.collection}/{id}`,
      tag: r.collection,
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: args.read,
          summary: `Read one ${r.noun}`,
          responses: { 200: item, 400: error(`Unknown ${r.noun} ID.`) },
          validate: validateTarget,
          etag,
          handler: ({ ctx, args: a }) => ({ body: presentSingle(ctx, r, findTerm(ctx, r, a.id), translationOf(a)) }),
        }),
        endpoint({
          methods: EDITABLE,
          args: args.update,
          summary: `Update one ${r.noun} (partial)`,
          responses: {
            200: item,
            400: error('Invalid parameters or unknown ID.'),
            401: error('No credentials.'),
            403: error('Not allowed.'),
            412: error('If-Match does not match the current ETag.'),
          },
          validate: (input, errors) => {
            validateTarget(input);
            return prepareTermWrite(input.ctx, r, input.args, errors);
          },
          permission: permit,
          etag,
          handler: ({ ctx, args: a, prepared }) => {
            const term = ctx.store.transaction(() =>
              updateTerm(ctx, r, findTerm(ctx, r, a.id), prepared as PreparedTermWrite, translationOf(a)),
            );
            return { body: presentSingle(ctx, r, term, translationOf(a)) };
          },
        }),
        endpoint({
          methods: ['DELETE'],
          args: args.remove,
          summary: `Delete one ${r.noun} permanently (returns it as it was)`,
          responses: {
            200: item,
            400: error(`Unknown ${r.noun} ID.`),
            401: error('No credentials.'),
            403: error('Not allowed.'),
            412: error('If-Match does not match the current ETag.'),
          },
          validate: validateTarget,
          permission: permit,
          etag,
          handler: ({ ctx, args: a }) =>
            ctx.store.transaction(() => {
              const term = findTerm(ctx, r, a.id);
              // The answer is the term as it was (WordPress's), so it is presented before it goes.
              const before = presentSingle(ctx, r, term, translationOf(a));
              deleteTerm(ctx, r, term);
              return { body: before };
            }),
        }),
      ],
    },
  ];
}
