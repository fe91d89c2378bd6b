// The client side of bench-calendar-files.ts's import measures, in a process of its own (forked
// with IPC), so that neither the upload nor the timing of the GETs takes the server's CPU time in
// its process: it uploads a file from disk (streamed) to almanac/v1/import-jobs, polls the job
// until it ends, and — when asked — meanwhile reads events one at a time, timing each GET.
// It asks the server to watch its own event loop from the upload's start to the job's end.
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';

export interface FilesClientRequest {
  url: string;
  token: string;
  site: string;
  file: string;
  contentType: string;
  dryRun: boolean;
  /**
   * GET these (absolute paths), one after another, while the job runs: as many as it takes that
   * each read is a different URL (the response cache never answers it).
   */
  readPaths?: string[];
}

export interface FilesClientReport {
  /** Upload start → job ended (client's time). */
  ms: number;
  status: string;
  created: number;
  updated: number;
  gets: number;
  /** GETs answered while the job was still running. */
  getsDuringImport: number;
  getP50: number;
  getP99: number;
  getMax: number;
}

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function measure(request: FilesClientRequest): Promise<FilesClientReport> {
  const auth = { authorization: `Bearer ${request.token}` };
  const base = `${request.url}/${request.site}/almanac/v1/import-jobs`;
  const times: number[] = [];
  let running = true;
  let during = 0;
  const reader = (async () => {
    const paths = request.readPaths ?? [];
    for (let i = 0; running && paths.length > 0; i++) {
      const path = paths[i % paths.length]!;
      const started = performance.now();
      const response = await fetch(`${request.url}${path}`, { headers: auth });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
      times.push(performance.now() - started);
      if (running) during++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  process.send!({ loop: 'start' });
  const started = performance.now();
  const response = await fetch(`${base}?dry_run=${request.dryRun}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': request.contentType, 'content-length': String(statSync(request.file).size) },
    body: Readable.toWeb(createReadStream(request.file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const job = (await response.json()) as { id: string; status: string };
  if (response.status !== 202) throw new Error(`import-jobs: ${response.status} ${JSON.stringify(job)}`);
  let ended: { status: string; summary?: { created: number; updated: number } };
  for (;;) {
    const poll = await fetch(`${base}/${job.id}`, { headers: auth });
    ended = (await poll.json()) as typeof ended;
    if (ended.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ms = performance.now() - started;
  running = false;
  process.send!({ loop: 'stop' });
  await reader;
  return {
    ms,
    status: ended.status,
    created: ended.summary?.created ?? 0,
    updated: ended.summary?.updated ?? 0,
    gets: times.length,
    getsDuringImport: during,
    getP50: percentile(times, 50),
    getP99: percentile(times, 99),
    getMax: Math.max(0, ...times),
  };
}

process.on('message', (request: FilesClientRequest) => {
  measure(request).then(
    (report) => process.send!(report),
    (error: Error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
