// The benchmark's ceiling: a route that goes through the same server, hooks and guards as the
// API but answers a JSON body of the requested size without touching the database. Registered
// only when the server is started for a benchmark (`serve --bench-route`).
import type { FastifyInstance } from 'fastify';

// Bodies are serialized once: a cached API response is sent as a prebuilt string too, so the
// ceiling must not pay for JSON.stringify on every request either.
const bodies = new Map<number, string>();

export function registerBenchRoute(app: FastifyInstance): void {
  app.get('/__bench/bare', async (request, reply) => {
    const bytes = Math.min(Math.max(Number((request.query as { bytes?: string }).bytes) || 100, 16), 1 << 20);
    let body = bodies.get(bytes);
    if (body === undefined) {
      body = JSON.stringify({ padding: 'x'.repeat(bytes - 14) }); // {"padding":""} is 14 bytes
      bodies.set(bytes, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
