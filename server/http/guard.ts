// Localhost hardening (contract §8). The service listens on 127.0.0.1 only, but that is not
// enough: a web page can make the browser send requests to 127.0.0.1 (cross-site requests) or
// resolve its own domain name to 127.0.0.1 (DNS rebinding). So every request must name us in
// its Host header exactly as a loopback address with our port, and a browser Origin, when
// present, must be our own origin or one the app allowed (the desktop shell's).
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

export function loopbackHosts(port: number | undefined): Set<string> {
  if (port === undefined) return new Set(['localhost', 'localhost:80']); // in-process inject() requests
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

export interface GuardOptions {
  /** Extra origins allowed to call the API from a browser (the desktop app's own origin). */
  allowedOrigins?: string[];
  /** The origins the user allowed (Settings, `almanac origins`): asked only for foreign origins. */
  userAllowedOrigin?: (origin: string) => boolean;
}

export function checkHostAndOrigin(request: FastifyRequest, options: GuardOptions): void {
  const hosts = loopbackHosts(request.socket?.localPort);
  const host = (request.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) {
    throw new ApiError(
      403,
      'rest_forbidden_host',
      'Requests must address this service by a loopback host name and its port.',
    );
  }
  const origin = request.headers.origin;
  if (origin === undefined) return; // not a browser cross-origin request: curl, scripts, same-origin GETs
  if (isAllowedOrigin(origin, hosts, options)) return;
  throw new ApiError(403, 'rest_forbidden_origin', 'Requests from this origin are not allowed.');
}

export function isAllowedOrigin(origin: string, hosts: Set<string>, options: GuardOptions): boolean {
  const lower = origin.toLowerCase();
  if (options.allowedOrigins?.includes(lower)) return true;
  if ([...hosts].some((host) => lower === `http://${host}`)) return true;
  return options.userAllowedOrigin?.(lower) ?? false;
}

/** Whether a browser request from `origin` gets CORS headers: another origin that is allowed. */
export function isCorsOrigin(origin: string, port: number | undefined, options: GuardOptions): boolean {
  const lower = origin.toLowerCase();
  if (options.allowedOrigins?.includes(lower)) return true;
  return !loopbackHosts(port).has(lower.replace(/^http:\/\//, '')) && (options.userAllowedOrigin?.(lower) ?? false);
}
