// The three-way merge of one object, field by field, against the state both sides last agreed on
// (`base`). A field changed on one side only takes that side's value; changed on both sides to
// the same value, it agrees; to different values, it is a conflict the user decides. Fields of a
// group (the schedule) move together. Without a base (a pair made by title and start when the
// first connection merged both sides), a value present on one side only is taken, and two
// different values are a conflict: nothing is chosen silently.
import { FIELD_GROUPS, FIELD_NAMES, sameValue, type FieldValue, type Fields, type SyncKind } from './fields.ts';

export interface ConflictField {
  field: string;
  base: FieldValue | null;
  mine: FieldValue;
  theirs: FieldValue;
}

export interface MergeResult {
  /** Fields to write here (the website's values). */
  toLocal: Fields;
  /** Fields to send to the website (ours). Sending is always the whole object: see remote-write.ts. */
  toRemote: Fields;
  /** The new agreed state for every field that is not in conflict (conflicting ones keep the old base). */
  agreed: Fields;
  conflicts: ConflictField[];
}

const isEmpty = (value: FieldValue | undefined) =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/** The fields in units that move together: each group, then every other field alone. */
function units(kind: SyncKind): string[][] {
  const groups = (FIELD_GROUPS[kind] ?? []).map((group) => [...group]);
  const grouped = new Set(groups.flat());
  return [...groups, ...FIELD_NAMES[kind].filter((name) => !grouped.has(name)).map((name) => [name])];
}

export function mergeFields(kind: SyncKind, base: Fields | null, mine: Fields, theirs: Fields): MergeResult {
  const result: MergeResult = { toLocal: {}, toRemote: {}, agreed: {}, conflicts: [] };
  const changed = (side: Fields, unit: string[]) =>
    base === null ? false : unit.some((name) => !sameValue(side[name], base[name]));
  const take = (from: Fields, unit: string[], into: Fields) => {
    for (const name of unit) {
      into[name] = from[name]!;
      result.agreed[name] = from[name]!;
    }
  };
  for (const unit of units(kind)) {
    const same = unit.every((name) => sameValue(mine[name], theirs[name]));
    if (same) {
      for (const name of unit) result.agreed[name] = mine[name]!;
      continue;
    }
    if (base === null) {
      // First pairing: a side that has nothing there takes the other's.
      if (unit.every((name) => isEmpty(mine[name]))) take(theirs, unit, result.toLocal);
      else if (unit.every((name) => isEmpty(theirs[name]))) take(mine, unit, result.toRemote);
      else conflict(result, unit, null, mine, theirs);
      continue;
    }
    const mineChanged = changed(mine, unit);
    const theirsChanged = changed(theirs, unit);
    if (mineChanged && !theirsChanged) take(mine, unit, result.toRemote);
    else if (theirsChanged && !mineChanged) take(theirs, unit, result.toLocal);
    else if (!mineChanged && !theirsChanged) {
      // Both equal to the base yet different from each other cannot happen; a base written by an
      // older reading (a field added later) can: the website's value is what is published.
      take(theirs, unit, result.toLocal);
    } else conflict(result, unit, base, mine, theirs);
  }
  return result;
}

function conflict(result: MergeResult, unit: string[], base: Fields | null, mine: Fields, theirs: Fields): void {
  for (const name of unit) {
    if (sameValue(mine[name], theirs[name])) {
      result.agreed[name] = mine[name]!;
      continue;
    }
    result.conflicts.push({ field: name, base: base?.[name] ?? null, mine: mine[name]!, theirs: theirs[name]! });
  }
}

/**
 * The base that makes the next merge carry the user's choice: "keep mine" pretends the website's
 * value was the agreed one (so only our side changed: ours is sent), "take theirs" the opposite.
 */
export function resolvedBase(base: Fields | null, conflicts: ConflictField[], keep: 'mine' | 'theirs'): Fields {
  const next: Fields = { ...(base ?? {}) };
  for (const conflict of conflicts) next[conflict.field] = keep === 'mine' ? conflict.theirs : conflict.mine;
  return next;
}
