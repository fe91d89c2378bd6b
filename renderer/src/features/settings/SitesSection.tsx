// Settings → Sites: the sites of this install (each its own calendar at its own base URL), switching
// to one, creating one (the install administrator, as `almanac site create`) and changing a site's
// title, time zone, page size and currency — symbol, its position, code, with a live example "15 €" —
// (its administrator). A new site's currency follows what its zone and language suggest until it is
// changed by hand; a site whose zone counts in another currency is offered it ("Costs in Berlin are
// usually in euros", issue 36). The server's 400 messages appear at their fields, in the UI's words.
import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useCreateSite, useSites, useUpdateSite, type SiteWrite } from '../../api/sites.ts';
import { sitePath } from '../../api/site.ts';
import { SITE_LANGUAGES } from '../../../../contract/constants.ts';
import { currencyOfZone, defaultCurrency, type Currency } from '../../../../contract/currency.ts';
import type { Session, SiteSummary } from '../../api/types.ts';
import { ApiError } from '../../api/errors.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { SelectField, TextField } from '../../components/Fields.tsx';
import { notify } from '../../components/Notices.tsx';
import { ErrorMessage, Loading, useErrorText } from '../../components/States.tsx';
import { TimeZoneField } from '../events/editor/TimeZoneField.tsx';
import { zonePlace } from '../calendar/zones.ts';
import { paramError } from '../../components/server-reasons.ts';
import { withSymbol, type SiteCurrency } from '../events/cost-text.ts';
import { useLanguage, useLocale, useT, type MessageId } from '../../i18n/index.tsx';
import { siteLanguageFor } from '../../i18n/language.ts';

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
            <Column className="column">{t('currency.title')}</Column>
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
                <Cell className="cell">
                  {currencyExample(site.currency, locale)}
                  <span className="cell-note">{site.currency.code}</span>
                </Cell>
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

/** A bare "15" as this currency shows it in the UI's number format ("15 €", "$15"). */
const currencyExample = (currency: SiteCurrency, locale: string) =>
  withSymbol(new Intl.NumberFormat(locale).format(15), currency);

/** The dialog's three currency fields from a currency. */
const currencyFields = (currency: Currency) => ({
  symbol: currency.symbol,
  position: currency.position,
  currencyCode: currency.code,
});

/** "Euro", "euro", "Swiss Franc": the currency's name in the UI's language (its code if unknown). */
function currencyName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function SiteDialog({ site, onClose }: { site: SiteSummary | null; onClose(): void }) {
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();
  const create = useCreateSite();
  const update = useUpdateSite();
  const uiLanguage = useLanguage();
  const [values, setValues] = useState(() => {
    // A new site speaks the UI's language until another is chosen.
    const language = site?.language ?? siteLanguageFor(uiLanguage, locale);
    const timezone = site?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    return {
      code: '',
      title: site?.title ?? '',
      language,
      timezone,
      perPage: String(site?.per_page ?? 10),
      ...currencyFields(site?.currency ?? defaultCurrency(language, timezone)),
    };
  });
  // A new site's currency follows its zone and language until it is changed by hand.
  const [currencyChosen, setCurrencyChosen] = useState(Boolean(site));
  const set = (key: keyof typeof values) => (value: string) => {
    const currencyKey = key === 'symbol' || key === 'position' || key === 'currencyCode';
    if (currencyKey) setCurrencyChosen(true);
    const follow = !currencyChosen && (key === 'language' || key === 'timezone');
    setValues((current) => {
      const next = { ...current, [key]: value };
      return follow ? { ...next, ...currencyFields(defaultCurrency(next.language, next.timezone.trim())) } : next;
    });
  };
  // The money of the place the zone names, when the fields say another: offered, never imposed.
  const placeCurrency = currencyOfZone(values.timezone.trim());
  const offer =
    placeCurrency &&
    (placeCurrency.symbol !== values.symbol.trim() ||
      placeCurrency.position !== values.position ||
      placeCurrency.code !== values.currencyCode.trim().toUpperCase())
      ? placeCurrency
      : undefined;
  const mutation = site ? update : create;
  const apiError = mutation.error instanceof ApiError ? mutation.error : undefined;
  const params = apiError?.params ?? {};
  /** A parameter's message in the UI's words when the service gave its reason, else its own. */
  const fieldError = (param: string) => paramError(t, mutation.error, param);
  const formError = mutation.error && Object.keys(params).length === 0 ? errorText(mutation.error) : undefined;

  const save = () => {
    const perPage = Number(values.perPage);
    const write: SiteWrite = {
      title: values.title,
      timezone: values.timezone,
      // A number the server can judge (and name); text it refuses as a wrong type, by name too.
      per_page: Number.isInteger(perPage) ? perPage : (values.perPage as unknown as number),
    };
    // The currency as the fields say (a new site's starts as its zone and language suggest).
    Object.assign(write, {
      currency_symbol: values.symbol,
      currency_position: values.position as SiteCurrency['position'],
      currency_code: values.currencyCode.trim().toUpperCase(),
    });
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
            error={fieldError('code')}
            autoFocus
          />
        )}
        <TextField
          label={t('sites.siteTitle')}
          value={values.title}
          onChange={set('title')}
          error={fieldError('title')}
          autoFocus={Boolean(site)}
        />
        {!site && (
          <SelectField
            label={t('sites.language')}
            value={values.language}
            onChange={set('language')}
            options={LANGUAGES.map((language) => ({ id: language, label: t(languageKey(language)) }))}
            error={fieldError('language')}
          />
        )}
        <TimeZoneField value={values.timezone} onChange={set('timezone')} error={fieldError('timezone')} />
        <TextField
          label={t('sites.perPage')}
          description={t('sites.perPageHelp')}
          value={values.perPage}
          onChange={set('perPage')}
          inputMode="numeric"
          error={fieldError('per_page')}
        />
        <fieldset className="group">
          <legend>{t('currency.title')}</legend>
          <p className="field-help">{site ? t('currency.help') : `${t('currency.help')} ${t('currency.newHelp')}`}</p>
          {offer && (
            <div className="currency-offer" role="status">
              <p>
                {t('currency.offer', {
                  place: zonePlace(values.timezone),
                  name: currencyName(offer.code, locale),
                  example: currencyExample(offer, locale),
                  code: offer.code,
                })}
              </p>
              <Button
                onPress={() => {
                  setValues((current) => ({ ...current, ...currencyFields(offer) }));
                  setCurrencyChosen(true);
                }}
              >
                {t('currency.useOffer', { code: offer.code })}
              </Button>
            </div>
          )}
          <TextField
            label={t('currency.symbol')}
            value={values.symbol}
            onChange={set('symbol')}
            error={fieldError('currency_symbol')}
          />
          <SelectField
            label={t('currency.position')}
            value={values.position}
            onChange={set('position')}
            options={[
              { id: 'prefix', label: t('currency.before') },
              { id: 'postfix', label: t('currency.after') },
            ]}
            error={fieldError('currency_position')}
          />
          <TextField
            label={t('currency.code')}
            description={t('currency.codeHelp')}
            value={values.currencyCode}
            onChange={set('currencyCode')}
            error={fieldError('currency_code')}
          />
          <p className="currency-example" aria-live="polite">
            {t('currency.example', {
              example: currencyExample(
                { symbol: values.symbol.trim(), position: values.position as SiteCurrency['position'] },
                locale,
              ),
            })}
          </p>
        </fieldset>
        {/* Enter in a field saves. */}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
