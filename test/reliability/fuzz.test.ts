// Schema-driven fuzzing (contract §9: "no input can crash the process or leave partial data"):
// a short run with a fixed seed, generated from the service's own OpenAPI document (engine:
// test/support/fuzz.ts). Longer runs: `npm run fuzz -- --requests N [--seed S]`.
//
// On failure the message names the seed and the counterexample request (shrunk by fast-check),
// with the first failing request as generated.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import { formatFailure, formatSummary, runFuzz, type FuzzSummary } from '../support/fuzz.ts';

const SEED = 20_261_121;
const REQUESTS = 2_000;

let server: TestServer;
let summary: FuzzSummary;
before(async () => {
  server = await startServer();
  summary = await runFuzz(server, { requests: REQUESTS, seed: SEED, stopOnFailure: true });
});
after(() => server.close());

test('every response: status < 500, errors are {code, message, data.status}, 2xx bodies match the document', (t) => {
  for (const line of formatSummary(summary).split('\n')) t.diagnostic(line);
  const { counterexample, firstFailure } = summary;
  if (!counterexample) return;
  const first =
    firstFailure && firstFailure !== counterexample
      ? `\n\nfirst failing request, before shrinking:\n${formatFailure(firstFailure, SEED)}`
      : '';
  assert.fail(`fuzzing found a failure (seed ${SEED}):\n${formatFailure(counterexample, SEED)}${first}`);
});

test('the database is intact after the run (integrity_check ok, no foreign key violations)', () => {
  assert.deepEqual(summary.database, []);
});

test('the run was not vacuous: every operation exercised, many 2xx bodies validated', (t) => {
  if (summary.counterexample) return t.skip('the run stopped at a failure');
  assert.ok(summary.requests >= REQUESTS, `${summary.requests} requests`);
  const unexercised = [...summary.operations.entries()].filter(([, statuses]) => statuses.size === 0);
  assert.deepEqual(
    unexercised.map(([key]) => key).filter((key) => !key.includes('*')),
    [],
    'documented operations never requested',
  );
  const withSuccess = [...summary.operations.entries()].filter(
    ([key, statuses]) => !key.includes('*') && [...statuses.keys()].some((s) => s >= 200 && s < 300),
  );
  const documented = [...summary.operations.keys()].filter((key) => !key.includes('*'));
  assert.ok(
    withSuccess.length >= documented.length * 0.9,
    `only ${withSuccess.length} of ${documented.length} operations answered a 2xx`,
  );
  assert.ok(summary.validatedBodies >= REQUESTS / 5, `${summary.validatedBodies} 2xx bodies validated`);
});
