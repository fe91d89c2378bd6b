// POST almanac/v1/import — a calendar file (the request body: text/calendar or text/csv) into
// the site. `dry_run=true` answers the preview (new, updated, skipped with reasons, warnings)
// and writes nothing; otherwise every event is written in one transaction. A file that cannot be
// read is a 400 naming its line; the body is spooled to a temporary file as it arrives (up to
// 100 MB) and read, planned and written by an import job on a worker thread
// (../../import-jobs/), so the service answers other requests meanwhile.
// almanac/v1/import-jobs does the same as a job the caller polls for progress and may cancel, and
// lists the caller's jobs (so a screen opened again finds the one still running); POST /import
// answers when its job ends.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { ReplyLater } from '../../http/reply-later.ts';
import { ApiError } from '../../http/errors.ts';
import { forbidden, invalidParam } from '../../operations/errors.ts';
import { uploadToFile } from '../../http/upload-body.ts';
import type { RequestContext } from '../../http/context.ts';
import { can } from '../../domain/roles.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import { ImportKind, ImportSummary } from '../../../contract/app/import-summary.ts';
import type { CalendarFileFormat } from '../../calendar-files/read-calendar-file.ts';
import { ImportJob as ImportJobBody, ImportJobList } from '../../../contract/app/import-job.ts';
import { jobErrorBody, type ImportJob } from '../../import-jobs/import-jobs.ts';
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
  file_name: Type.Optional(
    Type.String({
      maxLength: 255,
      description:
        "The file's name as the user chose it (shown in the list of import jobs; the file itself is the request body).",
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

/** The job's caller: only they see its progress and may cancel it. */
const ownerOf = (ctx: RequestContext) => ({ siteId: ctx.site.id, userId: ctx.actor?.userId ?? 0 });

/**
 * Spools the request's file to a temporary file and starts an import job on it (import-jobs.ts):
 * the file is read, planned and written on a worker thread, never on the event loop.
 */
async function startImport(
  ctx: RequestContext,
  args: { format?: CalendarFileFormat; dry_run?: boolean; kind?: ImportKind; mapping?: string; file_name?: string },
  request: FastifyRequest,
): Promise<ImportJob> {
  const format = formatOf(request, args.format);
  if (format === 'ics' && args.kind !== undefined && args.kind !== 'events')
    throw invalidParam('kind', 'An iCalendar file holds events: kind must be events.');
  const mapping = parseMapping(args.mapping);
  const upload = await uploadToFile(request, MAX_IMPORT_BYTES);
  const jobs = request.server.importJobs;
  return jobs.start(
    {
      databaseFile: ctx.store.db.name,
      file: upload.file,
      format,
      kind: args.kind,
      mapping,
      dryRun: args.dry_run ?? false,
      siteCode: ctx.site.code,
      actor: ctx.actor,
      calendarKey: calendarKey(ctx),
      fileName: args.file_name ?? '',
    },
    ownerOf(ctx),
    upload.remove,
  );
}

/** A job that ended without a summary, as the error the import answers. */
function jobFailure(job: ImportJob): ApiError {
  const error = jobErrorBody(job.error)!;
  return new ApiError(error.status, error.code, error.message, error.data);
}

const JSON_TYPE = 'application/json; charset=utf-8';

const JobArgs = Type.Object({
  job: Type.String({ description: 'The import job (the id its start answered).' }),
});

function jobOf(ctx: RequestContext, request: FastifyRequest, id: string): ImportJob {
  const job = request.server.importJobs.get(id, ownerOf(ctx));
  if (!job) throw new ApiError(404, 'almanac_no_import_job', 'There is no such import job (or it ended long ago).');
  return job;
}

/** An import changes venues, organizers, categories and tags and updates events others made. */
function mayImport({ ctx }: { ctx: RequestContext }): void {
  if (!can.editOthers(ctx.actor) || !can.manageTags(ctx.actor)) throw forbidden(ctx.actor !== null);
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
        permission: mayImport,
        writesOffLoop: true,
        handler: ({ ctx, args }) => ({
          body: new ReplyLater(async (request, reply) => {
            const job = await startImport(ctx, args, request);
            await job.finished;
            if (!job.summary) throw jobFailure(job);
            return reply.code(200).type(JSON_TYPE).send(JSON.stringify(job.summary));
          }),
        }),
      }),
    ],
  },
  {
    path: '/import-jobs',
    tag: 'calendar files',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: Type.Object({}),
        summary:
          "The caller's import jobs of this site, newest first — running, waiting, or ended in the last ten minutes — with their progress",
        responses: {
          200: { description: 'The jobs (each without its summary: GET the job for it).', schema: ImportJobList },
          401: error('Not signed in.'),
          403: error('Importing needs an editor or administrator.'),
        },
        permission: mayImport,
        // Progress moves without a database write: never from the response cache.
        cacheable: false,
        handler: ({ ctx, request }) => ({
          body: { jobs: request.server.importJobs.list(ownerOf(ctx)).map((job) => job.listed()) },
        }),
      }),
      endpoint({
        methods: ['POST'],
        args: ImportArgs,
        summary:
          'Start an import (or, with dry_run, a preview) of an iCalendar or CSV file (the request body) as a job: poll it for progress, DELETE it to cancel',
        responses: {
          202: { description: 'The job, started (or waiting for an import before it).', schema: ImportJobBody },
          400: error('A parameter is invalid, or no file was sent.'),
          401: error('Not signed in.'),
          403: error('Importing needs an editor or administrator.'),
          413: error('The file is larger than 100 MB.'),
        },
        permission: mayImport,
        writesOffLoop: true,
        handler: ({ ctx, args }) => ({
          body: new ReplyLater(async (request, reply) => {
            const job = await startImport(ctx, args, request);
            return reply.code(202).type(JSON_TYPE).send(JSON.stringify(job.body()));
          }),
        }),
      }),
    ],
  },
  {
    path: '/import-jobs/{job}',
    tag: 'calendar files',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: JobArgs,
        summary: "An import job's progress: phase, bytes read, events planned and written; its summary once done",
        responses: {
          200: { description: 'The job as it is now.', schema: ImportJobBody },
          401: error('Not signed in.'),
          403: error('Importing needs an editor or administrator.'),
          404: error('No such job for this caller (jobs are kept ten minutes after they end).'),
        },
        permission: mayImport,
        // Progress moves without a database write: never from the response cache.
        cacheable: false,
        handler: ({ ctx, args, request }) => ({ body: jobOf(ctx, request, args.job).body() }),
      }),
      endpoint({
        methods: ['DELETE'],
        args: JobArgs,
        summary: 'Cancel an import job: its transaction is rolled back and nothing is written',
        responses: {
          200: { description: 'The job, cancelled (nothing written).', schema: ImportJobBody },
          401: error('Not signed in.'),
          403: error('Importing needs an editor or administrator.'),
          404: error('No such job for this caller.'),
          409: error('The job had already ended (done or failed): nothing was undone.'),
        },
        permission: mayImport,
        writesOffLoop: true,
        handler: ({ ctx, args, request }) => {
          const job = jobOf(ctx, request, args.job);
          if (job.status !== 'running')
            throw new ApiError(409, 'almanac_import_ended', `The import job had already ended (${job.status}).`, {
              job_status: job.status,
            });
          job.cancel();
          return {
            body: new ReplyLater(async (_request, reply) => {
              await job.finished;
              // It may have committed before it saw the Cancel.
              if (job.status !== 'cancelled')
                throw new ApiError(409, 'almanac_import_ended', `The import job had already ended (${job.status}).`, {
                  job_status: job.status,
                });
              return reply.code(200).type(JSON_TYPE).send(JSON.stringify(job.body()));
            }),
          };
        },
      }),
    ],
  },
];
