// The contract's constants, in one place for the server and the UI. Plain values only (no
// TypeBox, no Node): the renderer imports this file at run time.

/** The `translation_language` values (contract §1): Spanish as written in Argentina, Bolivia,
 * Chile, Colombia, Mexico, Peru and Spain. */
export const TRANSLATION_LANGUAGES = ['arg', 'bo', 'cl', 'co', 'mx', 'pe', 'es'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** A site's own language: English, or one of the Spanish variants (contract §1). */
export const SITE_LANGUAGES = ['en', ...TRANSLATION_LANGUAGES] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/** The translatable fields of each kind, by their API names (contract §1). */
export const TRANSLATABLE_FIELDS = {
  event: ['title', 'excerpt', 'description'],
  venue: ['venue', 'address', 'city', 'description'],
  organizer: ['organizer', 'description'],
  term: ['name', 'description'],
} as const;
export type TranslatableKind = keyof typeof TRANSLATABLE_FIELDS;

/** Post statuses (contract §7). */
export const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** WordPress roles, strongest first (contract §8). */
export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];

/** The largest id a route accepts; `per_page` above MAX_PER_PAGE is clamped (contract §4). */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
export const MAX_PER_PAGE = 50;
