// HTTP's conditional headers on objects (RFC 9110 §13): If-Match to change or delete exactly the
// version a client has seen, If-None-Match: * to create without overwriting. A stale ETag is 412.
// If-Match compares strongly (RFC 9110 §13.1.1): a weak tag (W/"…") never matches, as Radicale
// (the reference server of our client tests) has it too; `*` matches whatever version exists.
// If-None-Match compares weakly (RFC 9110 §13.1.2).
import { DavError } from './errors.ts';

function tags(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

const weak = (tag: string) => tag.replace(/^W\//, '');

/** Throws 412 unless the conditions hold for a resource with `etag` (undefined: it does not exist). */
export function checkConditions(headers: { ifMatch?: string; ifNoneMatch?: string }, etag: string | undefined): void {
  if (headers.ifMatch !== undefined) {
    const wanted = tags(headers.ifMatch);
    const holds = etag !== undefined && (wanted.includes('*') || wanted.includes(etag));
    if (!holds)
      throw new DavError(
        412,
        etag === undefined ? 'The object does not exist.' : 'The object has changed since that ETag.',
      );
  }
  if (headers.ifNoneMatch !== undefined) {
    const unwanted = tags(headers.ifNoneMatch).map(weak);
    if (etag !== undefined && (unwanted.includes('*') || unwanted.includes(etag)))
      throw new DavError(412, 'The object already exists.');
  }
}

/** If-None-Match on a GET: true when the client's copy is current (304). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && tags(ifNoneMatch).some((tag) => weak(tag) === etag || tag === '*');
}
