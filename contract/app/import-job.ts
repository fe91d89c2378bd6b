// An import as a job (almanac/v1/import-jobs): started with the file, then polled for its progress
// until it is done, failed or cancelled. The same schema types the route, /doc and the renderer's
// import screen.
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
    Type.Literal('reading'),
    Type.Literal('planning'),
    Type.Literal('writing'),
    Type.Literal('finished'),
  ],
  {
    description:
      'waiting (for another import to finish), reading the file, planning (a preview checks every event), writing (an import checks and writes each event, all in one transaction), finished.',
  },
);
export type ImportJobPhase = Static<typeof ImportJobPhase>;

export const ImportJob = Type.Object({
  id: Type.String({ description: 'The job: GET it for its progress, DELETE it to cancel.' }),
  status: ImportJobStatus,
  phase: ImportJobPhase,
  dry_run: Type.Boolean({ description: 'A preview: nothing is written.' }),
  bytes_read: Type.Integer({ description: 'Bytes of the file read so far.' }),
  bytes_total: Type.Integer({ description: "The file's size in bytes." }),
  events_total: Type.Integer({
    description: 'Events (or venues, organizers) the file holds, once it has been read; 0 before.',
  }),
  events_planned: Type.Integer({ description: 'Of those, how many were checked (created, updated or skipped).' }),
  events_written: Type.Integer({
    description: 'Of those, how many were written (inside the transaction: none is visible until the job is done).',
  }),
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
