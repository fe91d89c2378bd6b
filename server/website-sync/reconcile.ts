// What to do with one object, from what each side holds and what they last agreed on. Pure: the
// caller reads both sides, this decides, the caller writes. Deletes go both ways (to the trash,
// which can be undone); a delete on one side against a change on the other asks; an object in
// both trashes is agreed to be there, and a restore on either side brings it back on the other.
import { differingFields, type Fields, type SyncKind } from './fields.ts';
import { mergeFields, type ConflictField } from './merge.ts';
import type { ConflictType } from '../db/repositories/website-problems.ts';

/** One side of an object: gone for good, in the trash, or there with these fields. */
export type Side = { state: 'gone' } | { state: 'trashed' } | { state: 'live'; fields: Fields };

export interface Agreed {
  /** The fields both sides last agreed on (null: paired without a base, a first merge). */
  base: Fields | null;
  /** Both sides have it in the trash. */
  trashed: boolean;
}

export type Decision =
  | { type: 'none' }
  /** Both sides hold the same: only the agreed state moves. */
  | { type: 'agree'; agreed: Fields }
  | { type: 'forget' }
  | { type: 'both_trashed' }
  | { type: 'trash_local'; forget: boolean }
  | { type: 'trash_remote'; forget: boolean }
  /** The website restored it (or it was gone here for good and restored there): bring it back here. */
  | { type: 'restore_local'; fields: Fields; create: boolean }
  | { type: 'restore_remote'; fields: Fields; create: boolean }
  | {
      type: 'merge';
      toLocal: Fields;
      toRemote: Fields;
      agreed: Fields;
      conflicts: ConflictField[];
      /** The whole object as it should be on both sides once sent (what is sent: never a part). */
      merged: Fields;
    }
  | { type: 'conflict'; conflict: ConflictType; fields: ConflictField[] };

const changedFrom = (kind: SyncKind, fields: Fields, base: Fields | null) =>
  base === null || differingFields(kind, fields, base).length > 0;

function deleteConflict(kind: SyncKind, type: ConflictType, base: Fields | null, live: Fields): Decision {
  // What changed on the side that still has it, for the user to see what a delete would lose.
  const fields = base === null ? [] : differingFields(kind, live, base);
  const changes: ConflictField[] = fields.map((field) =>
    type === 'deleted_here'
      ? { field, base: base?.[field] ?? null, mine: null, theirs: live[field]! }
      : { field, base: base?.[field] ?? null, mine: live[field]!, theirs: null },
  );
  return { type: 'conflict', conflict: type, fields: changes };
}

export function reconcile(kind: SyncKind, mine: Side, theirs: Side, agreed: Agreed): Decision {
  const { base } = agreed;
  if (mine.state === 'gone') {
    if (theirs.state !== 'live') return { type: 'forget' };
    if (agreed.trashed) return { type: 'restore_local', fields: theirs.fields, create: true };
    if (changedFrom(kind, theirs.fields, base)) return deleteConflict(kind, 'deleted_here', base, theirs.fields);
    return { type: 'trash_remote', forget: true };
  }
  if (mine.state === 'trashed') {
    if (theirs.state === 'gone') return { type: 'forget' };
    if (theirs.state === 'trashed') return agreed.trashed ? { type: 'none' } : { type: 'both_trashed' };
    if (agreed.trashed) return { type: 'restore_local', fields: theirs.fields, create: false };
    if (changedFrom(kind, theirs.fields, base)) return deleteConflict(kind, 'deleted_here', base, theirs.fields);
    return { type: 'trash_remote', forget: false };
  }
  if (theirs.state === 'gone') {
    if (agreed.trashed) return { type: 'restore_remote', fields: mine.fields, create: true };
    if (changedFrom(kind, mine.fields, base)) return deleteConflict(kind, 'deleted_there', base, mine.fields);
    return { type: 'trash_local', forget: true };
  }
  if (theirs.state === 'trashed') {
    if (agreed.trashed) return { type: 'restore_remote', fields: mine.fields, create: false };
    if (changedFrom(kind, mine.fields, base)) return deleteConflict(kind, 'deleted_there', base, mine.fields);
    return { type: 'trash_local', forget: false };
  }
  const result = mergeFields(kind, base, mine.fields, theirs.fields);
  const sendNeeded = Object.keys(result.toRemote).length > 0;
  const writeNeeded = Object.keys(result.toLocal).length > 0;
  if (!sendNeeded && !writeNeeded && result.conflicts.length === 0) {
    const unchanged = base !== null && !agreed.trashed && differingFields(kind, result.agreed, base).length === 0;
    return unchanged ? { type: 'none' } : { type: 'agree', agreed: result.agreed };
  }
  // The website's copy after the send: its own fields, with ours where ours won.
  const merged: Fields = { ...theirs.fields, ...result.toRemote };
  return { type: 'merge', ...result, merged };
}
