// Entry of the worker thread of isolated-read.ts: plain JavaScript, since a worker starts from a
// file before any TypeScript loader exists in its thread.
const { register } = await import('tsx/esm/api');
register();
await import(new URL('./isolated-read-worker.ts', import.meta.url).href);
