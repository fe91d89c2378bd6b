// Import: choose or drop an .ics or .csv file; it is uploaded (progress shown) and checked
// without writing anything (dry_run), and the preview says what would be created, updated and
// skipped and why; "Import" then writes it all in one transaction. Nothing is written until then.
import { useRef, useState } from 'react';
import { DropZone, FileTrigger, ProgressBar, type DropZoneProps } from 'react-aria-components';
import {
  formatOfFile,
  uploadImport,
  useImportFile,
  type CsvChoices,
  type CsvColumns,
} from '../../api/calendar-files.ts';
import { ApiError } from '../../api/errors.ts';
import type { ImportSummary } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ErrorMessage } from '../../components/States.tsx';
import { useT } from '../../i18n/index.tsx';
import { ImportPreview } from './ImportPreview.tsx';
import { CsvChoicesForm } from './CsvChoicesForm.tsx';

/** The columns a refused spreadsheet came back with (almanac_invalid_file, data.columns). */
function refusedColumns(error: unknown): CsvColumns | undefined {
  return error instanceof ApiError ? (error.data.columns as CsvColumns | undefined) : undefined;
}

type Phase =
  | { step: 'choose'; error?: unknown }
  /** A spreadsheet whose columns the server could not place: the mapping is asked for. */
  | { step: 'mapping'; file: File; columns: CsvColumns; error: unknown }
  | { step: 'checking'; file: File }
  | { step: 'preview'; file: File; summary: ImportSummary }
  | { step: 'importing'; file: File }
  | { step: 'done'; summary: ImportSummary };

type DropEvent = Parameters<NonNullable<DropZoneProps['onDrop']>>[0];

const ACCEPTED = ['.ics', '.ical', '.ifb', '.csv', 'text/calendar', 'text/csv'];

export default function ImportDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [progress, setProgress] = useState(0);
  const [csv, setCsv] = useState<CsvChoices>({ kind: 'events' });
  const importFile = useImportFile();
  const abort = useRef<AbortController | null>(null);

  const check = (file: File, choices: CsvChoices = csv) => {
    abort.current = new AbortController();
    setCsv(choices);
    setProgress(0);
    setPhase({ step: 'checking', file });
    uploadImport(file, { dryRun: true, csv: choices, onProgress: setProgress, signal: abort.current.signal })
      .then((summary) => setPhase({ step: 'preview', file, summary }))
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        const columns = formatOfFile(file) === 'csv' ? refusedColumns(error) : undefined;
        setPhase(columns ? { step: 'mapping', file, columns, error } : { step: 'choose', error });
      });
  };
  const run = (file: File) => {
    setProgress(0);
    setPhase({ step: 'importing', file });
    importFile.mutate(
      { file, csv, onProgress: setProgress },
      {
        onSuccess: (summary) => setPhase({ step: 'done', summary }),
        onError: (error) => setPhase({ step: 'choose', error }),
      },
    );
  };
  const onDrop = async (event: DropEvent) => {
    for (const item of event.items) {
      if (item.kind === 'file') return check(await item.getFile());
    }
  };
  const close = () => {
    if (phase.step === 'importing') return; // the import finishes (or fails) whole
    abort.current?.abort();
    onClose();
  };

  const footer =
    phase.step === 'preview' ? (
      <>
        <Button onPress={close}>{t('common.cancel')}</Button>
        <Button
          variant="primary"
          isDisabled={phase.summary.created + phase.summary.updated === 0}
          onPress={() => run(phase.file)}
        >
          {t(phase.summary.kind === 'events' ? 'files.importCount' : 'files.importCountLinked', {
            count: phase.summary.created + phase.summary.updated,
          })}
        </Button>
      </>
    ) : phase.step === 'done' ? (
      <Button variant="primary" onPress={close}>
        {t('tokens.done')}
      </Button>
    ) : (
      <Button onPress={close} isDisabled={phase.step === 'importing'}>
        {t('common.cancel')}
      </Button>
    );

  return (
    <Dialog title={t('files.importTitle')} isOpen onClose={close} footer={footer} size="large">
      {phase.step === 'choose' && (
        <>
          {phase.error !== undefined && <ErrorMessage error={phase.error} titleId="files.importFailed" />}
          <DropZone className="drop-zone" onDrop={(event) => void onDrop(event)} aria-label={t('files.dropLabel')}>
            <Icon name="upload" size={32} />
            <p>{t('files.dropHere')}</p>
            <FileTrigger acceptedFileTypes={ACCEPTED} onSelect={(files) => files?.[0] && check(files[0])}>
              <Button variant="primary">{t('files.chooseFile')}</Button>
            </FileTrigger>
            <p className="field-help">{t('files.importHelp')}</p>
          </DropZone>
        </>
      )}
      {(phase.step === 'checking' || phase.step === 'importing') && (
        <Progress
          label={
            progress < 1
              ? t('files.uploading', { name: phase.file.name })
              : phase.step === 'checking'
                ? t('files.checking', { name: phase.file.name })
                : t('files.importing', { name: phase.file.name })
          }
          value={progress < 1 ? progress : undefined}
        />
      )}
      {phase.step === 'mapping' && (
        <>
          <ErrorMessage error={phase.error} titleId="files.importFailed" />
          <CsvChoicesForm columns={phase.columns} choices={csv} onApply={(choices) => check(phase.file, choices)} />
        </>
      )}
      {phase.step === 'preview' && (
        <>
          <ImportPreview summary={phase.summary} fileName={phase.file.name} />
          {phase.summary.columns && (
            <CsvChoicesForm
              columns={phase.summary.columns}
              choices={csv}
              onApply={(choices) => check(phase.file, choices)}
            />
          )}
        </>
      )}
      {phase.step === 'done' && (
        <p role="status" className="import-done">
          <Icon name="check" />
          {t(phase.summary.kind === 'events' ? 'files.imported' : 'files.importedLinked', {
            created: phase.summary.created,
            updated: phase.summary.updated,
          })}
        </p>
      )}
    </Dialog>
  );
}

/** Determinate while uploading; indeterminate while the server reads and checks the file. */
function Progress({ label, value }: { label: string; value: number | undefined }) {
  return (
    <ProgressBar
      className="progress"
      aria-label={label}
      value={value === undefined ? undefined : Math.round(value * 100)}
      isIndeterminate={value === undefined}
    >
      {({ percentage }) => (
        <>
          <span className="progress-label">{label}</span>
          <div className="progress-track">
            <div
              className={`progress-fill${value === undefined ? ' is-indeterminate' : ''}`}
              style={value === undefined ? undefined : { width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </ProgressBar>
  );
}
