// A site as the app API shows it.
import type { Site } from '../../db/repositories/sites.ts';
import { EVENTS_NAMESPACE } from '../../http/namespaces.ts';
import type { SiteSummary } from '../../../contract/app/session.ts';

/** `origin` is `http://127.0.0.1:PORT`, the server root the request addressed. */
export function presentSite(site: Site, origin: string): SiteSummary {
  const url = site.code === 'default' ? origin : `${origin}/${site.code}`;
  return {
    code: site.code,
    title: site.title,
    language: site.language,
    timezone: site.timezone,
    per_page: site.perPage,
    url,
    api_root: `${url}/${EVENTS_NAMESPACE.name}`,
    currency: { symbol: site.currencySymbol, position: site.currencyPosition, code: site.currencyCode },
    series_horizon_months: site.seriesHorizonMonths,
  };
}
