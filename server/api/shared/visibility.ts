// Which statuses a caller sees in a list (contract §7 deviation: never more than single reads).
import type { RequestContext } from '../../http/context.ts';
import { POST_STATUSES } from '../../../contract/constants.ts';
import type { ParamErrors } from '../../operations/errors.ts';
import { can, editableStatusesOfOwn } from '../../domain/roles.ts';
import type { EventListFilter } from '../../db/repositories/event-list.ts';

const ALL_STATUSES: readonly string[] = POST_STATUSES;
const NON_TRASH = ALL_STATUSES.filter((s) => s !== 'trash');

interface StatusVisibility {
  statuses: string[];
  own?: { authorId: number; statuses: string[] };
  /** The status list to echo in rest_url (the reference shows `status=publish` to anonymous callers). */
  echo?: string;
}

/** Parses `status` (CSV) and combines it with the caller's role. Adds a 400 for forbidden or unknown statuses. */
export function listVisibility(ctx: RequestContext, status: string | undefined, errors: ParamErrors): StatusVisibility {
  const actor = ctx.actor;
  let requested: string[] | undefined;
  if (status !== undefined) {
    requested = status
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const unknown = requested.filter((s) => !ALL_STATUSES.includes(s));
    if (requested.length === 0 || unknown.length > 0) {
      errors.add('status', `status must be one or more of ${ALL_STATUSES.join(', ')}.`);
      return { statuses: [] };
    }
    if (!can.createPosts(actor) && (requested.length !== 1 || requested[0] !== 'publish')) {
      errors.add('status', 'Only published items can be listed without an account that may edit them.');
      return { statuses: [] };
    }
  }
  if (!can.createPosts(actor)) return { statuses: ['publish'], echo: 'publish' };
  const wanted = requested ?? NON_TRASH;
  if (can.editOthers(actor)) return { statuses: wanted, echo: requested?.join(',') };
  return {
    statuses: wanted.filter((s) => s === 'publish'),
    own: { authorId: actor!.userId, statuses: wanted.filter((s) => s !== 'publish') },
    echo: requested?.join(','),
  };
}

/**
 * The events hidden from listings (hide_from_listings) the app's own lists show this caller: those
 * it may edit (can.editPost) — every one for editors, its own for authors, its own drafts and
 * pending events for contributors, none for others. svc/events/v1 lists never show them (the
 * contract); the organizer's calendar and Events list must (issue 36: such an event could only be
 * reached by its id).
 */
export function editableHiddenEvents(ctx: RequestContext): EventListFilter['hidden'] {
  const actor = ctx.actor;
  if (!actor || !can.createPosts(actor)) return undefined;
  if (can.editOthers(actor)) return 'all';
  const statuses = editableStatusesOfOwn(actor);
  return statuses ? { authorId: actor.userId, statuses: [...statuses] } : { authorId: actor.userId };
}
