// The venue and organizer routes' arguments (spec §4.3–4.4): one shape, each resource's fields.
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { looseBoolean, page, pathId, perPage, postId, slugParam, text, translationLanguage } from './args.ts';
import { venueFields } from './venues.ts';
import { organizerFields } from './organizers.ts';

const O = Type.Optional;

interface LinkedShape {
  type: 'venue' | 'organizer';
  collection: 'venues' | 'organizers';
  fields: Record<string, TSchema>;
}

function linkedArgs(resource: LinkedShape) {
  const optional = Object.fromEntries(Object.entries(resource.fields).map(([name, schema]) => [name, O(schema)]));
  const noun = resource.type;
  return {
    list: Type.Object({
      page: O(page),
      per_page: O(perPage(resource.collection)),
      search: O(
        text(
          `${noun[0]!.toUpperCase()}${noun.slice(1)}s whose name, description or contact fields contain this text.`,
          { min: 1, max: 200 },
        ),
      ),
      event: O(postId(`Only ${resource.collection} linked to this event ID.`)),
      has_events: O(looseBoolean(`Only ${resource.collection} linked to events (true) or to none (false).`)),
      only_with_upcoming: O(looseBoolean(`Only ${resource.collection} linked to an upcoming event.`, false)),
      status: O(text('Post status, or a comma-separated list of statuses.', { min: 1, max: 200 })),
      translation_language: O(translationLanguage),
    }),
    create: Type.Object({ ...optional, [noun]: resource.fields[noun]!, translation_language: O(translationLanguage) }),
    update: Type.Object({ id: pathId(`The ${noun} ID.`), ...optional, translation_language: O(translationLanguage) }),
    updateBySlug: Type.Object({
      ...optional,
      slug: slugParam(`The ${noun} slug.`),
      translation_language: O(translationLanguage),
    }),
    read: Type.Object({ id: pathId(`The ${noun} ID.`), translation_language: O(translationLanguage) }),
    readBySlug: Type.Object({ slug: slugParam(`The ${noun} slug.`), translation_language: O(translationLanguage) }),
    remove: Type.Object({
      id: pathId(`The ${noun} ID.`),
      force: O(Type.Boolean({ default: false, description: 'Delete permanently instead of moving to the trash.' })),
      translation_language: O(translationLanguage),
    }),
    removeBySlug: Type.Object({
      slug: slugParam(`The ${noun} slug.`),
      force: O(Type.Boolean({ default: false, description: 'Delete permanently instead of moving to the trash.' })),
      translation_language: O(translationLanguage),
    }),
  } satisfies Record<string, TObject>;
}

export const VenueArgs = linkedArgs({ type: 'venue', collection: 'venues', fields: venueFields });
export const OrganizerArgs = linkedArgs({ type: 'organizer', collection: 'organizers', fields: organizerFields });
export type LinkedArgs = typeof VenueArgs;
