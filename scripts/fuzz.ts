// Schema-driven fuzzing of the API (the engine: test/support/fuzz.ts), for longer runs than the
// one in `npm test`:
//
//   npm run fuzz -- --requests N [--seed S] [--stop] [--verbose]
//
// Starts the real server on 127.0.0.1:0 with a fresh data dir in a temp folder, seeds a small data
// set through the API, sends N generated requests (default 5000; seed: random unless given) and
// checks every response and, at the end, the database. Prints a summary (requests, time, status
// histogram, failures grouped by operation and problem, each with a replayable request) and exits
// non-zero on any failure. --stop stops at the first failure and shrinks it. The last line is
// `N passed, N failed` (requests, plus the two database checks).
import { parseArgs } from 'node:util';
import { startServer } from '../test/support/server.ts';
import { formatFailure, formatSummary, groupFailures, runFuzz } from '../test/support/fuzz.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '5000' },
    seed: { type: 'string' },
    stop: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

const requests = Number(values.requests);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- --requests N [--seed S] [--stop] [--verbose]');
  process.exit(2);
}

console.log(
  `fuzzing ${requests} requests with seed ${seed}${values.stop ? ' (stop and shrink at the first failure)' : ''}`,
);
const server = await startServer();
let summary;
try {
  summary = await runFuzz(server, {
    requests,
    seed,
    stopOnFailure: values.stop,
    onRequest: (index, request, response) => {
      if (values.verbose)
        console.log(
          `${index} ${response.status} ${(response.body as { code?: string })?.code ?? ''} ${request.role} ${request.method} ${request.url.slice(0, 200)}`,
        );
      else if (index % 5000 === 0) console.log(`  … ${index} requests`);
    },
  });
} finally {
  await server.close();
}

console.log('');
console.log(formatSummary(summary));
const groups = groupFailures(summary.failures);
if (groups.length) {
  console.log('');
  console.log(`${summary.failedRequests} failing requests; ${groups.length} distinct failures:`);
  for (const { example, count } of groups) {
    console.log('');
    console.log(`[${count}×] ${formatFailure(example, summary.seed)}`);
  }
  if (summary.firstFailure && summary.firstFailure !== summary.counterexample) {
    console.log('');
    console.log(`first failing request, before shrinking:\n${formatFailure(summary.firstFailure, summary.seed)}`);
  }
}
if (summary.database.length) console.log(`\ndatabase checks failed:\n${summary.database.join('\n')}`);
const failed = summary.failedRequests + summary.database.length;
const passed = summary.requests - summary.failedRequests + (2 - summary.database.length);
console.log('');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
