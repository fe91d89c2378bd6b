// Arguments of the event routes (spec §2.1 and §4.2). These schemas validate requests, type the
// handlers (Static<>) and generate the namespace index and /doc.
import { Type, type Static, type TBoolean, type TOptional } from '@sinclair/typebox';
import { EVENT_FLAG_NAMES, EVENT_FLAGS, type EventFlagName } from './constants.ts';
import {
  dateInput,
  idList,
  idOrSlugList,
  looseBoolean,
  page,
  pathId,
  perPage,
  postId,
  slugParam,
  text,
  translationLanguage,
} from './args.ts';
import { commonPostFields, passwordField } from './post-args.ts';
import { VenueInline } from './venues.ts';
import { OrganizerInline } from './organizers.ts';

const O = Type.Optional;

export const EventListArgs = Type.Object({
  page: O(page),
  per_page: O(perPage('events')),
  start_date: O(dateInput('Events that start on or after this date. Default: the start of yesterday.')),
  end_date: O(dateInput('Events that end on or before this date. Default: the end of the day 24 months ahead.')),
  starts_before: O(dateInput('Events that start before this date.')),
  starts_after: O(dateInput('Events that start after this date.')),
  ends_before: O(dateInput('Events that end before this date.')),
  ends_after: O(dateInput('Events that end after this date.')),
  strict_dates: O(
    looseBoolean('When false, date filters include whole days; when true, they apply at the exact times given.', false),
  ),
  search: O(text('Events whose title, description or excerpt contains this text.', { min: 1, max: 200 })),
  categories: O(idOrSlugList('Events in any of these categories (IDs or slugs); a parent matches its children.')),
  tags: O(idOrSlugList('Events with any of these tags (IDs or slugs).')),
  venue: O(idList('Events at any of these venues (IDs).')),
  organizer: O(idList('Events by any of these organizers (IDs).')),
  featured: O(Type.Boolean({ description: 'Only featured events (true) or only non-featured ones (false).' })),
  status: O(text('Post status, or a comma-separated list of statuses.', { min: 1, max: 200 })),
  geoloc: O(Type.Boolean({ description: 'Only events whose venue has coordinates (true) or has none (false).' })),
  geoloc_lat: O(
    Type.Number({ minimum: -90, maximum: 90, description: 'Latitude of the search centre; needs geoloc_lng.' }),
  ),
  geoloc_lng: O(
    Type.Number({ minimum: -180, maximum: 180, description: 'Longitude of the search centre; needs geoloc_lat.' }),
  ),
  include: O(idList('Only these event IDs. The date window is then not applied.')),
  post_parent: O(postId('Events whose parent is this event ID.')),
  ticketed: O(Type.Boolean({ description: 'Events with tickets (none: this product sells no tickets) or without.' })),
  translation_language: O(translationLanguage),
  password: O(
    Type.String({
      maxLength: 255,
      description: 'Unlocks the password-protected events of the page that have this password, as a single read does.',
    }),
  ),
  context: O(
    Type.String({
      enum: ['view', 'edit'],
      default: 'view',
      description: 'edit: also unlocks the protected events of the page the caller may edit.',
    }),
  ),
});
export type EventListArgs = Static<typeof EventListArgs>;

/** The yes/no fields, from the contract's one list of them. */
const flagFields = Object.fromEntries(
  EVENT_FLAG_NAMES.map((name) => [name, Type.Boolean({ description: EVENT_FLAGS[name].description })]),
) as { [K in EventFlagName]: TBoolean };

const linked = (inline: typeof VenueInline | typeof OrganizerInline, description: string) =>
  Type.Unsafe<unknown>({
    anyOf: [
      Type.Integer({ minimum: 0 }),
      Type.String({ maxLength: 1000 }),
      inline,
      Type.Array(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 1000 }), inline]), {
        maxItems: 50,
      }),
    ],
    description,
  });

const eventFields = {
  title: text('The event title.', { min: 1, max: 1000 }),
  ...commonPostFields,
  excerpt: text('The excerpt.'),
  slug: text('The URL slug; made unique when taken.', { max: 200 }),
  start_date: dateInput('The start date and time, in the event time zone.'),
  end_date: dateInput('The end date and time, in the event time zone.'),
  timezone: text('The event time zone: an IANA name, UTC, or an offset such as UTC+5 or UTC-3:30.', { max: 64 }),
  all_day: Type.Boolean({
    description: 'An all-day event: it runs from 00:00:00 of the start day to 23:59:59 of the end day.',
  }),
  cost: Type.Unsafe<unknown>({
    anyOf: [
      Type.String({ maxLength: 200 }),
      Type.Number(),
      Type.Array(Type.Union([Type.String({ maxLength: 200 }), Type.Number()]), { maxItems: 20 }),
    ],
    description: 'The cost: a string such as "20$" or "Free", or an array of prices for a range.',
  }),
  website: text('The event website URL; an empty string clears it.', { max: 2048 }),
  ...flagFields,
  categories: idOrSlugList('Category IDs or names; unknown names are created. An empty value removes all.'),
  tags: idOrSlugList('Tag IDs or names; unknown names are created. An empty value removes all.'),
  venue: linked(VenueInline, 'The venue: an ID, {"id": N}, or the fields of a new venue. An empty value detaches it.'),
  organizer: linked(
    OrganizerInline,
    'Organizers: IDs, {"id": N} objects or fields of new organizers, in order. An empty value removes all.',
  ),
  password: passwordField,
  translation_language: translationLanguage,
};

type EventFieldName = keyof typeof eventFields;
function allOptional<K extends EventFieldName>(names: readonly K[]) {
  return Object.fromEntries(names.map((name) => [name, O(eventFields[name])])) as unknown as {
    [P in K]: TOptional<(typeof eventFields)[P]>;
  };
}
const FIELD_NAMES = Object.keys(eventFields) as EventFieldName[];

export const EventCreateArgs = Type.Object({
  ...allOptional(FIELD_NAMES),
  title: eventFields.title,
  start_date: eventFields.start_date,
  end_date: eventFields.end_date,
});
export const EventUpdateArgs = Type.Object({
  id: pathId('The event ID.'),
  ...allOptional(FIELD_NAMES),
});
export const EventUpdateBySlugArgs = Type.Object({
  ...allOptional(FIELD_NAMES),
  // On this route the slug is the path segment (spec §4.2): it names the event, it cannot rename it.
  slug: O(slugParam('The event slug.')),
});
/** Every event field, none required: what an update carries (the path's id or slug aside). */
export const EventUpdateFields = Type.Object(allOptional(FIELD_NAMES));
/** An event write's fields, as the server and the UI type them. */
export type EventWriteFields = Static<typeof EventUpdateFields>;

const byId = { id: pathId('The event ID.') };
const bySlug = { slug: slugParam('The event slug.') };
const readOptions = {
  password: O(passwordField),
  context: O(
    Type.String({
      enum: ['view', 'edit'],
      default: 'view',
      description: 'view, or edit to read a protected event you may edit.',
    }),
  ),
  translation_language: O(translationLanguage),
};
const deleteOptions = {
  force: O(Type.Boolean({ default: false, description: 'Delete permanently instead of moving to the trash.' })),
  translation_language: O(translationLanguage),
};
export const EventReadArgs = Type.Object({ ...byId, ...readOptions });
export const EventReadBySlugArgs = Type.Object({ ...bySlug, ...readOptions });
export const EventDeleteArgs = Type.Object({ ...byId, password: O(passwordField), ...deleteOptions });
export const EventDeleteBySlugArgs = Type.Object({ ...bySlug, ...deleteOptions });
