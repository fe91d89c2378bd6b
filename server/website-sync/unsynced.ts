// What of an event The Events Calendar cannot hold, and stays in Almanac only — for the UI's "not
// on the website" marks: its translated variants, the site's currency code (TEC keeps only a
// symbol), a symbol written after the amount (TEC shows it before: cost.ts), a repeating series'
// rule (TEC without Pro has none: its occurrences are published as events), and a password
// (TEC's v1 routes cannot set one).
import type { Store } from '../db/store.ts';
import type { Site } from '../db/repositories/sites.ts';
import { websiteRepositories } from '../db/repositories/website-sync.ts';
import { costMovesSymbol } from './cost.ts';

export type NotOnWebsite = 'translations' | 'currency_code' | 'symbol_after_amount' | 'repeat_rule' | 'password';

export function notOnWebsite(store: Store, site: Site, eventId: number): NotOnWebsite[] {
  const row = store.posts.get(site.id, eventId);
  if (!row || row.type !== 'event') return [];
  const out: NotOnWebsite[] = [];
  if (websiteRepositories(store.db).items.hasTranslations(site.id, eventId)) out.push('translations');
  const hasCost = row.cost_raw !== null && row.cost_raw !== '[]';
  if (hasCost && site.currencyCode !== '') out.push('currency_code');
  const postfix =
    costMovesSymbol(row.cost_symbol, row.cost_position) || (!row.cost_symbol && site.currencyPosition === 'postfix');
  if (hasCost && postfix) out.push('symbol_after_amount');
  if (row.series_id !== null) out.push('repeat_rule');
  if (row.password !== '') out.push('password');
  return out;
}
