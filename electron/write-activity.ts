// Which writes are under way on the service's HTTP server — from the window, a script or a
// calendar import — so that installing an update (which stops the service and quits) never starts
// in the middle of one. It only watches the server (a second 'request' listener beside Fastify's):
// any request that is not a read counts from its arrival until its response has been sent or its
// connection closed.
import type { IncomingMessage, ServerResponse } from 'node:http';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface WatchedServer {
  on(event: 'request', listener: (request: IncomingMessage, response: ServerResponse) => void): unknown;
}

export class WriteActivity {
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  constructor(server: WatchedServer) {
    server.on('request', (request, response) => {
      if (READS.has(request.method ?? 'GET')) return;
      this.inFlight++;
      response.once('close', () => {
        this.inFlight--;
        if (this.inFlight === 0) for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  /** Writes under way now. */
  get busy(): number {
    return this.inFlight;
  }

  /** Resolves once no write is under way (at once when none is). */
  whenIdle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
