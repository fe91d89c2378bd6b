// `POST /wp/v2/media`: the bytes as the body (with Content-Disposition: attachment; filename=…) or as a
// multipart `file` field; the attachment's ID is then what an event's `image` (a string) reuses.
import { can, forbidden } from './auth.ts';
import { mediaJson } from './core-json.ts';
import { ok, str, type RestRequest, type Router, WpError } from './http.ts';
import { createAttachment, mimeOf } from './media.ts';
import type { SiteStore } from './store.ts';

function filenameFrom(disposition: string): string | null {
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
  const plain = /filename=("?)([^";]+)\1/i.exec(disposition);
  return plain ? plain[2]!.trim() : null;
}

/** The `file` part of a multipart/form-data body. */
function multipartFile(request: RestRequest): { bytes: Buffer; filename: string; type: string } | null {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(String(request.headers['content-type'] ?? ''))?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const body = request.rawBody;
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    if (/name="file"/i.test(head)) {
      return {
        bytes: Buffer.from(part.subarray(split + 4)),
        filename: filenameFrom(head) ?? 'upload',
        type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '',
      };
    }
    start = next;
  }
  return null;
}

export function registerCoreMedia(router: Router, store: SiteStore): void {
  router.add('/wp/v2/media', ['POST'], (request) => {
    const { caller, headers } = request;
    if (!can(caller.user, 'upload_files'))
      throw forbidden(caller, 'Sorry, you are not allowed to upload media on this site.');
    const contentType = String(headers['content-type'] ?? '');
    const upload = contentType.toLowerCase().startsWith('multipart/form-data')
      ? multipartFile(request)
      : request.rawBody.length
        ? {
            bytes: request.rawBody,
            filename: filenameFrom(String(headers['content-disposition'] ?? '')) ?? '',
            type: contentType,
          }
        : null;
    if (!upload || upload.bytes.length === 0) throw new WpError(400, 'rest_upload_no_data', 'No data supplied.');
    if (!upload.filename)
      throw new WpError(400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.');
    const mimeType = mimeOf(upload.filename, upload.type);
    if (!/^image\/(jpeg|png|gif|webp)$/.test(mimeType)) {
      throw new WpError(500, 'rest_upload_sideload_error', 'Sorry, you are not allowed to upload this file type.');
    }
    const media = createAttachment(store, caller.user!.id, {
      bytes: upload.bytes,
      filename: upload.filename,
      mimeType,
      sourceUrl: null,
    });
    return ok(mediaJson(store, media, true), 201, { Location: `${store.url}/wp-json/wp/v2/media/${media.id}` });
  });

  router.add('/wp/v2/media/(\\d+)', ['GET'], ({ params }, match) => {
    const media = store.media(Number(match[1]));
    if (!media) throw new WpError(404, 'rest_post_invalid_id', 'Invalid post ID.');
    return ok(mediaJson(store, media, str(params.context) === 'edit'));
  });

  router.add('/wp/v2/media', ['GET'], () => {
    const all = [...store.posts.values()].filter((p) => p.type === 'attachment');
    return ok(
      all.map((m) => mediaJson(store, m as never, false)),
      200,
      { 'X-WP-Total': String(all.length), 'X-WP-TotalPages': String(Math.ceil(all.length / 10)) },
    );
  });
}
