// Term names come from the API HTML-escaped, as WordPress stores them ("Sports &amp; Games"); the
// UI shows and edits the text itself ("Sports & Games"), and the server escapes what it is sent.
// Decoded where the data comes in (terms.ts, events.ts, translations.ts), so no screen shows
// an entity.

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
};

export function decodeTermName(name: string): string {
  if (!name.includes('&')) return name;
  return name.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** The terms with their names as text. */
export function withTextNames<T extends { name: string }>(terms: T[]): T[] {
  return terms.map((term) => (term.name.includes('&') ? { ...term, name: decodeTermName(term.name) } : term));
}

/** An event (or a list's event) with its categories' and tags' names as text. */
export function eventWithTextNames<T extends { categories: { name: string }[]; tags: { name: string }[] }>(
  event: T,
): T {
  return { ...event, categories: withTextNames(event.categories), tags: withTextNames(event.tags) };
}
