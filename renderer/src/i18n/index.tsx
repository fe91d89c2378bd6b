// UI text: every string a user reads comes from a message catalog (messages/en.ts, messages/es.ts),
// in ICU MessageFormat (plurals through Intl.PluralRules) via react-intl. `t(id, values)` is typed by
// the English catalog's keys, so using a key that does not exist fails the type check, and the
// Spanish catalog must have exactly the same keys (its type says so). Lint forbids text written
// straight into components (eslint.config.js).
import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { en, type MessageId } from './messages/en.ts';
import { catalogIfLoaded, loadCatalog, subscribeCatalogs, type Catalog } from './catalogs.ts';
import type { UiLanguage } from './language.ts';

export type { MessageId };
export type Values = Record<string, string | number | Date | null | undefined>;

/**
 * The catalog to speak with: the language's own once it is here; until then English (the only
 * other language, always loaded), and the catalog is fetched.
 */
function useCatalog(language: UiLanguage): { language: UiLanguage; messages: Catalog } {
  const messages = useSyncExternalStore(subscribeCatalogs, () => catalogIfLoaded(language));
  useEffect(() => {
    if (!messages) void loadCatalog(language).catch(() => {});
  }, [language, messages]);
  return messages ? { language, messages } : { language: 'en', messages: en };
}

/**
 * The UI's language (`language`: which catalog) and formatting locale (`locale`: Intl's dates and
 * numbers, e.g. es-MX); react-aria's controls (date pickers, calendars) follow the same locale.
 */
export function I18nProvider({
  language,
  locale,
  children,
}: {
  language: UiLanguage;
  locale: string;
  children: ReactNode;
}) {
  const speaking = useCatalog(language);
  // Until a new language's catalog is here, its locale waits too (dates and text agree).
  const shownLocale = speaking.language === language ? locale : speaking.language;
  useEffect(() => {
    document.documentElement.lang = shownLocale;
  }, [shownLocale]);
  return (
    <IntlProvider locale={shownLocale} defaultLocale="en" messages={speaking.messages}>
      <AriaI18nProvider locale={shownLocale}>{children}</AriaI18nProvider>
    </IntlProvider>
  );
}

/**
 * A message without values, once formatted, for each catalog and locale (react-intl's `intl`):
 * formatMessage merges its formats and looks its parsed message up by a JSON key on every call
 * (~40 µs), and a page of the Events list asks for the same few words on each of its 25 rows.
 */
const plainTexts = new WeakMap<object, Map<string, string>>();

/** The translate function: `t('nav.calendar')`, `t('events.total', { count: 3 })`. */
export function useT() {
  const intl = useIntl();
  // The same function while the language is: a memo that depends on it is not drawn again for nothing.
  return useCallback(
    (id: MessageId, values?: Values) => {
      if (values !== undefined) return intl.formatMessage({ id }, values as Record<string, string | number>);
      let texts = plainTexts.get(intl);
      if (!texts) plainTexts.set(intl, (texts = new Map()));
      let text = texts.get(id);
      if (text === undefined) texts.set(id, (text = intl.formatMessage({ id })));
      return text;
    },
    [intl],
  );
}

/** Whether a catalog has this message (for ids made from a server's code, e.g. an import note's). */
export function isMessageId(id: string): id is MessageId {
  return Object.hasOwn(en, id);
}

/** The UI's language (which catalog speaks): for text made outside the catalogs (a rule in words). */
export function useLanguage(): UiLanguage {
  return useIntl().messages === en ? 'en' : 'es';
}

/** The active locale (for Intl date and number formatting). */
export function useLocale(): string {
  return useIntl().locale;
}
