// The digits the event keys hold for each event's text (server/domain/search-chars.ts) must be
// exactly the ASCII digits of the text as the index folds it: a term of one digit beside a longer
// one ("Market 1") is answered from them, and a wrong bit would drop or add events. They are read
// from the raw text, which is the folded text's only because folding makes no digit of another
// character and changes no digit: checked here against the fold table and on random texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DROPPED, FOLDED } from '../../server/domain/search-fold-table.ts';
import { foldForSearch } from '../../server/domain/search-fold.ts';
import { digitBits, searchDigitsOf } from '../../server/domain/search-chars.ts';
import { prng } from '../support/prng.ts';

const isDigit = (codePoint: number) => codePoint >= 48 && codePoint <= 57;

/** The digits of the folded text, plainly. */
function foldedDigits(text: string): number {
  return digitBits([...foldForSearch(text)].filter((char) => /^[0-9]$/.test(char)).join(''));
}

test('folding makes no digit of another character, and changes or drops no digit', () => {
  for (let i = 0; i < FOLDED.length; i += 2) {
    assert.ok(!isDigit(FOLDED[i]!), `U+${FOLDED[i]!.toString(16)} is a digit that folds`);
    assert.ok(!isDigit(FOLDED[i + 1]!), `U+${FOLDED[i]!.toString(16)} folds to a digit`);
  }
  for (const codePoint of DROPPED) assert.ok(!isDigit(codePoint), `U+${codePoint.toString(16)} is dropped`);
});

test('searchDigitsOf: the digits of the folded text, up to a NUL', () => {
  assert.equal(searchDigitsOf(''), 0);
  assert.equal(searchDigitsOf('Room 1'), digitBits('1'));
  assert.equal(searchDigitsOf('Café 2\n<p>Floor 30</p>'), digitBits('230'));
  assert.equal(searchDigitsOf('Room 4\u0000ends 18'), digitBits('4'), 'the index stops reading at a NUL');
  assert.equal(searchDigitsOf('１２ ²'), 0, 'other digits are not folded to ASCII');
  assert.equal(searchDigitsOf('0123456789 and then 5'), 0x3ff);
  const next = prng(39);
  const alphabet = ['a', 'Z', '1', '7', '0', '9', ' ', 'é', 'É', '\u0301', '１', '٣', 'Σ', '\u0000', '\n', '😀'];
  for (let i = 0; i < 2000; i++) {
    const text = Array.from(
      { length: Math.floor(next() * 12) },
      () => alphabet[Math.floor(next() * alphabet.length)],
    ).join('');
    assert.equal(searchDigitsOf(text), foldedDigits(text), JSON.stringify(text));
  }
});
