// Connecting a site to its The Events Calendar website: the address, a WordPress user and an
// application password — typed, or made on WordPress's authorize-application page ("Get a password
// from WordPress" opens it in the browser; in the desktop app WordPress returns the password to
// Almanac, which connects by itself with the mode chosen here; in a plain browser there is no
// return address and WordPress shows the new password, to copy here) — and, the first time, what
// the first sync does. The service checks
// before it keeps anything; a refusal comes back at its field (url, user, password) with a reason
// code, said here in the UI's words, announced, and the focus goes to that field.
// Also the "sign in again" form of a paused site: the same website and user, a new password.
import { useEffect, useRef, useState } from 'react';
import { desktopBridge } from '../../api/auth.ts';
import { ApiError } from '../../api/errors.ts';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Fields.tsx';
import { notify } from '../../components/Notices.tsx';
import { paramError } from '../../components/server-reasons.ts';
import { useErrorText } from '../../components/States.tsx';
import { useT } from '../../i18n/index.tsx';
import { useAuthorizePage, useConnectWebsite, type WebsiteMode } from './use-website.ts';

const MODES: WebsiteMode[] = ['merge', 'publish', 'import'];
const FIELDS = ['url', 'user', 'password'] as const;

export function ConnectForm({
  again,
}: {
  /** Signing in again (a paused site): the website and user stay, only the password is asked. */
  again?: { url: string; user: string; mode: WebsiteMode };
}) {
  const t = useT();
  const errorText = useErrorText();
  const connect = useConnectWebsite();
  const authorize = useAuthorizePage();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ url: again?.url ?? '', user: again?.user ?? '', password: '' });
  const [mode, setMode] = useState<WebsiteMode>(again?.mode ?? 'merge');
  const [authorizeOpened, setAuthorizeOpened] = useState(false);
  // In the desktop app WordPress hands the password back to Almanac (almanac://), which connects by itself.
  const inDesktop = desktopBridge() !== undefined;
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const error = connect.error ?? authorize.error;
  const fieldError = (param: (typeof FIELDS)[number]) => paramError(t, error, param);
  const atFields = error instanceof ApiError && FIELDS.some((param) => error.params[param]);
  const formError = error && !atFields ? errorText(error) : undefined;
  // A refusal moves the focus to the field it is about (its words are in its description).
  useEffect(() => {
    if (error) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);

  const submit = () => {
    authorize.reset();
    connect.mutate(
      { url: values.url.trim(), user: values.user.trim(), password: values.password, mode },
      {
        onSuccess: (state) => {
          setValues((current) => ({ ...current, password: '' }));
          notify(t('website.connected', { name: state.site_name }));
          for (const limit of state.limits) notify(limit);
        },
      },
    );
  };

  const openAuthorize = () => {
    connect.reset();
    authorize.mutate(
      { url: values.url.trim(), mode },
      {
        onSuccess: ({ authorize_url }) => {
          const bridge = desktopBridge();
          if (bridge) void bridge.openExternal(authorize_url);
          else window.open(authorize_url, '_blank', 'noopener');
          setAuthorizeOpened(true);
        },
      },
    );
  };

  return (
    <form
      ref={form}
      className="website-connect stack"
      aria-label={again ? t('website.signInAgain') : t('website.connectTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {/* Announced: the words at each field, or the whole failure when it is about no field. */}
      <p role="alert" className={formError ? 'field-error' : 'visually-hidden'}>
        {formError ?? (atFields ? FIELDS.map(fieldError).filter(Boolean).join(' ') : '')}
      </p>
      {!again && (
        <>
          <TextField
            label={t('website.address')}
            description={t('website.addressHelp')}
            type="url"
            value={values.url}
            onChange={set('url')}
            error={fieldError('url')}
            isRequired
          />
          <TextField
            label={t('website.user')}
            description={t('website.userHelp')}
            value={values.user}
            onChange={set('user')}
            error={fieldError('user')}
            isRequired
          />
        </>
      )}
      <TextField
        label={t('website.password')}
        description={t('website.passwordHelp')}
        type="password"
        value={values.password}
        onChange={set('password')}
        error={fieldError('password')}
        isRequired
      />
      {!again && (
        <div className="website-authorize">
          <Button onPress={openAuthorize} isDisabled={authorize.isPending}>
            {t('website.getPassword')}
          </Button>
          <p className="field-help" aria-live="polite">
            {inDesktop
              ? t(authorizeOpened ? 'website.getPasswordOpenedDesktop' : 'website.getPasswordHelpDesktop')
              : t(authorizeOpened ? 'website.getPasswordOpened' : 'website.getPasswordHelp')}
          </p>
        </div>
      )}
      {!again && (
        <fieldset className="website-modes">
          <legend>{t('website.modeLegend')}</legend>
          {MODES.map((choice) => (
            <label key={choice} className="radio website-mode">
              <input
                type="radio"
                name="website-mode"
                value={choice}
                checked={mode === choice}
                onChange={() => setMode(choice)}
                aria-describedby={`website-mode-${choice}`}
              />
              <span>
                <span className="website-mode-name">{t(`website.mode.${choice}`)}</span>
                <span className="field-help" id={`website-mode-${choice}`}>
                  {t(`website.mode.${choice}Help`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div>
        <Button type="submit" variant="primary" isDisabled={connect.isPending}>
          {connect.isPending ? t('website.checking') : again ? t('website.connectAgain') : t('website.connect')}
        </Button>
      </div>
    </form>
  );
}
