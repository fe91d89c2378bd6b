// Settings: the account, how the calendar looks (theme, first day of the week, whose time zone
// times are shown in), API tokens, the install's sites, backups, and where things are (the API
// root for tools, the data folder).
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../api/session.ts';
import { desktopBridge } from '../../api/auth.ts';
import { Button } from '../../components/Button.tsx';
import { SelectField } from '../../components/Fields.tsx';
import type { LanguageSetting } from '../../i18n/language.ts';
import { VARIANTS, type Variant } from '../../api/translations.ts';
import { useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';
import { AccountMenu } from '../session/AccountMenu.tsx';
import { TokensSection } from './TokensSection.tsx';
import { SitesSection } from './SitesSection.tsx';
import { BackupsSection } from './BackupsSection.tsx';
import { OriginsSection } from './OriginsSection.tsx';
import { CalendarAppsSection } from './CalendarAppsSection.tsx';
import { WebsiteSection } from '../website/WebsiteSection.tsx';

export default function SettingsScreen() {
  const t = useT();
  const session = useSession().data!;
  const preferences = useUi((state) => state.preferences);
  const setPreferences = useUi((state) => state.setPreferences);
  const bridge = desktopBridge();
  const info = useQuery({ queryKey: ['desktop-info'], queryFn: () => bridge!.appInfo(), enabled: Boolean(bridge) });
  return (
    <section className="screen" aria-labelledby="settings-title">
      <header className="screen-header">
        <h1 id="settings-title" className="screen-title">
          {t('settings.title')}
        </h1>
      </header>
      <section className="settings-section" aria-labelledby="settings-account">
        <h2 id="settings-account">{t('settings.account')}</h2>
        <AccountMenu session={session} />
      </section>
      <section className="settings-section" aria-labelledby="settings-appearance">
        <h2 id="settings-appearance">{t('settings.appearance')}</h2>
        <SelectField
          label={t('settings.language')}
          value={preferences.language}
          onChange={(language) => setPreferences({ language: language as LanguageSetting })}
          options={[
            { id: 'system', label: t('settings.languageSystem') },
            { id: 'en', label: t('settings.languageEn') },
            { id: 'es', label: t('settings.languageEs') },
          ]}
        />
        <SelectField
          label={t('settings.contentVariant')}
          description={t('settings.contentVariantHelp')}
          value={preferences.contentVariant || 'base'}
          onChange={(choice) => setPreferences({ contentVariant: choice === 'base' ? '' : (choice as Variant) })}
          options={[
            { id: 'base', label: t('settings.contentBase') },
            ...VARIANTS.map((variant) => ({ id: variant, label: t(`translations.variant.${variant}`) })),
          ]}
        />
        <SelectField
          label={t('settings.theme')}
          value={preferences.theme}
          onChange={(theme) => setPreferences({ theme: theme as 'system' | 'light' | 'dark' })}
          options={[
            { id: 'system', label: t('settings.themeSystem') },
            { id: 'light', label: t('settings.themeLight') },
            { id: 'dark', label: t('settings.themeDark') },
          ]}
        />
        <SelectField
          label={t('settings.firstDay')}
          value={preferences.firstDay === null ? 'locale' : String(preferences.firstDay)}
          onChange={(value) => setPreferences({ firstDay: value === 'locale' ? null : Number(value) })}
          options={[
            { id: 'locale', label: t('settings.firstDayLocale') },
            { id: '1', label: t('weekday.1') },
            { id: '0', label: t('weekday.0') },
            { id: '6', label: t('weekday.6') },
          ]}
        />
        <SelectField
          label={t('settings.timeDisplay')}
          value={preferences.timeDisplay}
          onChange={(value) => setPreferences({ timeDisplay: value as 'site' | 'event' })}
          options={[
            { id: 'site', label: t('settings.timeSite', { zone: session.site.timezone }) },
            { id: 'event', label: t('settings.timeEvent') },
          ]}
        />
      </section>
      {session.signed_in && <TokensSection session={session} />}
      {session.signed_in && <CalendarAppsSection session={session} />}
      <SitesSection session={session} />
      {session.signed_in && <WebsiteSection session={session} />}
      {session.install_administrator && <BackupsSection />}
      {session.install_administrator && <OriginsSection />}
      <section className="settings-section" aria-labelledby="settings-about">
        <h2 id="settings-about">{t('settings.about')}</h2>
        <dl className="definition">
          <dt>{t('settings.apiRoot')}</dt>
          <dd>{session.site.api_root}</dd>
          {info.data && (
            <>
              <dt>{t('settings.dataFolder')}</dt>
              <dd>{info.data.dataDir}</dd>
            </>
          )}
        </dl>
        {bridge && (
          <div>
            <Button onPress={() => void bridge.revealDataFolder()}>{t('settings.openDataFolder')}</Button>
          </div>
        )}
      </section>
    </section>
  );
}
