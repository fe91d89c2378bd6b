import { test } from 'node:test';
import assert from 'node:assert/strict';

import { MAX_SLUG_LENGTH, sanitizeSlug, slugSuffix, uniqueSlug } from '../../server/domain/slug.ts';

test('sanitizeSlug: the examples from WordPress titles', () => {
  assert.equal(sanitizeSlug('Jazz Evening at the Hall'), 'jazz-evening-at-the-hall');
  assert.equal(sanitizeSlug('Fête de la Musique!'), 'fete-de-la-musique');
  assert.equal(sanitizeSlug('Año Nuevo 2027'), 'ano-nuevo-2027');
  assert.equal(sanitizeSlug('  '), '');
  assert.equal(sanitizeSlug(''), '');
});

test('sanitizeSlug: folds letters that NFKD does not decompose', () => {
  assert.equal(sanitizeSlug('Straße'), 'strasse');
  assert.equal(sanitizeSlug('STRAẞE'), 'strasse');
  assert.equal(sanitizeSlug('Ærø Œuvre'), 'aero-oeuvre');
  assert.equal(sanitizeSlug('Łódź Đakovo'), 'lodz-dakovo');
  assert.equal(sanitizeSlug('Þingvellir'), 'thingvellir');
  // Capital dotted I lowercases to i + combining dot, which must not become a dash.
  assert.equal(sanitizeSlug('İstanbul'), 'istanbul');
});

test('sanitizeSlug: compatibility forms fold to ASCII', () => {
  assert.equal(sanitizeSlug('ＡＢＣ２０２７'), 'abc2027');
  assert.equal(sanitizeSlug('ﬁne Café'), 'fine-cafe');
});

test('sanitizeSlug: strips tags, entities and ampersands', () => {
  assert.equal(sanitizeSlug('<em>Jazz</em> Night'), 'jazz-night');
  assert.equal(sanitizeSlug('Rock &amp; Roll'), 'rock-roll');
  assert.equal(sanitizeSlug('10 &#8211; 12 &#x2013; 14'), '10-12-14');
  assert.equal(sanitizeSlug('A&B'), 'ab');
});

test('sanitizeSlug: runs of other characters become one dash, trimmed at the ends', () => {
  assert.equal(sanitizeSlug('--Hello,   World!!--'), 'hello-world');
  assert.equal(sanitizeSlug('a.b/c\\d'), 'a-b-c-d');
  assert.equal(sanitizeSlug('keep_under_scores'), 'keep_under_scores');
  assert.equal(sanitizeSlug('Jazz — 音楽 — Night'), 'jazz-night');
});

test('sanitizeSlug: text without Latin letters or digits gives an empty slug', () => {
  assert.equal(sanitizeSlug('音楽'), '');
  assert.equal(sanitizeSlug('Музыка'), '');
  assert.equal(sanitizeSlug('!!! ???'), '');
});

test('sanitizeSlug: caps the length at 200, at a dash when there is one', () => {
  assert.equal(MAX_SLUG_LENGTH, 200);
  const word = 'abcdefghi'; // 9 letters: "abcdefghi-" is 10 characters
  const title = Array.from({ length: 30 }, () => word).join(' ');
  const slug = sanitizeSlug(title);
  // 20 words fill exactly 199 characters; the 21st would not fit whole.
  assert.equal(slug, Array.from({ length: 20 }, () => word).join('-'));
  assert.equal(slug.length, 199);

  // One long word has no dash to cut at: a hard cut.
  assert.equal(sanitizeSlug('x'.repeat(250)), 'x'.repeat(200));

  // The cut falls right before a dash: nothing is lost and no dash is left over.
  const exact = sanitizeSlug(`${'y'.repeat(200)} tail`);
  assert.equal(exact, 'y'.repeat(200));
});

test('uniqueSlug: returns the base when it is free', () => {
  assert.equal(
    uniqueSlug('jazz', () => false),
    'jazz',
  );
});

test('uniqueSlug: counts up from 2 like WordPress', () => {
  const taken = new Set(['jazz', 'jazz-2', 'jazz-3']);
  const asked: string[] = [];
  const slug = uniqueSlug('jazz', (c) => {
    asked.push(c);
    return taken.has(c);
  });
  assert.equal(slug, 'jazz-4');
  assert.deepEqual(asked, ['jazz', 'jazz-2', 'jazz-3', 'jazz-4']);
  assert.equal(
    uniqueSlug('jazz', (c) => c === 'jazz'),
    'jazz-2',
  );
});

test('uniqueSlug: shortens a long base so the suffix still fits', () => {
  const base = 'a'.repeat(200);
  const slug = uniqueSlug(base, (c) => c === base);
  assert.equal(slug, `${'a'.repeat(198)}-2`);
  assert.equal(slug.length, 200);

  const words = sanitizeSlug(Array.from({ length: 30 }, () => 'abcdefghi').join(' ')); // 199 chars
  const next = uniqueSlug(words, (c) => c === words);
  // 199 + "-2" does not fit, so the last whole word goes rather than half of one.
  assert.equal(next, `${Array.from({ length: 19 }, () => 'abcdefghi').join('-')}-2`);
});

test('uniqueSlug: with the numbered slugs known at once, asks `taken` only for the base', () => {
  const taken = new Set(['jazz', 'jazz-2', 'jazz-4']);
  const asked: string[] = [];
  const slug = uniqueSlug(
    'jazz',
    (c) => {
      asked.push(c);
      return taken.has(c);
    },
    () => new Set([2, 4]),
  );
  // Gaps are filled first, as WordPress does.
  assert.equal(slug, 'jazz-3');
  assert.deepEqual(asked, ['jazz']);
});

test('uniqueSlug: a shortened base falls back to asking `taken`', () => {
  const base = 'a'.repeat(199);
  const slug = uniqueSlug(
    base,
    (c) => c === base,
    () => new Set([2]),
  );
  // base-2 would not fit, so the base is cut and the numbered set (of the uncut base) is not used.
  assert.equal(slug, `${'a'.repeat(198)}-2`);
});

test('slugSuffix: reads only a plain positive number after base-', () => {
  assert.equal(slugSuffix('jazz', 'jazz-12'), 12);
  assert.equal(slugSuffix('jazz', 'jazz-02'), undefined);
  assert.equal(slugSuffix('jazz', 'jazz-night'), undefined);
  assert.equal(slugSuffix('jazz', 'jazz-2-3'), undefined);
  assert.equal(slugSuffix('jazz', 'jazzy-2'), undefined);
});

test('apostrophes and quotes vanish, as WordPress makes slugs (scripts look venues up by them)', () => {
  assert.equal(sanitizeSlug("St Mary's Church"), 'st-marys-church');
  assert.equal(sanitizeSlug('New Year’s Eve'), 'new-years-eve');
  assert.equal(sanitizeSlug("Rock'n'Roll"), 'rocknroll');
  assert.equal(sanitizeSlug('The “Best” Night'), 'the-best-night');
  assert.equal(sanitizeSlug('«Fiesta» ¡Olé!'), 'fiesta-ole');
  assert.equal(sanitizeSlug('¿Qué pasa?'), 'que-pasa');
  assert.equal(sanitizeSlug('3×4 Quartet'), '3x4-quartet');
  // Other punctuation still separates words (a documented difference from WordPress).
  assert.equal(sanitizeSlug('Jazz:Live'), 'jazz-live');
});
