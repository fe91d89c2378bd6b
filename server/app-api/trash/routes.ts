// GET almanac/v1/trash — the Trash screen's list: trashed events, venues or organizers, newest
// first, with the status each had before (what Restore gives back, through PATCH svc/events/v1/
// <type>/{id} {"status": …}, as the contract restores). Editors see everybody's trash; authors and
// contributors their own, as a single read of a trashed post allows; others nothing.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { can } from '../../domain/roles.ts';
import { forbidden } from '../../http/errors.ts';
import { MAX_PER_PAGE, page, perPage } from '../../api/shared/args.ts';

const TYPES = { events: 'event', venues: 'venue', organizers: 'organizer' } as const;

export const TrashArgs = Type.Object({
  type: Type.Union([Type.Literal('events'), Type.Literal('venues'), Type.Literal('organizers')], {
    description: 'Which trash: events, venues or organizers.',
  }),
  page: Type.Optional(page),
  per_page: Type.Optional(perPage('items')),
});

export const TrashItem = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  author: Type.Integer(),
  /** The status before it was trashed: what a restore sets (draft when unknown). */
  restore_status: Type.String(),
  trashed: Type.String({ description: 'When it was trashed (UTC, YYYY-MM-DD HH:MM:SS).' }),
});

export const TrashPage = Type.Object({
  items: Type.Array(TrashItem),
  total: Type.Integer(),
  total_pages: Type.Integer(),
});
export type TrashPage = Static<typeof TrashPage>;

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
                trashed: row.modified_utc,
              })),
              total,
              total_pages: Math.ceil(total / size),
            },
            headers: { 'X-TEC-Total': total, 'X-TEC-TotalPages': Math.ceil(total / size) },
          };
        },
      }),
    ],
  },
];
