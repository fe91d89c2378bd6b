// Response schemas: the reference's representations (tec-reference §1), key order included.
// They document /doc and are what the response-validity tests check bodies against.
import { Type } from '@sinclair/typebox';
import { EVENT_FLAG_NAMES, type EventFlagName } from './constants.ts';

/** Every date string of a representation (contract §3): 'YYYY-MM-DD HH:MM:SS'. */
const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });
const digits = (n: number) => Type.String({ pattern: `^\\d{${n}}$` });

const DateDetails = Type.Object(
  {
    year: digits(4),
    month: digits(2),
    day: digits(2),
    hour: digits(2),
    minutes: digits(2),
    seconds: digits(2),
  },
  { $id: 'DateDetails', description: 'A date split into zero-padded strings.' },
);

const Image = Type.Object(
  {
    url: Type.String(),
    id: Type.Integer(),
    extension: Type.Optional(Type.String()),
    width: Type.Optional(Type.Integer()),
    height: Type.Optional(Type.Integer()),
    sizes: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { $id: 'Image' },
);

const ImageOrFalse = Type.Union([Type.Ref(Image), Type.Literal(false)]);

const CostDetails = Type.Object(
  {
    currency_symbol: Type.String(),
    currency_code: Type.String(),
    currency_position: Type.String(),
    values: Type.Array(Type.String()),
  },
  { $id: 'CostDetails' },
);

const TermUrls = Type.Object({
  self: Type.String(),
  collection: Type.String(),
  up: Type.Optional(Type.String()),
});

/** A term as embedded in an event's categories/tags. */
export const EmbeddedTerm = Type.Object(
  {
    name: Type.String(),
    slug: Type.String(),
    term_group: Type.Integer(),
    term_taxonomy_id: Type.Integer(),
    taxonomy: Type.String(),
    description: Type.String(),
    parent: Type.Integer(),
    count: Type.Integer(),
    filter: Type.String(),
    id: Type.Integer(),
    urls: TermUrls,
    translation_language: Type.Optional(Type.String()),
  },
  { $id: 'EmbeddedTerm' },
);

/** A term from the /categories and /tags endpoints. */
export const Term = Type.Object(
  {
    id: Type.Integer(),
    count: Type.Integer(),
    description: Type.String(),
    name: Type.String(),
    slug: Type.String(),
    taxonomy: Type.String(),
    parent: Type.Optional(Type.Integer()),
    // Always present; optional only so the serializer writes them after `parent` (categories only).
    meta: Type.Optional(Type.Array(Type.Unknown())),
    url: Type.Optional(Type.String()),
    urls: Type.Optional(TermUrls),
    translation_language: Type.Optional(Type.String()),
    /** WordPress's HAL links: on a single term's answer (create, read, update, delete), not in lists. */
    _links: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Array(
          // In the order WordPress writes each kind: curies name-href-templated, the rest href first.
          // (href is always there; optional only so the serializer keeps this order.)
          Type.Object({
            name: Type.Optional(Type.String()),
            href: Type.Optional(Type.String()),
            targetHints: Type.Optional(Type.Object({ allow: Type.Array(Type.String()) })),
            embeddable: Type.Optional(Type.Boolean()),
            templated: Type.Optional(Type.Boolean()),
          }),
        ),
      ),
    ),
  },
  { $id: 'Term' },
);

const globalIds = {
  global_id: Type.String(),
  global_id_lineage: Type.Array(Type.String()),
};

/** Always present after optional keys: declared optional so the serializer keeps the reference's order. */
const trailingGlobalIds = {
  global_id: Type.Optional(Type.String()),
  global_id_lineage: Type.Optional(Type.Array(Type.String())),
};

const postHead = {
  id: Type.Integer(),
  author: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()),
  date: Type.Optional(DateString),
  date_utc: Type.Optional(DateString),
  modified: Type.Optional(DateString),
  modified_utc: Type.Optional(DateString),
  url: Type.Optional(Type.String()),
};

/** Venue: empty fields are dropped, as the reference does. */
export const Venue = Type.Object(
  {
    ...postHead,
    venue: Type.Optional(Type.Unknown({ description: 'The name (an empty array when password-protected).' })),
    description: Type.Optional(Type.String()),
    excerpt: Type.Optional(Type.String()),
    slug: Type.Optional(Type.String()),
    image: Type.Optional(ImageOrFalse),
    address: Type.Optional(Type.String()),
    city: Type.Optional(Type.String()),
    country: Type.Optional(Type.String()),
    province: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    zip: Type.Optional(Type.String()),
    phone: Type.Optional(Type.String()),
    website: Type.Optional(Type.String()),
    stateprovince: Type.Optional(Type.String()),
    geo_lat: Type.Optional(Type.Number()),
    geo_lng: Type.Optional(Type.Number()),
    json_ld: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    // Always present, but declared optional: the serializer writes required keys first, and these
    // follow optional ones in the reference's key order.
    show_map: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    show_map_link: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    ...trailingGlobalIds,
    translation_language: Type.Optional(Type.String()),
  },
  { $id: 'Venue' },
);

/** Organizer: empty fields are dropped, as the reference does. */
export const Organizer = Type.Object(
  {
    ...postHead,
    organizer: Type.Optional(Type.Unknown({ description: 'The name (an empty array when password-protected).' })),
    description: Type.Optional(Type.String()),
    excerpt: Type.Optional(Type.String()),
    slug: Type.Optional(Type.String()),
    image: Type.Optional(ImageOrFalse),
    phone: Type.Optional(Type.String()),
    website: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    json_ld: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    ...trailingGlobalIds,
    translation_language: Type.Optional(Type.String()),
  },
  { $id: 'Organizer' },
);

const nullableBoolean = Type.Union([Type.Boolean(), Type.Null()]);

/** Event: every key always present, in the reference's order. */
export const Event = Type.Object(
  {
    id: Type.Integer(),
    ...globalIds,
    author: Type.String(),
    status: Type.String(),
    date: DateString,
    date_utc: DateString,
    modified: DateString,
    modified_utc: DateString,
    url: Type.String(),
    rest_url: Type.String(),
    title: Type.String(),
    description: Type.String(),
    excerpt: Type.String(),
    slug: Type.String(),
    image: ImageOrFalse,
    all_day: nullableBoolean,
    start_date: DateString,
    start_date_details: Type.Ref(DateDetails),
    end_date: DateString,
    end_date_details: Type.Ref(DateDetails),
    utc_start_date: DateString,
    utc_start_date_details: Type.Ref(DateDetails),
    utc_end_date: DateString,
    utc_end_date_details: Type.Ref(DateDetails),
    timezone: Type.String(),
    timezone_abbr: Type.String(),
    cost: Type.String(),
    cost_details: Type.Ref(CostDetails),
    website: Type.String(),
    ...(Object.fromEntries(EVENT_FLAG_NAMES.map((name) => [name, nullableBoolean])) as {
      [K in EventFlagName]: typeof nullableBoolean;
    }),
    categories: Type.Array(Type.Ref(EmbeddedTerm)),
    tags: Type.Array(Type.Ref(EmbeddedTerm)),
    venue: Type.Union([Type.Ref(Venue), Type.Array(Type.Ref(Venue))], {
      description: 'The venue object; several venues as an array; none as an empty array.',
    }),
    organizer: Type.Array(Type.Ref(Organizer)),
    custom_fields: Type.Union([Type.Array(Type.Unknown()), Type.Record(Type.String(), Type.Unknown())]),
    json_ld: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    translation_language: Type.Optional(Type.String()),
  },
  { $id: 'Event' },
);

export const ErrorBody = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    data: Type.Object({ status: Type.Integer() }, { additionalProperties: true }),
    /** WordPress's copy of earlier error data (term_exists: the existing term's id). */
    additional_data: Type.Optional(Type.Array(Type.Unknown())),
  },
  { $id: 'Error' },
);

/** Every component schema, for /doc's components and for response validation. */
export const COMPONENTS = [DateDetails, Image, CostDetails, EmbeddedTerm, Term, Venue, Organizer, Event, ErrorBody];

export function listEnvelope(key: string, item: typeof Event | typeof Venue | typeof Organizer) {
  return Type.Object({
    [key]: Type.Array(Type.Ref(item)),
    rest_url: Type.String(),
    next_rest_url: Type.Optional(Type.String()),
    previous_rest_url: Type.Optional(Type.String()),
    // Always present; optional only so the serializer keeps them after next/previous.
    total: Type.Optional(Type.Integer()),
    total_pages: Type.Optional(Type.Integer()),
  });
}
