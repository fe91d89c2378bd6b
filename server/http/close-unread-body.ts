// An answer sent before its request's body has arrived — a 413 decided from Content-Length, a 401
// or 403 decided from the headers — would otherwise let Node read and throw away the rest of the
// body to keep the connection for the next request: a client declaring 1 GB kept the service
// reading it (issue 37). Such an answer now closes the connection, unless what is left is small
// enough to read at once (as Go's net/http does: 256 KiB), where keeping the connection is worth it.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A body still arriving that is declared at most this large is read and dropped; larger ones close. */
export const DRAIN_UNREAD_BYTES = 256 * 1024;

/** Whether the request's body has not all arrived and is (or may be) too large to drain. */
export function leavesLargeBodyUnread(request: FastifyRequest): boolean {
  const raw = request.raw;
  if (raw.complete) return false;
  const declared = raw.headers['content-length'];
  // Chunked (or no length): nobody knows how much is left.
  if (declared === undefined) return raw.headers['transfer-encoding'] !== undefined;
  return !(Number(declared) <= DRAIN_UNREAD_BYTES);
}

/** An onSend hook: `Connection: close` on an answer that leaves a large body unread. */
export async function closeOnUnreadBody(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  // Node's http server sees the header and closes the socket once the answer is written, without
  // reading what is left of the body (res._last → socket.destroySoon()).
  if (leavesLargeBodyUnread(request)) reply.header('connection', 'close');
  return payload;
}
