// The read worker thread (started through read-worker-boot.mjs by read-worker-client.ts): its own
// connection to the data dir's database, the same route tables, and one job at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { openReadConnection } from '../db/open.ts';
import { createStore } from '../db/store.ts';
import { ALL_ROUTES } from '../api/routes.ts';
import { APP_ROUTES } from '../app-api/routes.ts';
import { APP_NAMESPACE, EVENTS_NAMESPACE } from '../http/namespaces.ts';
import { offThreadEndpoints, runReadJob } from './read-job.ts';
import type { ReadJob, WorkerReply } from './read-worker-client.ts';

const { databaseFile } = workerData as { databaseFile: string };
const store = createStore(openReadConnection(databaseFile));
const endpoints = offThreadEndpoints([
  [EVENTS_NAMESPACE.name, ALL_ROUTES],
  [APP_NAMESPACE.name, APP_ROUTES],
]);

parentPort!.on('message', ({ id, job }: { id: number; job: ReadJob }) => {
  let reply: WorkerReply;
  try {
    reply = { id, answer: runReadJob(store, endpoints, job) };
  } catch (error) {
    reply = { id, failure: (error as Error).stack ?? String(error) };
  }
  parentPort!.postMessage(reply);
});
