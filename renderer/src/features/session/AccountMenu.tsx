// Who is signed in (and Sign out), or the way to sign in.
import { useState } from 'react';
import type { Session } from '../../api/types.ts';
import { useSignOut } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../i18n/index.tsx';
import { TokenSignInDialog } from './TokenSignIn.tsx';

export function AccountMenu({ session }: { session: Session }) {
  const t = useT();
  const signOut = useSignOut();
  const [signingIn, setSigningIn] = useState(false);
  if (!session.signed_in || !session.user) {
    return (
      <div className="account">
        <Button variant="secondary" icon="user" onPress={() => setSigningIn(true)}>
          {t('session.signIn')}
        </Button>
        <TokenSignInDialog isOpen={signingIn} onClose={() => setSigningIn(false)} />
      </div>
    );
  }
  return (
    <div className="account">
      <span className="account-name">
        <Icon name="user" />
        {session.method === 'desktop' ? t('session.desktop') : t('session.signedInAs', { name: session.user.name })}
      </span>
      {session.method === 'cookie' && (
        <Button variant="quiet" onPress={() => signOut.mutate()}>
          {t('session.signOut')}
        </Button>
      )}
    </div>
  );
}
