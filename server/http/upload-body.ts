// Request bodies that are files (a calendar to import): not parsed or buffered by Fastify, but
// kept as the request's stream for the route to read at its own pace — a 50 MB calendar is read
// chunk by chunk, never held whole as a string by the body parser. Capped all the same.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * The body written to a new temporary file, as it arrives (never held in memory): its path, and
 * `remove` to call once the file was read. 413 beyond `maxBytes` (the partial file removed).
 */
export async function uploadToFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ file: string; bytes: number; remove: () => void }> {
  const stream = uploads.get(request);
  if (!stream)
    throw new ApiError(
      400,
      'almanac_no_file',
      'Send the file as the request body (Content-Type text/calendar or text/csv).',
    );
  const dir = await mkdtemp(join(tmpdir(), 'almanac-upload-'));
  const file = join(dir, 'upload');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes)
        return done(
          new ApiError(
            413,
            'almanac_file_too_large',
            `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
          ),
        );
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, counted, createWriteStream(file));
  } catch (error) {
    remove();
    throw error;
  }
  return { file, bytes, remove };
}
