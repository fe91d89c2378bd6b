// The calendar-file fuzz target (issue 31, "Hostile files"): seeds (corpus.ts) mutated
// (mutate.ts) and read by the import's readers in a worker thread with a time limit and a capped
// heap (isolated-read.ts), each read checked (checks.ts), and — for some or all inputs — sent
// through the import route of a real service in a child process (route-target.ts), as a preview
// and now and then as an import.
//
// Findings: a read that throws (a 500 through the API), does not end (timeout), ends its worker
// (out of memory), takes longer than its bound, or breaks a promise of the reader; a route answer
// other than 200/400/413, or one that does not match its schema; and at the end a database that
// is not intact. Skips with code `unreadable` (something ical.js threw that the reader did not
// foresee, turned into a skip) are listed apart: no failure, but each is worth a look.
import { createHash } from 'node:crypto';
import { IsolatedReader, type IsolatedOutcome } from '../isolated-read.ts';
import { loadSeeds, type Seed } from './corpus.ts';
import { mutate, Random } from './mutate.ts';
import { checkRead, checkRoute, unforeseen } from './checks.ts';
import { RouteTarget } from './route-target.ts';

export interface FileFuzzOptions {
  seed: number;
  /** Stop after this many inputs… */
  inputs: number;
  /** …or after this many seconds, whichever comes first. */
  seconds?: number;
  /** A read (or request) that has not ended after this is a finding: the worker (child) is replaced. */
  timeLimitMs: number;
  /** Every `routeEvery`-th input also goes through the route (0: never); every `importEvery`-th route call imports. */
  routeEvery: number;
  importEvery: number;
  /** Reduce each finding to the fewest lines that still show it. */
  minimize: boolean;
  stopOnFailure?: boolean;
  onInput?: (index: number, name: string) => void;
  /** Each finding as it is found (a long run that is stopped keeps what it found). */
  onFinding?: (finding: FileFinding) => void;
}

export type FindingKind = 'crash' | 'timeout' | 'memory' | 'slow' | 'promise' | 'route' | 'route-timeout' | 'database';

export interface FileFinding {
  kind: FindingKind;
  index: number;
  seed: string;
  steps: string[];
  format: 'ics' | 'csv';
  text: string;
  detail: string;
}

export interface FileFuzzSummary {
  seed: number;
  inputs: number;
  seconds: number;
  outcomes: Map<string, number>;
  routeStatuses: Map<number, number>;
  slowest: { name: string; ms: number; bytes: number }[];
  /** The reader's worker: the largest heap seen after a read (MB), and the input. */
  peakHeap: { mb: number; bytes: number; name: string };
  /** The route's child process: highest resident memory (MB), restarts. */
  childPeakMb: number;
  childRestarts: number;
  findings: FileFinding[];
  unforeseen: Map<string, number>;
  /** One input per unforeseen reason, for replay. */
  unforeseenExamples: Map<string, { seed: string; format: 'ics' | 'csv'; text: string }>;
  seeds: number;
}

/**
 * How long a read of `bytes` that makes `events` events may take before it counts as slow: the
 * reader's own bounds (expand-series.ts: 150,000 weighed dates plus one per two characters, 10–20
 * µs each; ~70 µs per event a series makes, at most 100,000 of them, almost all of it ical.js
 * building time objects) with a margin for a loaded 2-core machine: 4 s, 15 ms per kB and a
 * quarter of a millisecond per event. Real files read at 1–3 ms per kB.
 */
export function slowBoundMs(bytes: number, events = 0): number {
  return 4000 + (15 * bytes) / 1024 + events / 4;
}

function count<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

interface Probe {
  /** The finding this text shows, if any (the same kind is what minimizing keeps). */
  (text: string): Promise<{ kind: FindingKind; detail: string } | null>;
}

/** Larger files are previewed, not imported, through the route (see where it is used). */
const MAX_IMPORTED_EVENTS = 5000;

/** Findings a read reproduces, so that minimizing can check each smaller file. */
const MINIMIZED: FindingKind[] = ['crash', 'timeout', 'memory', 'promise'];
/** Reads one finding may cost to minimize (a timeout costs the time limit each). */
const MINIMIZE_PROBES = 300;

/** Drops lines (halves, then quarters, … then single lines) while the finding's kind stays. */
async function minimize(text: string, kind: FindingKind, probe: Probe): Promise<string> {
  let lines = text.split(/\r?\n/);
  const ending = text.includes('\r\n') ? '\r\n' : '\n';
  let probes = 0;
  for (let size = Math.floor(lines.length / 2); size >= 1; size = Math.floor(size / 2)) {
    for (let at = 0; at < lines.length;) {
      if (++probes > (kind === 'timeout' ? 20 : MINIMIZE_PROBES)) return lines.join(ending);
      const candidate = [...lines.slice(0, at), ...lines.slice(at + size)];
      const found = candidate.length > 0 ? await probe(candidate.join(ending)) : null;
      if (found?.kind === kind) lines = candidate;
      else at += size;
    }
  }
  return lines.join(ending);
}

export async function runFileFuzz(options: FileFuzzOptions): Promise<FileFuzzSummary> {
  const seeds = loadSeeds();
  const random = new Random(options.seed);
  const reader = new IsolatedReader({ timeoutMs: options.timeLimitMs, maxHeapMb: 512 });
  const route = options.routeEvery > 0 ? new RouteTarget(options.timeLimitMs) : null;
  const summary: FileFuzzSummary = {
    seed: options.seed,
    inputs: 0,
    seconds: 0,
    outcomes: new Map(),
    routeStatuses: new Map(),
    slowest: [],
    peakHeap: { mb: 0, bytes: 0, name: '' },
    childPeakMb: 0,
    childRestarts: 0,
    findings: [],
    unforeseen: new Map(),
    unforeseenExamples: new Map(),
    seeds: seeds.length,
  };
  const started = performance.now();
  const seen = new Set<string>();
  /** The route's last answer, named beside a time-out (the service may still be busy with it). */
  let previous = 'none';

  /** What, if anything, a read shows. */
  const verdict = (outcome: IsolatedOutcome, text: string): { kind: FindingKind; detail: string } | null => {
    if (outcome.kind === 'crash') return { kind: 'crash', detail: outcome.message };
    if (outcome.kind === 'timeout') return { kind: 'timeout', detail: `no answer within ${options.timeLimitMs} ms` };
    if (outcome.kind === 'died') return { kind: 'memory', detail: outcome.message };
    if (outcome.kind === 'refused') return null;
    const broken = checkRead(outcome.result, text);
    if (broken.length > 0) return { kind: 'promise', detail: broken.join('\n') };
    const bytes = Buffer.byteLength(text);
    const events = outcome.result.file.events.length;
    if (outcome.ms > slowBoundMs(bytes, events))
      return {
        kind: 'slow',
        detail: `${outcome.ms.toFixed(0)} ms for ${bytes} bytes and ${events} events (bound ${slowBoundMs(bytes, events).toFixed(0)} ms)`,
      };
    return null;
  };
  const readProbe =
    (seed: Seed, chunks?: number[]): Probe =>
    async (text) =>
      verdict(await reader.read(seed.format, text, { chunks, siteTimezone: 'Europe/Berlin' }), text);

  const record = async (finding: Omit<FileFinding, 'text'> & { text: string }, probe: Probe) => {
    // One finding per kind and first line of detail: the same crash from many inputs is one bug.
    // A time-out or a slow read says nothing of its cause: one per seed file.
    const general = ['timeout', 'slow', 'memory', 'route-timeout'].includes(finding.kind);
    const key = `${finding.kind}|${general ? finding.seed : finding.detail.split('\n')[0]?.replace(/\d+/g, 'N')}`;
    if (seen.has(key)) return;
    seen.add(key);
    const text =
      options.minimize && MINIMIZED.includes(finding.kind)
        ? await minimize(finding.text, finding.kind, probe)
        : finding.text;
    summary.findings.push({ ...finding, text });
    options.onFinding?.({ ...finding, text });
  };

  try {
    if (route) await route.start();
    for (let index = 1; index <= options.inputs; index++) {
      if (options.seconds !== undefined && performance.now() - started > options.seconds * 1000) break;
      if (options.stopOnFailure && summary.findings.length > 0) break;
      const seed = random.pick(seeds);
      // One in ten inputs is a seed as it is: every real file must read cleanly too.
      let mutant: { text: string; steps: string[] };
      try {
        mutant = random.chance(0.1) ? { text: seed.text, steps: ['as it is'] } : mutate(random, seed);
      } catch (error) {
        // A fault of the mutator, not of the readers: said, and the run goes on.
        console.error(`mutator fault at input #${index} (${seed.name}): ${(error as Error).stack}`);
        continue;
      }
      if (mutant.text.length > 50_000_000) continue; // a mutant beyond any real file: not worth the memory
      options.onInput?.(index, seed.name);
      summary.inputs = index;
      const chunks = random.chance(0.3)
        ? Array.from({ length: 1 + random.int(50) }, () => 1 + random.int(random.chance(0.5) ? 8 : 4096))
        : undefined;

      const outcome = await reader.read(seed.format, mutant.text, { chunks, siteTimezone: 'Europe/Berlin' });
      count(summary.outcomes, outcome.kind);
      const bytes = Buffer.byteLength(mutant.text);
      summary.slowest.push({ name: `#${index} ${seed.name}`, ms: outcome.ms, bytes });
      if (outcome.kind === 'read' && outcome.heapMb > summary.peakHeap.mb)
        summary.peakHeap = { mb: outcome.heapMb, bytes, name: `#${index} ${seed.name}` };
      summary.slowest.sort((a, b) => b.ms - a.ms).splice(5);
      const probe = readProbe(seed, chunks);
      if (outcome.kind === 'read')
        for (const reason of unforeseen(outcome.result)) {
          const key = reason.replace(/\d+/g, 'N').slice(0, 160);
          count(summary.unforeseen, key);
          if (!summary.unforeseenExamples.has(key))
            summary.unforeseenExamples.set(key, { seed: seed.name, format: seed.format, text: mutant.text });
        }
      const found = verdict(outcome, mutant.text);
      const base = { index, seed: seed.name, steps: mutant.steps, format: seed.format, text: mutant.text };
      if (found) await record({ ...base, ...found }, probe);

      // Through the service: a preview, and every importEvery-th time the import itself.
      if (route && index % options.routeEvery === 0 && outcome.kind !== 'timeout' && outcome.kind !== 'died') {
        // Files of more than 5,000 events are only previewed: writing many events of one title is
        // quadratic today (each new slug reads every "title-N" taken; 20,000 took 8 minutes), and
        // a big import blocks the service while it runs (issue 31's second phase). Both are known;
        // the fuzz target looks for what is not.
        const readEvents = outcome.kind === 'read' ? outcome.result.file.events.length : 0;
        const dryRun =
          options.importEvery === 0 ||
          (index / options.routeEvery) % options.importEvery !== 0 ||
          readEvents > MAX_IMPORTED_EVENTS;
        const query: Record<string, string> = { dry_run: String(dryRun) };
        if (seed.format === 'csv' && seed.kind !== 'events') query.kind = seed.kind;
        // An import writes: half a millisecond per event beyond the limit (phase 2 makes big imports cheaper).
        const events = outcome.kind === 'read' ? outcome.result.file.events.length : 0;
        const extraMs = dryRun ? 0 : Math.round(events / 2);
        const answer = await route.post(mutant.text, seed.format, query, extraMs);
        if ('timeout' in answer)
          await record(
            {
              ...base,
              kind: 'route-timeout',
              detail: `no answer within ${(options.timeLimitMs + extraMs).toFixed(0)} ms (${dryRun ? 'preview' : 'import'} of ${events} events; the read took ${outcome.ms.toFixed(0)} ms; the request before: ${previous})`,
            },
            probe,
          );
        else if ('died' in answer)
          await record({ ...base, kind: 'route', detail: `the service died:\n${answer.died}` }, probe);
        else {
          previous = `#${index}, ${dryRun ? 'preview' : 'import'} of ${events} events, ${answer.status} in ${answer.ms.toFixed(0)} ms`;
          count(summary.routeStatuses, answer.status);
          const problems = checkRoute(answer.status, answer.body);
          if (problems.length > 0) await record({ ...base, kind: 'route', detail: problems.join('\n') }, probe);
        }
      }
    }
  } finally {
    await reader.close();
    if (route) {
      for (const problem of await route.close())
        summary.findings.push({
          kind: 'database',
          index: summary.inputs,
          seed: '',
          steps: [],
          format: 'ics',
          text: '',
          detail: problem,
        });
      summary.childPeakMb = route.peakMb;
      summary.childRestarts = route.restarts;
    }
  }
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

/** A finding's file name: its kind and a hash of its text (the same finding, the same name). */
export function findingFileName(finding: FileFinding): string {
  const hash = createHash('sha1').update(finding.text).digest('hex').slice(0, 10);
  return `${finding.kind}-${hash}.${finding.format}`;
}

export function formatFileSummary(summary: FileFuzzSummary): string {
  const lines = [
    `calendar-file fuzzing, seed ${summary.seed}: ${summary.inputs} inputs from ${summary.seeds} seed files in ${summary.seconds.toFixed(1)} s`,
    `  reads: ${[...summary.outcomes].map(([kind, n]) => `${kind} ${n}`).join(', ')}`,
    `  route: ${
      [...summary.routeStatuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status} ×${n}`)
        .join(', ') || 'not used'
    }` + (summary.childPeakMb ? `; service peak RSS ${summary.childPeakMb} MB, ${summary.childRestarts} restarts` : ''),
    `  reader heap after a read: at most ${summary.peakHeap.mb.toFixed(0)} MB (${summary.peakHeap.bytes} B, ${summary.peakHeap.name}); worker cap 512 MB`,
    `  slowest reads: ${summary.slowest.map((s) => `${s.ms.toFixed(0)} ms (${s.bytes} B, ${s.name})`).join('; ')}`,
  ];
  if (summary.unforeseen.size > 0) {
    lines.push(`  skips the reader did not foresee (code unreadable):`);
    for (const [reason, n] of summary.unforeseen) lines.push(`    ${n}× ${reason}`);
  }
  return lines.join('\n');
}

export function formatFinding(finding: FileFinding): string {
  return [
    `${finding.kind} (input #${finding.index}, from ${finding.seed}; ${finding.steps.join(', ')})`,
    finding.detail
      .split('\n')
      .slice(0, 12)
      .map((line) => `  ${line}`)
      .join('\n'),
    finding.text.length <= 1500
      ? `  --- file (${finding.text.length} chars) ---\n${finding.text}`
      : `  (file of ${finding.text.length} chars)`,
  ].join('\n');
}
