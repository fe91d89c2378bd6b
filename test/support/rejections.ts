// Shared by the bad-input suites: a request that must be rejected cleanly (4xx JSON with a code
// and matching data.status) and must write nothing.
import assert from 'node:assert/strict';
import type { RequestOptions, TestServer } from './server.ts';
import { snapshot } from './helpers.ts';

export interface RejectionCase {
  name: string;
  method: string;
  path: string;
  options?: RequestOptions;
  status?: number;
  code?: string;
}

/** Sends the case as the administrator (so no rejection is merely a permission one) and checks it. */
export async function expectRejectedOn(server: TestServer, c: RejectionCase): Promise<void> {
  const before = snapshot(server);
  const response = await server.request(c.method, c.path, { token: server.tokens.administrator, ...c.options });
  const context = `${c.method} ${c.path} ${c.name} → ${response.status} ${response.text.slice(0, 300)}`;
  assert.ok(response.status >= 400 && response.status < 500, context);
  assert.equal(typeof response.body, 'object', context);
  assert.equal(typeof response.body.code, 'string', context);
  assert.equal(typeof response.body.message, 'string', context);
  assert.equal(response.body.data?.status, response.status, context);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/, context);
  if (c.status !== undefined) assert.equal(response.status, c.status, context);
  if (c.code !== undefined) assert.equal(response.body.code, c.code, context);
  assert.deepEqual(snapshot(server), before, `${context}: something was written`);
}

export const json = (body: unknown): RequestOptions => ({ json: body });
export const raw = (body: string, contentType = 'application/json'): RequestOptions => ({ raw: { body, contentType } });
export const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
export const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** A JSON body with a literal (unquoted) number JSON.stringify cannot write, e.g. 1e400. */
export const withLiteral = (base: Record<string, unknown>, field: string, literal: string) =>
  raw(JSON.stringify(base).replace(/^\{/, `{"${field}": ${literal},`));
