// What the signed-in role may do, as the service decides it (server/domain/roles.ts): the UI only
// hides what would be refused anyway. Contributors may create (drafts), authors publish their own,
// editors and administrators everything.
import type { Session, Taxonomy } from '../../api/types.ts';
import type { EventContext } from '../../api/keys.ts';

const RANK = { subscriber: 0, contributor: 1, author: 2, editor: 3, administrator: 4 } as const;

const rank = (session: Session) => (session.role ? RANK[session.role] : -1);

/** Create and edit events (their own, at least). */
export const canEdit = (session: Session) => rank(session) >= RANK.contributor;
/** Publish, and manage categories (tags need an editor: server/domain/roles.ts). */
export const canPublish = (session: Session) => rank(session) >= RANK.author;
/** Edit others' items, see the trash of everyone. */
export const canEditOthers = (session: Session) => rank(session) >= RANK.editor;
/** Create, edit and delete categories (authors and up) or tags (editors and up). */
export const canManageTerms = (session: Session, taxonomy: Taxonomy) =>
  taxonomy === 'categories' ? canPublish(session) : canEditOthers(session);
/**
 * How this session reads one event: editors and administrators as editors (`context=edit`: the
 * card's copy then serves the editor too); everyone else as a reader (a contributor may not read
 * others' events for editing, a visitor none).
 */
export const eventContext = (session: Session): EventContext => (canEditOthers(session) ? 'edit' : 'view');
