// Attachments: `POST /wp/v2/media` with the bytes makes one; an event's `image` given as an attachment ID
// reuses it, given as a URL makes TEC download it into a *new* attachment every time.
import { can, type Caller } from './auth.ts';
import { invalidParams, str, WpError } from './http.ts';
import { newPostBase, type RawMedia, type SiteStore } from './store.ts';
import { sanitizeTitle } from './text.ts';

const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Width and height read from the file's header (PNG, GIF, JPEG, WebP); 0×0 when unknown. */
export function imageSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47)
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'GIF')
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = bytes.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
    if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const b = bytes.readUInt32LE(21);
      return { width: (b & 0x3fff) + 1, height: ((b >> 14) & 0x3fff) + 1 };
    }
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let i = 2; i + 9 < bytes.length;) {
      if (bytes[i] !== 0xff) break;
      const marker = bytes[i + 1]!;
      const length = bytes.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { width: bytes.readUInt16BE(i + 7), height: bytes.readUInt16BE(i + 5) };
      }
      i += 2 + length;
    }
  }
  return { width: 0, height: 0 };
}

export function mimeOf(filename: string, declared: string): string {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (type && type !== 'application/octet-stream') return type;
  const ext = filename.split('.').pop()?.toLowerCase();
  return (
    Object.entries(IMAGE_TYPES).find(([, e]) => e === ext || (ext === 'jpeg' && e === 'jpg'))?.[0] ??
    'application/octet-stream'
  );
}

/** Stores an upload as an attachment (`uploads/YYYY/MM/name.ext`, unique like WordPress). */
export function createAttachment(
  store: SiteStore,
  author: number,
  upload: { bytes: Buffer; filename: string; mimeType: string; sourceUrl: string | null },
): RawMedia {
  const base = newPostBase(store, author);
  const [year, month] = store.nowLocal().split('-');
  const dot = upload.filename.lastIndexOf('.');
  const stem = sanitizeTitle(dot > 0 ? upload.filename.slice(0, dot) : upload.filename) || 'image';
  const ext = dot > 0 ? upload.filename.slice(dot + 1).toLowerCase() : (IMAGE_TYPES[upload.mimeType] ?? 'bin');
  const taken = new Set(
    [...store.posts.values()].filter((p) => p.type === 'attachment').map((p) => (p as RawMedia).file),
  );
  let file = `${year}/${month}/${stem}.${ext}`;
  for (let n = 1; taken.has(file); n++) file = `${year}/${month}/${stem}-${n}.${ext}`;
  const { width, height } = imageSize(upload.bytes);
  const media: RawMedia = Object.assign(base, {
    type: 'attachment' as const,
    status: 'publish' as const,
    title: stem,
    slug: store.uniqueSlug(stem, 'attachment', base.id),
    mimeType: upload.mimeType,
    file,
    width,
    height,
    bytes: upload.bytes,
    sourceUrl: upload.sourceUrl,
  });
  store.posts.set(media.id, media);
  return media;
}

/** wp_attachment_is_image() on an ID given as a number or a numeric string. */
export function isImageAttachment(store: SiteStore, value: unknown): boolean {
  const media = /^\d+$/.test(str(value)) ? store.media(Number(value)) : undefined;
  return media !== undefined && media.mimeType.startsWith('image/');
}

/**
 * tribe_upload_image(): an attachment ID is used as it is; a URL is fetched (HEAD must answer 200 with an
 * image type, and the caller needs `upload_files`) and stored as a new attachment — even when the same URL
 * was given before, or the URL is one of this site's own uploads.
 */
export async function resolveImage(store: SiteStore, caller: Caller, value: unknown, param: string): Promise<number> {
  if (/^\d+$/.test(str(value))) {
    if (!isImageAttachment(store, value)) throw invalidParams({ [param]: 'Invalid parameter.' });
    return Number(value);
  }
  const url = str(value);
  if (!can(caller.user, 'upload_files') || !/^https?:\/\//i.test(url))
    throw invalidParams({ [param]: 'Invalid parameter.' });
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  } catch {
    throw invalidParams({ [param]: 'Invalid parameter.' });
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (response.status !== 200 || !IMAGE_TYPES[type]) throw invalidParams({ [param]: 'Invalid parameter.' });
  const bytes = Buffer.from(await response.arrayBuffer());
  const filename = decodeURIComponent(new URL(url).pathname.split('/').pop() || `image.${IMAGE_TYPES[type]}`);
  return createAttachment(store, caller.user!.id, { bytes, filename, mimeType: type, sourceUrl: url }).id;
}

export function notAnImage(): WpError {
  return new WpError(400, 'rest_upload_sideload_error', 'Sorry, you are not allowed to upload this file type.');
}
