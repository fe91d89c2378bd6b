// Request bodies that are files (a calendar to import): not parsed or buffered by Fastify, but
// kept as the request's stream for the route to read at its own pace — a 50 MB calendar is read
// chunk by chunk, never held whole as a string by the body parser. Capped all the same.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ApiError } from './errors.ts';

const uploads = new WeakMap<FastifyRequest, Readable>();

/**
 * `types` are accepted as files by the routes `accepts` says take files; anywhere else they are
 * what they were before: an unsupported body (415), never an empty one.
 */
export function registerUploadTypes(
  app: FastifyInstance,
  types: string[],
  accepts: (request: FastifyRequest) => boolean,
): void {
  app.addContentTypeParser(types, (request, payload, done) => {
    if (!accepts(request))
      return done(new ApiError(415, 'rest_unsupported_media_type', 'Send application/json or form-encoded bodies.'));
    uploads.set(request, payload);
    done(null, undefined);
  });
}

/** The body's chunks as text; 413 beyond `maxBytes`; 400 when the request sent no file. */
export async function* uploadText(request: FastifyRequest, maxBytes: number): AsyncGenerator<string> {
  const stream = uploads.get(request);
  if (!stream)
    throw new ApiError(
      400,
      'almanac_no_file',
      'Send the file as the request body (Content-Type text/calendar or text/csv).',
    );
  const decoder = new TextDecoder('utf-8');
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new ApiError(
        413,
        'almanac_file_too_large',
        `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
      );
    }
    yield decoder.decode(chunk, { stream: true });
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}
