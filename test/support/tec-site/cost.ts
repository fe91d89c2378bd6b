// TEC's cost handling (tribe-common Cost_Utils + TEC's get_formatted_event_cost): the cost is stored as
// the string written; its currency symbol and position are *guessed* from that string when it is written
// (the guess splits on commas, so `5,50 €` yields no symbol), and the v1 `cost` is rebuilt from the numbers
// found in it, with the stored symbol or the site's default `$`.

const COST_REGEX = /[,.]?(\d+)[,.]?(\d*)/g;

/** parse_cost_range(): the numbers found in cost strings, keyed by a sortable index. */
function parseCostRange(costs: string[], sort = true): Map<string, string> {
  const found: string[] = [];
  let maxDecimals = 0;
  for (const cost of costs) {
    const matches = [...cost.matchAll(COST_REGEX)];
    if (matches.length === 0) {
      found.push(cost);
      continue;
    }
    for (const m of matches) {
      found.push(m[0]);
      maxDecimals = Math.max(maxDecimals, m[2]!.length);
    }
  }
  const out = new Map<string, string>();
  for (const cost of found) {
    const numeric = cost.replace(/[,.]/g, '.');
    const index = isNumeric(numeric)
      ? Number(numeric).toFixed(maxDecimals).replace(/[.,]/g, '')
      : cost.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    out.set(index, cost);
  }
  if (!sort) return out;
  // PHP's ksort(): integer-like keys compare as numbers.
  const compare = (a: string, b: string): number =>
    /^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0;
  return new Map([...out.entries()].sort(([a], [b]) => compare(a, b)));
}

function isNumeric(text: string): boolean {
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(text);
}

/** parse_currency_symbol(): the text around the number, when every comma-separated part agrees. */
export function parseCurrencySymbol(cost: string): string | false {
  if (!cost) return false;
  const originals = cost.split(/\s*,\s*/);
  const costs = parseCostRange(originals, false);
  const symbols: string[] = [];
  let i = 0;
  for (const [key, value] of costs) {
    if (isNumeric(key)) {
      symbols.push((originals[i] ?? '').replaceAll(value, '').trim());
      if (symbols.at(-1) !== symbols[0]) return false;
    }
    i++;
  }
  return symbols[0] ? symbols[0] : false;
}

/** parse_currency_position(): `prefix` or `postfix` where the guessed symbol stands. */
export function parseCurrencyPosition(cost: string): 'prefix' | 'postfix' | false {
  if (!cost) return false;
  const symbol = parseCurrencySymbol(cost);
  if (!symbol) return false;
  const positions: string[] = [];
  for (const original of cost.split(/\s*,\s*/)) {
    const at = original.trim().indexOf(symbol);
    if (at < 0) continue;
    positions.push(at === 0 ? 'prefix' : 'postfix');
    if (positions.at(-1) !== positions[0]) return false;
  }
  return (positions[0] as 'prefix' | 'postfix' | undefined) ?? false;
}

function minMax(costs: Map<string, string>): { min: string; max: string } {
  const values = [...costs.values()];
  if (values.length === 1 && !isNumeric(values[0]!.replace(/[,.]/g, '.'))) return { min: values[0]!, max: values[0]! };
  const numeric = [...costs.entries()].filter(([key]) => isNumeric(key)).map(([, v]) => v);
  if (numeric.length === 0) return { min: '0', max: '0' };
  return { min: numeric[0]!, max: numeric.at(-1)! };
}

/** The v1 `cost`: `€15`, `$10 – $50`, `Free`, `$5,50`, or `""` without a cost. */
export function formatCost(stored: string, symbol: string, position: string, defaultSymbol: string): string {
  if (stored === '') return '';
  const { min, max } = minMax(parseCostRange([stored]));
  const format = (value: string): string => {
    const cost = value === '0' ? 'Free' : value;
    if (!/^\d+$/.test(cost.replace(/[,.]/g, ''))) return escapeCost(cost);
    const sign = symbol || defaultSymbol;
    const reverse = position !== '' && position !== 'prefix';
    return escapeCost(reverse ? cost + sign : sign + cost);
  };
  return min === max ? format(min) : `${format(min)} – ${format(max)}`;
}

function escapeCost(text: string): string {
  return text
    .replace(/&(?!#?\w+;)/g, '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#039;');
}

/** The v1 `cost_details.values`: numeric strings with `.` decimals, ascending. */
export function costValues(stored: string): string[] {
  if (stored === '') return [];
  const values: string[] = [];
  for (const [key, raw] of parseCostRange([stored])) {
    const [decimal, thousands] = parseSeparators(raw);
    const value = raw.replaceAll(thousands, '').replaceAll(decimal, '.');
    values.push(isNumeric(value) ? value : key);
  }
  return values.sort((a, b) => Number(a) - Number(b));
}

/** Cost_Utils::parse_separators() with an English locale (`.` decimal, `,` thousands). */
function parseSeparators(value: string): [string, string] {
  const seps = value.match(/[.,]+/g);
  if (!seps) return ['.', ','];
  if (new Set(seps).size > 1) return [seps.at(-1)!, seps[0]!];
  const last = seps.at(-1)!;
  const frags = value.split(last);
  if (frags.at(-1)!.length !== 3) return [last, last === '.' ? ',' : '.'];
  return ['.', ','];
}
