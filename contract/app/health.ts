// Response schemas of almanac/v1/health: what failed out of sight of any request.
import { Type, type Static } from '@sinclair/typebox';

export const Problem = Type.Object({
  kind: Type.Union([Type.Literal('backup'), Type.Literal('read-worker')], {
    description: 'What failed: a backup (daily or asked for), or the read worker (it could not start or died).',
  }),
  message: Type.String({ description: 'What went wrong, in words.' }),
  at: Type.String({ description: 'When it last happened (ISO 8601, UTC).' }),
  count: Type.Integer({ description: 'How many times since Almanac started.' }),
});
export type Problem = Static<typeof Problem>;

export const Health = Type.Object({
  problems: Type.Array(Problem, {
    description: 'The last failure of each kind, newest first; empty when all is well.',
  }),
  read_worker: Type.Object({
    enabled: Type.Boolean({ description: 'Whether slow reads are served by a worker thread (ALMANAC_READ_WORKER).' }),
    served_by_worker: Type.Integer({ description: 'Slow reads the worker answered since Almanac started.' }),
    served_locally: Type.Integer({
      description: 'Slow reads the event loop answered instead, because the worker could not.',
    }),
  }),
});
export type Health = Static<typeof Health>;
