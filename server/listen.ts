// The one place that binds a socket: 127.0.0.1 only. Used by the CLI and, later, the desktop shell.
import type { FastifyInstance } from 'fastify';
import { createServer } from './server.ts';
import type { AppOptions } from './app.ts';

export const DEFAULT_PORT = 8940;

export interface Listening {
  app: FastifyInstance;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Listens on `port` (0: any free port). When a requested port is taken, falls back to a free one. */
export async function listen(options: AppOptions & { port?: number; logger?: boolean }): Promise<Listening> {
  const app = await createServer(options);
  const wanted = options.port ?? DEFAULT_PORT;
  try {
    await app.listen({ host: '127.0.0.1', port: wanted });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || wanted === 0) throw error;
    await app.listen({ host: '127.0.0.1', port: 0 });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : wanted;
  return { app, port, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
