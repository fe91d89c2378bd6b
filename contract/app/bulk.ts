// almanac/v1/events/bulk: one change to many events at once (the Events list's selection): all of
// it or none of it.
import { Type, type Static } from '@sinclair/typebox';
import { idOrSlugList, postId } from '../args.ts';

export const BULK_ACTIONS = [
  'trash',
  'restore',
  'publish',
  'draft',
  'add_categories',
  'add_tags',
  'set_venue',
] as const;

export const BulkArgs = Type.Object({
  ids: Type.Array(postId('An event ID.'), { minItems: 1, maxItems: 1000, description: 'The events to change.' }),
  action: Type.Union(
    BULK_ACTIONS.map((action) => Type.Literal(action)),
    {
      description:
        'trash, restore (trashed events back to the status they had: the Undo of trash), publish, draft, add_categories (the categories given, besides their own), add_tags, or set_venue.',
    },
  ),
  categories: Type.Optional(idOrSlugList('add_categories: category IDs or names (unknown names are created).')),
  tags: Type.Optional(idOrSlugList('add_tags: tag IDs or names (unknown names are created).')),
  venue: Type.Optional(Type.Integer({ minimum: 0, description: 'set_venue: the venue ID (0: no venue).' })),
});
export type BulkArgs = Static<typeof BulkArgs>;

export const BulkResult = Type.Object({
  changed: Type.Array(Type.Integer(), { description: 'The events the action changed.' }),
  unchanged: Type.Array(Type.Integer(), { description: 'Those it left as they were (already so).' }),
});
export type BulkResult = Static<typeof BulkResult>;
