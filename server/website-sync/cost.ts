// The cost as it travels to the website and is compared. TEC keeps one string and guesses the
// currency symbol from it — only a symbol before the amount ("€15"); "5,50 €" is read as no
// symbol and shown with the website's default "$" (tec-website.md, "cost"). So every cost is sent
// with its symbol in front: the symbol it was typed with, or the Almanac site's currency. Where
// the symbol stood after the amount here, the website shows it before (unsynced.ts says so).
// A cost of "0" is no cost at all for TEC (PHP's empty("0")): it is sent and compared as "".
const AMOUNT = /\d/;

function itemText(item: string, symbol: string, position: string, siteSymbol: string): string {
  const text = item.trim();
  if (!AMOUNT.test(text)) return text; // "Free", "Donation": no amount, no symbol
  if (symbol !== '' && position === 'postfix') {
    const at = text.lastIndexOf(symbol);
    const bare = at >= 0 ? (text.slice(0, at) + text.slice(at + symbol.length)).trim() : text;
    return `${symbol}${bare}`;
  }
  if (symbol !== '') return text; // already "€15"
  return `${siteSymbol}${text}`;
}

/** The stored cost (posts.cost_raw, cost_symbol, cost_position) as the one string the website keeps. */
export function websiteCost(
  raw: string | null,
  symbol: string | null,
  position: string | null,
  siteSymbol: string,
): string {
  const items = raw ? (JSON.parse(raw) as string[]) : [];
  const kept = items.map((item) => item.trim()).filter((item) => item !== '');
  if (kept.length === 0 || kept.every((item) => item === '0')) return '';
  return kept.map((item) => itemText(item, symbol ?? '', position ?? '', siteSymbol)).join(' – ');
}

/** Whether the website shows this cost differently from Almanac (a symbol after the amount). */
export function costMovesSymbol(symbol: string | null, position: string | null): boolean {
  return (symbol ?? '') !== '' && position === 'postfix';
}
