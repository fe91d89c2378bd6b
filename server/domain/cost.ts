// Event cost, as The Events Calendar (TEC) handles it.
//
// TEC keeps the cost as free text typed by a person ("20$", "€ 10,50", "Free",
// "10 - 50") or as a list of such strings, and works out the numbers, the currency
// symbol and the range from it when it answers. We store what was sent (normalised
// only by trimming) plus the symbol seen in it, and compute the rest on the way out,
// so a value is never lost to a parse we got wrong and the parse can be improved
// later without migrating data.

/** The `cost_details` object of a TEC REST event. */
interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: string;
  values: string[];
}

/** What we keep for an event's cost. `symbol` and `position` are '' when the text had no symbol. */
export interface StoredCost {
  raw: string[];
  symbol: string;
  position: '' | 'prefix' | 'postfix';
}

// Longer text is not a price but a paragraph; TEC's own cost field is one line.
const MAX_COST_LENGTH = 200;

const cleared = (): StoredCost => ({ raw: [], symbol: '', position: '' });

/**
 * Checks and normalises the `cost` a client sent. Returns null for a value TEC would
 * reject (objects, booleans, nested arrays, non-finite numbers, text longer than
 * MAX_COST_LENGTH) and an empty cost for '', [] and null, which clear the cost.
 */
export function parseCostInput(input: unknown): StoredCost | null {
  // undefined is treated like null: the caller decides whether an absent field means
  // "leave as is"; when it does pass it on, the only sensible reading is "no cost".
  if (input === null || input === undefined) return cleared();
  const items = Array.isArray(input) ? (input as unknown[]) : [input];
  const raw: string[] = [];
  for (const item of items) {
    const text = costItemText(item);
    if (text === null) return null;
    // Empty items (a cleared form field, "", "  ") carry nothing; dropping them keeps
    // them from counting as a 0 (that is "Free") later on.
    if (text !== '') raw.push(text);
  }
  if (raw.length === 0) return cleared();
  const found = inferSymbol(raw);
  return { raw, symbol: found?.symbol ?? '', position: found?.position ?? '' };
}

/**
 * Whether a cost asks for a negative price ("-15", "−15 €", "$-15", -15): refused (issue 29: "-15"
 * silently became "$15", as the reference shows it). A dash between two amounts is a range, and
 * a word before a dash ("Free - 30") is not a sign.
 */
export function isNegativeCost(input: unknown): boolean {
  const items = Array.isArray(input) ? (input as unknown[]) : [input];
  return items.some((item) =>
    typeof item === 'number'
      ? item < 0
      : typeof item === 'string' && /^\s*(?:\p{Sc}\s*)?[-−]\s*(?:\p{Sc}\s*)?\d/u.test(item),
  );
}

// One entry of the cost as trimmed text, or null when the entry is not allowed.
function costItemText(item: unknown): string | null {
  if (typeof item === 'number') return Number.isFinite(item) ? String(item) : null;
  if (typeof item !== 'string') return null;
  const text = item.trim();
  return text.length > MAX_COST_LENGTH ? null : text;
}

// Characters that sit around amounts without being part of a symbol: white space,
// decimal and thousands separators, range dashes, slashes and brackets.
// The symbol is the run of other characters right next to the amount: before the first
// digit ("$25", "USD 25", "Free - $30" gives "$") or else after the last one ("20$",
// "25 kr.").
const PREFIX_SYMBOL_RE = /([^\d\s.,'’~/()–—-]+)\s*$/u;
const POSTFIX_SYMBOL_RE = /^\s*([^\d\s.,'’~/()–—-]+)/u;

// Keeps words from being taken for a symbol ("Tickets 30", "Entry 10"): currency
// codes and abbreviations have at most three letters (USD, CHF, kr, zł, руб), and
// symbols with a sign are short too (R$, US$, NZ$). Short words still pass ("ab 10"),
// which is why inferSymbol prefers a currency sign when there is one.
function plausibleSymbol(candidate: string): boolean {
  const length = [...candidate].length;
  return /^\p{L}+$/u.test(candidate) ? length <= 3 : length <= 4;
}

function inferSymbol(raw: string[]): { symbol: string; position: 'prefix' | 'postfix' } | null {
  for (const text of raw) {
    const first = text.search(/\d/);
    if (first < 0) continue; // "Free", "Donation": no amount, so no symbol either
    const last = text.search(/\d(?=\D*$)/);
    const prefix = PREFIX_SYMBOL_RE.exec(text.slice(0, first))?.[1];
    const postfix = POSTFIX_SYMBOL_RE.exec(text.slice(last + 1))?.[1];
    const candidates = [
      prefix !== undefined && plausibleSymbol(prefix) ? { symbol: prefix, position: 'prefix' as const } : null,
      postfix !== undefined && plausibleSymbol(postfix) ? { symbol: postfix, position: 'postfix' as const } : null,
    ].filter((c) => c !== null);
    // A real currency sign beats letters on the other side ("ab 10 €"), otherwise the
    // prefix wins, as in "$10 USD".
    const found = candidates.find((c) => /\p{Sc}/u.test(c.symbol)) ?? candidates[0];
    if (found) return found;
  }
  return null;
}

// Range separators. En/em dash and tilde always separate; an ASCII hyphen only when it
// is not inside a word, so "10-50" and "Free - 30" split but "Pay-what-you-can" does not.
const RANGE_SEPARATOR_RE = /[–—~]|(?<!\p{L})-|-(?!\p{L})/u;
// An amount: digits with separators inside. Besides '.' and ',' we allow the thousands
// separators of Swiss ("1'000") and French ("1 000", also with a no-break or narrow
// no-break space) prices. A space only counts when exactly three digits follow, so
// "10 20" stays two numbers while "1 000 €" does not become 1 and 0.
const AMOUNT_RE = /\d+(?:(?:[.,'’]|[ \u00a0\u202f](?=\d{3}(?!\d)))\d+)*/g;

/**
 * The amounts in a stored cost, as TEC's cost_details.values: plain decimal strings
 * ('1.000,50' -> '1000.50'), ascending, without duplicates. Text without an amount
 * ("Free", "Donation") counts as 0.
 */
export function costValues(raw: string[]): string[] {
  const byValue = new Map<number, string>();
  const add = (value: string): void => {
    const n = Number(value);
    // Keep the first spelling of a number: '10' and '10.00' are one price.
    if (!byValue.has(n)) byValue.set(n, value);
  };
  for (const text of raw) {
    let any = false;
    for (const part of text.split(RANGE_SEPARATOR_RE)) {
      const amounts = part.match(AMOUNT_RE);
      if (amounts) {
        for (const amount of amounts) add(normaliseAmount(amount));
        any = true;
      } else if (/\p{L}/u.test(part)) {
        // A word without a number next to a range dash, as in "Free - $30": the free end.
        add('0');
        any = true;
      }
    }
    // Text with neither amount nor word ("?", "-") still says something was entered;
    // TEC reads it as 0 like any other non-numeric cost.
    if (!any) add('0');
  }
  return [...byValue.entries()].sort((a, b) => a[0] - b[0]).map(([, value]) => value);
}

// Turns one written amount into a plain decimal string. Which of '.' and ',' is the
// decimal separator depends on the writer's locale, so we decide from the shape:
//  - both present: the last one is decimal ('1.000,50', '1,000.50');
//  - one of them, several times: thousands ('1.000.000');
//  - one of them once: decimal, unless exactly three digits follow a 1-3 digit
//    non-zero integer part ('1,000', '10.500' are thousands; '10,50', '0.500' are
//    decimals). Prices with three decimals are rarer than prices over a thousand.
// Decimals are kept as written ('10.50' stays '10.50'); leading zeros go.
function normaliseAmount(amount: string): string {
  const text = amount.replace(/['’ \u00a0\u202f]/g, '');
  const decimalAt = decimalSeparatorIndex(text);
  const intPart = (decimalAt < 0 ? text : text.slice(0, decimalAt)).replace(/[.,]/g, '').replace(/^0+(?=\d)/, '');
  return decimalAt < 0 ? intPart : `${intPart}.${text.slice(decimalAt + 1)}`;
}

// Index of the decimal separator in an amount, -1 when it has none.
function decimalSeparatorIndex(text: string): number {
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) return Math.max(lastDot, lastComma);
  const at = Math.max(lastDot, lastComma);
  if (at < 0) return -1;
  const sep = lastDot >= 0 ? '.' : ',';
  if (text.indexOf(sep) !== at) return -1; // used more than once: thousands
  const intPart = text.slice(0, at);
  const looksLikeThousands = text.length - at - 1 === 3 && intPart.length <= 3 && !/^0+$/.test(intPart);
  return looksLikeThousands ? -1 : at;
}

/**
 * Whether the running reference shows this cost as none at all: a cost of `"0"` (or `0`) is
 * "empty" to PHP (`empty("0")`), so TEC answers `cost: ""`, no values and no offer, although its
 * documentation says zero shows as "Free" (issue 21: clients see what runs). "0.00", "$0" and
 * "Free" are not empty to PHP and still show as "Free".
 */
function isEmptyCost(stored: StoredCost): boolean {
  return stored.raw.length > 0 && stored.raw.every((item) => item.trim() === '0');
}

/**
 * The `cost` string of a TEC REST event: '' without a cost (or for "0": isEmptyCost), "Free" for 0, the amount
 * with its symbol, or "<lowest> – <highest>" for several amounts (TEC shows the range,
 * not every price). The symbol and position seen in the text win over the site
 * defaults, so "20$" stays "20$" on a site that writes "$20".
 */
export function formatCost(stored: StoredCost, defaults: { symbol: string; position: 'prefix' | 'postfix' }): string {
  if (isEmptyCost(stored)) return '';
  const values = costValues(stored.raw);
  const lowest = values[0];
  const highest = values[values.length - 1];
  if (lowest === undefined || highest === undefined) return '';
  const symbol = stored.symbol || defaults.symbol;
  const position = (stored.symbol && stored.position) || defaults.position;
  const one = (value: string): string => {
    if (Number(value) === 0) return 'Free';
    return position === 'prefix' ? `${symbol}${value}` : `${value}${symbol}`;
  };
  return values.length === 1 ? one(lowest) : `${one(lowest)} – ${one(highest)}`;
}

/**
 * The `cost_details` of a TEC REST event. Symbol and position are only those seen in
 * the cost text (TEC leaves them '' rather than filling in the site defaults, which
 * clients read from the site settings).
 */
export function costDetails(stored: StoredCost, currencyCode: string): CostDetails {
  return {
    currency_symbol: stored.symbol,
    currency_code: currencyCode,
    currency_position: stored.position,
    values: isEmptyCost(stored) ? [] : costValues(stored.raw),
  };
}
