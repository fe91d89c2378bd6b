// Reads calendar files with the import's reader in a worker thread, so that a read that never ends
// (issue 31, defect 1: a 252-byte file kept the service busy forever) fails a test or is counted by
// the fuzz target instead of freezing it: the worker is terminated after a time limit, and its heap
// is capped, so a read that would take all memory ends the worker too.
import { Worker } from 'node:worker_threads';
import type { ReadResult, CalendarFileFormat } from '../../server/calendar-files/read-calendar-file.ts';
import type { ReadJob } from './isolated-read-worker.ts';

export type IsolatedOutcome =
  | { kind: 'read'; ms: number; heapMb: number; result: ReadResult }
  /** The reader refused the file (CalendarFileError): a 400 through the API. */
  | { kind: 'refused'; ms: number; line: number; code: string; message: string }
  /** Anything else thrown: a 500 through the API. */
  | { kind: 'crash'; ms: number; message: string }
  | { kind: 'timeout'; ms: number }
  /** The worker died (out of memory, typically). */
  | { kind: 'died'; ms: number; message: string };

export interface IsolatedReaderOptions {
  timeoutMs: number;
  /** Heap cap of the worker, in MB (default 512). */
  maxHeapMb?: number;
}

export class IsolatedReader {
  private worker: Worker | null = null;
  private ready: Promise<void> = Promise.resolve();
  private nextId = 1;

  constructor(private readonly options: IsolatedReaderOptions) {}

  private async start(): Promise<Worker> {
    if (!this.worker) {
      const worker = new Worker(new URL('./isolated-read-boot.mjs', import.meta.url), {
        resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 512 },
      });
      worker.unref();
      this.worker = worker;
      this.ready = new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
      });
    }
    const worker = this.worker;
    await this.ready;
    return worker;
  }

  async read(
    format: CalendarFileFormat,
    text: string,
    options: { siteTimezone?: string; chunks?: number[] } = {},
  ): Promise<IsolatedOutcome> {
    const worker = await this.start();
    const job: ReadJob = {
      id: this.nextId++,
      format,
      text,
      siteTimezone: options.siteTimezone ?? 'Europe/Berlin',
      chunks: options.chunks,
    };
    const started = performance.now();
    return new Promise<IsolatedOutcome>((resolve) => {
      const done = (outcome: IsolatedOutcome) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(outcome);
      };
      const restart = () => {
        this.worker = null;
        void worker.terminate();
      };
      const timer = setTimeout(() => {
        restart();
        done({ kind: 'timeout', ms: performance.now() - started });
      }, this.options.timeoutMs);
      const onMessage = (message: {
        id: number;
        ms: number;
        heapMb?: number;
        result?: ReadResult;
        error?: { kind: 'file' | 'crash'; line?: number; code?: string; message: string };
      }) => {
        if (message.id !== job.id) return;
        if (message.result) done({ kind: 'read', ms: message.ms, heapMb: message.heapMb ?? 0, result: message.result });
        else if (message.error?.kind === 'file')
          done({
            kind: 'refused',
            ms: message.ms,
            line: message.error.line ?? 0,
            code: message.error.code ?? '',
            message: message.error.message,
          });
        else done({ kind: 'crash', ms: message.ms, message: message.error?.message ?? 'unknown' });
      };
      const onError = (error: Error) => {
        restart();
        done({ kind: 'died', ms: performance.now() - started, message: `${error.name}: ${error.message}` });
      };
      const onExit = (code: number) => {
        this.worker = null;
        done({ kind: 'died', ms: performance.now() - started, message: `worker exited with ${code}` });
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
