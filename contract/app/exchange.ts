// almanac/v1/export and almanac/v1/import: parameters and answers.
import { Type, type Static } from '@sinclair/typebox';
import { EventListArgs } from '../events.ts';

const format = Type.Union([Type.Literal('ics'), Type.Literal('csv')], {
  description: "`ics` (iCalendar, RFC 5545) or `csv` (The Events Calendar's importer columns).",
});

export const ExportArgs = Type.Composite([
  Type.Omit(EventListArgs, ['page', 'per_page']),
  Type.Object({
    format: Type.Optional(format),
    list_window: Type.Optional(
      Type.Boolean({
        description:
          'true: without date parameters, the /events default window (from yesterday, 24 months ahead), as the events list shows; by default every event.',
      }),
    ),
  }),
]);
export type ExportArgs = Static<typeof ExportArgs>;
