// The change stream's client side: the SSE parser (renderer/src/api/sse.ts) and which cached
// queries a change makes stale (change-keys.ts) — too few and a view stays stale, too many and a
// busy calendar refetches what did not change.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { sseParser, type SseMessage } from '../../renderer/src/api/sse.ts';
import { staleQueries, staleQueriesOf } from '../../renderer/src/api/change-keys.ts';
import { keys } from '../../renderer/src/api/keys.ts';
import type { Change } from '../../renderer/src/api/types.ts';

describe('sseParser', () => {
  it('parses messages split anywhere, skips comments, joins data lines, accepts CRLF', () => {
    const messages: SseMessage[] = [];
    const feed = sseParser((message) => messages.push(message));
    const text =
      'retry: 2000\n\n: keep-alive\n\nevent: changes\nid: 7\ndata: {"a":\ndata: 1}\n\r\nevent: ready\r\nid: 7\r\ndata: {}\r\n\r\n';
    for (let i = 0; i < text.length; i += 3) feed(text.slice(i, i + 3));
    assert.deepEqual(messages, [
      { event: 'changes', id: '7', data: '{"a":\n1}' },
      { event: 'ready', id: '7', data: '{}' },
    ]);
  });
});

const change = (kind: Change['kind'], action: Change['action'] = 'update', id = 5): Change => ({
  seq: 1,
  site: 'mx',
  kind,
  id,
  action,
});

/** Which of a realistic cache's queries (or of `cached`) `changes` would mark stale. */
function staleOf(changes: Change[], cached: QueryKey[] = realisticCache()): string[] {
  const client = new QueryClient();
  for (const key of cached) client.setQueryData(key, {});
  for (const queryKey of staleQueriesOf(changes)) void client.invalidateQueries({ queryKey, refetchType: 'none' });
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => JSON.stringify(query.queryKey));
}

function realisticCache(): QueryKey[] {
  return [
    keys.eventFeed('mx', { start: '2030-01-01' }),
    keys.eventList('mx', { page: 1 }),
    keys.event('mx', 5),
    keys.event('mx', 6),
    keys.venueList('mx', {}),
    keys.venue('mx', 9),
    keys.organizerList('mx', {}),
    keys.termList('mx', 'categories', {}),
    keys.termList('mx', 'tags', {}),
    keys.trash('mx'),
    keys.eventFeed('default', { start: '2030-01-01' }),
    keys.sites(),
    keys.tokens(),
  ];
}

describe('staleQueries', () => {
  it('an event update: the calendar, the lists, that event and the term counts — not venues, not other sites', () => {
    assert.deepEqual(staleOf([change('event')]), [
      '["mx","events","feed",{"start":"2030-01-01"}]',
      '["mx","events","list",{"page":1}]',
      '["mx","events","item",5]',
      '["mx","categories","list",{}]',
      '["mx","tags","list",{}]',
    ]);
  });
  it('trashing an event also refreshes the trash', () => {
    assert.ok(staleOf([change('event', 'trash')]).includes('["mx","trash"]'));
    assert.ok(!staleOf([change('event', 'update')]).includes('["mx","trash"]'));
  });
  it('a venue: the venues and every event (they embed it), not organizers or terms', () => {
    const stale = staleOf([change('venue')]);
    assert.ok(stale.includes('["mx","venues","list",{}]'));
    assert.ok(stale.includes('["mx","events","item",6]'));
    assert.ok(!stale.includes('["mx","organizers","list",{}]'));
    assert.ok(!stale.includes('["mx","categories","list",{}]'));
  });
  it('a bulk load refreshes everything of its site', () => {
    assert.equal(staleOf([change('all')]).filter((key) => key.startsWith('["mx"')).length, 10);
  });
  it('a site change: the sites list and every event of that site (their costs are in its currency)', () => {
    assert.deepEqual(staleOf([change('site')]), [
      '["mx","events","feed",{"start":"2030-01-01"}]',
      '["mx","events","list",{"page":1}]',
      '["mx","events","item",5]',
      '["mx","events","item",6]',
      '["sites"]',
    ]);
  });
  it("the event editor's website marks follow that event, the site's currency and the sync's state", () => {
    // The marks (GET …/website/events/{id}) say what of the event stays off the website: what it
    // holds changes them — a sync bringing the website's edit, a save in another window — and so
    // do the site's currency settings; they once stayed as they were until the editor reopened.
    const marks = (changes: Change[]) =>
      staleOf(changes, [
        ['mx', 'website', 'state'],
        ['mx', 'website', 'event', 5],
        ['mx', 'website', 'event', 6],
      ]);
    assert.deepEqual(marks([change('event')]), ['["mx","website","event",5]']);
    assert.deepEqual(marks([change('site')]).length, 3);
    assert.deepEqual(marks([change('website')]).length, 3);
    assert.deepEqual(marks([change('venue')]), []);
  });
  it('many changes give each key once', () => {
    const many = Array.from({ length: 500 }, (_, i) => change('event', 'update', i));
    assert.equal(staleQueriesOf(many).length, 4 + 2 * 500);
    assert.equal(staleQueries(change('tag')).length, 2);
  });
});
