import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, createEvent, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

test('an event created over HTTP is listed and readable', async () => {
  const event = await createEvent(server, {
    title: 'Basic Event',
    start_date: '2027-01-10 10:00:00',
    end_date: '2027-01-10 12:00:00',
  });
  assert.equal(event.utc_start_date, '2027-01-10 15:00:00');
  const list = await server.request('GET', 'events');
  assert.equal(list.status, 200);
  assert.deepEqual(
    list.body.events.map((e: any) => e.id),
    [event.id],
  );
  assert.equal(list.headers.get('x-tec-total'), '1');
});
