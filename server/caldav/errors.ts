// How CalDAV says no: the status the RFCs name, and for a failed precondition the DAV:error body
// naming it (RFC 4918 §16, RFC 4791 §1.3), with a sentence for people reading a client's log.
// Operation failures (operations/errors.ts) and the HTTP layer's own (ApiError) are translated
// here, so every refusal of this protocol has the same shape.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { OperationError } from '../operations/errors.ts';
import { ApiError } from '../http/errors.ts';
import { CALDAV, DAV, ROOT_NAMESPACES, XML_HEAD, element, escapeXml, type QName } from './xml.ts';

/** Our namespace for the human-readable message inside DAV:error. */
export const ALMANAC_NS = 'urn:almanac:caldav';

export class DavError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The precondition or postcondition that failed (an element of DAV:error). */
    readonly condition?: QName,
    /** XML inside the condition element (the href of a conflicting resource). */
    readonly conditionContent = '',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const davCondition = (name: string): QName => ({ ns: DAV, name });
export const calDavCondition = (name: string): QName => ({ ns: CALDAV, name });

const FASTIFY: Record<string, [number, string, QName?]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.', calDavCondition('max-resource-size')],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'This content type is not accepted here.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header does not match the body.'],
  FST_ERR_BAD_URL: [400, 'The URL is malformed.'],
};

/** 413 for a body past its method's limit: only an object's size is CALDAV:max-resource-size. */
export function bodyTooLarge(method: string): DavError {
  return method === 'PUT'
    ? new DavError(413, 'The request body is too large.', calDavCondition('max-resource-size'))
    : new DavError(413, `The request body is larger than a ${method} needs.`);
}

/** Any error thrown while serving CalDAV, as a DavError (500 only for what nobody foresaw). */
export function asDavError(error: unknown, method?: string): DavError {
  if (error instanceof DavError) return error;
  if ((error as FastifyError | undefined)?.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && method !== undefined)
    return bodyTooLarge(method);
  if (error instanceof OperationError) {
    const message = error.message + paramMessages(error.data);
    switch (error.failure) {
      case 'invalid':
        return new DavError(403, message, calDavCondition('valid-calendar-object-resource'));
      case 'unauthenticated':
        return new DavError(401, message);
      case 'forbidden':
        return new DavError(403, message, davCondition('need-privileges'));
      case 'not_found':
      case 'gone':
        return new DavError(404, message);
    }
  }
  if (error instanceof ApiError) {
    const headers: Record<string, string> = {};
    if (error.status === 429 && typeof error.data.retry_after === 'number')
      headers['retry-after'] = String(error.data.retry_after);
    return new DavError(error.status, error.message, undefined, '', headers);
  }
  const code = (error as FastifyError | undefined)?.code;
  const known = code ? FASTIFY[code] : undefined;
  if (known) return new DavError(known[0], known[1], known[2]);
  const status = (error as FastifyError | undefined)?.statusCode;
  if (status && status >= 400 && status < 500) return new DavError(status, 'The request is malformed.');
  return new DavError(500, 'An unexpected error occurred. It has been logged.');
}

/** `params` of a rest_invalid_param, spelled out: " (end_date: end_date must not be earlier…)". */
function paramMessages(data: Record<string, unknown>): string {
  const params = data.params;
  if (!params || typeof params !== 'object' || Array.isArray(params)) return '';
  const parts = Object.entries(params as Record<string, string>).map(([name, text]) => `${name}: ${text}`);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

export const BASIC_CHALLENGE = 'Basic realm="Almanac CalDAV", charset="UTF-8"';

/** The error body: DAV:error with the condition (if any) and our message. */
export function errorBody(error: DavError): string {
  const condition = error.condition ? element(error.condition, error.conditionContent) : '';
  const message = `<a:message xmlns:a="${ALMANAC_NS}">${escapeXml(error.message)}</a:message>`;
  return `${XML_HEAD}<d:error${ROOT_NAMESPACES}>${condition}${message}</d:error>\n`;
}

export function davErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const dav = asDavError(error, request.method);
  if (dav.status >= 500)
    request.log.error(
      { err: error, method: request.method, url: request.url },
      'unexpected CalDAV error (answered 500)',
    );
  if (dav.status === 401) reply.header('www-authenticate', BASIC_CHALLENGE);
  for (const [name, value] of Object.entries(dav.headers)) reply.header(name, value);
  return reply.code(dav.status).type('application/xml; charset=utf-8').send(errorBody(dav));
}
