// Which ASCII digits a folded text holds, as bits: a search term of one digit ("Market 1", "Room 5")
// is in a folded text exactly when its bit is set. The event keys hold these bits for each event's
// searched text (event-keys.ts), so the events the longer words found are tested in memory instead
// of asking the trigram index for every trigram that starts with the digit (an OR of ~160 of them,
// which cost as much as the longer word's own query).
//
// Digits only: a single ASCII letter is no search term at all (WordPress leaves it out), so one of
// those comes only from a letter that folds to it ("é"), rare enough for the index's way; and
// digits are cheap to read exactly (below).

/** The folded terms the bits tell: one ASCII digit. */
export const SEARCH_DIGIT = /^[0-9]$/;

/** The bits of `digits` (each an ASCII digit): bit n for "n". */
export function digitBits(digits: string): number {
  let bits = 0;
  for (let i = 0; i < digits.length; i++) bits |= 1 << (digits.charCodeAt(i) - 48);
  return bits;
}

const ALL_DIGITS = 0x3ff;

/**
 * The ASCII digits of `text` as the index reads it (folded), as bits. Folding stops at a NUL and
 * neither makes a digit of another character nor changes or drops one (search-fold-table.ts:
 * test/db/search-digits.test.ts checks it), so the digits before the first NUL are the folded
 * text's: no folded copy is made, which matters for the text keys' pass over every event.
 */
export function searchDigitsOf(text: string): number {
  let bits = 0;
  for (let i = 0; i < text.length && bits !== ALL_DIGITS; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) break;
    if (c >= 48 && c <= 57) bits |= 1 << (c - 48);
  }
  return bits;
}
