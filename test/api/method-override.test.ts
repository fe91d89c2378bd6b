// WordPress's method override (server/http/method-override.ts): a POST with `_method=DELETE` (query
// or body) or `X-HTTP-Method-Override: DELETE` deletes, as the reference does. Regression: such a
// POST on /events/{id} was handled as an update and answered 200, the event left in place.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ timezone: 'UTC' });
});
after(() => server.close());

const fields = { title: 'Override me', start_date: '2031-05-01 10:00', end_date: '2031-05-01 11:00' };

test('POST ?_method=DELETE moves the event to the trash', async () => {
  const event = await createEvent(server, fields);
  const response = await server.admin('POST', `events/${event.id}?_method=DELETE`);
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.status, 'trash');
  // A trashed event reads as the reference answers it.
  const after = await server.admin('GET', `events/${event.id}`);
  assert.equal(after.body.code, 'event-no-longer-available');
});

test('X-HTTP-Method-Override: DELETE, and _method in a JSON body, delete too (force in the body is read)', async () => {
  const first = await createEvent(server, fields);
  const byHeader = await server.admin('POST', `events/${first.id}`, {
    headers: { 'x-http-method-override': 'delete' },
  });
  assert.equal(byHeader.status, 200, byHeader.text);
  assert.equal(byHeader.body.status, 'trash');

  const second = await createEvent(server, fields);
  const byBody = await server.admin('POST', `events/${second.id}`, { json: { _method: 'DELETE', force: true } });
  assert.equal(byBody.status, 200, byBody.text);
  assert.equal((await server.admin('GET', `events/${second.id}`)).status, 404, 'deleted for good');
});

test('the override obeys the target method’s rules: permission and If-Match', async () => {
  const event = await createEvent(server, fields);
  const asSubscriber = await server.request('POST', `events/${event.id}?_method=DELETE`, {
    token: server.tokens.subscriber,
  });
  assert.equal(asSubscriber.status, 403);
  const stale = await server.admin('POST', `events/${event.id}?_method=DELETE`, {
    headers: { 'if-match': '"p1-r999"' },
  });
  assert.equal(stale.status, 412);
  assert.equal((await server.admin('GET', `events/${event.id}`)).body.status, 'publish', 'nothing happened');
});

test('a method the route lacks, or no method at all, is no route; POST and _method=POST stay updates', async () => {
  const event = await createEvent(server, fields);
  const onCollection = await server.admin('POST', 'events?_method=DELETE', { json: fields });
  assert.equal(onCollection.status, 404);
  assert.equal(onCollection.body.code, 'rest_no_route');
  const nonsense = await server.admin('POST', `events/${event.id}?_method=FROB`);
  assert.equal(nonsense.status, 404);
  const update = await server.admin('POST', `events/${event.id}?_method=POST`, { json: { title: 'Renamed' } });
  assert.equal(update.status, 200, update.text);
  assert.equal(update.body.title, 'Renamed');
});
