// WordPress roles and the capability rules the reference applies to events, venues, organizers
// and terms (tec-reference §4.1), with the contract's deviations (§6–7): lists never show more
// than single reads, only editors+ may assign another author, non-publishers cannot self-publish
// privately.

import { ROLES, type Role } from '../../contract/constants.ts';

export type { Role };

export interface Actor {
  userId: number;
  login: string;
  role: Role;
  /** The API token the caller signed in with, if any (a browser session opened with it ends with it). */
  tokenId?: number;
}

const RANK: Record<Role, number> = { subscriber: 0, contributor: 1, author: 2, editor: 3, administrator: 4 };

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

function rank(actor: Actor | null): number {
  return actor ? RANK[actor.role] : -1;
}

/** The subset of a post that permission rules look at. */
interface OwnedPost {
  author: number;
  status: string;
  /** For a trashed post, the status it had before (WordPress judges edits by that). */
  trashed_status?: string | null;
}

const UNPUBLISHED_EDITABLE_BY_CONTRIBUTOR = new Set(['draft', 'pending']);

/**
 * The statuses of its own posts a caller may edit (editPost), when that is not every status:
 * a contributor's drafts and pending posts. Undefined: every status (authors and up), or none.
 */
export function editableStatusesOfOwn(actor: Actor | null): ReadonlySet<string> | undefined {
  return rank(actor) === RANK.contributor ? UNPUBLISHED_EDITABLE_BY_CONTRIBUTOR : undefined;
}

export const can = {
  /** edit_posts: create posts and see non-published ones at all. */
  createPosts: (actor: Actor | null) => rank(actor) >= RANK.contributor,
  /** publish_posts */
  publish: (actor: Actor | null) => rank(actor) >= RANK.author,
  /** edit_others_posts / read_private_posts */
  editOthers: (actor: Actor | null) => rank(actor) >= RANK.editor,
  /** Only editors and administrators may attribute a post to someone else (contract §6). */
  assignAuthor: (actor: Actor | null) => rank(actor) >= RANK.editor,
  /** Categories: authors and up (manage_terms = publish_tribe_events). */
  manageCategories: (actor: Actor | null) => rank(actor) >= RANK.author,
  /** Tags: editors and up (manage_categories). */
  manageTags: (actor: Actor | null) => rank(actor) >= RANK.editor,

  /** read_post: may this caller read this (non-trashed) post in full? */
  readPost(actor: Actor | null, post: OwnedPost): boolean {
    if (post.status === 'publish') return true;
    if (!actor || rank(actor) < RANK.contributor) return false;
    if (rank(actor) >= RANK.editor) return true;
    return post.author === actor.userId;
  },

  /** edit_post / delete_post (the same rule in WordPress for these types). */
  editPost(actor: Actor | null, post: OwnedPost): boolean {
    if (!actor) return false;
    const r = rank(actor);
    if (r >= RANK.editor) return true;
    if (r < RANK.contributor || post.author !== actor.userId) return false;
    if (r >= RANK.author) return true;
    const status = post.status === 'trash' ? (post.trashed_status ?? 'draft') : post.status;
    return UNPUBLISHED_EDITABLE_BY_CONTRIBUTOR.has(status);
  },
};

/**
 * The status a write may set ("scale back"): publishers get what they ask for; others may not
 * publish, schedule or privately publish, so those become `pending`. `requested` undefined on
 * update keeps the current status (contract §6); on create it means publish / draft.
 */
export function effectiveStatus(actor: Actor | null, requested: string | undefined, current?: string): string {
  if (requested === undefined) {
    if (current !== undefined) return current;
    return can.publish(actor) ? 'publish' : 'draft';
  }
  if (can.publish(actor)) return requested;
  return requested === 'publish' || requested === 'future' || requested === 'private' ? 'pending' : requested;
}
