// /venues and /organizers: the linked-post engine's route table (venues/routes.ts and
// organizers/routes.ts name which). The operations (operations/linked/) check and write; this
// file adds what HTTP needs: the read-once target, ETags, presentation.
import { Type, type TObject } from '@sinclair/typebox';
import type { ParamErrors } from '../../operations/errors.ts';
import { EDITABLE, endpoint, type HandlerInput, type RouteSpec } from '../../http/route.ts';
import { ErrorBody, listEnvelope } from '../../../contract/representations.ts';
import {
  findIdentical,
  insertLinked,
  prepareLinked,
  updateLinked,
  type LinkedType,
  type LinkedWriteArgs,
  type PreparedLinked,
} from '../../operations/linked/writes.ts';
import {
  assertLinkedReadable,
  authorizeLinkedWrite,
  findLinked,
  requireLinked,
  trashOrDeleteLinked,
  type PostTarget,
} from '../../operations/linked/access.ts';
import { checkAuthorPermission } from '../../operations/posts/writes.ts';
import { postEtag } from '../shared/etag.ts';
import { variantLanguage } from '../../operations/translations.ts';
import { RESOURCES } from './resource.ts';
import { present, storedTarget } from './present-linked.ts';
import { listHandler, prepareList } from './list.ts';

export function linkedRoutes(type: LinkedType): RouteSpec[] {
  const resource = RESOURCES[type];
  const args = resource.args;
  const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });
  const item = { description: `The ${type}.`, schema: Type.Ref(resource.schema) };
  const translationOf = (a: Record<string, unknown>) => a.translation_language as string | undefined;

  /** The checked target of a by-id/by-slug request, from the read the checks share. */
  const target = (input: HandlerInput<Record<string, unknown>>) =>
    requireLinked(type, input.args as PostTarget, storedTarget(input, resource));
  // A read writes nothing: the row validation read is the one to present.
  const read = (input: HandlerInput<Record<string, unknown>>) => {
    const { ctx, args: a } = input;
    const row = target(input);
    assertLinkedReadable(ctx, row);
    return { body: present(ctx, resource, row, true, translationOf(a)), etag: postEtag(row) };
  };

  const validateWrite = (input: HandlerInput<Record<string, unknown>>, errors: ParamErrors) => {
    const { ctx, args: a } = input;
    if (a.id !== undefined || a.slug !== undefined) target(input);
    return prepareLinked(ctx, type, a as LinkedWriteArgs, errors);
  };
  const permitWrite = (input: HandlerInput<Record<string, unknown>>) => {
    const { ctx, args: a, prepared } = input;
    authorizeLinkedWrite(ctx, a.id !== undefined || a.slug !== undefined ? target(input) : undefined);
    checkAuthorPermission(ctx, (prepared as PreparedLinked).common);
  };
  const update = ({ ctx, args: a, prepared }: HandlerInput<Record<string, unknown>>) => {
    const id = ctx.store.transaction(() => {
      const row = findLinked(ctx, type, a as PostTarget);
      updateLinked(
        ctx,
        type,
        row,
        a as LinkedWriteArgs,
        prepared as PreparedLinked,
        variantLanguage(ctx, translationOf(a)),
      );
      return row.id;
    });
    const row = ctx.store.posts.get(ctx.site.id, id)!;
    return { body: present(ctx, resource, row, false, translationOf(a)), etag: postEtag(row) };
  };
  const remove = ({ ctx, args: a }: HandlerInput<Record<string, unknown>>) =>
    ctx.store.transaction(() => {
      const row = findLinked(ctx, type, a as PostTarget);
      if (a.force === true) {
        // Gone for good: the answer is the item as it was.
        const before = present(ctx, resource, row, false, translationOf(a));
        trashOrDeleteLinked(ctx, row, true);
        return { body: before };
      }
      trashOrDeleteLinked(ctx, row, false);
      const trashed = ctx.store.posts.get(ctx.site.id, row.id)!;
      return { body: present(ctx, resource, trashed, false, translationOf(a)), etag: postEtag(trashed) };
    });
  const permitDelete = (input: HandlerInput<Record<string, unknown>>) => authorizeLinkedWrite(input.ctx, target(input));
  const etag = (input: HandlerInput<Record<string, unknown>>) => {
    const row = storedTarget(input, resource);
    return row?.type === type ? postEtag(row) : undefined;
  };
  const validateTarget = (input: HandlerInput<Record<string, unknown>>) => {
    target(input);
  };

  const writeResponses = {
    200: item,
    400: error('Invalid parameters or unknown ID.'),
    401: error('No credentials.'),
    403: error('Not allowed.'),
    412: error('If-Match does not match the current ETag.'),
  };
  const deleteResponses = { ...writeResponses, 410: error('Already trashed.') };
  const readResponses = {
    200: item,
    400: error(`Unknown ${type} ID or slug.`),
    403: error(`The ${type} is not accessible.`),
  };
  const single = (
    path: string,
    readArgs: TObject,
    updateArgs: TObject,
    removeArgs: TObject,
    how: string,
  ): RouteSpec => ({
    path,
    tag: resource.collection,
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: readArgs,
        summary: `Read one ${type}${how}`,
        responses: readResponses,
        validate: validateTarget,
        etag,
        handler: read,
      }),
      endpoint({
        methods: EDITABLE,
        args: updateArgs,
        summary: `Update one ${type}${how} (partial)`,
        responses: writeResponses,
        validate: validateWrite,
        permission: permitWrite,
        etag,
        handler: update,
      }),
      endpoint({
        methods: ['DELETE'],
        args: removeArgs,
        summary: `Trash (or with force=true delete) one ${type}${how}`,
        responses: deleteResponses,
        validate: validateTarget,
        permission: permitDelete,
        etag,
        handler: remove,
      }),
    ],
  });

  return [
    {
      path: `/${resource.collection}`,
      tag: resource.collection,
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: args.list,
          summary: `List ${resource.collection}`,
          responses: {
            200: {
              description: `A page of ${resource.collection}.`,
              schema: listEnvelope(resource.collection, resource.schema),
            },
            400: error('Invalid parameters.'),
            404: error('The page is past the last one.'),
          },
          validate: prepareList(resource),
          handler: listHandler(resource),
        }),
        endpoint({
          methods: ['POST'],
          args: args.create,
          summary: `Create a ${type} (an identical existing one is returned instead of a copy)`,
          responses: {
            201: item,
            400: error('Invalid parameters.'),
            401: error('No credentials.'),
            403: error('Not allowed.'),
          },
          validate: validateWrite,
          permission: permitWrite,
          handler: ({ ctx, args: a, prepared }) => {
            const id = ctx.store.transaction(
              () =>
                findIdentical(ctx, type, prepared as PreparedLinked)?.id ??
                insertLinked(
                  ctx,
                  type,
                  a as LinkedWriteArgs,
                  prepared as PreparedLinked,
                  variantLanguage(ctx, translationOf(a)),
                ),
            );
            const row = ctx.store.posts.get(ctx.site.id, id)!;
            return { status: 201, body: present(ctx, resource, row, false, translationOf(a)), etag: postEtag(row) };
          },
        }),
      ],
    },
    single(`/${resource.collection}/{id}`, args.read, args.update, args.remove, ''),
    single(`/${resource.collection}/by-slug/{slug}`, args.readBySlug, args.updateBySlug, args.removeBySlug, ' by slug'),
  ];
}
