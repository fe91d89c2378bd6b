// POST almanac/v1/events/bulk — one change to many events (the Events list's selection): trash,
// publish, draft, add categories or tags, set the venue. All of it or none of it; the operations
// (operations/events/bulk.ts) check and write.
import { Type } from '@sinclair/typebox';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import { BulkArgs, BulkResult } from '../../../contract/app/bulk.ts';
import { applyBulk, authorizeBulk, prepareBulk } from '../../operations/events/bulk.ts';
import type { PostRow } from '../../db/repositories/posts.ts';

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });

export const bulkRoutes: RouteSpec[] = [
  {
    path: '/events/bulk',
    tag: 'events',
    endpoints: [
      endpoint({
        methods: ['POST'],
        args: BulkArgs,
        summary: 'One change to many events: trash, restore, publish, draft, add categories or tags, set the venue',
        responses: {
          200: { description: 'What changed.', schema: BulkResult },
          400: error('An id is not an event, or the action lacks its value.'),
          401: error('Not signed in.'),
          403: error('The caller may not change some of the events (named); nothing was changed.'),
        },
        validate: ({ ctx, args }, errors) => prepareBulk(ctx, args, errors),
        permission: ({ ctx, prepared }) => authorizeBulk(ctx, prepared as PostRow[]),
        handler: ({ ctx, args, prepared }) => ({
          body: ctx.store.transaction(() => applyBulk(ctx, args, prepared as PostRow[])),
        }),
      }),
    ],
  },
];
