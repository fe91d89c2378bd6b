// The currency a new site starts with: the rules live in contract/currency.ts, which the UI reads
// too (Settings → Sites shows and offers the same suggestion).
export { currencyOfZone, defaultCurrency, type Currency } from '../../contract/currency.ts';
