// Settings → Backups (the install administrator): where the data lives, the backups with dates and
// sizes, Back up now, and Restore. A restore never replaces the data under the running server: the
// desktop app asks, then restarts into the backup (electron/restore.ts); in a browser the page
// says how (stop Almanac, run its command line's `restore FILE --data-dir DIR`, written for where
// Almanac runs: ../session/command-line.ts), with the command ready to copy.
import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useBackUpNow, useBackups } from '../../api/backups.ts';
import { desktopBridge } from '../../api/auth.ts';
import type { Backup, BackupList } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextField } from '../../components/Fields.tsx';
import { notify } from '../../components/Notices.tsx';
import { EmptyState, ErrorMessage, Loading, useErrorText } from '../../components/States.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useLocale, useT, type MessageId } from '../../i18n/index.tsx';
import { useSession } from '../../api/session.ts';
import { joinPath, restoreCommand } from '../session/command-line.ts';

const REASONS: Record<string, MessageId> = {
  daily: 'backups.reasonDaily',
  manual: 'backups.reasonManual',
  'before-restore': 'backups.reasonBeforeRestore',
  'before-migration': 'backups.reasonBeforeMigration',
};

/** A backup failed, and none was written since. */
function failedSinceLastBackup({ last_failure, backups }: BackupList): boolean {
  if (!last_failure) return false;
  const newest = backups[0];
  return !newest || Date.parse(last_failure.at) > Date.parse(newest.created);
}

export function BackupsSection() {
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();
  const backups = useBackups(true);
  const backUpNow = useBackUpNow();
  const bridge = desktopBridge();
  const commandLine = useSession().data?.command_line;
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const when = (iso: string) => formatDateTime(new Date(iso), locale);
  const size = (bytes: number) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
      bytes / 1_000_000,
    );
  const restore = (backup: Backup) => {
    if (!bridge) return setRestoring(backup);
    bridge.restoreBackup(backup.name).catch((error: unknown) => notify(errorText(error), { tone: 'error' }));
  };
  return (
    <section className="settings-section" aria-labelledby="settings-backups">
      <h2 id="settings-backups">{t('backups.title')}</h2>
      {backups.isPending ? (
        <Loading />
      ) : backups.isError ? (
        <ErrorMessage error={backups.error} onRetry={() => void backups.refetch()} />
      ) : (
        <>
          <dl className="definition">
            <dt>{t('settings.dataFolder')}</dt>
            <dd>
              <code>{backups.data.data_folder}</code>
            </dd>
            <dt>{t('backups.folder')}</dt>
            <dd>
              <code>{backups.data.backups_folder}</code>
            </dd>
          </dl>
          <p className="field-help">{t('backups.intro')}</p>
          {failedSinceLastBackup(backups.data) && (
            <p className="error-message" role="status">
              {t('backups.lastFailure', {
                when: when(backups.data.last_failure!.at),
                message: backups.data.last_failure!.message,
              })}
            </p>
          )}
          {backups.data.backups.length === 0 ? (
            <EmptyState icon="settings">{t('backups.empty')}</EmptyState>
          ) : (
            <Table className="table" aria-label={t('backups.title')}>
              <TableHeader>
                <Column isRowHeader className="column">
                  {t('backups.when')}
                </Column>
                <Column className="column">{t('backups.why')}</Column>
                <Column className="column">{t('backups.size')}</Column>
                <Column className="column">{t('common.actions')}</Column>
              </TableHeader>
              <TableBody
                dependencies={[locale]}
                items={backups.data.backups.map((backup) => ({ ...backup, id: backup.name }))}
              >
                {(backup) => (
                  <Row className="row" id={backup.name}>
                    <Cell className="cell cell-title">{when(backup.created)}</Cell>
                    <Cell className="cell">{REASONS[backup.reason] ? t(REASONS[backup.reason]!) : backup.reason}</Cell>
                    <Cell className="cell">{size(backup.bytes)}</Cell>
                    <Cell className="cell cell-actions">
                      <Button
                        aria-label={t('backups.restoreNamed', { when: when(backup.created) })}
                        onPress={() => restore(backup)}
                      >
                        {t('backups.restore')}
                      </Button>
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          )}
        </>
      )}
      <div>
        <Button
          isDisabled={backUpNow.isPending}
          onPress={() =>
            backUpNow.mutate(undefined, {
              onSuccess: (backup) => notify(t('backups.written', { size: size(backup.bytes) })),
              onError: (error) => notify(errorText(error), { tone: 'error' }),
            })
          }
        >
          {backUpNow.isPending ? t('backups.writing') : t('backups.now')}
        </Button>
      </div>
      {restoring && backups.data && commandLine && (
        <RestoreHowTo
          command={restoreCommand(commandLine, joinPath(backups.data.backups_folder, restoring.name))}
          when={when(restoring.created)}
          onClose={() => setRestoring(null)}
        />
      )}
    </section>
  );
}

/** In a browser the page cannot stop the server it talks to: it says how, command ready to copy. */
function RestoreHowTo({ command, when, onClose }: { command: string; when: string; onClose(): void }) {
  const t = useT();
  return (
    <Dialog
      title={t('backups.restoreTitle', { when })}
      isOpen
      onClose={onClose}
      footer={
        <Button variant="primary" onPress={onClose}>
          {t('tokens.done')}
        </Button>
      }
    >
      <p>{t('backups.restoreHowTo')}</p>
      <TextField label={t('backups.command')} value={command} onChange={() => {}} isReadOnly multiline />
      <CopyButton text={command} copied={t('backups.copied')}>
        {t('backups.copy')}
      </CopyButton>
    </Dialog>
  );
}
