// The contract's constants, in one place for the server and the UI. Plain values only (no
// TypeBox, no Node): the renderer imports this file at run time.

/** The `translation_language` values (contract §1): Spanish as written in Argentina, Bolivia,
 * Chile, Colombia, Mexico, Peru and Spain. */
export const TRANSLATION_LANGUAGES = ['arg', 'bo', 'cl', 'co', 'mx', 'pe', 'es'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** A site's own language: English, or one of the Spanish variants (contract §1). */
export const SITE_LANGUAGES = ['en', ...TRANSLATION_LANGUAGES] as const;

/** The translatable fields of each kind, by their API names (contract §1). */
export const TRANSLATABLE_FIELDS = {
  event: ['title', 'excerpt', 'description'],
  venue: ['venue', 'address', 'city', 'description'],
  organizer: ['organizer', 'description'],
  term: ['name', 'description'],
} as const;

/** Post statuses (contract §7). */
export const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;

/** WordPress roles, strongest first (contract §8). */
export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];

/** The largest id a route accepts; `per_page` above MAX_PER_PAGE is clamped (contract §4). */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
export const MAX_PER_PAGE = 50;

interface EventFlag {
  /**
   * A field of the reference's event (tec-reference §1.1). Ours beyond it extend svc/events/v1: the
   * docs/api.md's "Compatibility" section names each, and the conformance tests allow exactly these.
   */
  reference: boolean;
  /** What a stored NULL (never set) reads as, as the reference's missing meta does. */
  unset: boolean;
  /** Shown as a checkbox in the event editor. */
  editor: boolean;
  /** The request field's description in /doc, in English and in Spanish. */
  description: string;
  es: string;
}

/**
 * The event's yes/no fields, in the order the reference shows them. Each one is a request field
 * (contract/events.ts), a key of the event representation (contract/representations.ts; null while
 * the event is locked), a 0/1 column of `posts`, and with `editor` a checkbox of the event editor
 * labelled `editor.flag.<name>` in the UI's catalogs (docs/architecture.md, "How to add an event field").
 */
export const EVENT_FLAGS = {
  show_map: {
    reference: true,
    unset: true,
    editor: true,
    description: 'Show a map of the venue.',
    es: 'Mostrar un mapa del lugar.',
  },
  show_map_link: {
    reference: true,
    unset: true,
    editor: true,
    description: 'Show a link to a map of the venue.',
    es: 'Mostrar un enlace a un mapa del lugar.',
  },
  hide_from_listings: {
    reference: true,
    unset: false,
    editor: true,
    description: 'Hide the event from event lists.',
    es: 'Ocultar el evento en los listados de eventos.',
  },
  sticky: {
    reference: true,
    unset: false,
    editor: true,
    description: 'Keep the event at the top of calendar views.',
    es: 'Mantener el evento en la parte superior de las vistas del calendario.',
  },
  featured: {
    reference: true,
    unset: false,
    editor: true,
    description: 'A featured event.',
    es: 'Un evento destacado.',
  },
} as const satisfies Record<string, EventFlag>;
export type EventFlagName = keyof typeof EVENT_FLAGS;
export const EVENT_FLAG_NAMES = Object.keys(EVENT_FLAGS) as EventFlagName[];
