// Every failure leaves as a WordPress-style JSON error with a stable code; nothing else
// (no HTML, no stack trace). Fastify's own errors are translated to the contract's codes.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, asApiError, noRoute } from './errors.ts';
import { envelope } from './response-shaping.ts';

const FASTIFY_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'rest_invalid_json', 'Invalid JSON body passed.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'rest_invalid_json', 'Invalid JSON body passed: the body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'rest_request_too_large', 'The request body is larger than 1 MiB.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'rest_unsupported_media_type', 'Send application/json or form-encoded bodies.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'rest_bad_request', 'The Content-Length header does not match the body.'],
  FST_ERR_BAD_URL: [400, 'rest_bad_request', 'The URL is malformed.'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'rest_bad_request', 'The request could not be routed.'],
};

/**
 * What PHP's json_last_error() would have said, as WordPress puts it in a rest_invalid_json body
 * (JSON_ERROR_CTRL_CHAR 3, JSON_ERROR_SYNTAX 4): clients print it.
 */
function jsonErrorOf(error: Error): { json_error_code: number; json_error_message: string } {
  return /control character/i.test(error.message)
    ? { json_error_code: 3, json_error_message: 'Control character error, possibly incorrectly encoded' }
    : { json_error_code: 4, json_error_message: 'Syntax error' };
}

export function toApiError(error: FastifyError | Error): ApiError {
  const ours = asApiError(error);
  if (ours) return ours;
  const code = (error as FastifyError).code;
  const known = code ? FASTIFY_CODES[code] : undefined;
  if (known)
    return new ApiError(known[0], known[1], known[2], known[1] === 'rest_invalid_json' ? jsonErrorOf(error) : {});
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
    return new ApiError(400, 'rest_invalid_json', 'Invalid JSON body passed.', jsonErrorOf(error));
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500)
    return new ApiError(status, 'rest_bad_request', 'The request is malformed.');
  return new ApiError(500, 'rest_internal_error', 'An unexpected error occurred. It has been logged.');
}

/** The app's own UI asks for each parameter's reason code (data.almanac_reasons); nobody else gets it. */
export const REASONS_HEADER = 'x-almanac-reasons';

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const apiError = toApiError(error);
  const withReasons = request.headers[REASONS_HEADER] === '1';
  if (apiError.status >= 500)
    request.log.error({ err: error, method: request.method, url: request.url }, 'unexpected error (answered 500)');
  if (apiError.status === 401) reply.header('WWW-Authenticate', 'Bearer realm="almanac", Basic realm="almanac"');
  if (apiError.status === 429 && typeof apiError.data.retry_after === 'number')
    reply.header('Retry-After', String(apiError.data.retry_after));
  // ?_envelope wraps errors too (status 200, the real status in the body), as WordPress does.
  if ((request.query as Record<string, unknown> | undefined)?._envelope !== undefined) {
    const wrapped = envelope(apiError.status, {}, JSON.stringify(apiError.toBody(withReasons)));
    return reply.code(200).type('application/json; charset=utf-8').send(wrapped.body);
  }
  return reply.code(apiError.status).type('application/json; charset=utf-8').send(apiError.toBody(withReasons));
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  const error = noRoute();
  return reply.code(404).type('application/json; charset=utf-8').send(error.toBody());
}

/** Errors below Fastify (malformed HTTP, oversized headers): answered on the raw socket, still as JSON. */
export function clientErrorBody(code: string | undefined): { status: number; body: string } {
  const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const apiError =
    status === 431
      ? new ApiError(431, 'rest_headers_too_large', 'The request headers are too large.')
      : new ApiError(400, 'rest_bad_request', 'The request is malformed.');
  return { status, body: JSON.stringify(apiError.toBody()) };
}
