// Responses are serialized from the response schemas (fast-json-stringify). This proves the
// schemas never drop, reorder or coerce anything: a second server on the same database serializes
// with JSON.stringify, and every body must be byte-for-byte the same.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { API, createEvent, startServer, type TestServer } from '../support/server.ts';
import { listen, type Listening } from '../../server/listen.ts';
import { ALL_ROUTES } from '../../server/api/routes.ts';
import { compileSerializer, componentsOf } from '../../server/http/serializers.ts';
import { COMPONENTS } from '../../contract/representations.ts';

let server: TestServer;
let plain: Listening;

before(async () => {
  server = await startServer();
  plain = await listen({ store: server.store, port: 0, schemaSerialization: false, responseCache: false });
});
after(async () => {
  await plain.close();
  await server.close();
});

async function both(path: string, token?: string): Promise<[string, string]> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const a = await fetch(`${server.url}${path}`, { headers });
  const b = await fetch(`${plain.url}${path}`, { headers });
  assert.equal(a.status, b.status, path);
  // The same body except for the port in URLs (two servers).
  return [
    (await a.text()).replaceAll(String(server.port), 'PORT'),
    (await b.text()).replaceAll(String(plain.port), 'PORT'),
  ];
}

test('every kind of response is byte-identical to JSON.stringify of the same data', async () => {
  const full = await createEvent(server, {
    title: 'Full event',
    description: 'Line one\n\nLine two',
    excerpt: 'Short',
    start_date: '2027-03-05 19:30',
    end_date: '2027-03-05 22:00',
    timezone: 'America/Los_Angeles',
    cost: ['10', '50'],
    website: 'https://example.com',
    image: 'https://example.com/poster.jpg',
    featured: true,
    categories: ['Music', 'Jazz'],
    tags: ['Outdoor'],
    venue: {
      venue: 'Hall',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      geo_lat: 39.78,
      geo_lng: -89.65,
      website: 'https://hall.example.com',
      phone: '+1 555',
    },
    organizer: [{ organizer: 'Alice', email: 'alice@example.com', phone: '+1 555 0200' }, { organizer: 'Bob' }],
  });
  const twoVenues = await server.admin('PATCH', `events/${full.id}`, {
    query: { translation_language: 'mx' },
    json: { title: 'Evento completo' },
  });
  assert.equal(twoVenues.status, 200);
  const allDay = await createEvent(server, {
    title: 'All day',
    start_date: '2027-04-01',
    end_date: '2027-04-02',
    all_day: true,
    timezone: 'UTC+5',
  });
  const locked = await createEvent(server, {
    title: 'Locked',
    start_date: '2027-04-03 10:00',
    end_date: '2027-04-03 11:00',
    password: 'secret',
    cost: 'Free',
  });
  const category = full.categories[0].id;
  const paths = [
    `${API}/events/${full.id}`,
    `${API}/events/${full.id}?translation_language=mx`,
    `${API}/events/${full.id}?translation_language=arg`,
    `${API}/events/by-slug/${full.slug}`,
    `${API}/events/${allDay.id}`,
    `${API}/events/${locked.id}?password=secret`,
    `${API}/events?start_date=2027-01-01&end_date=2027-12-31`,
    `${API}/events?start_date=2027-01-01&end_date=2027-12-31&per_page=1&page=2`,
    `${API}/events?start_date=2027-01-01&end_date=2027-12-31&translation_language=mx`,
    `${API}/events?search=Full&start_date=2027-01-01&end_date=2027-12-31`,
    `${API}/venues`,
    `${API}/venues/${full.venue.id}`,
    `${API}/organizers`,
    `${API}/organizers/${full.organizer[0].id}`,
    `${API}/categories?hide_empty=false`,
    `${API}/categories/${category}`,
    `${API}/tags`,
    `${API}/tags/${full.tags[0].id}`,
    `${API}`,
    `${API}/doc`,
  ];
  for (const path of paths) {
    const [schema, stringify] = await both(path);
    assert.equal(schema, stringify, path);
  }
  const [drafts, draftsPlain] = await both(
    `${API}/events?status=draft,publish&start_date=2027-01-01&end_date=2027-12-31`,
    server.tokens.editor,
  );
  assert.equal(drafts, draftsPlain);
});

// Regression (cold start and uncached reads): the compiler picks an `anyOf` branch by running an
// Ajv validator over the value at every serialization, compiled with all it references on first
// use. With the event's `venue`, `image` and nullable booleans as `anyOf`, the first GET of an
// event spent ~130 ms compiling validators and every event after it a full venue validation
// (~0.16 ms per event of a list). No serializer may call a validator.
test('no response serializer runs a schema validator while it writes', () => {
  let checked = 0;
  for (const route of ALL_ROUTES) {
    for (const endpoint of route.endpoints) {
      for (const [status, response] of Object.entries(endpoint.responses)) {
        if (!response.schema) continue;
        const code = compileSerializer(response.schema, componentsOf(COMPONENTS), true);
        assert.doesNotMatch(
          code,
          /validator\.getSchemaValidator/,
          `${endpoint.methods.join('/')} ${route.path} → ${status}`,
        );
        checked++;
      }
    }
  }
  assert.ok(checked > 40, `only ${checked} response schemas found`);
});
