// The Spanish catalogue of parameter descriptions stays in sync with the route table: every
// English description of every endpoint parameter has a Spanish entry, and no entry is unused.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { ALL_ROUTES } from '../../server/api/routes.ts';
import { APP_ROUTES } from '../../server/app-api/routes.ts';
import { SPANISH_DESCRIPTIONS } from '../../server/api/describe/descriptions-es.ts';

/** English description → where it is used ("GET,POST /events param"), for the failure messages. */
function englishDescriptions(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const route of [...ALL_ROUTES, ...APP_ROUTES]) {
    for (const endpoint of route.endpoints) {
      const properties = (endpoint.args.properties ?? {}) as Record<string, { description?: unknown }>;
      for (const [name, schema] of Object.entries(properties)) {
        if (typeof schema.description !== 'string') continue;
        const where = `${endpoint.methods.join(',')} /${route.path.replace(/^\//, '')} ${name}`;
        found.set(schema.description, [...(found.get(schema.description) ?? []), where]);
      }
    }
  }
  return found;
}

const ENGLISH = englishDescriptions();

// Tokens that must appear unchanged in the Spanish text when the English has them.
const TECHNICAL_TOKEN =
  /\b(?:true|false|yes\/no|IANA|HTML|WGS 84|asc|desc|geoloc_lat|geoloc_lng|UTC(?:[+-]\d+(?::\d+)?)?|\d{2}:\d{2}:\d{2})\b|\{"id": N\}/g;

test('the route table has parameter descriptions to check', () => {
  assert.ok(ENGLISH.size > 0);
});

test('every parameter description has a Spanish entry', () => {
  const missing = [...ENGLISH.keys()].filter((english) => !Object.hasOwn(SPANISH_DESCRIPTIONS, english));
  assert.deepEqual(
    missing,
    [],
    `add these to server/api/describe/descriptions-es.ts:\n${missing
      .map((english) => `  ${JSON.stringify(english)} (${ENGLISH.get(english)!.join('; ')})`)
      .join('\n')}`,
  );
});

test('every Spanish entry is non-empty and differs from the English', () => {
  for (const [english, spanish] of Object.entries(SPANISH_DESCRIPTIONS)) {
    assert.equal(typeof spanish, 'string', english);
    assert.notEqual(spanish.trim(), '', `empty Spanish entry for ${JSON.stringify(english)}`);
    assert.notEqual(spanish.trim(), english.trim(), `untranslated entry for ${JSON.stringify(english)}`);
  }
});

test('every Spanish entry keeps the technical tokens of the English', () => {
  for (const [english, spanish] of Object.entries(SPANISH_DESCRIPTIONS)) {
    for (const token of new Set(english.match(TECHNICAL_TOKEN) ?? [])) {
      assert.ok(spanish.includes(token), `${JSON.stringify(spanish)} lost ${JSON.stringify(token)}`);
    }
  }
});

test('no Spanish entry is unused', () => {
  const unused = Object.keys(SPANISH_DESCRIPTIONS).filter((english) => !ENGLISH.has(english));
  assert.deepEqual(unused, [], 'remove (or update) these entries of server/api/describe/descriptions-es.ts');
});
