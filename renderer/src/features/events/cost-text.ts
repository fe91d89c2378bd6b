// A cost as the organizer reads it: the amounts of cost_details in the UI's number format, with the
// event's own currency symbol when it was typed with one, else the site's (Settings → Sites) — on a
// Berlin site "15" is "15 €", "12–22" is "12–22 €", and "Free – 10" keeps its word. The API's `cost`
// string stays The Events Calendar's ("15€", "12€ – 22€"); this is only how the UI says it.
// Pure: unit-tested.

export interface CostDetails {
  currency_symbol: string;
  currency_position: string;
  values: string[];
}

export interface SiteCurrency {
  symbol: string;
  position: 'prefix' | 'postfix';
}

const NBSP = '\u00a0';

/** `amount` with the symbol where it goes ("15 €", "$15", "CHF 15"). */
export function withSymbol(amount: string, currency: SiteCurrency): string {
  if (currency.symbol === '') return amount;
  if (currency.position === 'postfix') return `${amount}${NBSP}${currency.symbol}`;
  // A symbol written as letters ("CHF", "Bs") is set apart; "$" and "S/" are not.
  return /\p{L}$/u.test(currency.symbol) ? `${currency.symbol}${NBSP}${amount}` : `${currency.symbol}${amount}`;
}

const formats = new Map<string, Intl.NumberFormat>();
/**
 * Intl.NumberFormat is slow to build (a page of the Events list built two per row, on each of its
 * draws): one per locale and number of decimals, as dates.ts keeps its date formats.
 */
function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format;
}

/**
 * The cost in words: '' for none, `free` for 0 alone, "Free – 10 €" for a free and a paid value,
 * and `fallback` (the API's own string) when cost_details has no amounts it can read.
 */
export function costText(
  details: CostDetails | undefined,
  site: SiteCurrency,
  locale: string,
  free: string,
  fallback = '',
): string {
  const values = details?.values ?? [];
  if (values.length === 0) return fallback;
  const numbers = values.map(Number);
  if (numbers.some((n) => !Number.isFinite(n))) return fallback;
  const currency: SiteCurrency =
    details!.currency_symbol !== ''
      ? { symbol: details!.currency_symbol, position: details!.currency_position === 'postfix' ? 'postfix' : 'prefix' }
      : site;
  const decimals = values.some((value) => /\.\d*[1-9]/.test(value)) ? 2 : 0;
  const format = numberFormat(locale, decimals);
  const paid = [...new Set(numbers.filter((n) => n > 0))].sort((a, b) => a - b);
  const amounts = paid.length === 0 ? '' : withSymbol(paid.map((n) => format.format(n)).join('–'), currency);
  const isFree = numbers.some((n) => n === 0);
  if (!amounts) return isFree ? free : fallback;
  return isFree ? `${free} – ${amounts}` : amounts;
}
