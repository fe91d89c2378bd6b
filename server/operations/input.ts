// Checks a caller's input against its contract schema (contract/): types, lengths, enums, required
// fields, no control characters. Every protocol's input passes here before an operation's own
// checks, so a REST request, an import row and a CalDAV object are held to the same rules.
// Missing required fields fail at once (rest_missing_callback_param, WordPress checks them first);
// every other failure is collected, so that the operation's own checks add theirs to the same error.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { TObject } from '@sinclair/typebox';
import { OperationError, ParamErrors, said, type Said } from './errors.ts';

// validateSchema: false skips checking each schema against JSON Schema's meta-schema (and
// compiling the meta-schema first): a sixth of start-up → first answered request. The schemas are
// ours, built with TypeBox; the service test validates every one inside the OpenAPI document.
const ajv = new Ajv({
  allErrors: true,
  strict: false,
  coerceTypes: false,
  useDefaults: false,
  validateSchema: false,
  code: { optimize: false },
});
const compiled = new WeakMap<TObject, ValidateFunction>();

// C0 controls other than tab, newline and carriage return, and DEL: never meaningful in calendar text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function hasControlChars(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (typeof value === 'string') return CONTROL_CHARS.test(value);
  if (Array.isArray(value)) return value.some((v) => hasControlChars(v, depth + 1));
  if (value && typeof value === 'object') return Object.values(value).some((v) => hasControlChars(v, depth + 1));
  return false;
}

function paramOf(error: ErrorObject): string {
  if (error.keyword === 'required' && error.instancePath === '') return String(error.params.missingProperty);
  const first = error.instancePath.split('/')[1] ?? '';
  return first.replace(/~1/g, '/').replace(/~0/g, '~');
}

function describe(param: string, error: ErrorObject): Said {
  const limit = Number(error.params.limit);
  switch (error.keyword) {
    case 'type':
      return said('type', `${param} is not of type ${error.params.type}.`, { type: String(error.params.type) });
    case 'enum': {
      const values = (error.params.allowedValues as unknown[]).join(', ');
      return said('one_of', `${param} is not one of ${values}.`, { values });
    }
    case 'minimum':
      return said('minimum', `${param} must be greater than or equal to ${limit}.`, { limit });
    case 'maximum':
      return said('maximum', `${param} must be less than or equal to ${limit}.`, { limit });
    case 'minLength':
      return limit === 1 ? said('empty', `${param} must not be empty.`) : said('too_short', `${param} is too short.`);
    case 'maxLength':
      return said('too_long', `${param} must be at most ${limit} characters long.`, { limit });
    case 'maxItems':
      return said('too_many', `${param} must contain at most ${limit} items.`, { limit });
    case 'pattern':
    case 'format':
      return said('format', `${param} is not in the expected format.`);
    default:
      return said('invalid', `${param} is invalid.`);
  }
}

function missingParams(names: string[]): OperationError {
  const error = new OperationError(
    'invalid',
    'rest_missing_callback_param',
    `Missing parameter(s): ${names.join(', ')}`,
    { params: names },
  );
  error.reasons = Object.fromEntries(names.map((name) => [name, { code: 'required' }]));
  return error;
}

/**
 * The schema's compiled validator, compiled on first use (5–17 ms for a list's arguments): a read
 * worker compiles its endpoints' ahead, while idle (read-job.ts), so a first search does not.
 */
export function validatorOf(schema: TObject): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Validates `input` (already in its schema's types) and returns what failed, by field. */
export function checkInput(schema: TObject, input: Record<string, unknown>): ParamErrors {
  const missing = (schema.required ?? []).filter((name) => input[name] === undefined || input[name] === null);
  if (missing.length > 0) throw missingParams(missing);

  const errors = new ParamErrors();
  const validate = validatorOf(schema);
  if (!validate(input)) {
    for (const error of validate.errors ?? []) {
      const param = paramOf(error);
      errors.add(param, describe(param, error), error.keyword === 'type' ? 'rest_invalid_type' : undefined);
    }
  }
  for (const [name, value] of Object.entries(input)) {
    if (hasControlChars(value))
      errors.add(name, said('control_characters', `${name} must not contain control characters.`));
  }
  return errors;
}
