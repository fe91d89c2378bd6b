// How search compares text: as the search index's tokenizer does (SQLite FTS5 `trigram` with
// `remove_diacritics 2`), so that a scan and the index always agree on what matches. Case is
// folded for every script SQLite knows, Latin letters lose their accents ("Café" = "CAFE" =
// "cafe", as MySQL's utf8mb4 *_ci collations of the reference compare them), and combining marks
// are skipped. Each code point folds on its own, so a folded term is a substring of a folded text
// exactly when the index's trigrams find it there.
import { DROPPED, FOLDED } from './search-fold-table.ts';

/** The index's tokenizer (migration 0019 creates its tables with this string). */
export const SEARCH_TOKENIZER = 'trigram remove_diacritics 2';

/** Terms shorter than this (after folding) cannot use a trigram index: they are matched by a scan. */
export const INDEXED_TERM_LENGTH = 3;

const replacements = new Map<number, string>();
for (let i = 0; i < FOLDED.length; i += 2) replacements.set(FOLDED[i]!, String.fromCodePoint(FOLDED[i + 1]!));
for (const codePoint of DROPPED) replacements.set(codePoint, '');

// eslint-disable-next-line no-control-regex -- printable ASCII and controls: the one fast path
const ASCII = /^[\x01-\x7f]*$/;

/** `text` as the index reads it: case and accents folded, combining marks dropped. */
export function foldForSearch(text: string): string {
  // The tokenizer stops reading at a NUL character.
  const end = text.indexOf('\0');
  const read = end === -1 ? text : text.slice(0, end);
  if (ASCII.test(read)) return read.toLowerCase();
  let out = '';
  for (const char of read) {
    const replacement = replacements.get(char.codePointAt(0)!);
    out += replacement ?? char;
  }
  return out;
}

/** How many code points `text` has once folded: whether a term can use the index. */
export function foldedLength(text: string): number {
  let length = 0;
  for (const _ of foldForSearch(text)) length++;
  return length;
}
