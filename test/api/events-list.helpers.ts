// Helpers shared by the GET /events list tests (test/api/events-list-*.test.ts).
// Not a test file itself (no `.test.ts` suffix): real HTTP through the harness, no mocks.
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { API, createEvent, type Response, type TestServer } from '../support/server.ts';

export type Query = Record<string, string | number | boolean | (string | number)[]>;

/** An event as listed (only the keys the list tests read are typed). */
export interface ListedEvent {
  id: number;
  title: string;
  [key: string]: unknown;
}

/** The GET /events envelope. */
export interface EventList {
  events: ListedEvent[];
  rest_url: string;
  next_rest_url?: string;
  previous_rest_url?: string;
  total: number;
  total_pages: number;
}

/** GET /events, anonymous unless a token is given. */
export function list(server: TestServer, query: Query = {}, token?: string): Promise<Response> {
  return server.request('GET', 'events', { query, token });
}

/** GET /events expecting 200; returns the body and checks the X-TEC-* headers against it. */
export async function listOk(server: TestServer, query: Query = {}, token?: string): Promise<EventList> {
  const response = await server.request<EventList>('GET', 'events', { query, token });
  assert.equal(response.status, 200, `GET /events ${JSON.stringify(query)} → ${response.status} ${response.text}`);
  assert.equal(response.headers.get('x-tec-total'), String(response.body.total));
  assert.equal(response.headers.get('x-tec-totalpages'), String(response.body.total_pages));
  return response.body;
}

/** The ids of the listed events, in response order. */
export async function listIds(server: TestServer, query: Query = {}, token?: string): Promise<number[]> {
  const body = await listOk(server, { per_page: 50, ...query }, token);
  return body.events.map((e) => e.id);
}

/** Asserts a 400 rest_invalid_param whose data.params names exactly `params` (order-insensitive). */
export async function assertInvalid(
  server: TestServer,
  query: Query,
  params: string[],
  token?: string,
): Promise<Response> {
  const response = await list(server, query, token);
  assert.equal(
    response.status,
    400,
    `expected 400 for ${JSON.stringify(query)}, got ${response.status} ${response.text}`,
  );
  assert.equal(response.body.code, 'rest_invalid_param');
  assert.equal(response.body.data.status, 400);
  assert.deepEqual(Object.keys(response.body.data.params).sort(), [...params].sort(), response.text);
  return response;
}

/** Creates an event (administrator unless a token is given) and returns its id. */
export async function seed(server: TestServer, fields: Record<string, unknown>, token?: string): Promise<number> {
  const event = await createEvent(server, fields, token);
  return event.id as number;
}

/** `YYYY-MM-DD HH:MM:SS` of a luxon DateTime in its own zone. */
export const wall = (dt: DateTime) => dt.toFormat('yyyy-MM-dd HH:mm:ss');

/** Start/end fields of a one-hour event starting at `dt` (a DateTime in the site zone). */
export const hourAt = (dt: DateTime) => ({ start_date: wall(dt), end_date: wall(dt.plus({ hours: 1 })) });

/** The `[key, value]` pairs of a collection URL, after checking it points at the events collection. */
export function urlQuery(server: TestServer, url: string | undefined): [string, string][] {
  assert.equal(typeof url, 'string', 'a collection URL');
  const parsed = new URL(url!);
  assert.equal(`${parsed.origin}${parsed.pathname}`, `${server.url}${API}/events/`);
  return [...parsed.searchParams.entries()];
}

/**
 * Tests that compute "yesterday"/"tomorrow" race the server's clock at midnight (site time). If the
 * site clock is within a few seconds of midnight, wait until the new day has begun.
 */
export async function awayFromMidnight(zone: string): Promise<void> {
  const now = DateTime.now().setZone(zone);
  const untilMidnight = now.endOf('day').diff(now).as('milliseconds');
  if (untilMidnight < 5000) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 200));
}
