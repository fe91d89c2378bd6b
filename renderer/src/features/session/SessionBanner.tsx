// Above every screen when it matters: signed out (the public calendar, read-only), or a sign-in
// link that no longer works.
import { useEffect, useState } from 'react';
import type { Session } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { useT } from '../../i18n/index.tsx';
import { TokenSignInDialog } from './TokenSignIn.tsx';
import { signInCommand } from './command-line.ts';

/** `?signin=expired` (the server's redirect after a used or old link): read once, then removed. */
function useExpiredLinkNotice(): boolean {
  const [expired] = useState(() => new URLSearchParams(window.location.search).get('signin') === 'expired');
  useEffect(() => {
    if (expired) window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
  }, [expired]);
  return expired;
}

export function SessionBanner({ session }: { session: Session }) {
  const t = useT();
  const expired = useExpiredLinkNotice();
  const [signingIn, setSigningIn] = useState(false);
  if (session.signed_in) return null;
  return (
    <div className="banner" role="note">
      {expired ? (
        <p>
          {t('session.linkExpired')} <code className="command">{signInCommand(session.command_line)}</code>
        </p>
      ) : (
        <p>{t('session.signedOutNotice')}</p>
      )}
      <Button variant="primary" onPress={() => setSigningIn(true)}>
        {t('session.signIn')}
      </Button>
      <TokenSignInDialog isOpen={signingIn} onClose={() => setSigningIn(false)} />
    </div>
  );
}
