// What waits for the organizer after a sync: conflicts — the same field changed here and on the
// website, or a delete against an edit — each shown as the editor's 412 dialog shows one (the same
// table and words: Keep mine / Take theirs), and failures — an object the website refused, with its
// reason — each with Retry. Resolving sends the choice; a sync follows on the service's side.
import { Button } from '../../components/Button.tsx';
import { ConflictTable } from '../../components/ConflictTable.tsx';
import { notify } from '../../components/Notices.tsx';
import { useErrorText } from '../../components/States.tsx';
import { useT, type MessageId } from '../../i18n/index.tsx';
import { useConflictRows } from './conflict-rows.ts';
import { failureReasonText } from './website-reasons.ts';
import { useResolveConflict, useRetryFailure, type WebsiteConflict, type WebsiteFailure } from './use-website.ts';

export function WebsiteConflicts({ conflicts, mayResolve }: { conflicts: WebsiteConflict[]; mayResolve: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const rowsOf = useConflictRows(conflicts);
  const resolve = useResolveConflict();
  if (conflicts.length === 0) return null;
  const choose = (conflict: WebsiteConflict, keep: 'mine' | 'theirs') =>
    resolve.mutate(
      { id: conflict.id, keep },
      {
        onSuccess: () => {
          notify(t(keep === 'mine' ? 'website.keptMine' : 'website.tookTheirs', { title: conflict.title }));
          // The buttons pressed are gone: the keyboard goes on from the conflicts left (or the section).
          requestAnimationFrame(() =>
            (document.getElementById('website-conflicts') ?? document.getElementById('settings-website'))?.focus(),
          );
        },
        onError: (error) => notify(errorText(error), { tone: 'error' }),
      },
    );
  return (
    <section className="website-problems" aria-labelledby="website-conflicts">
      <h3 id="website-conflicts" tabIndex={-1}>
        {t('website.conflicts', { count: conflicts.length })}
      </h3>
      <p className="field-help">{t('website.conflictsHelp')}</p>
      <ul className="website-problem-list">
        {conflicts.map((conflict) => (
          <li key={conflict.id} className="website-problem">
            <article aria-labelledby={`website-conflict-${conflict.id}`}>
              <h4 id={`website-conflict-${conflict.id}`}>
                {t(`website.kind.${conflict.kind}` as MessageId)}: {conflict.title}
              </h4>
              <p>{t(`website.conflictType.${conflict.type}`)}</p>
              {conflict.fields.length > 0 && (
                <ConflictTable
                  rows={rowsOf(conflict)}
                  caption={t('website.conflictCaption', { title: conflict.title })}
                />
              )}
              {mayResolve ? (
                <div className="website-problem-actions">
                  <Button
                    isDisabled={resolve.isPending}
                    aria-label={t('website.takeTheirsNamed', { title: conflict.title })}
                    onPress={() => choose(conflict, 'theirs')}
                  >
                    {t('conflict.takeTheirs')}
                  </Button>
                  <Button
                    variant="primary"
                    isDisabled={resolve.isPending}
                    aria-label={t('website.keepMineNamed', { title: conflict.title })}
                    onPress={() => choose(conflict, 'mine')}
                  >
                    {t('conflict.keepMine')}
                  </Button>
                </div>
              ) : (
                <p className="field-help">{t('website.adminResolves')}</p>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function WebsiteFailures({ failures, mayRetry }: { failures: WebsiteFailure[]; mayRetry: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const retry = useRetryFailure();
  if (failures.length === 0) return null;
  return (
    <section className="website-problems" aria-labelledby="website-failures">
      <h3 id="website-failures">{t('website.failures', { count: failures.length })}</h3>
      <p className="field-help">{t('website.failuresHelp')}</p>
      <ul className="website-problem-list">
        {failures.map((failure) => (
          <li key={failure.id} className="website-problem">
            <article aria-labelledby={`website-failure-${failure.id}`}>
              <h4 id={`website-failure-${failure.id}`}>
                {t(`website.kind.${failure.kind}` as MessageId)}: {failure.title}
              </h4>
              <p>
                {t(failure.direction === 'send' ? 'website.failedSend' : 'website.failedReceive')}{' '}
                <span className="website-reason">{failureReasonText(t, failure)}</span>
              </p>
              {mayRetry && (
                <div className="website-problem-actions">
                  <Button
                    isDisabled={retry.isPending}
                    aria-label={t('website.retryNamed', { title: failure.title })}
                    onPress={() =>
                      retry.mutate(failure.id, {
                        onSuccess: () => notify(t('website.retrying', { title: failure.title })),
                        onError: (error) => notify(errorText(error), { tone: 'error' }),
                      })
                    }
                  >
                    {t('common.retry')}
                  </Button>
                </div>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
