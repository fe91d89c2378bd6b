// A notice above the screen when something failed out of sight — a backup (daily or asked for),
// the read worker — for the install administrator, who can act on it (almanac/v1/health, asked
// every minute). It blocks nothing; Dismiss hides that failure, and a later one shows again.
import { useState } from 'react';
import { useHealth } from '../../api/health.ts';
import type { Session } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { useLocale, useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';

export function BackgroundProblemsNotice({ session }: { session: Session }) {
  const t = useT();
  const locale = useLocale();
  const health = useHealth(session.install_administrator === true);
  const setScreen = useUi((state) => state.setScreen);
  /** When the newest dismissed failure happened. */
  const [dismissed, setDismissed] = useState('');
  const newest = health.data?.problems[0];
  if (!newest || newest.at <= dismissed) return null;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(newest.at));
  return (
    <div className="banner banner-error" role="status">
      <p>
        {t(newest.kind === 'backup' ? 'problems.backup' : 'problems.readWorker', { when, message: newest.message })}
      </p>
      <div className="banner-actions">
        {newest.kind === 'backup' && <Button onPress={() => setScreen('settings')}>{t('problems.openBackups')}</Button>}
        <Button variant="quiet" onPress={() => setDismissed(newest.at)}>
          {t('problems.dismiss')}
        </Button>
      </div>
    </div>
  );
}
