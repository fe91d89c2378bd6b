// What an import would do (or did): the counts, series expanded, skipped items with the reason,
// warnings, and the events one by one (the first 500; the counts are complete).
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { ImportSummary } from '../../api/types.ts';
import { useT } from '../../i18n/index.tsx';

export function ImportPreview({ summary, fileName }: { summary: ImportSummary; fileName: string }) {
  const t = useT();
  const listed = summary.events.length;
  const total = summary.created + summary.updated;
  // Venues and organizers have no times: their rows show the name and the change only.
  const events = summary.kind === 'events';
  return (
    <div className="import-preview">
      <p role="status">
        <strong>{fileName}</strong>{' '}
        {t(events ? 'files.previewCounts' : 'files.previewCountsLinked', {
          created: summary.created,
          updated: summary.updated,
          skipped: summary.skipped,
        })}
      </p>
      {summary.series.length > 0 && (
        <section aria-labelledby="import-series">
          <h3 id="import-series">{t('files.series')}</h3>
          <ul className="import-notes">
            {summary.series.map((series) => (
              <li key={`${series.uid}-${series.line}`}>
                {t(series.truncated ? 'files.seriesTruncated' : 'files.seriesLine', {
                  title: series.title,
                  count: series.instances,
                  line: series.line,
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {summary.skipped_items.length > 0 && (
        <section aria-labelledby="import-skipped">
          <h3 id="import-skipped">{t('files.skipped')}</h3>
          <ul className="import-notes">
            {summary.skipped_items.map((skip, index) => (
              <li key={index}>
                {t('files.atLine', { line: skip.line })} {skip.title ? <strong>{skip.title}</strong> : null} —{' '}
                {skip.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      {summary.warnings.length > 0 && (
        <section aria-labelledby="import-warnings">
          <h3 id="import-warnings">{t('files.warnings')}</h3>
          <ul className="import-notes">
            {summary.warnings.map((warning, index) => (
              <li key={index}>
                {t('files.atLine', { line: warning.line })} {warning.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {listed > 0 && (
        <>
          <div className="import-table-frame">
            <Table className="table" aria-label={events ? t('files.eventsInFile') : t('files.itemsInFile')}>
              <TableHeader>
                <Column isRowHeader className="column">
                  {events ? t('editor.title') : t('common.name')}
                </Column>
                {events && <Column className="column">{t('editor.start')}</Column>}
                {events && <Column className="column">{t('editor.timezone')}</Column>}
                <Column className="column">{t('files.action')}</Column>
              </TableHeader>
              <TableBody items={summary.events.map((event, index) => ({ ...event, key: index }))}>
                {(event) => (
                  <Row className="row" id={event.key}>
                    <Cell className="cell cell-title">{event.title}</Cell>
                    {events && <Cell className="cell">{(event.start ?? '').slice(0, 16)}</Cell>}
                    {events && <Cell className="cell">{event.timezone}</Cell>}
                    <Cell className="cell">
                      {event.action === 'create' ? t('files.actionCreate') : t('files.actionUpdate')}
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </div>
          {listed < total && <p className="field-help">{t('files.moreNotListed', { count: total - listed })}</p>}
        </>
      )}
    </div>
  );
}
