// The benchmark's ceiling: a route that goes through the same server, hooks and guards as the
// API but answers a JSON body of the requested size without touching the database. Registered
// only when the server is started for a benchmark (`serve --bench-route`).
import type { FastifyInstance } from 'fastify';

const bodies = new Map<number, { padding: string }>();

export function registerBenchRoute(app: FastifyInstance): void {
  app.get('/__bench/bare', async (request) => {
    const bytes = Math.min(Math.max(Number((request.query as { bytes?: string }).bytes) || 100, 16), 1 << 20);
    let body = bodies.get(bytes);
    if (!body) {
      body = { padding: 'x'.repeat(bytes - 14) }; // {"padding":""} is 14 bytes
      bodies.set(bytes, body);
    }
    return body;
  });
}
