// The worker side of isolated-read.ts: reads each file it is sent with the import's own reader and
// answers what came of it (the result, or the error), with the time the read took.
import { parentPort } from 'node:worker_threads';
import { readCalendarFile, type CalendarFileFormat } from '../../server/calendar-files/read-calendar-file.ts';
import { CalendarFileError } from '../../server/calendar-files/imported-event.ts';

export interface ReadJob {
  id: number;
  format: CalendarFileFormat;
  text: string;
  siteTimezone: string;
  /** Sizes of the chunks the text is handed over in (the reader streams); the rest in one. */
  chunks?: number[];
}

async function* pieces(text: string, sizes: number[] = []): AsyncGenerator<string> {
  let from = 0;
  for (const size of sizes) {
    if (from >= text.length) return;
    yield text.slice(from, from + size);
    from += size;
  }
  if (from < text.length) yield text.slice(from);
}

parentPort!.on('message', (job: ReadJob) => {
  const started = performance.now();
  readCalendarFile(job.format, pieces(job.text, job.chunks), { siteTimezone: job.siteTimezone }).then(
    (result) =>
      parentPort!.postMessage({
        id: job.id,
        ms: performance.now() - started,
        // The heap while the result is still held: what a read of this file costs in memory.
        heapMb: process.memoryUsage().heapUsed / 1024 / 1024,
        result,
      }),
    (error: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        ms: performance.now() - started,
        error:
          error instanceof CalendarFileError
            ? { kind: 'file', line: error.line, code: error.code, message: error.message }
            : {
                kind: 'crash',
                message: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error),
              },
      }),
  );
});

// Loaded: the reader's time limit starts with the first job, not with this thread's start-up.
parentPort!.postMessage({ ready: true });
