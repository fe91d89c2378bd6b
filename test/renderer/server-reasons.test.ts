// Server messages in the UI's language (issue 29): every reason code the service gives
// (server/**: said('code', …)) has a catalog entry, and a form error is the catalog's words with the
// field's label — "Fin no puede ser anterior a Inicio." — or the server's own text for a code the
// catalogs do not know.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageId } from '../../renderer/src/i18n/messages/en.ts';
import { es } from '../../renderer/src/i18n/messages/es.ts';
import { REASON_MESSAGES, reasonText } from '../../renderer/src/components/server-reasons.ts';
import { formErrorsOf } from '../../renderer/src/components/form-errors.ts';
import { ApiError } from '../../renderer/src/api/errors.ts';

const translator = (catalog: Record<MessageId, string>, locale: string) => (id: MessageId, values?: object) =>
  String(new IntlMessageFormat(catalog[id], locale).format(values as Record<string, string>));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') ? [path] : [];
  });
}

describe('server reasons', () => {
  it('every code the server says has a catalog entry', () => {
    const codes = new Set<string>();
    for (const file of files('server'))
      for (const match of readFileSync(file, 'utf8').matchAll(/said\(\s*'([a-z_]+)'/g)) codes.add(match[1]!);
    // The schema's and the missing parameters' codes (operations/input.ts writes some through a variable).
    for (const code of ['required', 'type', 'one_of', 'minimum', 'maximum', 'too_long', 'format']) codes.add(code);
    assert.ok(codes.size > 20, `found ${codes.size} codes`);
    for (const code of codes) assert.ok(REASON_MESSAGES[code], `no catalog entry for reason ${code}`);
  });

  it('says events gone for good in the UI’s language (issue 36: an Undo after Empty trash showed the server’s English)', () => {
    const reason = { code: 'not_events', params: { count: 1 } };
    assert.equal(
      reasonText(translator(es, 'es'), 'ids', reason),
      'Ese evento ya no existe: se eliminó definitivamente.',
    );
    assert.equal(
      reasonText(translator(en, 'en'), 'ids', { code: 'not_events', params: { count: 3 } }),
      'Those events no longer exist: they were deleted for good.',
    );
  });

  it('says end before start with the fields’ labels, in English and Spanish', () => {
    const reason = { code: 'end_before_start', params: { other: 'start_date' } };
    assert.equal(reasonText(translator(en, 'en'), 'end_date', reason), 'End can’t be earlier than Start.');
    assert.equal(reasonText(translator(es, 'es'), 'end_date', reason), 'Fin no puede ser anterior a Inicio.');
    assert.equal(
      reasonText(translator(es, 'es'), 'geo_lat', { code: 'number_between', params: { min: -90, max: 90 } }),
      'Latitud debe ser un número entre -90 y 90.',
    );
    assert.equal(reasonText(translator(es, 'es'), 'end_date', { code: 'something_new' }), undefined);
  });

  it('formErrorsOf puts the catalog’s words at the field, and the server’s text for an unknown code', () => {
    const error = new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): end_date, cost', {
      params: { end_date: 'end_date must not be earlier than start_date.', cost: 'cost is odd.' },
      almanac_reasons: {
        end_date: { code: 'end_before_start', params: { other: 'start_date' } },
        cost: { code: 'from_the_future' },
      },
    });
    const t = translator(es, 'es');
    const errors = formErrorsOf(error, {
      fieldOf: (param) => ({ end_date: 'end', cost: 'cost' })[param],
      text: () => 'words',
      reasonText: (param, reason) => reasonText(t, param, reason),
    });
    assert.deepEqual(errors, { fields: { end: 'Fin no puede ser anterior a Inicio.', cost: 'cost is odd.' } });
  });
});
