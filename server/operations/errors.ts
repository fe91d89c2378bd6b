// How an operation says no, in the words of the contract's error bodies (code, message, data) but
// with no protocol in them: `failure` names the kind, and each protocol says it its own way
// (http/errors.ts turns `not_found` into 404, CalDAV may answer otherwise, the CLI prints it).

export type Failure =
  /** The input is wrong (a parameter, a lookup that names nothing of that kind). */
  | 'invalid'
  /** Nobody is signed in, and the caller must be. */
  | 'unauthenticated'
  /** The caller may not do this. */
  | 'forbidden'
  /** What the input names does not exist. */
  | 'not_found'
  /** What the input names was trashed: the operation would repeat itself. */
  | 'gone';

/**
 * Why one parameter failed, for the app's own UI: a stable code and its values (`end_before_start`
 * with `other: 'start_date'`), so the UI can say it in its language with its field labels. Never
 * part of svc/events/v1's bodies unless the caller asks (X-Almanac-Reasons: 1, http/error-handler.ts).
 */
export interface Reason {
  code: string;
  params?: Record<string, string | number>;
}

/** A parameter's message with its reason: `errors.add('title', said('empty', 'title must not be empty.'))`. */
export interface Said {
  message: string;
  reason: Reason;
}

export function said(code: string, message: string, params?: Reason['params']): Said {
  return { message, reason: params ? { code, params } : { code } };
}

export class OperationError extends Error {
  /** Each failed parameter's reason (see Reason), kept beside the body, not in it. */
  reasons: Record<string, Reason> = {};

  constructor(
    readonly failure: Failure,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
    /** Keys beside `data`, as WordPress adds `additional_data` when an error carried data twice. */
    readonly topLevel: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** WordPress's per-parameter detail of a failure it raised itself (a wrong type), in data.details. */
interface ParamDetail {
  code: string;
  message: string;
  data: { param: string } & Record<string, unknown>;
}

/** Collects per-parameter validation failures so one error names every bad parameter. */
export class ParamErrors {
  private readonly params = new Map<string, string>();
  private readonly details = new Map<string, ParamDetail>();
  private readonly reasons = new Map<string, Reason>();

  /**
   * `detailCode`: the WordPress error code when WordPress itself would have raised it
   * (rest_invalid_type), or our own where a client can do more with the failure than show it
   * (almanac_invalid_rule, with the rule's parts in `detailData`).
   */
  add(param: string, text: string | Said, detailCode?: string, detailData: Record<string, unknown> = {}): void {
    if (this.params.has(param)) return;
    const message = typeof text === 'string' ? text : text.message;
    this.params.set(param, message);
    if (typeof text !== 'string') this.reasons.set(param, text.reason);
    if (detailCode) this.details.set(param, { code: detailCode, message, data: Object.assign({ param }, detailData) });
  }

  get size(): number {
    return this.params.size;
  }

  /** Every message, in the order the parameters failed. */
  messages(): string[] {
    return [...this.params.values()];
  }

  /** Whether `param` already failed. */
  has(param: string): boolean {
    return this.params.has(param);
  }

  /** Takes in the parameters of a rest_invalid_param thrown by a lookup; false for any other error. */
  absorb(error: unknown): boolean {
    if (!(error instanceof OperationError) || error.code !== 'rest_invalid_param') return false;
    for (const [param, message] of Object.entries((error.data.params ?? {}) as Record<string, string>)) {
      const reason = error.reasons[param];
      this.add(param, reason ? { message, reason } : message);
    }
    return true;
  }

  throwIfAny(): void {
    if (this.params.size === 0) return;
    const error = invalidParams(Object.fromEntries(this.params), Object.fromEntries(this.details));
    error.reasons = Object.fromEntries(this.reasons);
    throw error;
  }
}

/**
 * WordPress's rest_invalid_param: `params` names every bad parameter; `details` holds, keyed by
 * parameter, the errors WordPress raises itself (a wrong type: rest_invalid_type), and is an empty
 * list when there are none (a plugin's validator that only says no), exactly as the reference shows.
 */
function invalidParams(params: Record<string, string>, details: Record<string, ParamDetail> = {}) {
  return new OperationError(
    'invalid',
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
    {
      params,
      details: Object.keys(details).length > 0 ? details : [],
    },
  );
}

export function invalidParam(param: string, text: string | Said): OperationError {
  if (typeof text === 'string') return invalidParams({ [param]: text });
  const error = invalidParams({ [param]: text.message });
  error.reasons = { [param]: text.reason };
  return error;
}

/** Refused for want of a role: `unauthenticated` when nobody is signed in (the reference's rest_forbidden rule). */
export function forbidden(authenticated: boolean, message = 'Sorry, you are not allowed to do that.'): OperationError {
  return new OperationError(authenticated ? 'forbidden' : 'unauthenticated', 'rest_forbidden', message);
}
