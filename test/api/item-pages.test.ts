// The `url` of an event, venue or organizer is a readable page on the site (contract §3): links in
// responses, exports and other tools lead somewhere. Escaped, filtered, no script; only what the
// caller may read (not drafts, not the trash, not password-protected content).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const page = (url: string) => fetch(url).then(async (response) => ({ response, html: await response.text() }));

test('an event’s url is its page: title escaped, description as safe HTML, under a CSP without script', async () => {
  const event = await createEvent(server, {
    title: 'Jazz <script>alert(1)</script> & Blues',
    description: '<p>Live <strong>music</strong></p><script>alert(2)</script><img src=x onerror="alert(3)">',
    start_date: '2030-06-01 20:00',
    end_date: '2030-06-01 23:00',
  });
  const { response, html } = await page(event.url);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type')!, /^text\/html/);
  assert.match(response.headers.get('content-security-policy')!, /default-src 'none'/);
  assert.match(html, /<h1>Jazz &lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; Blues<\/h1>/);
  assert.match(html, /<strong>music<\/strong>/);
  assert.doesNotMatch(html, /<script|onerror/);
  assert.match(html, /2030-06-01 20:00/);
});

test('venue and organizer pages; drafts, trashed and protected items answer 404', async () => {
  const venue = await server.admin('POST', 'venues', { json: { venue: 'Blue Hall', description: 'By the river' } });
  assert.equal((await page(venue.body.url)).response.status, 200);
  const organizer = await server.admin('POST', 'organizers', { json: { organizer: 'Alice' } });
  const { html } = await page(organizer.body.url);
  assert.match(html, /<h1>Alice<\/h1>/);

  const draft = await createEvent(server, {
    title: 'Draft',
    status: 'draft',
    start_date: '2030-06-02 20:00',
    end_date: '2030-06-02 21:00',
  });
  assert.equal((await page(draft.url)).response.status, 404);
  const secret = await createEvent(server, {
    title: 'Secret',
    password: 'pw',
    start_date: '2030-06-03 20:00',
    end_date: '2030-06-03 21:00',
  });
  assert.equal((await page(secret.url)).response.status, 404);
  await server.admin('DELETE', `venues/${venue.body.id}`);
  assert.equal((await page(venue.body.url)).response.status, 404);
});
