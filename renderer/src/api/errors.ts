// The service's errors, as the UI handles them: `{code, message, data: {status, params}}` from the
// API, a network failure, or a body that is not JSON. `params` maps each bad field to its message.

/** Why one parameter failed (data.almanac_reasons, asked for by the client): see server-reasons.ts. */
export interface Reason {
  code: string;
  params?: Record<string, string | number>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params: Record<string, string>;
  readonly data: Record<string, unknown>;
  /** Each bad parameter's reason code and values, when the service gave them. */
  readonly reasons: Record<string, Reason>;

  constructor(status: number, code: string, message: string, data: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
    const reasons = data.almanac_reasons;
    this.reasons = reasons && typeof reasons === 'object' ? (reasons as Record<string, Reason>) : {};
    const params = data.params;
    // rest_invalid_param names each field with its message; rest_missing_callback_param lists names.
    this.params = Array.isArray(params)
      ? Object.fromEntries(params.map((name: unknown) => [String(name), 'This field is required.']))
      : params && typeof params === 'object'
        ? (params as Record<string, string>)
        : {};
  }

  /** The item changed since it was read (If-Match failed). */
  get isConflict(): boolean {
    return this.status === 412;
  }
}

/** The server could not be reached at all (it stopped, or the network is off). */
export class NetworkError extends Error {}

export function errorFromBody(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'code' in body && 'message' in body) {
    const { code, message, data } = body as { code: unknown; message: unknown; data?: unknown };
    return new ApiError(status, String(code), String(message), (data as Record<string, unknown>) ?? {});
  }
  return new ApiError(status, 'unexpected_response', `The service answered ${status} without an error message.`);
}
