// The website sync's reasons in the UI's language: why one object failed (the service's failure
// `reason`, with the other side's own words beside it) and why a whole sync stopped (its failure
// code). The service's `message` is English, for the command line and the log: shown only for a
// code these catalogs do not know yet. Pure (no React): unit-tested with the catalogs.
import type { MessageId } from '../../i18n/messages/en.ts';
import { en } from '../../i18n/messages/en.ts';
import type { WebsiteFailure } from '../../../../contract/app/website.ts';

type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

const known = (id: string): id is MessageId => id in en;

/** Why this object was not sent or brought, in words (with the website's or Almanac's own). */
export function failureReasonText(
  t: Translate,
  failure: Pick<WebsiteFailure, 'reason' | 'detail' | 'message'>,
): string {
  const id = `website.reason.${failure.reason}`;
  if (!known(id)) return failure.message;
  if (!failure.detail) return t(id);
  const detail = failure.reason.startsWith('almanac_') ? 'website.reasonDetailHere' : 'website.reasonDetail';
  return `${t(id)} ${t(detail, { detail: failure.detail })}`;
}

/** Why a sync stopped, in words, from its failure code (the English `message` for an unknown one). */
export function syncStoppedText(t: Translate, code: string | null | undefined, message: string): string {
  const id = `website.stopped.${code ?? ''}`;
  return known(id) ? t(id) : message;
}
