// The server's reasons (data.almanac_reasons: a stable code and its values per bad parameter,
// asked for with X-Almanac-Reasons: 1) said in the UI's language, with the field's label instead
// of the API's parameter name: end_date + end_before_start {other: start_date} → "End can’t be
// earlier than Start." / "Fin no puede ser anterior a Inicio." Unknown codes return undefined, and
// the caller shows the server's own text. Pure (no React): unit-tested with the catalogs.
import type { MessageId } from '../i18n/messages/en.ts';
import { ApiError, type Reason } from '../api/errors.ts';

/** The label a parameter has in the forms (the editors' own labels, so the words match). */
export const PARAM_LABELS: Record<string, MessageId> = {
  title: 'editor.title',
  start_date: 'editor.start',
  end_date: 'editor.end',
  all_day: 'editor.allDay',
  timezone: 'editor.timezone',
  description: 'editor.description',
  excerpt: 'editor.excerpt',
  venue: 'editor.venue',
  organizer: 'editor.organizers',
  categories: 'editor.categories',
  tags: 'editor.tags',
  cost: 'editor.cost',
  website: 'editor.website',
  image: 'editor.image',
  featured: 'editor.featured',
  address: 'venues.address',
  city: 'venues.city',
  phone: 'venues.phone',
  geo_lat: 'venues.latitude',
  geo_lng: 'venues.longitude',
  email: 'organizers.email',
  name: 'common.name',
  slug: 'terms.slug',
  parent: 'terms.parent',
  code: 'sites.code',
  language: 'sites.language',
  per_page: 'sites.perPage',
  user: 'tokens.user',
  origin: 'origins.new',
  currency_symbol: 'currency.symbol',
  currency_code: 'currency.code',
  currency_position: 'currency.position',
};

/** Each reason code the UI can show: its catalog entry. */
export const REASON_MESSAGES: Record<string, MessageId> = {
  required: 'reason.required',
  empty: 'reason.empty',
  not_a_date: 'reason.notADate',
  end_before_start: 'reason.endBeforeStart',
  out_of_range: 'reason.outOfRange',
  not_a_timezone: 'reason.notATimezone',
  not_a_url: 'reason.notAUrl',
  not_an_email: 'reason.notAnEmail',
  not_a_cost: 'reason.notACost',
  negative_cost: 'reason.negativeCost',
  name_needed: 'reason.nameNeeded',
  not_found: 'reason.notFound',
  number_between: 'reason.numberBetween',
  type: 'reason.type',
  one_of: 'reason.oneOf',
  minimum: 'reason.minimum',
  maximum: 'reason.maximum',
  too_short: 'reason.tooShort',
  too_long: 'reason.tooLong',
  too_many: 'reason.tooMany',
  format: 'reason.format',
  control_characters: 'reason.controlCharacters',
  slug_letters: 'reason.slugLetters',
  parent_cycle: 'reason.parentCycle',
  site_code: 'reason.siteCode',
  taken: 'reason.taken',
  no_such_user: 'reason.noSuchUser',
  origin: 'reason.origin',
  invalid: 'reason.invalid',
  // Connecting a website (almanac/v1/sites/{code}/website): why the service refused it.
  website_bad_address: 'reason.websiteBadAddress',
  website_unreachable: 'reason.websiteUnreachable',
  website_untrusted_certificate: 'reason.websiteUntrustedCertificate',
  website_not_wordpress: 'reason.websiteNotWordpress',
  website_not_tec: 'reason.websiteNotTec',
  website_password_ignored: 'reason.websitePasswordIgnored',
  website_wrong_password: 'reason.websiteWrongPassword',
  website_not_signed_in: 'reason.websiteNotSignedIn',
  website_cannot_edit_events: 'reason.websiteCannotEditEvents',
};

type Values = Record<string, string | number>;
type Translate = (id: MessageId, values?: Values) => string;

/** `param`'s reason in the catalog's words, or undefined for a code the catalogs do not know. */
export function reasonText(t: Translate, param: string, reason: Reason): string | undefined {
  const id = REASON_MESSAGES[reason.code];
  if (!id) return undefined;
  const label = (name: string) => {
    const labelId = PARAM_LABELS[name.split(/[[.]/)[0]!];
    return labelId ? t(labelId) : name;
  };
  const values: Values = { ...reason.params, field: label(param) };
  if (typeof reason.params?.other === 'string') values.other = label(reason.params.other);
  return t(id, values);
}

/** A failed request's message for one parameter: the catalog's words for its reason, else the server's. */
export function paramError(t: Translate, error: unknown, param: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const reason = error.reasons[param];
  return (reason && reasonText(t, param, reason)) || error.params[param];
}
