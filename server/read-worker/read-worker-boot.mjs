// Entry point of the read worker thread (read-worker-client.ts starts it). Next to a bundle
// (dist/cli.mjs, the desktop app's main.mjs) the worker is the bundled read-worker.mjs; from the
// sources (development, tests) it is read-worker.ts, loaded through tsx. Plain JavaScript on
// purpose: a worker starts from a file path before any TypeScript loader exists in its thread.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundled = new URL('./read-worker.mjs', import.meta.url);
if (existsSync(fileURLToPath(bundled))) {
  await import(bundled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('./read-worker.ts', import.meta.url).href);
}
