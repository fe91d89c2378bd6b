// UI text: every string a user reads comes from a message catalog (messages/en.ts, messages/es.ts),
// in ICU MessageFormat (plurals through Intl.PluralRules) via react-intl. `t(id, values)` is typed by
// the English catalog's keys, so using a key that does not exist fails the type check, and the
// Spanish catalog must have exactly the same keys (its type says so). Lint forbids text written
// straight into components (eslint.config.js).
import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { en, type MessageId } from './messages/en.ts';

export type { MessageId };
export type Values = Record<string, string | number | Date | null | undefined>;

export function I18nProvider({ locale, children }: { locale: string; children: ReactNode }) {
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={en}>
      {children}
    </IntlProvider>
  );
}

/** The translate function: `t('nav.calendar')`, `t('events.total', { count: 3 })`. */
export function useT() {
  const intl = useIntl();
  return (id: MessageId, values?: Values) => intl.formatMessage({ id }, values as Record<string, string | number>);
}

/** The active locale (for Intl date and number formatting). */
export function useLocale(): string {
  return useIntl().locale;
}
