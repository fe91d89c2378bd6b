// What an import would do (or did): the counts, the venues, organizers and categories it creates or
// links to, series kept as series or expanded, skipped items with the reason, warnings, and the events one by one
// (the first 500; the counts are complete).
import type { ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { ImportSummary } from '../../api/types.ts';
import { useLocale, useT } from '../../i18n/index.tsx';
import { formatWallTime } from '../../i18n/dates.ts';
import { useNoteText } from './note-text.ts';
import { RelatedPreview } from './RelatedPreview.tsx';

export function ImportPreview({ summary, fileName }: { summary: ImportSummary; fileName: string }) {
  const t = useT();
  // Tables keep their rows' cells until told: a language switch must redraw them at once.
  const locale = useLocale();
  const noteText = useNoteText();
  const listed = summary.events.length;
  const total = summary.created + summary.updated;
  // A series kept as one is listed as one row, and counted as the events it makes.
  const shown = listed + summary.series.reduce((sum, series) => sum + (series.kept ? series.instances - 1 : 0), 0);
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
      <Notes
        id="import-series"
        title={t('files.series')}
        items={summary.series.map((series) =>
          series.kept
            ? t('files.seriesKept', {
                title: series.title,
                count: series.instances,
                line: series.line,
                more: series.truncated ? 'yes' : 'no',
              })
            : t(series.truncated ? 'files.seriesTruncated' : 'files.seriesLine', {
                title: series.title,
                count: series.instances,
                line: series.line,
              }),
        )}
      />
      <Notes
        id="import-skipped"
        title={t('files.skipped')}
        items={summary.skipped_items.map((skip) => (
          <>
            {t('files.atLine', { line: skip.line })} {skip.title ? <strong>{skip.title}</strong> : null} —{' '}
            {noteText(skip, skip.reason)}
          </>
        ))}
      />
      <Notes
        id="import-warnings"
        title={t('files.warnings')}
        items={summary.warnings.map(
          (warning) => `${t('files.atLine', { line: warning.line })} ${noteText(warning, warning.message)}`,
        )}
      />
      <RelatedPreview related={summary.related} />
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
              <TableBody
                dependencies={[locale]}
                items={summary.events.map((event, index) => ({ ...event, key: index }))}
              >
                {(event) => (
                  <Row className="row" id={event.key}>
                    <Cell className="cell cell-title">{event.title}</Cell>
                    {events && (
                      // The file's wall time in its zone (the next column), in the UI's words.
                      <Cell className="cell">{event.start ? formatWallTime(event.start, locale) : ''}</Cell>
                    )}
                    {events && <Cell className="cell">{event.timezone}</Cell>}
                    <Cell className="cell">
                      {event.action === 'create' ? t('files.actionCreate') : t('files.actionUpdate')}
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </div>
          {shown < total && <p className="field-help">{t('files.moreNotListed', { count: total - shown })}</p>}
        </>
      )}
    </div>
  );
}

/** A titled list of notes (series, skipped rows, warnings); nothing when there are none. */
function Notes({ id, title, items }: { id: string; title: string; items: ReactNode[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul className="import-notes">
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
