// Settings → Website: this site's two-way sync with its The Events Calendar website (issue 38;
// docs/website-sync.md). Not connected: the connect form (administrators). Connected: the sync's
// state — the website, last sync, changes waiting, a sync running, the last error — kept live by
// the change stream (kind `website` marks [site, 'website'] stale), Sync now, Disconnect (asked
// first), a paused sign-in asking for a new password, and the conflicts and failures that wait.
import { useState } from 'react';
import type { Session } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { notify } from '../../components/Notices.tsx';
import { ErrorMessage, Loading, useErrorText } from '../../components/States.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useLocale, useT } from '../../i18n/index.tsx';
import { ConnectForm } from './ConnectForm.tsx';
import { syncStoppedText } from './website-reasons.ts';
import { WebsiteConflicts, WebsiteFailures } from './WebsiteProblems.tsx';
import { useDisconnectWebsite, useSyncNow, useWebsiteState, type WebsiteState } from './use-website.ts';

/** Editors and administrators of the site see the sync; its administrators change it. */
export function websiteRole(session: Session): 'administrator' | 'editor' | null {
  if (session.install_administrator || session.role === 'administrator') return 'administrator';
  return session.role === 'editor' ? 'editor' : null;
}

export function WebsiteSection({ session }: { session: Session }) {
  const t = useT();
  const role = websiteRole(session);
  const state = useWebsiteState(role !== null);
  if (!role) return null;
  return (
    <section className="settings-section website-section" aria-labelledby="settings-website">
      <h2 id="settings-website" tabIndex={-1}>
        {t('website.title')}
      </h2>
      <p className="field-help">{t('website.intro', { site: session.site.title })}</p>
      {state.isPending ? (
        <Loading />
      ) : state.isError ? (
        <ErrorMessage error={state.error} onRetry={() => void state.refetch()} />
      ) : state.data.connected ? (
        <Connected state={state.data} isAdministrator={role === 'administrator'} />
      ) : role === 'administrator' ? (
        <ConnectForm />
      ) : (
        <p>{t('website.adminConnects')}</p>
      )}
    </section>
  );
}

function Connected({ state, isAdministrator }: { state: WebsiteState; isAdministrator: boolean }) {
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();
  const sync = useSyncNow();
  const disconnect = useDisconnectWebsite();
  const [confirming, setConfirming] = useState(false);
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), locale) : t('website.never'));
  const syncing = state.syncing || sync.isPending;

  const syncNow = () =>
    sync.mutate(undefined, {
      onSuccess: (outcome) => {
        const { summary } = outcome;
        notify(
          outcome.failure
            ? t('website.syncFailed', {
                message: syncStoppedText(t, outcome.failure.code, outcome.failure.message),
              })
            : t('website.synced', {
                sent: summary.sent,
                received: summary.received,
                conflicts: summary.conflicts,
                failures: summary.failures,
              }),
          { tone: outcome.failure ? 'error' : 'info' },
        );
      },
      onError: (error) => notify(errorText(error), { tone: 'error' }),
    });

  return (
    <>
      <dl className="definition website-state">
        <dt>{t('website.connectedTo')}</dt>
        <dd>
          <span className="website-code">{state.url}</span> <span className="website-login">({state.login})</span>
        </dd>
        <dt>{t('website.lastSync')}</dt>
        <dd>{when(state.last_sync)}</dd>
        <dt>{t('website.changesWaiting')}</dt>
        <dd>{state.changes_waiting}</dd>
        <dt>{t('website.waitingOnYou')}</dt>
        <dd>{t('website.problemCounts', { conflicts: state.conflicts.length, failures: state.failures.length })}</dd>
        <dt>{t('website.passwordKept')}</dt>
        <dd>
          {state.password_place.kind === 'keychain' ? (
            t('website.place.keychain')
          ) : (
            <>
              <span className="website-code">{state.password_place.file}</span>{' '}
              {t(state.password_place.kind === 'file' ? 'website.place.file' : 'website.place.fileNoKeychain')}
            </>
          )}
        </dd>
      </dl>
      {/* The sync's moments, announced as they come (the change stream brings them). */}
      <p className="website-status" role="status">
        {syncing
          ? t('website.syncing')
          : state.last_error && !state.paused_reason
            ? t('website.lastError', {
                when: when(state.last_attempt),
                message: syncStoppedText(t, state.last_error_code, state.last_error),
              })
            : ''}
      </p>
      {state.paused_reason && (
        <div className="website-paused">
          <p role="alert">
            <strong>{t('website.paused')}</strong> {t('website.pausedBody', { login: state.login ?? '' })}
          </p>
          {isAdministrator && state.url && state.login && (
            <ConnectForm again={{ url: state.url, user: state.login, mode: state.mode ?? 'merge' }} />
          )}
        </div>
      )}
      <div className="website-actions">
        <Button variant="primary" isDisabled={syncing || Boolean(state.paused_reason)} onPress={syncNow}>
          {syncing ? t('website.syncing') : t('website.syncNow')}
        </Button>
        {isAdministrator && <Button onPress={() => setConfirming(true)}>{t('website.disconnect')}</Button>}
      </div>
      <WebsiteConflicts conflicts={state.conflicts} mayResolve={isAdministrator} />
      <WebsiteFailures failures={state.failures} mayRetry={isAdministrator} />
      <ConfirmDialog
        isOpen={confirming}
        title={t('website.disconnectTitle')}
        body={t('website.disconnectBody', { url: state.url ?? '' })}
        confirmLabel={t('website.disconnect')}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          disconnect.mutate(undefined, {
            onSuccess: () => notify(t('website.disconnected')),
            onError: (error) => notify(errorText(error), { tone: 'error' }),
          });
        }}
      />
    </>
  );
}
