// Entry point of an import job's worker thread (import-jobs.ts starts one per job). Next to a
// bundle (dist/cli.mjs, the desktop app's main.mjs) the worker is the bundled import-worker.mjs;
// from the sources (development, tests) it is import-worker.ts, loaded through tsx. Plain
// JavaScript on purpose: a worker starts from a file path before any TypeScript loader exists in
// its thread (the read worker does the same: ../read-worker/read-worker-boot.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundled = new URL('./import-worker.mjs', import.meta.url);
if (existsSync(fileURLToPath(bundled))) {
  await import(bundled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('./import-worker.ts', import.meta.url).href);
}
