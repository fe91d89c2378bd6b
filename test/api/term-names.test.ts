// Term names with &, < and > are stored and returned HTML-escaped, as WordPress does
// ("Sports &amp; Games"), accepted either way on input, and found by search and by name either way
// (issue "Tools written for The Events Calendar…").
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, startServer, type TestServer } from '../support/server.ts';
import { termName } from '../../server/domain/html.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

test('termName: tags stripped, & < > escaped, entities already written kept', () => {
  assert.equal(termName('Sports & Games'), 'Sports &amp; Games');
  assert.equal(termName('Sports &amp; Games'), 'Sports &amp; Games');
  assert.equal(termName('<b>Bold</b> 1 < 2 > 0'), 'Bold 1 &lt; 2 &gt; 0');
  assert.equal(termName('Rock &#8211; Pop'), 'Rock &#8211; Pop');
  assert.equal(termName('  Two   spaces '), 'Two spaces');
});

test('a category named "Sports & Games": returned escaped; the escaped spelling is the same name', async () => {
  const created = await server.admin('POST', 'categories', { json: { name: 'Sports & Games' } });
  assert.equal(created.status, 201, created.text);
  assert.equal(created.body.name, 'Sports &amp; Games');
  assert.equal(created.body.slug, 'sports-games');
  const again = await server.admin('POST', 'categories', { json: { name: 'Sports &amp; Games' } });
  assert.equal(again.status, 400);
  assert.equal(again.body.code, 'term_exists');
  for (const search of ['Sports & Games', 'Sports &amp; Games', '&']) {
    const found = await server.request('GET', 'categories', { query: { search, hide_empty: false } });
    assert.deepEqual(
      found.body.categories.map((term: { id: number }) => term.id),
      [created.body.id],
      search,
    );
  }
  // An event names it either way, and a list filters by it either way.
  const event = await createEvent(server, {
    title: 'Match',
    start_date: '2030-03-01 10:00',
    end_date: '2030-03-01 11:00',
    categories: ['Sports & Games'],
    tags: ['Kids <6'],
  });
  assert.deepEqual(
    event.categories.map((term: { id: number }) => term.id),
    [created.body.id],
  );
  assert.equal(event.tags[0].name, 'Kids &lt;6');
  for (const categories of ['Sports & Games', 'Sports &amp; Games']) {
    const list = await server.request('GET', 'events', {
      query: { categories, start_date: '2030-01-01', end_date: '2030-12-31' },
    });
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.total, 1, categories);
  }
});
