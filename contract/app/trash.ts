// almanac/v1/trash: the Trash screen's list.
import { Type, type Static } from '@sinclair/typebox';
import { page, perPage } from '../args.ts';

export const TrashArgs = Type.Object({
  type: Type.Union([Type.Literal('events'), Type.Literal('venues'), Type.Literal('organizers')], {
    description: 'Which trash: events, venues or organizers.',
  }),
  page: Type.Optional(page),
  per_page: Type.Optional(perPage('items')),
});

const TrashItem = Type.Object({
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

export const TrashEmptyArgs = Type.Object({
  type: Type.Union([Type.Literal('events'), Type.Literal('venues'), Type.Literal('organizers')], {
    description: 'Which trash to empty: events, venues or organizers.',
  }),
});

export const TrashEmptied = Type.Object({
  deleted: Type.Integer({ description: 'Items deleted for good.' }),
  kept: Type.Integer({ description: "Items left in the trash: others' that the caller may not delete." }),
});
export type TrashEmptied = Static<typeof TrashEmptied>;
