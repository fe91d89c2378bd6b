// What a `search` text asks for, read as WordPress reads its keyword search (WP_Query::parse_search,
// which The Events Calendar's `search` is — tec-reference §6): the words of the text, or its
// "quoted phrases", each of which must be found (in any searched field), and a word written with a
// leading "-" must not be. Single letters and English stopwords are left out; a text that leaves no
// word, or more than nine, is looked for whole. No term is ever read as query syntax: the index gets
// each one as a quoted string.
import { foldForSearch } from './search-fold.ts';

export interface SearchTerm {
  /** Folded (search-fold.ts): what a folded field must contain, or must not. */
  text: string;
  exclude: boolean;
}

/** WordPress's default search stopwords (WP_Query::get_search_stopwords, English). */
const STOPWORDS = new Set(
  'about an are as at be by com for from how in is it of on or that the this to was what when where who will with www'.split(
    ' ',
  ),
);

/** A "phrase" (to its closing quote or the end), or a run of characters that are not tab, space, quote, comma or plus. */
const TERM = /".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g;

/** PHP's trim($text, $chars). */
function trimChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start]!)) start++;
  while (end > start && chars.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** WP_Query::parse_search_terms: quotes trimmed, single letters and dashes and stopwords left out. */
function keptTerms(found: string[]): string[] {
  const kept: string[] = [];
  for (const found1 of found) {
    const term = /^".+"$/s.test(found1) ? trimChars(found1, `"'`) : trimChars(found1, `"' `);
    if (term === '' || /^[a-z-]$/i.test(term)) continue;
    if (STOPWORDS.has(term.toLowerCase())) continue;
    kept.push(term);
  }
  return kept;
}

/** The terms of a search text, folded; never empty for a non-empty text. */
export function parseSearch(text: string): SearchTerm[] {
  // "There are no line breaks in <input /> fields."
  const search = text.replace(/[\r\n]/g, '');
  const found = search.match(TERM);
  let terms = found ? keptTerms(found) : [search];
  if (terms.length === 0 || terms.length > 9) terms = [search];
  return terms.map((term) => {
    const exclude = term.startsWith('-');
    return { text: foldForSearch(exclude ? term.slice(1) : term), exclude };
  });
}
