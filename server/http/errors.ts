// WordPress-style error bodies: {code, message, data: {status, ...}} (contract §9).
// Everything that goes wrong in a request is an ApiError by the time it reaches the client.

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    data: Record<string, unknown> = {},
    /** Keys beside `data`, as WordPress adds `additional_data` when an error carried data twice. */
    readonly topLevel: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
  }

  toBody(): { code: string; message: string; data: Record<string, unknown> } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data }, ...this.topLevel };
  }
}

/** WordPress's per-parameter detail of a failure it raised itself (a wrong type), in data.details. */
export interface ParamDetail {
  code: string;
  message: string;
  data: { param: string };
}

/** Collects per-parameter validation failures so one 400 names every bad parameter. */
export class ParamErrors {
  private readonly params = new Map<string, string>();
  private readonly details = new Map<string, ParamDetail>();

  /** `detailCode`: the WordPress error code when WordPress itself would have raised it (rest_invalid_type). */
  add(param: string, message: string, detailCode?: string): void {
    if (this.params.has(param)) return;
    this.params.set(param, message);
    if (detailCode) this.details.set(param, { code: detailCode, message, data: { param } });
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
    if (!(error instanceof ApiError) || error.code !== 'rest_invalid_param') return false;
    for (const [param, message] of Object.entries((error.data.params ?? {}) as Record<string, string>))
      this.add(param, message);
    return true;
  }

  throwIfAny(): void {
    if (this.params.size > 0) throw invalidParams(Object.fromEntries(this.params), Object.fromEntries(this.details));
  }
}

/**
 * WordPress's 400: `params` names every bad parameter; `details` holds, keyed by parameter, the
 * errors WordPress raises itself (a wrong type: rest_invalid_type), and is an empty list when
 * there are none (a plugin's validator that only says no), exactly as the reference shows.
 */
export function invalidParams(params: Record<string, string>, details: Record<string, ParamDetail> = {}): ApiError {
  return new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, {
    params,
    details: Object.keys(details).length > 0 ? details : [],
  });
}

export function invalidParam(param: string, message: string): ApiError {
  return invalidParams({ [param]: message });
}

export function missingParams(names: string[]): ApiError {
  return new ApiError(400, 'rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, {
    params: names,
  });
}

export function noRoute(): ApiError {
  return new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
}

/** 401 for anonymous callers, 403 for authenticated ones: the reference's rest_forbidden rule. */
export function forbidden(authenticated: boolean): ApiError {
  return new ApiError(authenticated ? 403 : 401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
}
