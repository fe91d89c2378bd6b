// A search text read as WordPress's keyword search reads it (WP_Query::parse_search).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSearch } from '../../server/domain/search-terms.ts';

const terms = (text: string) => parseSearch(text).map((t) => (t.exclude ? `-${t.text}` : t.text));

test('words, quoted phrases, exclusions, stopwords and single letters', () => {
  assert.deepEqual(terms('Jazz Night'), ['jazz', 'night']);
  assert.deepEqual(terms('"Jazz Night" club'), ['jazz night', 'club']);
  assert.deepEqual(terms('jazz -brunch'), ['jazz', '-brunch']);
  assert.deepEqual(terms('the jazz of a night'), ['jazz', 'night']);
  assert.deepEqual(terms('a'), ['a'], 'nothing left: the text whole');
  assert.deepEqual(terms('the'), ['the']);
  assert.deepEqual(terms('jazz,blues+rock'), ['jazz', 'blues', 'rock']);
  assert.deepEqual(terms('line\r\nbreak'), ['linebreak']);
  assert.deepEqual(terms('1 2 3 4 5 6 7 8 9 10'), ['1 2 3 4 5 6 7 8 9 10'], 'more than nine words: the text whole');
  assert.deepEqual(terms('NEAR(a b) AND "xy'), ['near(a', 'b)', 'and', 'xy']);
});
