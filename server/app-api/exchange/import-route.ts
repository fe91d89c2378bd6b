// POST almanac/v1/import — a calendar file (the request body: text/calendar or text/csv) into
// the site. `dry_run=true` answers the preview (new, updated, skipped with reasons, warnings)
// and writes nothing; otherwise every event is written in one transaction. A file that cannot be
// read is a 400 naming its line; the body is read as a stream (up to 100 MB).
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { ReplyLater } from '../../http/reply-later.ts';
import { ApiError } from '../../http/errors.ts';
import { forbidden, invalidParam } from '../../operations/errors.ts';
import { uploadText } from '../../http/upload-body.ts';
import type { RequestContext } from '../../http/context.ts';
import { can } from '../../domain/roles.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import { CalendarFileError } from '../../calendar-files/imported-event.ts';
import { ImportKind, ImportSummary } from '../../../contract/app/import-summary.ts';
import { runFileImport } from '../../calendar-files/run-import.ts';
import {
  readCalendarFile,
  UnmappedColumnsError,
  type CalendarFileFormat,
  type ReadResult,
} from '../../calendar-files/read-calendar-file.ts';
import { calendarKey } from './export-reply.ts';

const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

const ImportArgs = Type.Object({
  format: Type.Optional(
    Type.Union([Type.Literal('ics'), Type.Literal('csv')], {
      description: "The file's format; by default from the Content-Type (text/calendar or text/csv).",
    }),
  ),
  dry_run: Type.Optional(Type.Boolean({ description: 'true: answer the preview and write nothing.' })),
  kind: Type.Optional(ImportKind),
  mapping: Type.Optional(
    Type.String({
      description:
        "CSV only: JSON object from a column heading to a field id (see the preview's columns), for headings that are not The Events Calendar's.",
    }),
  ),
});

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });

function formatOf(request: FastifyRequest, given: CalendarFileFormat | undefined): CalendarFileFormat {
  if (given) return given;
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  return type.startsWith('text/csv') ? 'csv' : 'ics';
}

function parseMapping(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.values(value).every((v) => typeof v === 'string')
    )
      return value as Record<string, string>;
  } catch {
    // reported below
  }
  throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): mapping', {
    params: { mapping: 'mapping must be a JSON object from column headings to field ids.' },
    details: [],
  });
}

/**
 * A file the readers refused: a 400 that names the line. A CSV file whose columns were not
 * recognised carries them (`data.columns`), so a client can offer the mapping.
 */
function fileError(error: CalendarFileError): ApiError {
  const columns = error instanceof UnmappedColumnsError ? { columns: error.columns } : {};
  return new ApiError(
    400,
    'almanac_invalid_file',
    `Line ${error.line}: ${error.message}`,
    Object.assign({ line: error.line, reason: error.code }, columns),
  );
}

async function importBody(
  ctx: RequestContext,
  args: { format?: CalendarFileFormat; dry_run?: boolean; kind?: ImportKind; mapping?: string },
  request: FastifyRequest,
) {
  const format = formatOf(request, args.format);
  if (format === 'ics' && args.kind !== undefined && args.kind !== 'events')
    throw invalidParam('kind', 'An iCalendar file holds events: kind must be events.');
  let read: ReadResult;
  try {
    read = await readCalendarFile(format, uploadText(request, MAX_IMPORT_BYTES), {
      siteTimezone: ctx.site.timezone,
      kind: args.kind,
      mapping: parseMapping(args.mapping),
    });
  } catch (error) {
    if (error instanceof CalendarFileError) throw fileError(error);
    throw error;
  }
  // One write transaction for the whole import: all of it or nothing.
  return ctx.store.writing(() =>
    runFileImport(ctx, read, { dryRun: args.dry_run ?? false, calendarKey: calendarKey(ctx) }),
  );
}

export const importRoutes: RouteSpec[] = [
  {
    path: '/import',
    tag: 'calendar files',
    endpoints: [
      endpoint({
        methods: ['POST'],
        args: ImportArgs,
        summary: 'Import an iCalendar (.ics) or CSV file (the request body): preview with dry_run, then import',
        responses: {
          200: {
            description: 'What was (or, with dry_run, would be) created, updated and skipped.',
            schema: ImportSummary,
          },
          400: error('The file cannot be read (the message names the line), or a parameter is invalid.'),
          401: error('Not signed in.'),
          403: error('Importing needs an editor or administrator.'),
          413: error('The file is larger than 100 MB.'),
        },
        permission: ({ ctx }) => {
          // An import creates venues, organizers, categories and tags and updates events others made.
          if (!can.editOthers(ctx.actor) || !can.manageTags(ctx.actor)) throw forbidden(ctx.actor !== null);
        },
        handler: ({ ctx, args }) => ({
          body: new ReplyLater(async (request, reply) => {
            const summary = await importBody(ctx, args, request);
            return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(summary));
          }),
        }),
      }),
    ],
  },
];
