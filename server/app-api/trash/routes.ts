// GET almanac/v1/trash — the Trash screen's list: trashed events, venues or organizers, newest
// first, with the status each had before (what Restore gives back, through PATCH svc/events/v1/
// <type>/{id} {"status": …}, as the contract restores). Editors see everybody's trash; authors and
// contributors their own, as a single read of a trashed post allows; others nothing.
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { can } from '../../domain/roles.ts';
import { forbidden } from '../../operations/errors.ts';
import { TrashArgs, TrashEmptied, TrashEmptyArgs, TrashPage } from '../../../contract/app/trash.ts';
import { emptyTrash } from '../../operations/trash.ts';
import { MAX_PER_PAGE } from '../../../contract/constants.ts';

const TYPES = { events: 'event', venues: 'venue', organizers: 'organizer' } as const;

export const trashRoutes: RouteSpec[] = [
  {
    path: '/trash',
    tag: 'trash',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: TrashArgs,
        summary: 'Trashed events, venues or organizers, newest first',
        responses: { 200: { description: 'One page of the trash.', schema: TrashPage } },
        permission: ({ ctx }) => {
          if (!can.createPosts(ctx.actor)) throw forbidden(ctx.actor !== null);
        },
        handler: ({ ctx, args }) => {
          const size = Math.min(args.per_page ?? 20, MAX_PER_PAGE);
          const number = args.page ?? 1;
          const authorId = can.editOthers(ctx.actor) ? null : ctx.actor!.userId;
          const { rows, total } = ctx.store.trash.page(
            ctx.site.id,
            TYPES[args.type],
            authorId,
            size,
            (number - 1) * size,
          );
          return {
            body: {
              items: rows.map((row) => ({
                id: row.id,
                type: row.type,
                title: row.title,
                author: row.author,
                restore_status: row.trashed_status ?? 'draft',
                trashed: row.trashed_utc,
              })),
              total,
              total_pages: Math.ceil(total / size),
            },
            headers: { 'X-TEC-Total': total, 'X-TEC-TotalPages': Math.ceil(total / size) },
          };
        },
      }),
      endpoint({
        methods: ['DELETE'],
        args: TrashEmptyArgs,
        summary: 'Empty the trash of events, venues or organizers: everything the caller may delete goes for good',
        responses: { 200: { description: 'How many went, how many stay.', schema: TrashEmptied } },
        permission: ({ ctx }) => {
          if (!can.createPosts(ctx.actor)) throw forbidden(ctx.actor !== null);
        },
        handler: ({ ctx, args }) => ({ body: ctx.store.transaction(() => emptyTrash(ctx, TYPES[args.type])) }),
      }),
    ],
  },
];
