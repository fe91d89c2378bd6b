// WordPress-style error bodies: {code, message, data: {status, ...}} (contract §9). Everything that
// goes wrong in a request is an ApiError by the time it reaches the client: the protocol's own
// failures are made here, and an operation's (operations/errors.ts) get their HTTP status here.
import { OperationError, type Failure, type Reason } from '../operations/errors.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: Record<string, unknown>;
  /** Each failed parameter's reason (operations/errors.ts Reason): only for callers that ask. */
  reasons: Record<string, Reason> = {};

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

  /**
   * The body. `withReasons` (the app's own UI, X-Almanac-Reasons: 1) adds data.almanac_reasons when
   * there are any; every other caller gets the contract's body, byte for byte.
   */
  toBody(withReasons = false): { code: string; message: string; data: Record<string, unknown> } {
    const data: Record<string, unknown> = Object.assign({ status: this.status }, this.data);
    if (withReasons && Object.keys(this.reasons).length > 0) data.almanac_reasons = this.reasons;
    return Object.assign({ code: this.code, message: this.message, data }, this.topLevel);
  }
}

/** The status each kind of operation failure answers with, as the reference answers it. */
const STATUS: Record<Failure, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  gone: 410,
};

/** An operation's failure as the HTTP error it is. */
function httpError(error: OperationError): ApiError {
  const apiError = new ApiError(STATUS[error.failure], error.code, error.message, error.data, error.topLevel);
  apiError.reasons = error.reasons;
  return apiError;
}

/** Any error of ours as an ApiError; undefined for anything else (a fault). */
export function asApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof OperationError) return httpError(error);
  return undefined;
}

export function noRoute(): ApiError {
  return new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
}
