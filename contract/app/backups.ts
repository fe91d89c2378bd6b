// Response schemas of almanac/v1/backups (Settings → Backups).
import { Type, type Static } from '@sinclair/typebox';
import { Problem } from './health.ts';

export const Backup = Type.Object({
  name: Type.String({ description: 'The file name in the backups folder.' }),
  created: Type.String({ description: 'When it was written (ISO 8601, UTC).' }),
  bytes: Type.Integer(),
  reason: Type.String({ description: 'daily, manual, before-restore, before-migration…' }),
});

export const BackupList = Type.Object({
  data_folder: Type.String({ description: 'The folder that holds the calendar (the database file).' }),
  backups_folder: Type.String(),
  backups: Type.Array(Backup),
  last_failure: Type.Union([Problem, Type.Null()], {
    description: 'The last backup that failed since Almanac started (daily or asked for), or null.',
  }),
});
export type BackupList = Static<typeof BackupList>;
