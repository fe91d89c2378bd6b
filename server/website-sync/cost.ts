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
//
// A website cost without a symbol of its own ("15", "5,50 €") is shown there with the website's
// default symbol (a TEC setting, `$` unless changed): it is read with that symbol, never with
// Almanac's. TEC exposes the setting nowhere but in v1's `cost`, which it formats with it when the
// event has no symbol (`cost_details.currency_symbol` empty): the sync learns it from there
// (websiteDefaultSymbol) and keeps it on the connection. Almanac's own symbol-less costs are still
// sent with Almanac's symbol (normalCost): on the website they would otherwise show the website's.
import { costValues, parseCostInput, type StoredCost } from '../domain/cost.ts';
import { decodeEntities } from '../domain/html.ts';

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

/** TEC's default for its `defaultCurrencySymbol` setting: the website's symbol until the sync has seen it. */
export const TEC_DEFAULT_SYMBOL = '$';

/** The website's `_EventCost` text in the normal form; `websiteSymbol` is the website's default symbol. */
export function remoteCost(text: string, websiteSymbol: string): string {
  const stored = parseCostInput(text);
  return stored ? normalCost(stored, websiteSymbol) : text.trim();
}

/**
 * Whether the website's cost text reads the same here as there when written as typed: it has its own
 * symbol, or no amount. A bare "15" does not (here it would take Almanac's symbol): its normal form
 * ("$15", with the website's default) is written instead.
 */
export function costTextKeepsSymbol(text: string, websiteSymbol: string): boolean {
  return remoteCost(text, '') === remoteCost(text, websiteSymbol);
}

/**
 * The website's default currency symbol, as v1 shows it: an event with an amount and no symbol of its
 * own has its `cost` formatted with the default (`$15`, `$10 – $20`, or after the amount when the site
 * puts it there). Undefined when this event cannot tell (its own symbol, no amount, "Free").
 */
export function websiteDefaultSymbol(v1: { cost?: unknown; cost_details?: unknown }): string | undefined {
  const details = (v1.cost_details ?? {}) as { currency_symbol?: unknown };
  if (typeof details.currency_symbol === 'string' && details.currency_symbol.trim() !== '') return undefined;
  if (typeof v1.cost !== 'string') return undefined;
  const first = decodeEntities(v1.cost).split(' – ')[0]!.trim();
  const match = /^(\D*?)\s*\d(?:[\d.,]*\d)?\s*(\D*)$/.exec(first);
  if (!match) return undefined;
  const [, before, after] = match;
  const symbol = before!.trim() || after!.trim();
  // A named entity decodeEntities does not know (`&pound;` typed into the setting): cannot tell.
  return /&[a-z]+;/i.test(symbol) ? undefined : symbol;
}

/** Whether the website shows this cost otherwise than Almanac does (its symbol stood after the amount). */
export function costMovesSymbol(symbol: string | null, position: string | null): boolean {
  return (symbol ?? '') !== '' && position === 'postfix';
}
