// The API's rules for the optional fields a calendar file fills (operations/posts/writes.ts
// isHttpUrl, operations/linked/writes.ts EMAIL), applied by the readers so that a value the API would
// refuse is left out of its event with a warning instead of costing the whole event. (Should the
// two drift apart, the import plan still keeps the event: see import-plan.ts.)

import { isHttpUrl } from '../operations/posts/writes.ts';

/** operations/linked/writes.ts's rule (not exported there). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An absolute http(s) address: the API's own check. */
export const isWebAddress = isHttpUrl;

/** Something@domain.tld, as the organizer e-mail field accepts. */
export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}

/**
 * The web address a file's value stands for: itself when it is one, "http://…" for a bare
 * "www.example.com" (hand-made files write them so), else null.
 */
export function webAddressOf(value: string): string | null {
  if (isWebAddress(value)) return value;
  const completed = `http://${value}`;
  return /^www\.[^\s/]+\.[^\s]+$/i.test(value) && isWebAddress(completed) ? completed : null;
}
