// The website sync's reasons in the UI's language (issue 38): the Settings → Website screens once
// showed the sync's failure and refusal reasons as the service's English text under a Spanish UI.
// The service gives stable codes (a failure's `reason`, a stopped sync's failure code, the state's
// `last_error_code`); every one has a catalog entry, and the words are the catalog's — with the
// website's own words beside them, which no catalog can translate.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageId } from '../../renderer/src/i18n/messages/en.ts';
import { es } from '../../renderer/src/i18n/messages/es.ts';
import { failureReasonText, syncStoppedText } from '../../renderer/src/features/website/website-reasons.ts';
import { describeFailure, FAILURE_REASONS, failureReason } from '../../server/website-sync/problems.ts';
import { SYNC_FAILURES } from '../../server/website-sync/sync-run.ts';
import { WebsiteError } from '../../server/website-sync/tec-client.ts';
import { SendRefused } from '../../server/website-sync/problems.ts';

const translator = (catalog: Record<MessageId, string>, locale: string) => (id: MessageId, values?: object) =>
  String(new IntlMessageFormat(catalog[id], locale).format(values as Record<string, string>));
const esT = translator(es, 'es');
const enT = translator(en, 'en');

/** A failure as the service shows it, from the error the sync met. */
function viewOf(error: unknown) {
  const stored = describeFailure(error);
  return { ...stored, ...failureReason(stored) };
}

describe('website sync reasons', () => {
  it('every reason and every stopped-sync code the service gives has words in both catalogs', () => {
    for (const reason of FAILURE_REASONS) {
      assert.ok(`website.reason.${reason}` in en, `en: website.reason.${reason}`);
      assert.ok(`website.reason.${reason}` in es, `es: website.reason.${reason}`);
    }
    for (const code of SYNC_FAILURES) {
      assert.ok(`website.stopped.${code}` in en, `en: website.stopped.${code}`);
      assert.ok(`website.stopped.${code}` in es, `es: website.stopped.${code}`);
    }
    // Almanac's refusals to send, as send.ts and media.ts raise them, are all known reasons.
    for (const file of ['server/website-sync/send.ts', 'server/website-sync/media.ts'])
      for (const match of readFileSync(file, 'utf8').matchAll(/new SendRefused\(\s*'([a-z_]+)'/g))
        assert.ok(FAILURE_REASONS.includes(match[1]!), match[1]);
  });

  it('a refusal of the website in Spanish: the catalog’s words, the website’s own beside them', () => {
    const forbidden = viewOf(
      new WebsiteError('answered', 'Sorry, you are not allowed to edit this post.', 403, 'rest_cannot_edit'),
    );
    assert.equal(forbidden.reason, 'website_forbidden');
    // The English for the command line stays as it was.
    assert.match(forbidden.message, /may not change this \(Sorry, you are not allowed/);
    assert.equal(
      failureReasonText(esT, forbidden),
      'el sitio web lo rechazó: este usuario de WordPress no puede cambiarlo. (el sitio web dijo: «Sorry, you are not allowed to edit this post.»)',
    );
    const ends = viewOf(
      new SendRefused('end_before_start', 'Not sent: it ends (2026-01-01 10:00) before it starts (2026-01-02 10:00).'),
    );
    assert.equal(ends.reason, 'end_before_start');
    assert.equal(failureReasonText(esT, ends), 'termina antes de empezar.');
    assert.equal(failureReasonText(enT, ends), 'it ends before it starts.');
    // A code the catalogs do not know yet: the service's words rather than nothing.
    assert.equal(
      failureReasonText(esT, { reason: 'something_new', detail: null, message: 'Said in English.' }),
      'Said in English.',
    );
  });

  it('a stopped sync and the last error in Spanish, from their codes', () => {
    assert.equal(
      syncStoppedText(esT, 'unreachable', 'https://example.org cannot be reached'),
      'no se puede llegar al sitio web; todo espera al próximo intento.',
    );
    assert.equal(syncStoppedText(esT, null, 'Kept before codes were.'), 'Kept before codes were.');
  });
});
