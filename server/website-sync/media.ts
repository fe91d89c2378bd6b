// Featured images on the website. An image in Almanac is an address; the website wants the bytes
// in its media library (giving TEC an address makes a new attachment on every save: tec-website.md,
// "images"). So the sync reads the image once, uploads it once, and reuses that attachment for
// every image with the same content (by SHA-256), whichever event or address it came from.
import { createHash } from 'node:crypto';
import { once, write, type RunContext } from './run-context.ts';
import { SendRefused } from './problems.ts';
import { uploadMedia } from './website-api.ts';
import { WebsiteError } from './tec-client.ts';

/** Images larger than this are not sent (WordPress's own default upload limit is often 2–64 MB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

async function download(url: string, signal: AbortSignal): Promise<{ bytes: Uint8Array; type: string }> {
  const response = await fetch(url, { signal, redirect: 'follow' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_IMAGE_BYTES) throw new Error(`${url} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_IMAGE_BYTES) {
      await reader.cancel();
      throw new Error(`${url} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
    }
    chunks.push(value);
  }
  return { bytes: Buffer.concat(chunks), type };
}

function fileNameOf(url: string, type: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'image';
  const clean = last.replace(/[^\w.-]+/g, '-').slice(0, 100) || 'image';
  return /\.\w{2,5}$/.test(clean) ? clean : `${clean}.${IMAGE_TYPES[type] ?? 'jpg'}`;
}

async function upload(run: RunContext, bytes: Uint8Array, type: string, fileName: string, sha256: string) {
  let uploaded;
  try {
    uploaded = await uploadMedia(run.client, bytes, type, fileName);
  } catch (error) {
    if (error instanceof WebsiteError && error.transient) throw error;
    throw new SendRefused('image_refused', `Not sent: the website refused its image (${(error as Error).message}).`);
  }
  const remote = { id: Number(uploaded.id), url: String(uploaded.source_url ?? '') };
  await write(run, () => run.repos.items.addMedia(run.site.id, { sha256, remote_id: remote.id, url: remote.url }));
  run.counts.sent++;
  return remote;
}

/** The website's attachment for Almanac's image record: uploaded once, reused by content. */
export async function ensureRemoteImage(run: RunContext, localId: number): Promise<number> {
  const paired = run.pairs.remoteId('image', localId);
  if (paired !== undefined) return paired;
  return once(run, `image:${localId}`, () => uploadOnce(run, localId));
}

/** Content hashes being uploaded now: two image records with the same bytes wait for one upload. */
const uploading = new WeakMap<RunContext, Map<string, Promise<{ id: number; url: string }>>>();

async function uploadOnce(run: RunContext, localId: number): Promise<number> {
  const row = run.store.posts.get(run.site.id, localId);
  if (!row || row.type !== 'image' || !row.url) throw new SendRefused('no_image', 'Not sent: its image is gone.');
  let image: { bytes: Uint8Array; type: string };
  try {
    image = await download(row.url, AbortSignal.timeout(30_000));
  } catch (error) {
    throw new SendRefused('image_unreadable', `Not sent: its image could not be read (${(error as Error).message}).`);
  }
  const type = IMAGE_TYPES[image.type] ? image.type : 'image/jpeg';
  const sha256 = createHash('sha256').update(image.bytes).digest('hex');
  const known = run.repos.items.media(run.site.id, sha256);
  let remoteId: number;
  if (known) remoteId = known.remote_id;
  else {
    let byHash = uploading.get(run);
    if (!byHash) uploading.set(run, (byHash = new Map()));
    let pending = byHash.get(sha256);
    if (!pending) {
      pending = upload(run, image.bytes, type, fileNameOf(row.url, type), sha256);
      byHash.set(sha256, pending);
    }
    remoteId = (await pending).id;
  }
  await write(run, () => run.pairs.add('image', localId, remoteId));
  return remoteId;
}
