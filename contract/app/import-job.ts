// An import as a job (almanac/v1/import-jobs): started with the file, then polled for its progress
// until it is done, failed or cancelled; GET import-jobs lists the caller's jobs of the site, so a
// screen opened again finds the one still running. The same schema types the route, /doc and the
// renderer's import screen.
import { Type, type Static } from '@sinclair/typebox';
import { ImportSummary } from './import-summary.ts';

export const ImportJobStatus = Type.Union(
  [Type.Literal('running'), Type.Literal('done'), Type.Literal('failed'), Type.Literal('cancelled')],
  { description: 'running until the job ends: done (summary), failed (error; nothing written) or cancelled.' },
);
export type ImportJobStatus = Static<typeof ImportJobStatus>;

export const ImportJobPhase = Type.Union(
  [
    Type.Literal('waiting'),
    Type.Literal('starting'),
    Type.Literal('reading'),
    Type.Literal('planning'),
    Type.Literal('writing'),
    Type.Literal('finished'),
  ],
  {
    description:
      'waiting (an import, for the one before it to finish: imports write one at a time), starting (its worker thread is being started), reading the file, planning (a preview checks every event), writing (an import checks and writes each event, all in one transaction), finished.',
  },
);
export type ImportJobPhase = Static<typeof ImportJobPhase>;

export const ImportJob = Type.Object({
  id: Type.String({ description: 'The job: GET it for its progress, DELETE it to cancel.' }),
  status: ImportJobStatus,
  phase: ImportJobPhase,
  dry_run: Type.Boolean({ description: 'A preview: nothing is written.' }),
  file_name: Type.String({
    description: "The file's name, as its start gave it (file_name); empty when it was not given.",
  }),
  started: Type.String({
    format: 'date-time',
    description: 'When the job was started (UTC, ISO 8601), waiting included.',
  }),
  bytes_read: Type.Integer({ description: 'Bytes of the file read so far.' }),
  bytes_total: Type.Integer({ description: "The file's size in bytes." }),
  events_total: Type.Integer({
    description: 'Events (or venues, organizers) the file holds, once it has been read; 0 before.',
  }),
  events_planned: Type.Integer({ description: 'Of those, how many were checked (created, updated or skipped).' }),
  events_written: Type.Integer({
    description: 'Of those, how many were written (inside the transaction: none is visible until the job is done).',
  }),
  counts: Type.Optional(
    Type.Object(
      {
        created: Type.Integer(),
        updated: Type.Integer(),
        skipped: Type.Integer(),
      },
      { description: 'Once done: what was (or, for a preview, would be) created, updated and skipped.' },
    ),
  ),
  summary: Type.Optional(ImportSummary),
  error: Type.Optional(
    Type.Object(
      {
        code: Type.String(),
        message: Type.String(),
        data: Type.Record(Type.String(), Type.Unknown()),
      },
      { description: 'Why the job failed (the error the import would have answered). Nothing was written.' },
    ),
  ),
});
export type ImportJob = Static<typeof ImportJob>;

/** A job in the list: everything but its summary (counts say what it did; GET the job for the rest). */
export const ImportJobListed = Type.Omit(ImportJob, ['summary'], {
  description: 'An import job, without its summary.',
});
export type ImportJobListed = Static<typeof ImportJobListed>;

export const ImportJobList = Type.Object({
  jobs: Type.Array(ImportJobListed, {
    description:
      "The caller's import jobs of this site, newest first: those running or waiting, and those that ended in the last ten minutes.",
  }),
});
export type ImportJobList = Static<typeof ImportJobList>;
