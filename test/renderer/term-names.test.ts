// Term names arrive HTML-escaped, as WordPress stores them; the UI decodes them where the data
// comes in (renderer/src/api/term-names.ts), so no screen shows "&amp;".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeTermName, eventWithTextNames } from '../../renderer/src/api/term-names.ts';

test('decodeTermName: the entities WordPress writes, numeric ones too; anything else untouched', () => {
  assert.equal(decodeTermName('Sports &amp; Games'), 'Sports & Games');
  assert.equal(decodeTermName('Kids &lt;6 &gt; 2'), 'Kids <6 > 2');
  assert.equal(decodeTermName('Rock &#8211; Pop &#x2014; Jazz'), 'Rock – Pop — Jazz');
  assert.equal(decodeTermName('AT&T &unknown; & more'), 'AT&T &unknown; & more');
  assert.equal(decodeTermName('Plain'), 'Plain');
});

test('an event’s categories and tags get text names', () => {
  const event = { id: 1, categories: [{ id: 2, name: 'A &amp; B' }], tags: [{ id: 3, name: 'x' }] };
  assert.deepEqual(eventWithTextNames(event), {
    id: 1,
    categories: [{ id: 2, name: 'A & B' }],
    tags: [{ id: 3, name: 'x' }],
  });
});
