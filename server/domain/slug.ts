// Post slugs ("post_name" in WordPress) for events, venues, organizers and terms.
//
// TEC clients read and send slugs and expect what WordPress's sanitize_title()
// would have made, so a title gives the same slug here as on a WordPress site (scripts
// look venues up by it). We follow its steps (remove_accents, then
// sanitize_title_with_dashes): apostrophes, quotes and the other characters WordPress
// strips entirely vanish ("St Mary's Church" → st-marys-church, "New Year's Eve" →
// new-years-eve, "Rock'n'Roll" → rocknroll). One deliberate difference: WordPress also
// drops any other punctuation *inside* a word ("Jazz:Live" → jazzlive), where a run of
// other characters becomes one dash here (jazz-live) — a title's words stay readable.
// Slugs already stored are never recomputed: this only shapes new ones.

// WordPress's post_name column is varchar(200); a longer slug would be cut by MySQL
// there, so we keep the same limit and cut it ourselves, cleanly.
export const MAX_SLUG_LENGTH = 200;

// Letters that NFKD does not split into "base letter + combining mark", so stripping
// marks alone would leave them non-ASCII and they would turn into dashes. The list is
// what remove_accents() does for them (ð and ı added: same problem, same fix). Keys
// are lower case because we lowercase first.
const EXTRA_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};
const EXTRA_FOLD_RE = new RegExp(`[${Object.keys(EXTRA_FOLDS).join('')}]`, 'g');

// strip_tags(): a title can contain markup ("<em>Jazz</em> Night"); the tag names
// must not end up in the slug.
const TAG_RE = /<[^>]*>/g;
// Named and numeric character references ("&amp;", "&#8211;", "&#x2013;"): WordPress
// drops them whole rather than spelling out "amp".
const ENTITY_RE = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi;

// What sanitize_title_with_dashes() removes outright in its 'save' context: ASCII and
// typographic quotes and apostrophes, guillemets, ¡ ¿, the acute accent and the soft hyphen.
const STRIPPED_RE = /['"`´‘’‚‛“”„‟‹›«»¡¿\u00ad]/g;

/** Turns a title into a URL slug as WordPress's sanitize_title() does ('' if nothing is left). */
export function sanitizeSlug(input: string): string {
  let s = input.replace(TAG_RE, '').replace(ENTITY_RE, '').replace(/&/g, '').replace(STRIPPED_RE, '');
  // × (the multiplication sign) becomes an x, as WordPress writes "3x4".
  s = s.replace(/×/g, 'x');
  // Lowercase before NFKD: some capitals lowercase to a letter plus a combining mark
  // ('İ' -> 'i̇'), which the mark stripping below then cleans up.
  s = s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  // ẞ (capital sharp s) lowercases to ß, so one lower-case table covers both.
  s = s.replace(EXTRA_FOLD_RE, (ch) => EXTRA_FOLDS[ch] ?? ch);
  // NFKD has already turned full-width and compatibility forms ('２０２７', 'ﬁ') into
  // ASCII; whatever is still outside the set is punctuation or a non-Latin script.
  s = s.replace(/[^a-z0-9_]+/g, '-').replace(/^-+|-+$/g, '');
  return capLength(s, MAX_SLUG_LENGTH);
}

// Cuts a slug to at most `max` characters, at the last dash that fits when there is
// one, so the slug does not end in half a word; never leaves a trailing dash.
function capLength(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  let cut = slug.slice(0, max);
  // If the next character is a dash the cut already falls on a word boundary.
  if (slug[max] !== '-') {
    const lastDash = cut.lastIndexOf('-');
    if (lastDash > 0) cut = cut.slice(0, lastDash);
  }
  return cut.replace(/-+$/, '');
}

/**
 * Suffixes n for which `base-n` is taken; `from`, when given, is a suffix at or below the
 * lowest free one (every n in 2…from-1 is in the set), so a search need not walk the set again.
 */
export interface UsedSuffixes extends ReadonlySet<number> {
  readonly from?: number;
}

/**
 * The first of base, base-2, base-3, ... that `taken` rejects, as wp_unique_post_slug()
 * does. The base is shortened when needed so that base plus suffix still fits in
 * MAX_SLUG_LENGTH. `base` should already be a sanitized, non-empty slug.
 *
 * `usedSuffixes`, when given, returns every n for which `base-n` is taken, in one query: an
 * organizer creating 500 "Weekly Jazz Night" events would otherwise cost 1 + 2 + … + 500
 * lookups (quadratic; WordPress has that problem). Shortened bases fall back to `taken`.
 */
export function uniqueSlug(
  base: string,
  taken: (candidate: string) => boolean,
  usedSuffixes?: (base: string) => UsedSuffixes,
): string {
  if (!taken(base)) return base;
  const used = usedSuffixes?.(base);
  // WordPress starts at 2: "base-1" would read as the first copy, but the original is
  // the first one. Below `used.from` every suffix is known taken (when base is not shortened
  // there: a shorter suffix is not shortened either), so the search starts there.
  const from = used?.from ?? 2;
  const start = from > 2 && capLength(base, MAX_SLUG_LENGTH - `-${from}`.length) === base ? from : 2;
  for (let n = start; ; n++) {
    const suffix = `-${n}`;
    const prefix = capLength(base, MAX_SLUG_LENGTH - suffix.length);
    if (used && prefix === base) {
      if (!used.has(n)) return base + suffix;
      continue;
    }
    const candidate = prefix + suffix;
    if (!taken(candidate)) return candidate;
  }
}

/** n for a slug `base-n` (n a positive integer without leading zeros), else undefined. */
export function slugSuffix(base: string, slug: string): number | undefined {
  if (!slug.startsWith(`${base}-`)) return undefined;
  const digits = slug.slice(base.length + 1);
  return /^[1-9][0-9]{0,8}$/.test(digits) ? Number(digits) : undefined;
}
