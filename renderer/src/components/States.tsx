// Empty, loading and error states: say what to do, keep the layout still, put API errors in words.
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError, NetworkError } from '../api/errors.ts';
import { useT, type MessageId } from '../i18n/index.tsx';
import { Button } from './Button.tsx';
import { Icon, type IconName } from './Icon.tsx';
import { reasonText } from './server-reasons.ts';

export function EmptyState({ icon, children, action }: { icon: IconName; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <Icon name={icon} size={32} />
      <p>{children}</p>
      {action}
    </div>
  );
}

/**
 * True once `waiting` has lasted `ms`: a wait long enough to notice gets its loading state, a
 * short one shows nothing rather than a flash (and draws nothing that is thrown away at once).
 */
export function useNoticeableWait(waiting: boolean, ms = 200): boolean {
  const [noticeable, setNoticeable] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setNoticeable(true), ms);
    return () => {
      window.clearTimeout(timer);
      setNoticeable(false);
    };
  }, [waiting, ms]);
  return waiting && noticeable;
}

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('common.loading')}
    </div>
  );
}

/** An error in words: the API's own message, or what a network failure means here. */
export function useErrorText() {
  const t = useT();
  return (error: unknown): string => {
    if (error instanceof NetworkError) return t('common.networkError');
    if (error instanceof ApiError && (error.status === 401 || error.status === 403) && error.code === 'rest_forbidden')
      return t('common.forbidden');
    // The service's reasons in the UI's own words where the catalogs know them: its messages
    // are English ("Invalid parameter(s): ids" under a Spanish UI, issue 36's walk).
    if (error instanceof ApiError) {
      const said = Object.entries(error.reasons).map(([param, reason]) => reasonText(t, param, reason));
      if (said.length > 0 && said.every((text) => text !== undefined)) return said.join(' ');
    }
    if (error instanceof Error) return error.message;
    return String(error);
  };
}

export function ErrorMessage({
  error,
  onRetry,
  titleId = 'common.errorTitle',
}: {
  error: unknown;
  onRetry?(): void;
  titleId?: MessageId;
}) {
  const t = useT();
  const text = useErrorText();
  return (
    <div className="error-message" role="alert">
      <Icon name="alert" />
      <div>
        <strong>{t(titleId)}</strong>
        <p>{text(error)}</p>
      </div>
      {onRetry && <Button onPress={onRetry}>{t('common.retry')}</Button>}
    </div>
  );
}

export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('common.pageOf', { page, pages })}>
      <Button variant="quiet" icon="left" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {t('common.previousPage')}
      </Button>
      <span>{t('common.pageOf', { page, pages })}</span>
      <Button variant="quiet" iconAfter="right" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        {t('common.nextPage')}
      </Button>
    </nav>
  );
}
