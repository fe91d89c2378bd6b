// Settings → API tokens: the tokens for external tools (everyone's for an administrator, one's own
// otherwise), making one (its secret shown once, with a copy button and a ready curl line) and
// revoking one. The same rules as `almanac token` (server/app-api/tokens).
import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useCreateToken, useRevokeToken, useTokens } from '../../api/tokens.ts';
import type { Session, TokenCreated } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { TextField } from '../../components/Fields.tsx';
import { notify } from '../../components/Notices.tsx';
import { EmptyState, ErrorMessage, Loading, useErrorText } from '../../components/States.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useLocale, useT } from '../../i18n/index.tsx';
import { paramError } from '../../components/server-reasons.ts';

export function TokensSection({ session }: { session: Session }) {
  const t = useT();
  const locale = useLocale();
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const errorText = useErrorText();
  const [making, setMaking] = useState(false);
  const [doomed, setDoomed] = useState<{ id: number; name: string } | null>(null);
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), locale) : '—');
  return (
    <section className="settings-section" aria-labelledby="settings-tokens">
      <h2 id="settings-tokens">{t('tokens.title')}</h2>
      <p className="field-help">
        {t('tokens.intro', { root: session.site.api_root, header: 'Authorization: Bearer <token>' })}
      </p>
      {tokens.isPending ? (
        <Loading />
      ) : tokens.isError ? (
        <ErrorMessage error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <EmptyState icon="settings">{t('tokens.empty')}</EmptyState>
      ) : (
        <Table className="table" aria-label={t('tokens.title')}>
          <TableHeader>
            <Column isRowHeader className="column">
              {t('tokens.name')}
            </Column>
            <Column className="column">{t('tokens.user')}</Column>
            <Column className="column">{t('tokens.created')}</Column>
            <Column className="column">{t('tokens.lastUsed')}</Column>
            <Column className="column">{t('common.actions')}</Column>
          </TableHeader>
          <TableBody dependencies={[locale]} items={tokens.data}>
            {(token) => (
              <Row className="row" id={token.id}>
                <Cell className="cell cell-title">{token.name}</Cell>
                <Cell className="cell">{token.user}</Cell>
                <Cell className="cell">{when(token.created)}</Cell>
                <Cell className="cell">{when(token.last_used)}</Cell>
                <Cell className="cell cell-actions">
                  <Button variant="danger" onPress={() => setDoomed({ id: token.id, name: token.name })}>
                    {t('tokens.revoke')}
                  </Button>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      <div>
        <Button icon="plus" onPress={() => setMaking(true)}>
          {t('tokens.new')}
        </Button>
      </div>
      {making && <NewTokenDialog apiRoot={session.site.api_root} onClose={() => setMaking(false)} />}
      <ConfirmDialog
        isOpen={doomed !== null}
        danger
        title={t('tokens.revokeTitle', { name: doomed?.name ?? '' })}
        body={t('tokens.revokeBody')}
        confirmLabel={t('tokens.revoke')}
        onCancel={() => setDoomed(null)}
        onConfirm={() =>
          doomed &&
          revoke.mutate(doomed.id, {
            onSuccess: () => notify(t('tokens.revoked', { name: doomed.name })),
            onError: (error) => notify(errorText(error), { tone: 'error' }),
            onSettled: () => setDoomed(null),
          })
        }
      />
    </section>
  );
}

function NewTokenDialog({ apiRoot, onClose }: { apiRoot: string; onClose(): void }) {
  const t = useT();
  const create = useCreateToken();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [made, setMade] = useState<TokenCreated | null>(null);
  const fieldError = paramError(t, create.error, 'name');
  const curl = made ? `curl -H "Authorization: Bearer ${made.token}" ${apiRoot}/events` : '';
  return (
    <Dialog
      title={made ? t('tokens.madeTitle') : t('tokens.new')}
      isOpen
      onClose={onClose}
      footer={
        made ? (
          <Button variant="primary" onPress={onClose}>
            {t('tokens.done')}
          </Button>
        ) : (
          <>
            <Button onPress={onClose}>{t('common.cancel')}</Button>
            <Button
              variant="primary"
              isDisabled={create.isPending}
              onPress={() => create.mutate(name, { onSuccess: setMade })}
            >
              {t('tokens.make')}
            </Button>
          </>
        )
      }
    >
      {made ? (
        <div className="token-made">
          <p>{t('tokens.shownOnce')}</p>
          <TextField label={t('tokens.secret')} value={made.token} onChange={() => {}} isReadOnly />
          <CopyButton text={made.token} copied={t('tokens.copied')}>
            {t('tokens.copy')}
          </CopyButton>
          <TextField label={t('tokens.curl')} value={curl} onChange={() => {}} isReadOnly multiline />
        </div>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(name, { onSuccess: setMade });
          }}
        >
          <TextField
            label={t('tokens.name')}
            description={t('tokens.nameHelp')}
            value={name}
            onChange={setName}
            error={fieldError}
            autoFocus
          />
          {create.error && !fieldError && <p className="field-error">{errorText(create.error)}</p>}
        </form>
      )}
    </Dialog>
  );
}
