// Settings → Web pages (the install administrator): origins allowed to call the API from a browser,
// for someone previewing their own web widget against their calendar. Empty by default, on
// purpose: any web page the user visits could otherwise read their calendar.
import { useState } from 'react';
import { useChangeOrigin, useOrigins } from '../../api/origins.ts';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Fields.tsx';
import { notify } from '../../components/Notices.tsx';
import { ErrorMessage, Loading, useErrorText } from '../../components/States.tsx';
import { paramError } from '../../components/server-reasons.ts';
import { useT } from '../../i18n/index.tsx';

export function OriginsSection() {
  const t = useT();
  const errorText = useErrorText();
  const origins = useOrigins();
  const change = useChangeOrigin();
  const [draft, setDraft] = useState('');
  const fieldError = paramError(t, change.error, 'origin');
  const add = () =>
    change.mutate(
      { origin: draft, allow: true },
      {
        onSuccess: () => {
          notify(t('origins.added', { origin: draft.trim() }));
          setDraft('');
        },
      },
    );
  return (
    <section className="settings-section" aria-labelledby="settings-origins">
      <h2 id="settings-origins">{t('origins.title')}</h2>
      <p className="field-help">{t('origins.intro')}</p>
      {origins.isPending ? (
        <Loading />
      ) : origins.isError ? (
        <ErrorMessage error={origins.error} onRetry={() => void origins.refetch()} />
      ) : origins.data.length === 0 ? (
        <p>{t('origins.none')}</p>
      ) : (
        <ul className="plain-list" aria-label={t('origins.title')}>
          {origins.data.map((row) => (
            <li key={row.origin}>
              <code>{row.origin}</code>{' '}
              <Button
                aria-label={t('origins.removeNamed', { origin: row.origin })}
                onPress={() =>
                  change.mutate(
                    { origin: row.origin, allow: false },
                    { onError: (error) => notify(errorText(error), { tone: 'error' }) },
                  )
                }
              >
                {t('origins.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField
          label={t('origins.new')}
          description={t('origins.newHelp')}
          value={draft}
          onChange={setDraft}
          error={fieldError ?? (change.error && !fieldError ? errorText(change.error) : undefined)}
        />
        <div>
          <Button type="submit" isDisabled={change.isPending || draft.trim() === ''}>
            {t('origins.add')}
          </Button>
        </div>
      </form>
    </section>
  );
}
