// The calendar-file fuzz target (issue 31, "Hostile files"), a short run with a fixed seed: the
// readers on mutations of every calendar file in test/fixtures, each in a worker thread with a time
// limit and a capped heap, every 4th through the import route of a service in a child process
// (engine: test/support/fuzz-files/). Longer runs: `npm run fuzz -- --target files --minutes M`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatFileSummary, formatFinding, runFileFuzz } from '../support/fuzz-files/run.ts';

const SEED = 20_261_126;
const INPUTS = 250;

test(
  'hostile calendar files: no crash, no read without end, no 500, every promise of the reader kept',
  { timeout: 600_000 },
  async (t) => {
    const summary = await runFileFuzz({
      seed: SEED,
      inputs: INPUTS,
      timeLimitMs: 30_000,
      routeEvery: 4,
      importEvery: 10,
      minimize: true,
    });
    for (const line of formatFileSummary(summary).split('\n')) t.diagnostic(line);
    assert.equal(summary.inputs, INPUTS);
    assert.ok((summary.outcomes.get('read') ?? 0) > INPUTS / 2, 'most inputs are read, not refused');
    assert.ok([...summary.routeStatuses.values()].reduce((a, b) => a + b, 0) >= INPUTS / 4 - 1, 'the route was used');
    // Slowness depends on the machine (and on what else it runs): reported, not failed here.
    const findings = summary.findings.filter((finding) => finding.kind !== 'slow');
    for (const slow of summary.findings.filter((finding) => finding.kind === 'slow')) t.diagnostic(formatFinding(slow));
    assert.deepEqual(
      findings.map((finding) => formatFinding(finding)),
      [],
      `fuzzing found failures (seed ${SEED})`,
    );
  },
);
