// "Sign in with a token": a field labelled Token and a Sign in button. The service turns a valid
// token into an HttpOnly session cookie, so the page keeps no secret.
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Fields.tsx';
import { useTokenSignIn } from '../../api/session.ts';
import { useT } from '../../i18n/index.tsx';

export function TokenSignInDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const t = useT();
  const [token, setToken] = useState('');
  const signIn = useTokenSignIn();
  const error = signIn.isError
    ? (signIn.error as { status?: number }).status === 401
      ? t('session.tokenInvalid')
      : signIn.error.message
    : undefined;
  return (
    <Dialog title={t('session.tokenTitle')} isOpen={isOpen} onClose={onClose} size="small">
      <Form
        validationBehavior="aria"
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (token.trim() !== '') signIn.mutate(token, { onSuccess: onClose });
        }}
      >
        <TextField
          label={t('session.token')}
          description={t('session.tokenHelp')}
          value={token}
          onChange={setToken}
          error={error}
          type="password"
          autoFocus
          isRequired
        />
        <div className="form-actions">
          <Button variant="primary" type="submit" isDisabled={signIn.isPending}>
            {t('session.signIn')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
