// WordPress's `_links` on single category and tag answers, pointing at our own routes (issue
// "Tools written for The Events Calendar…"): HAL clients follow them, so each must lead somewhere.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { API, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const api = () => `${server.url}${API}`;

test('create, read, update and delete of a category carry _links; lists do not', async () => {
  const parent = await server.admin('POST', 'categories', { json: { name: 'Music' } });
  const child = await server.admin('POST', 'categories', { json: { name: 'Jazz', parent: parent.body.id } });
  assert.equal(child.status, 201);
  assert.deepEqual(child.body._links, {
    self: [
      {
        href: `${api()}/categories/${child.body.id}`,
        targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      },
    ],
    collection: [{ href: `${api()}/categories` }],
    about: [{ href: `${api()}/doc` }],
    up: [{ href: `${api()}/categories/${parent.body.id}`, embeddable: true }],
    'wp:post_type': [{ href: `${api()}/events?categories=${child.body.id}` }],
    curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
  });
  assert.equal(Object.keys(child.body).at(-1), '_links', 'last, as WordPress adds them');

  const anonymous = await server.request('GET', `categories/${child.body.id}`);
  assert.deepEqual(anonymous.body._links.self[0].targetHints, { allow: ['GET'] });
  const updated = await server.admin('POST', `categories/${child.body.id}`, { json: { description: 'Swing' } });
  assert.ok(updated.body._links);
  const list = await server.request('GET', 'categories', { query: { hide_empty: false } });
  assert.ok(list.body.categories.every((term: Record<string, unknown>) => !('_links' in term)));

  // Every link leads somewhere.
  for (const rel of ['self', 'collection', 'about', 'up', 'wp:post_type']) {
    const response = await fetch(child.body._links[rel][0].href);
    assert.equal(response.status, 200, rel);
  }
  const deleted = await server.admin('DELETE', `categories/${child.body.id}`);
  assert.equal(deleted.status, 200);
  assert.ok(deleted.body._links);
});

test('a tag: no up, and wp:post_type lists the events tagged with it', async () => {
  const tag = await server.admin('POST', 'tags', { json: { name: 'Outdoor' } });
  assert.equal(tag.body._links.up, undefined);
  assert.deepEqual(tag.body._links['wp:post_type'], [{ href: `${api()}/events?tags=${tag.body.id}` }]);
  const read = await server.request('GET', `tags/${tag.body.id}`, { token: server.tokens.editor });
  assert.deepEqual(read.body._links.self[0].targetHints.allow, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  const asAuthor = await server.request('GET', `tags/${tag.body.id}`, { token: server.tokens.author });
  assert.deepEqual(asAuthor.body._links.self[0].targetHints.allow, ['GET'], 'tags are for editors and up');
});
