// The currency a new site starts with (issue 29: a Berlin site showed a bare "15" as "$15"). The
// Events Calendar asks for a symbol, its position and a code in its settings; so do we (Settings →
// Sites), and start from what the site's language and time zone suggest, so most organizers never
// need to change it. Only the symbol and position change what the API shows; the code is
// cost_details.currency_code. Browser-safe: the service picks a new site's currency with it, and
// Settings → Sites shows and offers the same suggestion (a site moved to Berlin is offered euros).

export interface Currency {
  symbol: string;
  position: 'prefix' | 'postfix';
  code: string;
}

const USD: Currency = { symbol: '$', position: 'prefix', code: 'USD' };
const EUR_AFTER: Currency = { symbol: '€', position: 'postfix', code: 'EUR' };
const EUR_BEFORE: Currency = { symbol: '€', position: 'prefix', code: 'EUR' };

/** The Spanish variants: where each is written, what money it counts. */
const BY_LANGUAGE: Record<string, Currency> = {
  es: EUR_AFTER,
  mx: { symbol: '$', position: 'prefix', code: 'MXN' },
  arg: { symbol: '$', position: 'prefix', code: 'ARS' },
  co: { symbol: '$', position: 'prefix', code: 'COP' },
  cl: { symbol: '$', position: 'prefix', code: 'CLP' },
  pe: { symbol: 'S/', position: 'prefix', code: 'PEN' },
  bo: { symbol: 'Bs', position: 'prefix', code: 'BOB' },
};

/** Time zones whose country writes the euro after the amount ("15 €"). */
const EURO_AFTER_ZONES = [
  'Berlin',
  'Paris',
  'Madrid',
  'Rome',
  'Vienna',
  'Brussels',
  'Amsterdam',
  'Luxembourg',
  'Lisbon',
  'Helsinki',
  'Athens',
  'Bratislava',
  'Ljubljana',
  'Tallinn',
  'Riga',
  'Vilnius',
  'Zagreb',
  'Monaco',
  'Andorra',
  'San_Marino',
  'Vatican',
  'Busingen',
  'Podgorica',
].map((city) => `Europe/${city}`);

const BY_ZONE: Record<string, Currency> = {
  'Europe/Dublin': EUR_BEFORE,
  'Europe/Malta': EUR_BEFORE,
  'Europe/London': { symbol: '£', position: 'prefix', code: 'GBP' },
  'Europe/Zurich': { symbol: 'CHF', position: 'prefix', code: 'CHF' },
  'Europe/Oslo': { symbol: 'kr', position: 'postfix', code: 'NOK' },
  'Europe/Stockholm': { symbol: 'kr', position: 'postfix', code: 'SEK' },
  'Europe/Copenhagen': { symbol: 'kr.', position: 'postfix', code: 'DKK' },
  'Europe/Warsaw': { symbol: 'zł', position: 'postfix', code: 'PLN' },
  'Europe/Prague': { symbol: 'Kč', position: 'postfix', code: 'CZK' },
  'Europe/Budapest': { symbol: 'Ft', position: 'postfix', code: 'HUF' },
  'America/Toronto': { symbol: '$', position: 'prefix', code: 'CAD' },
  'America/Vancouver': { symbol: '$', position: 'prefix', code: 'CAD' },
  'America/Mexico_City': BY_LANGUAGE.mx!,
  'America/Argentina/Buenos_Aires': BY_LANGUAGE.arg!,
  'America/Bogota': BY_LANGUAGE.co!,
  'America/Santiago': BY_LANGUAGE.cl!,
  'America/Lima': BY_LANGUAGE.pe!,
  'America/La_Paz': BY_LANGUAGE.bo!,
  'America/Sao_Paulo': { symbol: 'R$', position: 'prefix', code: 'BRL' },
  'Asia/Tokyo': { symbol: '¥', position: 'prefix', code: 'JPY' },
  'Asia/Kolkata': { symbol: '₹', position: 'prefix', code: 'INR' },
  'Pacific/Auckland': { symbol: '$', position: 'prefix', code: 'NZD' },
};
for (const zone of EURO_AFTER_ZONES) BY_ZONE[zone] = EUR_AFTER;

/** The currency of the place a time zone names, when it is one we know. */
export function currencyOfZone(timezone: string): Currency | undefined {
  return (
    BY_ZONE[timezone] ??
    (timezone.startsWith('Australia/') ? { symbol: '$', position: 'prefix', code: 'AUD' } : undefined)
  );
}

/** What a new site's costs are written in, from its time zone (the place) and its language. */
export function defaultCurrency(language: string, timezone: string): Currency {
  return currencyOfZone(timezone) ?? BY_LANGUAGE[language] ?? USD;
}
