// What every representation shares (tec-reference §1): the JSON type, images, stored flags.
// Each resource's own is in its folder (events/present-event.ts, linked/linked-json.ts,
// terms/term-json.ts).
import type { PostRow } from '../../db/repositories/posts.ts';

export type Json = Record<string, unknown>;

export function presentImage(image: PostRow | undefined): Json | false {
  if (!image || !image.url) return false;
  const extension = /\.([a-z0-9]{2,5})(?:$|[?#])/i.exec(image.url)?.[1]?.toLowerCase();
  return extension ? { url: image.url, id: image.id, extension } : { url: image.url, id: image.id };
}

/** A stored 0/1 flag; NULL (never set) reads as `fallback`, as the reference's missing meta does. */
export const flag = (value: number | null | undefined, fallback: boolean) =>
  value === null || value === undefined ? fallback : value === 1;
