// A preview's read, kept by its worker for the import that usually follows it. The UI (and any
// client) previews a file, then imports the same bytes, uploaded again to a new temporary file;
// the preview's worker is handed the import (import-jobs.ts keeps it as the spare), and reading
// the file again would redo ~20 % of a 10k-event import (0.4–0.5 s). The read is kept only when it
// is in memory (not spilled: files up to 8 MB), for the next job on this thread only, and reused
// only when everything the read depends on is the same: the file's bytes (SHA-256), its format,
// what its rows are and their mapping (CSV), and the site's time zone. The import plan does not
// change what it is given (test/calendar-files/kept-read.test.ts checks that), so a kept read
// imports exactly what a fresh one does.
//
// One thing a kept read fixes that a fresh one would not: the window of a repeating event's
// occurrences (a year back, two ahead) starts when the preview read the file, at most the spare
// worker's minute earlier. The import then writes what the preview showed.
import { createHash, type Hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ReadResult } from '../calendar-files/read-calendar-file.ts';
import type { ImportJobSpec } from './import-job-protocol.ts';

export interface Kept {
  key: string;
  bytes: number;
  read: ReadResult;
}

let kept: Kept | undefined;

/** What a read depends on besides the file's bytes. */
function settingsOf(spec: ImportJobSpec, siteTimezone: string): string {
  const mapping = spec.mapping ? Object.entries(spec.mapping).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : null;
  return JSON.stringify([spec.format, spec.kind ?? null, mapping, siteTimezone]);
}

/** The key of a read: the file's digest (from its bytes as read) and the read's settings. */
export function keyOf(spec: ImportJobSpec, siteTimezone: string, digest: string): string {
  return `${digest} ${settingsOf(spec, siteTimezone)}`;
}

/** A digest of the file's bytes as they are read, chunk by chunk. */
export function fileDigest(): Hash {
  return createHash('sha256');
}

/**
 * The read kept for this job's file, if any (it is handed out once: whatever the job, the thread
 * keeps nothing from before it). `bytes` is the file's size: a file of another size is not hashed.
 */
export function takeKeptRead(spec: ImportJobSpec, siteTimezone: string, bytes: number): Kept | undefined {
  const candidate = kept;
  kept = undefined;
  if (!candidate || candidate.bytes !== bytes) return undefined;
  const digest = createHash('sha256').update(readFileSync(spec.file)).digest('hex');
  return candidate.key === keyOf(spec, siteTimezone, digest) ? candidate : undefined;
}

/** Keeps a preview's in-memory read for the next job on this thread. */
export function keepRead(read: Kept): void {
  kept = read;
}
