// "Share on my network": CalDAV, and only CalDAV, over HTTPS on every interface, so a phone on the
// same network can sync. A Fastify server of its own: the REST API, the UI and the sign-in links
// are not registered on it at all (they stay on 127.0.0.1), and a request carrying a browser's
// Origin is refused, so no web page can use a calendar app's stored password against it.
import Fastify, { type FastifyInstance } from 'fastify';
import { addDavMethods, calDavPlugin, type CalDavOptions } from '../plugin.ts';
import { DavError, davErrorHandler } from '../errors.ts';
import { ROOT } from '../paths.ts';
import type { ServerCertificate } from './certificate.ts';
import { lineLogger } from '../../http/line-logger.ts';
import { closeOnUnreadBody } from '../../http/close-unread-body.ts';

export interface LanServer {
  port: number;
  close(): Promise<void>;
}

export async function startLanServer(
  options: CalDavOptions & { certificate: ServerCertificate; port: number; host?: string },
): Promise<LanServer> {
  const app: FastifyInstance = Fastify({
    https: { cert: options.certificate.cert, key: options.certificate.key },
    // Its 500s go to the service's log, as the loopback server's do.
    ...(options.log ? { loggerInstance: lineLogger(options.log) } : { logger: false }),
    requestTimeout: 30_000,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 500 },
    http2SessionTimeout: 30_000,
  } as Parameters<typeof Fastify>[0]) as unknown as FastifyInstance;
  addDavMethods(app);
  app.setErrorHandler(davErrorHandler);
  app.setNotFoundHandler((request, reply) =>
    davErrorHandler(new DavError(404, 'Only CalDAV is shared on the network: /caldav/.'), request, reply),
  );
  app.addHook('onRequest', async (request) => {
    if (request.headers.origin !== undefined) throw new DavError(403, 'Browsers may not call this service.');
  });
  app.addHook('onSend', closeOnUnreadBody);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', reply.getHeader('cache-control') ?? 'no-store');
    return payload;
  });
  // A calendar app given only the address (https://192.168.1.5:8941) finds the service.
  app.route({
    method: ['GET', 'PROPFIND'],
    url: '/',
    handler: async (_request, reply) => reply.code(301).header('location', `${ROOT}/`).send(),
  });
  await app.register(calDavPlugin, options);
  const listen = (port: number) => app.listen({ host: options.host ?? '0.0.0.0', port });
  try {
    await listen(options.port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || options.port === 0) throw error;
    await listen(0);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { port, close: () => app.close() };
}
