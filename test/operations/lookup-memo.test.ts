// An import's look-up memo (server/operations/lookup-memo.ts) remembers a post's type and a term's
// taxonomy once found, and never remembers a miss: an id the import creates after it was asked for
// is found then.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import { LookupMemo } from '../../server/operations/lookup-memo.ts';
import type { OperationContext } from '../../server/operations/context.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

test('a miss is not remembered; a hit is', async () => {
  const site = server.store.sites.byCode('default')!;
  const ctx: OperationContext = { store: server.store, site, actor: null };
  const memo = new LookupMemo();
  const next = server.store.db.prepare('SELECT next_post_id FROM sites WHERE id = ?').pluck().get(site.id) as number;
  assert.equal(memo.postType(ctx, next), undefined);
  const venue = await server.admin('POST', 'venues', { json: { venue: 'Memo hall' } });
  assert.equal(venue.status, 201, venue.text);
  assert.equal(venue.body.id, next);
  assert.equal(memo.postType(ctx, next), 'venue', 'created after the miss: found');

  const term = await server.admin('POST', 'categories', { json: { name: 'Memo category' } });
  assert.equal(term.status, 201, term.text);
  assert.equal(memo.termTaxonomy(ctx, term.body.id), 'category');
  assert.equal(memo.termTaxonomy(ctx, term.body.id + 1000), undefined);
  // Remembered: the row is not read again (its type cannot change).
  server.store.db
    .prepare('UPDATE terms SET taxonomy = ? WHERE site_id = ? AND id = ?')
    .run('tag', site.id, term.body.id);
  assert.equal(memo.termTaxonomy(ctx, term.body.id), 'category');
});
