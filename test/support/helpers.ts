// Small helpers shared by the API tests: dates inside the default list window, row counts for
// "nothing was written" checks, and error-body assertions.
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import type { Response, TestServer } from './server.ts';

/** `YYYY-MM-DD HH:MM:SS` in the site zone, `days` from today (inside the default /events window). */
export function inDays(days: number, time = '10:00:00', zone = 'America/New_York'): string {
  return `${DateTime.now().setZone(zone).plus({ days }).toFormat('yyyy-MM-dd')} ${time}`;
}

/** Rows of a table, to prove that a rejected request wrote nothing. */
export function countRows(server: TestServer, table: 'posts' | 'terms' | 'post_links' | 'term_posts'): number {
  return (server.store.db.prepare(`SELECT COUNT(*) n FROM ${table}`).get() as { n: number }).n;
}

/** Every row count at once. */
export function snapshot(server: TestServer): Record<string, number> {
  const tables = ['posts', 'terms', 'post_links', 'term_posts', 'translations'] as const;
  return Object.fromEntries(
    tables.map((t) => [t, (server.store.db.prepare(`SELECT COUNT(*) n FROM ${t}`).get() as { n: number }).n]),
  );
}

/** Asserts a WordPress-style error body: `{code, message, data: {status}}` with the given status and code. */
export function assertError(response: Response, status: number, code?: string, message = ''): void {
  const context = `${message} → ${response.status} ${response.text.slice(0, 400)}`;
  assert.equal(response.status, status, context);
  assert.equal(typeof response.body, 'object', context);
  assert.equal(typeof response.body.code, 'string', context);
  assert.equal(typeof response.body.message, 'string', context);
  assert.equal(response.body.data?.status, status, context);
  if (code !== undefined) assert.equal(response.body.code, code, context);
}

/** Asserts a 400 rest_invalid_param naming (at least) `param`. */
export function assertInvalidParam(response: Response, param: string, message = ''): void {
  assertError(response, 400, 'rest_invalid_param', message);
  assert.ok(
    Object.hasOwn(response.body.data.params ?? {}, param),
    `${message}: expected data.params.${param}, got ${response.text}`,
  );
}
