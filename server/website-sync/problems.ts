// Conflicts and failures as the sync records them: one row per object (a later sync replaces what
// an earlier one said about the same object), removed once the object syncs cleanly.
import type { ConflictType } from '../db/repositories/website-problems.ts';
import type { ItemKind } from '../db/repositories/website-items.ts';
import type { ConflictField } from './merge.ts';
import type { RunContext } from './run-context.ts';
import { WebsiteError } from './tec-client.ts';
import { OperationError } from '../operations/errors.ts';
import { utcWallNow } from './site-clock.ts';

export interface ObjectRef {
  kind: ItemKind;
  local_id: number | null;
  remote_id: number | null;
}

export function recordConflict(
  run: RunContext,
  ref: ObjectRef,
  type: ConflictType,
  title: string,
  fields: ConflictField[],
): void {
  run.repos.problems.putConflict(
    run.site.id,
    { ...ref, conflict_type: type, title, fields: JSON.stringify(fields) },
    utcWallNow(run.now()),
  );
}

/** The object synced cleanly: what was said about it before no longer holds. */
export function clearProblems(run: RunContext, ref: ObjectRef, direction?: 'send' | 'receive'): void {
  const problems = run.repos.problems;
  const conflict = problems.conflictOf(run.site.id, ref);
  if (conflict && direction === undefined) problems.removeConflict(conflict.id);
  for (const which of direction ? [direction] : (['send', 'receive'] as const)) {
    const failure = problems.failureOf(run.site.id, ref, which);
    if (failure) problems.removeFailure(failure.id);
  }
}

/** Words and a code for what went wrong with one object. */
export function describeFailure(error: unknown): { code: string; message: string; status: number | null } {
  if (error instanceof WebsiteError) {
    const reason =
      error.status === 403
        ? `The website refused: the WordPress user may not change this (${error.message})`
        : error.status === 400
          ? `The website refused it: ${error.message}`
          : error.message;
    return {
      code: error.code ?? `http_${error.status ?? error.reason}`,
      message: reason,
      status: error.status ?? null,
    };
  }
  if (error instanceof OperationError)
    return { code: error.code, message: `Almanac refused it: ${error.message}`, status: null };
  if (error instanceof SendRefused) return { code: error.code, message: error.message, status: null };
  return { code: 'almanac_error', message: (error as Error).message ?? String(error), status: null };
}

export function recordFailure(
  run: RunContext,
  ref: ObjectRef,
  direction: 'send' | 'receive',
  title: string,
  error: unknown,
): void {
  const { code, message, status } = describeFailure(error);
  run.repos.problems.putFailure(
    run.site.id,
    { ...ref, direction, title, code, message, status },
    utcWallNow(run.now()),
  );
  run.log(`website sync: ${direction} ${ref.kind} ${ref.local_id ?? ''}/${ref.remote_id ?? ''} failed: ${code}`);
}

/** Almanac's own refusal to send something (an end before its start, a linked object that failed). */
export class SendRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
