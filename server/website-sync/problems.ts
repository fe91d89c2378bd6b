// Conflicts and failures as the sync records them: one row per object (a later sync replaces what
// an earlier one said about the same object), removed once the object syncs cleanly.
import type { ConflictType } from '../db/repositories/website-problems.ts';
import type { ItemKind } from '../db/repositories/website-items.ts';
import type { FailureRow } from '../db/repositories/website-problems.ts';
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

/** Almanac's own refusals to send (SendRefused codes): each is its own reason. */
export const SEND_REFUSALS = new Set([
  'end_before_start',
  'bad_dates',
  'empty_title',
  'no_venue',
  'no_organizer',
  'no_category',
  'no_tag',
  'linked_not_sent',
  'image_refused',
  'no_image',
  'image_unreadable',
  'same_as_other',
  'term_name_taken',
]);

/** Events of other WordPress users this account may not edit: one problem for them all (not per event). */
export const NOT_EDITABLE = 'not_editable';
const NOT_EDITABLE_REF: ObjectRef = { kind: 'event', local_id: null, remote_id: null };

/**
 * Says once, in the sync's problems, which events the website would not let this account read for
 * editing (run.notEditable) — or, after a full read that met none, takes back what was said. An
 * incremental read meets only what changed: it adds, never takes back.
 */
export function reportNotEditable(run: RunContext, fullRead: boolean): void {
  const problems = run.repos.problems;
  const said = problems.failureOf(run.site.id, NOT_EDITABLE_REF, 'receive');
  const titles = [...run.notEditable.values()];
  if (titles.length === 0) {
    if (said && fullRead) problems.removeFailure(said.id);
    return;
  }
  const shown = titles.slice(0, 5).join(', ') + (titles.length > 5 ? ', …' : '');
  problems.putFailure(
    run.site.id,
    {
      ...NOT_EDITABLE_REF,
      direction: 'receive',
      title: shown,
      code: NOT_EDITABLE,
      message: `${titles.length} event(s) of other WordPress users that ${run.conn.login} may not edit were left as they are (not brought here, not changed on the website): ${shown}`,
      status: null,
    },
    utcWallNow(run.now()),
  );
  run.log(`website sync: ${titles.length} events not editable by ${run.conn.login}, left as they are`);
}

/** Every reason failureReason gives (the UI's catalogs have each: test/renderer/website-reasons.test.ts). */
export const FAILURE_REASONS = [
  'website_forbidden',
  'website_refused',
  'website_error',
  'almanac_refused',
  'almanac_error',
  NOT_EDITABLE,
  ...SEND_REFUSALS,
];

/**
 * Why one object failed, as a stable code the UI says in its own language (almanac/v1 only), with
 * the other side's own words beside it (`detail`: what the website or Almanac's check answered,
 * which no catalog can translate), and the whole in English for the command line and the log.
 * Stored rows hold the website's or the check's words (`message`) and its code and status; the
 * reason is read from them, so rows written before reasons existed get one too.
 */
export function failureReason(row: Pick<FailureRow, 'code' | 'message' | 'status'>): {
  reason: string;
  detail: string | null;
  message: string;
} {
  const said = row.message;
  if (row.code === NOT_EDITABLE) return { reason: NOT_EDITABLE, detail: null, message: said };
  if (row.status === 403)
    return {
      reason: 'website_forbidden',
      detail: said,
      message: `The website refused: the WordPress user may not change this (${said})`,
    };
  if (row.status === 400)
    return { reason: 'website_refused', detail: said, message: `The website refused it: ${said}` };
  if (row.status !== null || row.code.startsWith('http_'))
    return { reason: 'website_error', detail: said, message: said };
  if (SEND_REFUSALS.has(row.code)) return { reason: row.code, detail: null, message: said };
  if (row.code === 'almanac_error') return { reason: 'almanac_error', detail: said, message: said };
  return { reason: 'almanac_refused', detail: said, message: `Almanac refused it: ${said}` };
}

/** A code and the words for what went wrong with one object (failureReason says why from them). */
export function describeFailure(error: unknown): { code: string; message: string; status: number | null } {
  if (error instanceof WebsiteError)
    return {
      code: error.code ?? `http_${error.status ?? error.reason}`,
      message: error.message,
      status: error.status ?? null,
    };
  if (error instanceof OperationError || error instanceof SendRefused)
    return { code: error.code, message: error.message, status: null };
  return { code: 'almanac_error', message: (error as Error).message ?? String(error), status: null };
}

/**
 * Why a whole sync stopped, as kept on the connection: the sync's failure code (SyncFailure) with
 * its words, so the UI says it in its language and the command line in English.
 */
export function storedError(code: string, message: string): string {
  return JSON.stringify({ code, message });
}

export function readStoredError(stored: string | null): { code: string; message: string } | null {
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string' && typeof parsed.message === 'string')
      return { code: parsed.code, message: parsed.message };
  } catch {
    // kept before codes were: words alone
  }
  return { code: 'error', message: stored };
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
