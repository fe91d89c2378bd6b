// almanac/v1/backups — Settings → Backups, for the install administrator: the backups with dates
// and sizes, the last backup that failed, and "Back up now" (written by a worker thread while the
// server keeps serving).
// Restoring is not here on purpose: the data file is never replaced under a running server. The
// desktop app restarts into a backup (electron/restore.ts); elsewhere `almanac restore` does it.
import { dirname } from 'node:path';
import { Type } from '@sinclair/typebox';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { installAdministratorOnly } from '../install-administrator.ts';
import { ReplyLater } from '../../http/reply-later.ts';
import { ApiError } from '../../http/errors.ts';
import { backupsDir, listBackups, type BackupFile } from '../../db/backup.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import { Backup, BackupList } from '../../../contract/app/backups.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes a rotating backup now (service.ts tracks it so stopping waits for it). */
    backupNow: (reason: string) => Promise<string>;
  }
}

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });

const present = ({ name, created, bytes, reason }: BackupFile) => ({ name, created, bytes, reason });

export const backupRoutes: RouteSpec[] = [
  {
    path: '/backups',
    tag: 'backups',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: Type.Object({}),
        summary: 'The backups of this install, newest first, and where the data lives',
        responses: {
          200: { description: 'The backups.', schema: BackupList },
          401: error('Not signed in.'),
          403: error('Not the install administrator.'),
        },
        cacheable: false, // files on disk, not the database
        permission: installAdministratorOnly,
        handler: ({ ctx, request }) => {
          const file = ctx.store.db.name;
          return {
            body: {
              data_folder: dirname(file),
              backups_folder: backupsDir(file),
              backups: listBackups(file).map(present),
              last_failure: request.server.problems.last('backup') ?? null,
            },
          };
        },
      }),
      endpoint({
        methods: ['POST'],
        args: Type.Object({}),
        summary: 'Back up now',
        responses: {
          201: { description: 'The backup just written.', schema: Backup },
          500: error('The backup could not be written (almanac_backup_failed, saying why).'),
          401: error('Not signed in.'),
          403: error('Not the install administrator.'),
        },
        permission: installAdministratorOnly,
        handler: ({ ctx }) => ({
          body: new ReplyLater(async (request, reply) => {
            let written: string;
            try {
              written = await request.server.backupNow('manual');
            } catch (failure) {
              // A full disk, a folder that cannot be written: said in words (it is also kept as the
              // last failure, for this page and the window's notice).
              throw new ApiError(
                500,
                'almanac_backup_failed',
                `The backup could not be written: ${(failure as Error).message}`,
              );
            }
            const backup = listBackups(ctx.store.db.name).find((each) => each.path === written)!;
            return reply
              .code(201)
              .type('application/json; charset=utf-8')
              .send(JSON.stringify(present(backup)));
          }),
        }),
      }),
    ],
  },
];
