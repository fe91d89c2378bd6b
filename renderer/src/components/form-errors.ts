// Where a failed save's message goes: each of the server's 400 `data.params` at the form field it
// names (through the editor's own mapping of API parameters to fields), anything else — a network
// failure, a refusal, a parameter no field shows — once at the top of the form. Each message is the
// catalog's when the server gave a reason code the UI knows (server-reasons.ts), else the server's
// own text. Pure: unit-tested.
import { ApiError, type Reason } from '../api/errors.ts';

export interface FormErrors<F extends string = string> {
  fields: Partial<Record<F, string>>;
  /** A message for the form as a whole. */
  form?: string;
}

export const NO_ERRORS: FormErrors<never> = { fields: {} };

export const errorCount = (errors: FormErrors) => Object.keys(errors.fields).length;

export function formErrorsOf<F extends string>(
  error: unknown,
  options: {
    /** The form field that shows a parameter's error (undefined: the form). */
    fieldOf(param: string): F | undefined;
    /** A message in words for an error that names no field. */
    text(error: unknown): string;
    /** Error codes that concern one field whatever their status (`term_exists` → the name). */
    codeFields?: Partial<Record<string, F>>;
    /** A parameter's reason in the UI's words (undefined: an unknown code, the server's text stays). */
    reasonText?(param: string, reason: Reason): string | undefined;
  },
): FormErrors<F> {
  if (!(error instanceof ApiError)) return { fields: {}, form: options.text(error) };
  const byCode = options.codeFields?.[error.code];
  if (byCode) return { fields: { [byCode]: error.message } as Partial<Record<F, string>> };
  const params = Object.entries(error.params);
  if (error.status !== 400 || params.length === 0) return { fields: {}, form: options.text(error) };
  const errors: FormErrors<F> = { fields: {} };
  for (const [param, serverMessage] of params) {
    const reason = error.reasons[param];
    const message = (reason && options.reasonText?.(param, reason)) || serverMessage;
    // `organizer[0]`, `venue.city`: the field is the parameter's first segment.
    const field = options.fieldOf(param.split(/[[.]/)[0]!);
    if (field === undefined) errors.form = errors.form ? `${errors.form} ${message}` : message;
    else errors.fields[field] = errors.fields[field] ? `${errors.fields[field]} ${message}` : message;
  }
  return errors;
}
