// Builds the Fastify server with the options the contract needs (1 MiB bodies, PHP-style query
// strings, case-insensitive routes, trailing slashes ignored) and the Almanac plugin. Used by
// listen.ts and by the tests; it does not listen.
import Fastify, { type FastifyInstance } from 'fastify';
import { almanacApp, type AppOptions } from './app.ts';
import { parseParams } from './http/query-string.ts';
import { clientErrorBody, errorHandler } from './http/error-handler.ts';
import { addDavMethods } from './caldav/plugin.ts';
import { lineLogger } from './http/line-logger.ts';
import { closeOnUnreadBody } from './http/close-unread-body.ts';

const BODY_LIMIT = 1024 * 1024;

export async function createServer(options: AppOptions & { logger?: boolean }): Promise<FastifyInstance> {
  const app = Fastify({
    // `log` (the service's own log): warnings and errors, every 500 among them (line-logger.ts).
    ...(options.log ? { loggerInstance: lineLogger(options.log) } : { logger: options.logger ?? false }),
    bodyLimit: BODY_LIMIT,
    routerOptions: {
      ignoreTrailingSlash: true,
      caseSensitive: false,
      maxParamLength: 500,
      querystringParser: (text: string) => parseParams(text),
    },
    // 16 KiB of headers at most; larger requests get a JSON 431 from the client error handler.
    http: { maxHeaderSize: 16 * 1024 },
    requestTimeout: 30_000,
    // While stopping, requests that still arrive on open connections get our own 503 (app.ts).
    return503OnClosing: false,
    // Errors Fastify raises before routing (a malformed %-escape in the path) get our error shape too.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply),
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return socket.destroy();
      const { status, body } = clientErrorBody((error as NodeJS.ErrnoException).code);
      socket.end(
        `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });
  addDavMethods(app); // CalDAV's PROPFIND, REPORT… (caldav/plugin.ts)
  // An early answer (a 413 from Content-Length) does not read the rest of a large body first.
  app.addHook('onSend', closeOnUnreadBody);
  await app.register(almanacApp, options);
  return app;
}
