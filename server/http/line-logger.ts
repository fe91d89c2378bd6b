// Fastify's logger as lines for the service's own log (`almanac serve` prints them, the desktop app
// writes them to logs/almanac.log). Only warnings and errors are written: the service never logs a
// line per request. A 500 is logged here with what finds it again — when, the request's id, method
// and path, and the error's stack (and the worker's, when it happened there) — and never with a
// secret: query values that could be one (a sign-in code, a token) are replaced.
import type { FastifyBaseLogger } from 'fastify';

type Fields = Record<string, unknown>;

/** Query parameters whose values are never written to a log. */
const SECRET_PARAMS = /([?&](?:login|token|password|secret|code|nonce)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1…').slice(0, 2000);
}

function describe(value: unknown): string {
  if (value instanceof Error) {
    const cause = (value as { cause?: unknown }).cause;
    return `${value.stack ?? `${value.name}: ${value.message}`}${cause === undefined ? '' : `\n  caused by: ${describe(cause)}`}`;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function line(level: string, bindings: Fields, args: unknown[]): string {
  const [first, ...rest] = args;
  const fields: Fields = Object.assign(
    {},
    bindings,
    first && typeof first === 'object' && !(first instanceof Error) ? first : {},
  );
  const message = [first instanceof Error || typeof first !== 'object' ? first : undefined, ...rest]
    .filter((part) => part !== undefined)
    .map((part) => (part instanceof Error ? part.message : String(part)))
    .join(' ');
  const { err, reqId, method, url, ...others } = fields;
  const where = [reqId, method, typeof url === 'string' ? redactUrl(url) : undefined].filter(Boolean).join(' ');
  const extra = Object.keys(others).length > 0 ? ` ${JSON.stringify(others)}` : '';
  const error = err !== undefined ? `\n${describe(err)}` : first instanceof Error ? `\n${describe(first)}` : '';
  return `${new Date().toISOString()} ${level} ${where ? `[${where}] ` : ''}${message}${extra}${error}`;
}

/** A Fastify logger writing warnings and errors to `write`, one entry each (a stack on its following lines). */
export function lineLogger(write: (line: string) => void, bindings: Fields = {}): FastifyBaseLogger {
  const quiet = () => {};
  const emit =
    (level: string) =>
    (...args: unknown[]) =>
      write(line(level, bindings, args));
  return {
    level: 'warn',
    fatal: emit('FATAL'),
    error: emit('ERROR'),
    warn: emit('WARN'),
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: (more: Fields) => lineLogger(write, Object.assign({}, bindings, more)),
  } as unknown as FastifyBaseLogger;
}
