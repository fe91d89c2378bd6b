// costText with the site's currency, the UI's locale and its word for free.
import { useSession } from '../../api/session.ts';
import { useLocale, useT } from '../../i18n/index.tsx';
import { costText, type CostDetails } from './cost-text.ts';

export function useCostText() {
  const t = useT();
  const locale = useLocale();
  const currency = useSession().data?.site.currency ?? { symbol: '$', position: 'prefix' as const };
  return (details: CostDetails | undefined, fallback = '') =>
    costText(details, currency, locale, t('cost.free'), fallback);
}
