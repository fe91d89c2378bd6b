// The cost as it travels to the website and is compared, in one normal form both sides' costs are
// brought to. TEC keeps one string and guesses its currency symbol from it, splitting on commas
// ("5,50 €" has no symbol for TEC, and shows as "$5,50" with the website's default; a range
// written "€10 – €20" or "€10, €20" loses its symbol too — its number pattern swallows a comma
// right after a digit: tec-website.md, "cost"). So a cost is sent as the amounts, each with its
// symbol in front, separated by " , " — "€15", "€10 , €20", "€5.50" — the one spelling TEC reads
// back with the right symbol and amounts; words without an amount ("Free", "Donation") go as written;
// "0" is no cost at all for TEC (PHP's empty("0")). The same form is made from the website's own
// text, so a cost typed there as "5,50 €" and the same cost here compare equal, and nothing is
// sent back just to change its spelling.
import { costValues, parseCostInput, type StoredCost } from '../domain/cost.ts';

const HAS_AMOUNT = /\d/;

export function normalCost(stored: StoredCost, siteSymbol: string): string {
  const kept = stored.raw.map((item) => item.trim()).filter((item) => item !== '');
  if (kept.length === 0 || kept.every((item) => item === '0')) return '';
  const symbol = stored.symbol || siteSymbol;
  const pieces: string[] = [];
  for (const item of kept) {
    if (!HAS_AMOUNT.test(item)) pieces.push(item);
    else for (const value of costValues([item])) pieces.push(`${symbol}${value}`);
  }
  return [...new Set(pieces)].join(' , ');
}

/** Almanac's stored cost (posts.cost_raw, cost_symbol, cost_position) in the normal form. */
export function localCost(
  raw: string | null,
  symbol: string | null,
  position: string | null,
  siteSymbol: string,
): string {
  const items = raw ? (JSON.parse(raw) as string[]) : [];
  const where = position === 'prefix' || position === 'postfix' ? position : '';
  return normalCost({ raw: items, symbol: symbol ?? '', position: where }, siteSymbol);
}

/** The website's `_EventCost` text in the normal form. */
export function remoteCost(text: string, siteSymbol: string): string {
  const stored = parseCostInput(text);
  return stored ? normalCost(stored, siteSymbol) : text.trim();
}

/** Whether the website shows this cost otherwise than Almanac does (its symbol stood after the amount). */
export function costMovesSymbol(symbol: string | null, position: string | null): boolean {
  return (symbol ?? '') !== '' && position === 'postfix';
}
