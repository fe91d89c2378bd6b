// Settings → Connect a calendar app: the CalDAV address and user name to type into Thunderbird,
// Apple Calendar, GNOME Calendar or DAVx5, a token made for it and shown once (the password), and —
// with "Share on my network" on — the network address, the certificate's fingerprint to compare on
// the phone, and a QR code DAVx5 reads. The QR code is drawn here as SVG from qrcode's matrix:
// nothing is fetched, nothing inline for the CSP to refuse.
import { useMemo, useState } from 'react';
import QRCode from 'qrcode';
import { useCalDav, useShareOnNetwork } from '../../api/caldav.ts';
import { useCreateToken } from '../../api/tokens.ts';
import type { Session } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Checkbox, TextField } from '../../components/Fields.tsx';
import { notify } from '../../components/Notices.tsx';
import { ErrorMessage, Loading, useErrorText } from '../../components/States.tsx';
import { useT } from '../../i18n/index.tsx';

/** The QR code of `text` as one SVG path (dark modules), with a quiet zone of four modules. */
function QrCode({ text, label }: { text: string; label: string }) {
  const path = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    return { d, size: modules.size + 8 };
  }, [text]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${path.size} ${path.size}`}
      width="200"
      height="200"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

/** DAVx5 opens `caldavs://user:password@host:port/path` with the login filled in. */
function davx5Link(address: string, user: string, token: string): string {
  const url = new URL(address);
  return `caldavs://${encodeURIComponent(user)}:${encodeURIComponent(token)}@${url.host}${url.pathname}`;
}

export function CalendarAppsSection({ session }: { session: Session }) {
  const t = useT();
  const caldav = useCalDav();
  const share = useShareOnNetwork();
  const create = useCreateToken();
  const errorText = useErrorText();
  const [token, setToken] = useState<string | null>(null);
  if (caldav.isPending) return <Loading />;
  if (caldav.isError) return <ErrorMessage error={caldav.error} onRetry={() => void caldav.refetch()} />;
  const { address, user, network } = caldav.data;
  const lanAddress = network?.enabled ? network.addresses[0] : undefined;
  return (
    <section className="settings-section" aria-labelledby="settings-calendar-apps">
      <h2 id="settings-calendar-apps">{t('calendarApps.title')}</h2>
      <p className="field-help">{t('calendarApps.intro')}</p>
      <TextField label={t('calendarApps.address')} value={address} onChange={() => {}} isReadOnly />
      <CopyButton text={address} copied={t('calendarApps.copied')}>
        {t('calendarApps.copyAddress')}
      </CopyButton>
      <TextField label={t('calendarApps.user')} value={user} onChange={() => {}} isReadOnly />
      {token ? (
        <div className="token-made">
          <p>{t('calendarApps.tokenShownOnce')}</p>
          <TextField label={t('calendarApps.password')} value={token} onChange={() => {}} isReadOnly />
          <CopyButton text={token} copied={t('calendarApps.copied')}>
            {t('calendarApps.copyPassword')}
          </CopyButton>
        </div>
      ) : (
        <div>
          <Button
            icon="plus"
            isDisabled={create.isPending}
            onPress={() =>
              create.mutate(t('calendarApps.tokenName'), {
                onSuccess: (made) => setToken(made.token),
                onError: (error) => notify(errorText(error), { tone: 'error' }),
              })
            }
          >
            {t('calendarApps.makePassword')}
          </Button>
        </div>
      )}
      {session.install_administrator && network !== null && (
        <div className="calendar-apps-network">
          <Checkbox
            label={t('calendarApps.share')}
            value={network.enabled}
            isDisabled={share.isPending}
            onChange={(enabled) =>
              share.mutate(enabled, { onError: (error) => notify(errorText(error), { tone: 'error' }) })
            }
          />
          <p className="field-help">{t('calendarApps.shareHelp')}</p>
          {network.enabled && (
            <>
              {network.addresses.length === 0 ? (
                <p>{t('calendarApps.noNetwork')}</p>
              ) : (
                <ul className="calendar-apps-addresses" aria-label={t('calendarApps.networkAddresses')}>
                  {network.addresses.map((each) => (
                    <li key={each}>
                      <code>{each}</code>
                    </li>
                  ))}
                </ul>
              )}
              <p>
                {t('calendarApps.fingerprint')} <code className="fingerprint">{network.fingerprint}</code>
              </p>
            </>
          )}
        </div>
      )}
      {lanAddress && token ? (
        <figure className="calendar-apps-qr">
          <QrCode text={davx5Link(lanAddress, user, token)} label={t('calendarApps.qrLabel')} />
          <figcaption>{t('calendarApps.qrHelp')}</figcaption>
        </figure>
      ) : (
        <p className="field-help">{t(lanAddress ? 'calendarApps.qrNeedsPassword' : 'calendarApps.qrNeedsNetwork')}</p>
      )}
    </section>
  );
}
