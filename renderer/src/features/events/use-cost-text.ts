// costText with the site's currency, the UI's locale and its word for free.
import { useSession } from '../../api/session.ts';
import { useLocale, useT } from '../../i18n/index.tsx';
import { costText, type CostDetails } from './cost-text.ts';

/** The site's currency (the same object until it changes: usable as a memo dependency). */
export function useSiteCurrency() {
  return useSession().data?.site.currency ?? DEFAULT_CURRENCY;
}
const DEFAULT_CURRENCY = { symbol: '$', position: 'prefix' as const };

export function useCostText() {
  const t = useT();
  const locale = useLocale();
  const currency = useSiteCurrency();
  return (details: CostDetails | undefined, fallback = '') =>
    costText(details, currency, locale, t('cost.free'), fallback);
}
