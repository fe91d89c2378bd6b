// Search's folding of case and accents (server/domain/search-fold.ts) must be exactly the search
// index tokenizer's, code point by code point, or a scan and the index would disagree. The table
// was generated from SQLite; this reads SQLite again, every code point, and compares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { probeSqliteFold } from '../../scripts/search/fold-probe.ts';
import { DROPPED, FOLDED } from '../../server/domain/search-fold-table.ts';
import { foldForSearch } from '../../server/domain/search-fold.ts';

test('the fold table is what the SQLite in use does (else: node --import tsx scripts/search/gen-fold-table.ts)', () => {
  const sqlite = probeSqliteFold();
  const table = new Map<number, number | null>();
  for (let i = 0; i < FOLDED.length; i += 2) table.set(FOLDED[i]!, FOLDED[i + 1]!);
  for (const codePoint of DROPPED) table.set(codePoint, null);
  const differences = [...new Set([...sqlite.keys(), ...table.keys()])].filter(
    (codePoint) => sqlite.get(codePoint) !== table.get(codePoint),
  );
  assert.deepEqual(differences.slice(0, 20), []);
});

test('foldForSearch: case, accents, combining marks, the ASCII fast path and NUL', () => {
  assert.equal(foldForSearch('Café ZÜRICH'), 'cafe zurich');
  assert.equal(foldForSearch('cafe\u0301'), 'cafe');
  assert.equal(foldForSearch('ΣΊΣΥΦΟΣ'), foldForSearch('σίσυφος'));
  assert.equal(foldForSearch('Plain ASCII 100%'), 'plain ascii 100%');
  assert.equal(foldForSearch('before\u0000after'), 'before', 'the tokenizer stops at NUL');
});
