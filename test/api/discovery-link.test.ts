// WordPress's API discovery header (issue 21): `Link: <root>; rel="https://api.w.org/"` on the
// site's root and on API answers, naming that site's own base URL, so WordPress client libraries
// find the API the way they find a WordPress site's.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ timezone: 'UTC' });
});
after(() => server.close());

const rel = 'rel="https://api.w.org/"';

test('the site root and API answers carry the discovery link to the site’s base URL', async () => {
  for (const path of ['/', '/svc/events/v1/events', '/svc/events/v1', '/svc/events/v1/events/987654']) {
    const response = await server.request('GET', path);
    assert.equal(response.headers.get('link'), `<${server.url}/>; ${rel}`, path);
  }
  const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
  assert.equal(page.headers.get('link'), `<${server.url}/>; ${rel}`, 'the UI page too');
});

test('another site’s answers name that site’s base', async () => {
  server.store.sites.create({ code: 'mx', title: 'México', language: 'mx', timezone: 'America/Mexico_City' });
  const response = await server.request('GET', '/mx/svc/events/v1/events');
  assert.equal(response.status, 200, response.text);
  assert.equal(response.headers.get('link'), `<${server.url}/mx/>; ${rel}`);
});
