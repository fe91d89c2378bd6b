// ETags of items: strong validators built from the item's id and revision counter.
import type { PostRow } from '../../db/repositories/posts.ts';
import type { TermRow } from '../../db/repositories/terms.ts';

const postEtagOf = (id: number, revision: number) => `"p${id}-r${revision}"`;
export const postEtag = (row: PostRow | undefined) => (row ? postEtagOf(row.id, row.revision) : undefined);
export const termEtag = (row: TermRow | undefined) => (row ? `"t${row.id}-r${row.revision ?? 1}"` : undefined);
