// The app: sign-in state first (the desktop bridge or the browser session), then the shell with
// the navigation and the current screen, the editors over it, and the notices.
import { lazy, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { I18nProvider, useT } from './i18n/index.tsx';
import { chooseLanguage, formattingLocale } from './i18n/language.ts';
import { useSession } from './api/session.ts';
import { whenEventListIdle } from './api/events.ts';
import { useUi } from './state/ui-store.ts';
import { useUrlState } from './state/url-state.ts';
import { Navigation } from './features/shell/Navigation.tsx';
import { SessionBanner } from './features/session/SessionBanner.tsx';
import { BackgroundProblemsNotice } from './features/shell/BackgroundProblemsNotice.tsx';
import { SearchIndexNotice } from './features/shell/SearchIndexNotice.tsx';
import { CalendarScreen } from './features/calendar/CalendarScreen.tsx';
import { EditorHost } from './features/shell/EditorHost.tsx';
import { CardHost } from './features/events/card/EventCard.tsx';
import { ViewBoundary } from './components/ViewBoundary.tsx';
import { Notices } from './components/Notices.tsx';
import { ErrorMessage, Loading } from './components/States.tsx';
import { useTheme } from './features/settings/use-theme.ts';
import { useDesktopCommands } from './features/shell/use-desktop-commands.ts';
import { useShortcuts } from './features/shortcuts/use-shortcuts.ts';
import { ShortcutsDialog } from './features/shortcuts/ShortcutsDialog.tsx';
import { useChangeStream } from './api/use-change-stream.ts';
import { useSavedPreferences } from './api/preferences.ts';

const EventsScreen = lazy(() => import('./features/events/EventsScreen.tsx'));
const LinkedScreen = lazy(() => import('./features/linked/LinkedScreen.tsx'));
const TermsScreen = lazy(() => import('./features/terms/TermsScreen.tsx'));
const TrashScreen = lazy(() => import('./features/trash/TrashScreen.tsx'));
const SettingsScreen = lazy(() => import('./features/settings/SettingsScreen.tsx'));
const ApiDocsScreen = lazy(() => import('./features/api-docs/ApiDocsScreen.tsx'));

function Screen() {
  const screen = useUi((state) => state.screen);
  switch (screen) {
    case 'calendar':
      return <CalendarScreen />;
    case 'events':
      return <EventsScreen />;
    case 'venues':
      return <LinkedScreen kind="venues" />;
    case 'organizers':
      return <LinkedScreen kind="organizers" />;
    case 'categories':
      return <TermsScreen taxonomy="categories" />;
    case 'tags':
      return <TermsScreen taxonomy="tags" />;
    case 'trash':
      return <TrashScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'api':
      return <ApiDocsScreen />;
  }
}

/**
 * The skip link's target: the screen's own content where it marks one (`data-skip-target`, with a
 * selector of what to land on inside it: the calendar's first event), else the main area. The
 * first event was the 19th Tab stop, behind the navigation and the toolbar (issue 36); it is the
 * second now: Tab, Enter.
 */
function skipToContent() {
  const main = document.getElementById('main');
  const area = main?.querySelector<HTMLElement>('[data-skip-target]');
  const selector = area?.dataset.skipTarget;
  const first = selector
    ? area!.querySelector(selector)?.closest<HTMLElement>('[tabindex="0"], a[href], button')
    : null;
  (first ?? area ?? main)?.focus();
}

function Shell() {
  const t = useT();
  const session = useSession();
  const screen = useUi((state) => state.screen);
  const queryClient = useQueryClient();
  // A filter change's address is written once the list's answer to it is on screen (url-state.ts).
  useUrlState(useCallback((run: () => void) => whenEventListIdle(queryClient, run), [queryClient]));
  useSavedPreferences(session.data);
  useTheme();
  useDesktopCommands();
  useShortcuts(session.data);
  useChangeStream(session.data && { user: `${session.data.user?.id ?? 'anonymous'}`, since: session.data.change_seq });
  useEffect(() => {
    if (session.data) document.title = `${session.data.site.title} — ${t('app.name')}`;
  }, [session.data, t]);
  if (session.isPending) return <Loading label={t('app.loading')} />;
  if (session.isError) return <ErrorMessage error={session.error} onRetry={() => void session.refetch()} />;
  return (
    <div className="app">
      {/* Not a plain #main link: the hash holds the route. */}
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          skipToContent();
        }}
      >
        {t('app.skipToContent')}
      </a>
      <Navigation session={session.data} />
      <main id="main" className="main" tabIndex={-1}>
        <SessionBanner session={session.data} />
        <BackgroundProblemsNotice session={session.data} />
        <SearchIndexNotice />
        <ViewBoundary view={screen}>
          <Suspense fallback={<Loading />}>
            <Screen />
          </Suspense>
        </ViewBoundary>
      </main>
      <ViewBoundary view="card">
        <CardHost />
      </ViewBoundary>
      <ViewBoundary view="editor">
        <EditorHost />
      </ViewBoundary>
      <ShortcutsDialog />
      <Notices />
    </div>
  );
}

/** The language: the setting, the system's, the site's (i18n/language.ts). */
function Localized({ children }: { children: ReactNode }) {
  const setting = useUi((state) => state.preferences.language);
  const site = useSession().data?.site.language;
  const system = typeof navigator === 'undefined' ? undefined : navigator.language;
  const language = chooseLanguage({ setting, system, site });
  return (
    <I18nProvider language={language} locale={formattingLocale(language, system)}>
      {children}
    </I18nProvider>
  );
}

export function App() {
  return (
    <Localized>
      <Shell />
    </Localized>
  );
}
