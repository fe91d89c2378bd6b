// Settings → Sites: the sites of this install (each its own calendar at its own base URL), switching
// to one, creating one (the install administrator, as `almanac site create`) and changing a site's
// title, time zone and page size (its administrator). The server's 400 messages appear at their fields.
import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useCreateSite, useSites, useUpdateSite, type SiteWrite } from '../../api/sites.ts';
import { sitePath } from '../../api/site.ts';
import { SITE_LANGUAGES } from '../../../../contract/constants.ts';
import type { Session, SiteSummary } from '../../api/types.ts';
import { ApiError } from '../../api/errors.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { SelectField, TextField } from '../../components/Fields.tsx';
import { notify } from '../../components/Notices.tsx';
import { ErrorMessage, Loading, useErrorText } from '../../components/States.tsx';
import { TimeZoneField } from '../events/editor/TimeZoneField.tsx';
import { useLocale, useT, type MessageId } from '../../i18n/index.tsx';

const LANGUAGES = SITE_LANGUAGES;
const languageKey = (language: string) =>
  (language === 'en' ? 'settings.languageEn' : `translations.variant.${language}`) as MessageId;

export function SitesSection({ session }: { session: Session }) {
  const t = useT();
  // Tables keep their rows' cells until told: a language switch must redraw them at once.
  const locale = useLocale();
  const sites = useSites();
  const [editing, setEditing] = useState<SiteSummary | 'new' | null>(null);
  // The server decides; these only hide what would be refused.
  const mayEdit = (site: SiteSummary) =>
    session.install_administrator || (site.code === session.site.code && session.role === 'administrator');
  return (
    <section className="settings-section" aria-labelledby="settings-sites">
      <h2 id="settings-sites">{t('sites.title')}</h2>
      <p className="field-help">{t('sites.intro')}</p>
      {sites.isPending ? (
        <Loading />
      ) : sites.isError ? (
        <ErrorMessage error={sites.error} onRetry={() => void sites.refetch()} />
      ) : (
        <Table className="table" aria-label={t('sites.title')}>
          <TableHeader>
            <Column isRowHeader className="column">
              {t('sites.siteTitle')}
            </Column>
            <Column className="column">{t('sites.language')}</Column>
            <Column className="column">{t('sites.timezone')}</Column>
            <Column className="column">{t('sites.perPage')}</Column>
            <Column className="column">{t('common.actions')}</Column>
          </TableHeader>
          <TableBody dependencies={[locale]} items={sites.data}>
            {(site) => (
              <Row className="row" id={site.code}>
                <Cell className="cell cell-title">
                  {site.title}
                  {site.code === session.site.code && <span className="badge">{t('sites.current')}</span>}
                  <span className="cell-note">{`${sitePath(site.code)}/`}</span>
                </Cell>
                <Cell className="cell">{t(languageKey(site.language))}</Cell>
                <Cell className="cell">{site.timezone}</Cell>
                <Cell className="cell">{site.per_page}</Cell>
                <Cell className="cell cell-actions">
                  {site.code !== session.site.code && (
                    <Button onPress={() => window.location.assign(`${sitePath(site.code)}/#/settings`)}>
                      {t('sites.open')}
                    </Button>
                  )}
                  {mayEdit(site) && (
                    <Button aria-label={t('sites.editNamed', { title: site.title })} onPress={() => setEditing(site)}>
                      {t('common.edit')}
                    </Button>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {session.install_administrator && (
        <div>
          <Button icon="plus" onPress={() => setEditing('new')}>
            {t('sites.new')}
          </Button>
        </div>
      )}
      {editing && <SiteDialog site={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function SiteDialog({ site, onClose }: { site: SiteSummary | null; onClose(): void }) {
  const t = useT();
  const errorText = useErrorText();
  const create = useCreateSite();
  const update = useUpdateSite();
  const [values, setValues] = useState({
    code: '',
    title: site?.title ?? '',
    language: site?.language ?? 'en',
    timezone: site?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    perPage: String(site?.per_page ?? 10),
  });
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const mutation = site ? update : create;
  const params = mutation.error instanceof ApiError ? mutation.error.params : {};
  const formError = mutation.error && Object.keys(params).length === 0 ? errorText(mutation.error) : undefined;

  const save = () => {
    const perPage = Number(values.perPage);
    const write: SiteWrite = {
      title: values.title,
      timezone: values.timezone,
      // A number the server can judge (and name); text it refuses as a wrong type, by name too.
      per_page: Number.isInteger(perPage) ? perPage : (values.perPage as unknown as number),
    };
    if (site)
      update.mutate(
        { code: site.code, ...write },
        { onSuccess: (saved) => (notify(t('sites.saved', { title: saved.title })), onClose()) },
      );
    else
      create.mutate(
        { ...write, code: values.code, language: values.language, title: values.title || undefined },
        { onSuccess: (saved) => (notify(t('sites.created', { title: saved.title, url: saved.url })), onClose()) },
      );
  };
  return (
    <Dialog
      title={site ? t('sites.editTitle', { title: site.title }) : t('sites.new')}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button onPress={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" isDisabled={mutation.isPending} onPress={save}>
            {site ? t('common.save') : t('sites.create')}
          </Button>
        </>
      }
    >
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {formError && (
          <p role="alert" className="field-error">
            {formError}
          </p>
        )}
        {!site && (
          <TextField
            label={t('sites.code')}
            description={t('sites.codeHelp')}
            value={values.code}
            onChange={set('code')}
            error={params.code}
            autoFocus
          />
        )}
        <TextField
          label={t('sites.siteTitle')}
          value={values.title}
          onChange={set('title')}
          error={params.title}
          autoFocus={Boolean(site)}
        />
        {!site && (
          <SelectField
            label={t('sites.language')}
            value={values.language}
            onChange={set('language')}
            options={LANGUAGES.map((language) => ({ id: language, label: t(languageKey(language)) }))}
            error={params.language}
          />
        )}
        <TimeZoneField value={values.timezone} onChange={set('timezone')} error={params.timezone} />
        <TextField
          label={t('sites.perPage')}
          description={t('sites.perPageHelp')}
          value={values.perPage}
          onChange={set('perPage')}
          inputMode="numeric"
          error={params.per_page}
        />
        {/* Enter in a field saves. */}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
