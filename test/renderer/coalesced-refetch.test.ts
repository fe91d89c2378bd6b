// Change-stream refetches coalesce (renderer/src/api/coalesced-refetch.ts): with a real
// QueryClient, many changes while a query is being fetched make one more fetch after it lands —
// never a cancelled one, never two at once — and a query nobody shows is only marked stale.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { CoalescedRefetch } from '../../renderer/src/api/coalesced-refetch.ts';

function controlled() {
  const calls: { resolve(value: number): void; signal: AbortSignal }[] = [];
  let inFlight = 0;
  let most = 0;
  let aborted = 0;
  const queryFn = ({ signal }: { signal: AbortSignal }) =>
    new Promise<number>((resolve, reject) => {
      inFlight++;
      most = Math.max(most, inFlight);
      signal.addEventListener('abort', () => {
        aborted++;
        inFlight--;
        reject(new Error('aborted'));
      });
      calls.push({
        signal,
        resolve: (value) => {
          inFlight--;
          resolve(value);
        },
      });
    });
  return { calls, queryFn, stats: () => ({ most, aborted }) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('many changes while a fetch is under way: no cancel, one more fetch after it lands', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: false } } });
  const { calls, queryFn, stats } = controlled();
  const observer = new QueryObserver(client, { queryKey: ['default', 'events', 'feed', {}], queryFn });
  const unsubscribe = observer.subscribe(() => {});
  await settle();
  assert.equal(calls.length, 1, 'the first load');
  calls[0]!.resolve(1);
  await settle();

  const refetch = new CoalescedRefetch(client);
  refetch.changed([['default', 'events']]);
  await settle();
  assert.equal(calls.length, 2, 'a change refetches a shown query');
  for (let i = 0; i < 200; i++) refetch.changed([['default', 'events']]);
  await settle();
  assert.equal(calls.length, 2, 'changes during the fetch start nothing more yet');
  calls[1]!.resolve(2);
  await settle();
  assert.equal(calls.length, 3, 'one more fetch once it landed, for all 200 changes');
  calls[2]!.resolve(3);
  await settle();
  assert.equal(calls.length, 3, 'and then quiet');
  assert.deepEqual(stats(), { most: 1, aborted: 0 });
  assert.equal(observer.getCurrentResult().data, 3);
  unsubscribe();
  refetch.stop();
});

test('a query nobody shows is only marked stale; it loads again when shown', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: false } } });
  const { calls, queryFn } = controlled();
  client.setQueryData(['default', 'events', 'list', {}], 1);
  const refetch = new CoalescedRefetch(client);
  refetch.changed([['default', 'events']]);
  await settle();
  assert.equal(calls.length, 0);
  assert.equal(client.getQueryState(['default', 'events', 'list', {}])?.isInvalidated, true);
  const observer = new QueryObserver(client, { queryKey: ['default', 'events', 'list', {}], queryFn });
  const unsubscribe = observer.subscribe(() => {});
  await settle();
  assert.equal(calls.length, 1, 'stale, so shown again it loads');
  unsubscribe();
  refetch.stop();
});
