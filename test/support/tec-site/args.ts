// WordPress's argument checks, in its order: missing required arguments, then each argument's
// validate_callback, then the JSON-schema type of typed arguments — all before any permission check,
// so a bad argument is a 400 even for an anonymous caller.
import { has, invalidParams, missingParams, type Params, WpError } from './http.ts';

export interface ArgSpec {
  type?: 'string' | 'integer' | 'boolean' | 'number';
  required?: boolean;
  /** TEC's validate_callback: false (→ "Invalid parameter.") or a message. */
  validate?: (value: unknown) => boolean | string;
}

function typeError(name: string, type: string, value: unknown): string | null {
  if (type === 'string' && typeof value !== 'string') return `${name} is not of type string.`;
  if (type === 'integer' && !/^-?\d+$/.test(String(value))) return `${name} is not of type integer.`;
  if (type === 'number' && !/^-?\d+(\.\d+)?$/.test(String(value))) return `${name} is not of type number.`;
  if (
    type === 'boolean' &&
    !(typeof value === 'boolean' || ['true', 'false', '1', '0'].includes(String(value).toLowerCase()))
  ) {
    return `${name} is not of type boolean.`;
  }
  return null;
}

export function checkArgs(params: Params, specs: Record<string, ArgSpec>, requireRequired = true): void {
  if (requireRequired) {
    const missing = Object.entries(specs)
      .filter(([name, spec]) => spec.required && !has(params, name))
      .map(([name]) => name);
    if (missing.length) throw missingParams(missing);
  }
  const invalid: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (!has(params, name) || !spec.validate) continue;
    const verdict = spec.validate(params[name]);
    if (verdict !== true) invalid[name] = verdict === false ? 'Invalid parameter.' : verdict;
  }
  if (Object.keys(invalid).length) throw invalidParams(invalid);
  for (const [name, spec] of Object.entries(specs)) {
    if (!has(params, name) || !spec.type) continue;
    const message = typeError(name, spec.type, params[name]);
    if (message) {
      invalid[name] = message;
      details[name] = { code: 'rest_invalid_type', message, data: { param: name } };
    }
  }
  if (Object.keys(invalid).length) {
    throw new WpError(400, 'rest_invalid_param', `Invalid parameter(s): ${Object.keys(invalid).join(', ')}`, {
      params: invalid,
      details,
    });
  }
}

/** TEC's is_string validator: a non-empty string (so `""` is refused). */
export function nonEmptyString(value: unknown): boolean {
  return typeof value === 'string' && value !== '' && value !== '0';
}

/** PHP's FILTER_VALIDATE_URL, near enough: a scheme, a host, no spaces. */
export function isUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' || url.protocol === 'mailto:';
  } catch {
    return false;
  }
}

export const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash', 'auto-draft', 'inherit'];
